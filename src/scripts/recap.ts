/**
 * Recap page behaviour that needs script (the page works without it): when the URL's
 * fragment points into a closed <details> (a superseded row, the superseded footnote),
 * open it so the target is visible. When it names a row on a later page of rows (issue 30:
 * src/lib/site/row-pages.ts), go to that page: the recap carries the map of row anchors per
 * page (`#row-pages`); a row page sends a fragment it does not hold (a flag, another page's
 * row) to the recap, which holds the rest or knows the page.
 */
import { rowPageOfAnchor } from '../lib/site/row-pages.ts';

function revealTarget(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id === '') return;
  const target = document.getElementById(id);
  if (!target) {
    elsewhere(id);
    return;
  }
  for (let node: HTMLElement | null = target; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement) node.open = true;
  }
  target.scrollIntoView();
}

/** Goes to the page of rows holding the anchor `id`, when this page does not. */
function elsewhere(id: string): void {
  const map = document.getElementById('row-pages');
  if (map) {
    const page = rowPageOfAnchor(JSON.parse(map.textContent ?? '{}') as Record<string, string>, id);
    if (page !== null) location.replace(`${map.dataset['recap'] ?? ''}rows/${page}/#${encodeURIComponent(id)}`);
    return;
  }
  const recap = document.querySelector<HTMLElement>('[data-recap]')?.dataset['recap'];
  if (recap) location.replace(`${recap}#${encodeURIComponent(id)}`);
}

window.addEventListener('hashchange', revealTarget);
revealTarget();
