/**
 * Keys of every page (issue 11 scope 6): `/` puts the cursor in the search box — the search
 * page's own, else the header's — unless the reader is typing in a field already. The header
 * box says so only where there is a keyboard to press it on (a fine pointer that hovers, on a
 * wide screen): a phone's box just says "Search" (issue 32).
 */
const headerBox = document.querySelector<HTMLInputElement>('#site-search-q');
if (headerBox && matchMedia('(hover: hover) and (pointer: fine) and (min-width: 48em)').matches) headerBox.placeholder = 'Search (press /)';

document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
  const box = document.querySelector<HTMLInputElement>('#search-input:not([hidden])') ?? document.querySelector<HTMLInputElement>('#site-search-q');
  if (!box || box.closest('[hidden]')) return;
  event.preventDefault();
  box.focus();
  box.select();
});
