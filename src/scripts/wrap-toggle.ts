/**
 * A file page's wrap toggle (issue 32): long lines (a markdown paragraph on one line) wrap
 * instead of scrolling sideways, each wrapped line indented past the line numbers. The choice
 * is kept for the next file page (localStorage); without script the code scrolls as before.
 */
const KEY = 'trailbook-wrap';
const sections = document.querySelectorAll<HTMLElement>('section[aria-label="File content"]');
const stored = (): boolean => {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
};
for (const section of sections) {
  if (!section.querySelector('pre.code')) continue;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'wrap-toggle';
  button.textContent = 'Wrap long lines';
  const apply = (on: boolean): void => {
    button.setAttribute('aria-pressed', String(on));
    for (const code of section.querySelectorAll('pre.code')) code.classList.toggle('wrap', on);
  };
  apply(stored());
  button.addEventListener('click', () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    apply(on);
    try {
      localStorage.setItem(KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused (private mode): the choice holds for this page.
    }
  });
  const bar = document.createElement('p');
  bar.className = 'wrap-bar';
  bar.append(button);
  section.prepend(bar);
}
