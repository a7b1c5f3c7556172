/**
 * Lines of a text as the tools that number them do: a line ends at `\n` (or `\r\n`) — what git,
 * `grep -n`, editors and forges number lines by — and, in a text with no `\n` at all, at a lone
 * `\r` (classic Mac OS line ends, which editors read as lines). Every count, line number and
 * excerpt of a cited file goes through here, so `src/a.ts:12` names the same line in the
 * verdict, the name search, the line follower and the file page's anchors (trust10: a file whose
 * lines end in `\r` alone counted as one line, and a real `src/a.ts:12` was a high
 * `evidence/line-out-of-range`). A stray `\r` inside a file of `\n` lines does not end a line:
 * the line numbers an agent copied from `grep -n` or a forge stay the ones shown. Pure; linear.
 */

/** The character that ends a line of `text`: `\r` in a text of classic Mac line ends (no `\n` at all), else `\n`. */
const breakOf = (text: string): '\n' | '\r' => (!text.includes('\n') && text.includes('\r') ? '\r' : '\n');

/**
 * The lines of `text`, without their breaks (`\r\n` taken whole). A text ending in a break has an
 * empty last element, as `split` gives (callers that show lines drop it).
 */
export function textLines(text: string): string[] {
  return breakOf(text) === '\r' ? text.split('\r') : text.split(/\r?\n/);
}

/** Lines in `text` as tools count them: a final line break does not open a line; `''` has none. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const end = breakOf(text);
  let n = 1;
  for (let i = text.indexOf(end); i !== -1; i = text.indexOf(end, i + 1)) n++;
  return text.endsWith(end) ? n - 1 : n;
}

/** The 1-based line of `text` that the code unit at `index` is on. */
export function lineAtIndex(text: string, index: number): number {
  const end = breakOf(text);
  let n = 1;
  for (let i = text.indexOf(end); i !== -1 && i < index; i = text.indexOf(end, i + 1)) n++;
  return n;
}
