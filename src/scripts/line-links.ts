/**
 * Line links of highlighted code: the numbers of anchored lines are drawn by CSS
 * (src/components/html/code.ts), so a click in a line's number gutter — the `::before` box,
 * `4em` plus its padding — goes to that line's `#L<n>` anchor, as a link on the number did.
 */
document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const line = target?.closest?.('.code .line[id]');
  if (!(line instanceof HTMLElement) || window.getSelection()?.toString()) return;
  const number = getComputedStyle(line, '::before');
  const gutter = Number.parseFloat(number.width) + Number.parseFloat(number.paddingRight);
  if (event.clientX - line.getBoundingClientRect().left > gutter) return;
  if (location.hash !== `#${line.id}`) location.hash = line.id;
});

/**
 * A link to a range of cited lines (`?lines=10-20#L10`, src/lib/site/urls.ts): its lines are set
 * apart (`cited-range`), so the row's own lines show among lines other rows cite (audit aud9).
 * Only while the page is at the range's first line: another line's anchor clears it.
 */
function markRange(): void {
  for (const line of document.querySelectorAll('.code .line.cited-range')) line.classList.remove('cited-range');
  const m = /^(\d{1,9})-(\d{1,9})$/.exec(new URLSearchParams(location.search).get('lines') ?? '');
  if (!m || location.hash !== `#L${m[1]}`) return;
  const from = Number(m[1]);
  const to = Math.min(Number(m[2]), from + 100_000);
  for (let n = from; n <= to; n++) document.getElementById(`L${n}`)?.classList.add('cited-range');
}
markRange();
window.addEventListener('hashchange', markRange);
