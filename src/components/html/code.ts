/**
 * Highlighted code as markup: one line per `<span class="line">` with a `#L<n>` anchor,
 * cited lines marked; a line of one highlighted token carries the token's class on that span;
 * code without anchors (a diff) is one span per run of lines of a class ({@link codeLinesHtml}).
 * Token text is escaped; class names come from the highlighter (src/lib/highlight/highlight.ts `TOKEN_CLASS`).
 *
 * The line numbers of anchored lines are drawn by CSS (site.css, `.code .line[id]::before`),
 * instead of a link element on every line: at a thousand projects that was about 46 more bytes a
 * line of every file page (issue 17, output size). A block from line 1 (a whole file, a long
 * file's first window) is numbered by a CSS counter of its lines; a block from another line (a
 * later window of a long file) by each line's `data-n`, as a counter would need an inline style
 * for its first line, which the pages' Content Security Policy refuses. `data-n` on every line
 * of every block was 2 MB of the real-shaped benchmark's 72 MB of `r/` on 100 projects (issue
 * 30, output size). Generated numbers are not copied with the code and not read out (`content:
 * counter(line) / ""`); a click in the number gutter still links the line (src/scripts/line-links.ts).
 */
import type { Token } from '../../lib/highlight/highlight.ts';
import { TOKEN_CLASS_PATTERN } from '../../lib/highlight/highlight.ts';
import { escapeHtml } from '../../lib/text/escape.ts';
import { SafeHtml } from './html.ts';

/** One line's tokens as markup: each token with a class in a `<span>` of it, the others bare. */
const tokensHtml = (tokens: readonly Token[]): string => {
  let out = '';
  for (const t of tokens) out += t.cls ? `<span class="${escapeHtml(t.cls)}">${escapeHtml(t.text)}</span>` : escapeHtml(t.text);
  return out;
};

/**
 * Lines of tokens → the inside of a `<code>` element.
 *
 * With `anchors`, each line is a `<span class="line">` with its `#L<n>` anchor, and its
 * `data-n` when the block does not start at line 1 (a line of one highlighted token takes the
 * token's class on that span: `<span class="line hc" id="L3">`, `<span class="line hc" id="L43"
 * data-n="43">`). Without anchors (a commit's diff, a command), the `<pre>` keeps
 * the lines apart by their newlines and only colour needs markup: a run of lines of one
 * highlighted token each, of the same class, is one `<span>` (`<span class="ha">+a\n+b\n</span>`,
 * a diff's added lines), a line of several tokens or none is bare, and only a marked line is a
 * `<span class="line marked">` of its own (its background needs a box). A diff line was 39 bytes of
 * markup; a run now is 23 bytes whatever its length (issue 30, output size). The text and its
 * newlines are the same either way, so what is copied or read out does not change.
 */
export function codeLinesHtml(lines: readonly Token[][], start: number, marked: ReadonlyArray<{ from: number; to: number }>, anchors: boolean): SafeHtml {
  let out = '';
  /** The class of the open run of lines (unanchored lines only), or '' when none is open. */
  let run = '';
  for (let i = 0; i < lines.length; i++) {
    const n = start + i;
    const mark = marked.some((r) => n >= r.from && n <= r.to);
    const tokens = lines[i] as Token[];
    // A line of one token (a diff's `+`/`-` line, a comment) takes the token's class itself:
    // one span a line instead of two (issue 30, output size).
    const whole = tokens.length === 1 && tokens[0]?.cls ? tokens[0] : null;
    if (!anchors && !mark) {
      const cls = whole ? whole.cls : '';
      if (cls !== run) {
        if (run !== '') out += '</span>';
        if (cls !== '') out += `<span class="${escapeHtml(cls)}">`;
        run = cls;
      }
      out += `${whole ? escapeHtml(whole.text) : tokensHtml(tokens)}\n`;
      continue;
    }
    if (run !== '') out += '</span>';
    run = '';
    out += `<span class="line${mark ? ' marked' : ''}${whole ? ` ${escapeHtml(whole.cls)}` : ''}"${anchors ? ` id="L${n}"${start === 1 ? '' : ` data-n="${n}"`}` : ''}>`;
    out += whole ? escapeHtml(whole.text) : tokensHtml(tokens);
    out += '\n</span>';
  }
  if (run !== '') out += '</span>';
  return new SafeHtml(out);
}

/**
 * A whole highlighted block: `<pre class="code">` labelled `label`, holding {@link codeLinesHtml}.
 * It is a stop of the keyboard (`tabindex="0"`): a long line scrolls the block sideways, and a
 * block holds no link, so without it a keyboard could not scroll it (axe
 * `scrollable-region-focusable`; use15: every commit and file page at 390 px).
 */
export function codeBlockHtml(lines: readonly Token[][], start: number, marked: ReadonlyArray<{ from: number; to: number }>, anchors: boolean, label: string): SafeHtml {
  return new SafeHtml(`<pre class="code" tabindex="0" aria-label="${escapeHtml(label)}"><code>${codeLinesHtml(lines, start, marked, anchors).value}</code></pre>`);
}

/**
 * Markup of {@link codeLinesHtml} with anchored lines marked again for `marked` (the merge of a
 * sharded build marks a file's lines cited by every shard, src/lib/shard/). Only the line
 * markup this module writes is touched: token text is escaped, so it never holds `<span`.
 */
const LINE_START = new RegExp(`<span class="line(?: marked)?((?: ${TOKEN_CLASS_PATTERN})*)" id="L(\\d+)"( data-n="\\2")?>`, 'g');

export function remarkLines(markup: string, marked: ReadonlyArray<{ from: number; to: number }>): string {
  return markup.replace(LINE_START, (_, cls: string, n: string, numbered: string | undefined) => {
    const line = Number(n);
    return `<span class="line${marked.some((r) => line >= r.from && line <= r.to) ? ' marked' : ''}${cls}" id="L${n}"${numbered ?? ''}>`;
  });
}
