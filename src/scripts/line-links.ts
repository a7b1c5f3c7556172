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
