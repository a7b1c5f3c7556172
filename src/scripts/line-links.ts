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
 * A link to cited lines (`?lines=10-20#L10`, or several ranges and lines: `?lines=43,109-110#L43`;
 * src/lib/site/urls.ts): its lines are set apart (`cited-range`), so the row's own lines show
 * among lines other rows cite (audit aud9). Only while the page is at the first range's first
 * line: another line's anchor clears it. At most 100,000 lines are marked.
 */
function markRange(): void {
  for (const line of document.querySelectorAll('.code .line.cited-range')) line.classList.remove('cited-range');
  const ranges = (new URLSearchParams(location.search).get('lines') ?? '').split(',').map((part) => /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(part));
  if (ranges.length === 0 || ranges.length > 64 || ranges.some((m) => m === null) || location.hash !== `#L${(ranges[0] as RegExpExecArray)[1]}`) return;
  let budget = 100_000;
  for (const m of ranges as RegExpExecArray[]) {
    const from = Number(m[1]);
    const to = Math.min(Number(m[2] ?? m[1]), from + budget);
    for (let n = from; n <= to; n++) document.getElementById(`L${n}`)?.classList.add('cited-range');
    budget -= Math.max(0, to - from + 1);
    if (budget <= 0) return;
  }
}
markRange();
window.addEventListener('hashchange', markRange);
