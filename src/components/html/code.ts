/**
 * Highlighted code as markup: one line per `<span class="line">` with a `#L<n>` anchor,
 * cited lines marked. Token text is escaped; class names come from the highlighter.
 */
import type { Token } from '../../lib/highlight/highlight.ts';
import { escapeHtml } from '../../lib/text/escape.ts';
import { SafeHtml } from './html.ts';

/** Lines of tokens → the inside of a `<code>` element. */
export function codeLinesHtml(lines: readonly Token[][], start: number, marked: ReadonlyArray<{ from: number; to: number }>, anchors: boolean): SafeHtml {
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    const n = start + i;
    const mark = marked.some((r) => n >= r.from && n <= r.to);
    out += `<span class="line${mark ? ' marked' : ''}"${anchors ? ` id="L${n}"` : ''}>`;
    if (anchors) out += `<a class="ln" href="#L${n}" aria-hidden="true" tabindex="-1">${n}</a>`;
    for (const t of lines[i] as Token[]) out += t.cls ? `<span class="${escapeHtml(t.cls)}">${escapeHtml(t.text)}</span>` : escapeHtml(t.text);
    out += '\n</span>';
  }
  return new SafeHtml(out);
}
