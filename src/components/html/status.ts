/** The status badge as markup: a word with its icon; colour is never the only signal. */
import { html, type SafeHtml } from './html.ts';

/** The icon beside each severity word (shape, not only colour, tells them apart). */
export const SEVERITY_ICON = { high: '▲', medium: '■', low: '●' } as const;

/** `zero`: neutral, nothing to report (a count of 0, no trail to audit). */
export type Tone = 'good' | 'bad' | 'unknown' | 'high' | 'medium' | 'low' | 'zero';

export function statusHtml(tone: Tone, label: string, icon?: string): SafeHtml {
  return html`<span class="status status-${tone}">${icon ? html`<span aria-hidden="true" class="status-icon">${icon}</span>` : ''}${label}</span>`;
}
