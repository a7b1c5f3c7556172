/**
 * Recap page behaviour that needs script (the page works without it): when the URL's
 * fragment points into a closed <details> (a superseded row, the superseded footnote),
 * open it so the target is visible.
 */
function revealTarget(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id === '') return;
  const target = document.getElementById(id);
  if (!target) return;
  for (let node: HTMLElement | null = target; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement) node.open = true;
  }
  target.scrollIntoView();
}

window.addEventListener('hashchange', revealTarget);
revealTarget();
