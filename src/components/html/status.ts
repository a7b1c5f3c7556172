/** The status badge as markup: a word with its icon; colour is never the only signal. */
import { html, type SafeHtml } from './html.ts';

/** The icon beside each severity word (shape, not only colour, tells them apart). */
export const SEVERITY_ICON = { high: '▲', medium: '■', low: '●' } as const;

/** `zero`: neutral, nothing to report (a count of 0, no trail to audit). */
export type Tone = 'good' | 'bad' | 'unknown' | 'high' | 'medium' | 'low' | 'zero';

export function statusHtml(tone: Tone, label: string, icon?: string): SafeHtml {
  return html`<span class="status status-${tone}">${icon ? html`<span aria-hidden="true" class="status-icon">${icon}</span>` : ''}${label}</span>`;
}

/**
 * A flag's severity as a badge whose icon comes from CSS, for the places that list a flag a
 * row at a time (a row card's flags line, `.row-flags`; a Check first entry's `.cf-flag`):
 * `<span class="status status-high">high flag 3</span>`, the ▲ ■ ● of {@link SEVERITY_ICON}
 * drawn by site.css (and recap.html's style) before it, kept out of what screen readers say.
 * The icon's own element was 47 bytes of every flagged row on a page (issue 30, output size).
 */
export function severityBadgeHtml(severity: keyof typeof SEVERITY_ICON, label: string): SafeHtml {
  return html`<span class="status status-${severity}">${label}</span>`;
}
