/**
 * Keys of every page (issue 11 scope 6): `/` puts the cursor in the search box — the search
 * page's own, else the header's — unless the reader is typing in a field already.
 */
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
