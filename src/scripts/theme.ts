/**
 * The theme switch in the site header (Base.astro): System, Light or Dark. The choice is
 * applied as `data-theme` on <html> and remembered in localStorage; System forgets it and
 * follows the operating system again. Without JavaScript the switch stays hidden and the
 * system's theme applies.
 */
import { THEME_STORAGE_KEY, themeChoice, type ThemeChoice } from '../lib/site/theme.ts';

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

function apply(choice: ThemeChoice): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage may be off (private windows): the choice holds for this page only.
  }
}

const wrapper = document.querySelector<HTMLElement>('[data-theme-switch]');
const select = document.querySelector<HTMLSelectElement>('#theme-select');
if (wrapper && select) {
  select.value = themeChoice(readStored());
  select.addEventListener('change', () => apply(themeChoice(select.value)));
  wrapper.hidden = false;
}
