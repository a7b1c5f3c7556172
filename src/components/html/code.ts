/**
 * Highlighted code as markup: one line per `<span class="line">` with a `#L<n>` anchor,
 * cited lines marked; a line of one highlighted token carries the token's class on that span. Token text is escaped; class names come from the highlighter.
 *
 * The line numbers of anchored lines are drawn by CSS from the line's `data-n` (site.css, `.code
 * .line[data-n]::before`), instead of a link element on every line: at a thousand projects that
 * was about 46 more bytes a line of every file page (issue 17, output size). (A CSS counter would
 * need an inline style for the first line, which the pages' Content Security Policy refuses.)
 * Generated numbers are not copied with the code and not read out (`content: attr(data-n) /
 * ""`); a click in the number gutter still links the line (src/scripts/line-links.ts).
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
    const tokens = lines[i] as Token[];
    // A line of one token (a diff's `+`/`-` line, a comment) takes the token's class itself:
    // one span a line instead of two, about 24 bytes less (issue 30, output size).
    const whole = tokens.length === 1 && tokens[0]?.cls ? tokens[0] : null;
    out += `<span class="line${mark ? ' marked' : ''}${whole ? ` ${escapeHtml(whole.cls)}` : ''}"${anchors ? ` id="L${n}" data-n="${n}"` : ''}>`;
    if (whole) out += escapeHtml(whole.text);
    else for (const t of tokens) out += t.cls ? `<span class="${escapeHtml(t.cls)}">${escapeHtml(t.text)}</span>` : escapeHtml(t.text);
    out += '\n</span>';
  }
  return new SafeHtml(out);
}

/** A whole highlighted block: `<pre class="code">` labelled `label`, holding {@link codeLinesHtml}. */
export function codeBlockHtml(lines: readonly Token[][], start: number, marked: ReadonlyArray<{ from: number; to: number }>, anchors: boolean, label: string): SafeHtml {
  return new SafeHtml(`<pre class="code" aria-label="${escapeHtml(label)}"><code>${codeLinesHtml(lines, start, marked, anchors).value}</code></pre>`);
}

/**
 * Markup of {@link codeLinesHtml} with anchored lines marked again for `marked` (the merge of a
 * sharded build marks a file's lines cited by every shard, src/lib/shard/). Only the line
 * markup this module writes is touched: token text is escaped, so it never holds `<span`.
 */
export function remarkLines(markup: string, marked: ReadonlyArray<{ from: number; to: number }>): string {
  return markup.replace(/<span class="line(?: marked)?((?: hl-[\w-]+)*)" id="L(\d+)" data-n="\2">/g, (_, cls: string, n: string) => {
    const line = Number(n);
    return `<span class="line${marked.some((r) => line >= r.from && line <= r.to) ? ' marked' : ''}${cls}" id="L${n}" data-n="${n}">`;
  });
}
