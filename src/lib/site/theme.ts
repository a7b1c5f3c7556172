/**
 * Light and dark themes: the system's choice by default, or the reader's, remembered in
 * localStorage and applied as `data-theme` on <html> (src/styles/site.css). The boot script
 * is inline in every page's <head> (src/layouts/Base.astro), so a remembered theme applies
 * before the first paint; the site's Content Security Policy names its hash (astro.config.mjs).
 * It was a file, `theme.js`: a blocking request before anything after it in <head> was asked
 * for (Chromium's preload scanner stops at the policy's <meta>), 15–25 ms of every page load.
 * The switch itself is src/scripts/theme.ts.
 */

/** The localStorage key holding `light` or `dark` (absent: follow the system). */
export const THEME_STORAGE_KEY = 'trailbook-theme';

/** The reader's choices. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;

/** One choice. */
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** A stored value as a choice (anything else means `system`). */
export function themeChoice(stored: string | null): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The boot script: applies a remembered theme; storage that cannot be read changes nothing. */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}\n`;
