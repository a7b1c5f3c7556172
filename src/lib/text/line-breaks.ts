/**
 * Lines of a text as editors number them: a line ends at `\r\n`, `\n` or a lone `\r` (classic
 * Mac OS line ends). Every count, line number and excerpt of a cited file goes through here, so
 * `src/a.ts:12` names the same line in the verdict, the line follower and the file page's
 * anchors (trust10: a file whose lines end in `\r` alone counted as one line, and a real
 * `src/a.ts:12` was a high `evidence/line-out-of-range`). Pure; linear.
 */

/** A line break: `\r\n` first, so it is one break, not two. */
const BREAK = /\r\n|\r|\n/;

/**
 * The lines of `text`, without their breaks. A text ending in a break has an empty last
 * element, as `split` gives (callers that show lines drop it).
 */
export function textLines(text: string): string[] {
  return text.split(BREAK);
}

/** Whether the code unit at `i` of `text` ends a line (a `\r` followed by `\n` does not: the `\n` does). */
const endsLine = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10);
};

/** Lines in `text` as an editor counts them: a final line break does not open a line; `''` has none. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let n = 1;
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
    return text.endsWith('\n') ? n - 1 : n;
  }
  for (let i = 0; i < text.length; i++) if (endsLine(text, i)) n++;
  return endsLine(text, text.length - 1) ? n - 1 : n;
}

/** The 1-based line of `text` that the code unit at `index` is on. */
export function lineAtIndex(text: string, index: number): number {
  let n = 1;
  const end = Math.min(index, text.length);
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
    return n;
  }
  for (let i = 0; i < end; i++) if (endsLine(text, i)) n++;
  return n;
}
