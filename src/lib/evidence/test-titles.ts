/**
 * Where a test's title is in a test file's text, as runners name tests: a nested title
 * (`parser > rows > reads a row`), each part inside the describe block of the one before; the full
 * name Jest and Vitest give a test (`parser rows reads a row`); and whether a file names some of
 * its tests at run time (`.each`, a template title), so a title not found there proves nothing.
 * Pure; bounded work per title.
 */
import { indexOfTitle } from './name-match.ts';
import { endOf } from './definition-span.ts';
import { lineAtIndex, textLines } from '../text/line-breaks.ts';

/** Most places tried for the parts of one nested title (each part may be written more than once). */
const MAX_NESTED_TRIES = 256;

/**
 * The index just past the block whose title is at `at` in `text` (from the title to where the
 * braces opened on its line close: definition-span.ts `endOf`), or null when its end cannot be told.
 */
function blockEnd(text: string, at: number): number | null {
  const end = endOf(textLines(text), lineAtIndex(text, at));
  if (end === null) return null;
  const brk = !text.includes('\n') && text.includes('\r') ? '\r' : '\n';
  let i = -1;
  for (let n = 0; n < end; n++) {
    i = text.indexOf(brk, i + 1);
    if (i === -1) return text.length;
  }
  return i;
}

/**
 * Where a nested title (`parse > keeps order`: a describe block's title, then its test's, as
 * test reporters join them) is in a file: each part as a whole name, inside the block of the part
 * before it ({@link blockEnd}; in order alone when it cannot be told) — trust15: `rows > keeps
 * order` was found for a `keeps order` beside the `rows` block, a test no runner names so. The
 * index of the last part, or -1. A title of one part: -1 (it was looked for whole).
 */
export function nestedTitle(text: string, name: string): number {
  const parts = name.split(' > ').map((t) => t.trim());
  if (parts.length < 2 || parts.some((t) => t === '')) return -1;
  let tries = 0;
  const within = (k: number, from: number, until: number): number => {
    for (let at = indexOfTitle(text, parts[k] as string, from); at !== -1 && at < until && tries++ < MAX_NESTED_TRIES; at = indexOfTitle(text, parts[k] as string, at + 1)) {
      if (k === parts.length - 1) return at;
      const end = blockEnd(text, at);
      const inner = within(k + 1, at + (parts[k] as string).length, end === null ? until : Math.min(end, until));
      if (inner !== -1) return inner;
    }
    return -1;
  };
  return within(0, 0, text.length);
}

/** A title a test call opens (`describe('rows', …`, `it.only("reads a row"`): the call, its quote, the title. */
const TITLE_CALL = /\b(?:describe|context|suite|it|test|specify)(?:\.[A-Za-z]{1,16}){0,3}\s{0,8}\(\s{0,8}(['"`])([^'"`\\\n]{1,300})\1/g;
/** Most test and describe titles of one file read for a full name. */
const MAX_TITLES = 2000;

/**
 * Where a test cited by the full name Jest and Vitest give it (`parser rows reads a row`: its
 * describe titles and its own, joined by spaces, as `--json` reports and `-t` matches) is in a
 * file: a chain of titles, each opening a test call inside the block of the one before ({@link
 * blockEnd}), that joined by spaces is the name; the index of the last title, or -1 (trust15: such
 * a name was the medium `evidence/test-not-found` for a test the file holds).
 */
export function fullNameTitle(text: string, name: string): number {
  if (!/ /.test(name) || name.length > 2000) return -1;
  const titles: Array<{ title: string; at: number }> = [];
  for (const m of text.matchAll(TITLE_CALL)) {
    if (titles.length >= MAX_TITLES) break;
    titles.push({ title: m[2] as string, at: m.index + m[0].length - 1 - (m[2] as string).length });
  }
  let tries = 0;
  const chain = (rest: string, from: number, until: number): number => {
    for (const t of titles) {
      if (t.at < from || t.at >= until) continue;
      if (rest === t.title) return t.at;
      if (!rest.startsWith(`${t.title} `) || tries++ >= MAX_NESTED_TRIES) continue;
      const end = blockEnd(text, t.at);
      const found = chain(rest.slice(t.title.length + 1), t.at + t.title.length, end === null ? until : Math.min(end, until));
      if (found !== -1) return found;
    }
    return -1;
  };
  return chain(name, 0, text.length);
}

/** A test call's name (`it`, `test.only`, `describe.skip`), as read back from before its `(`. */
const TEST_CALL = /^(?:it|test|describe)(?:\.[A-Za-z]{1,16}){0,3}$/;
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isCallChar = (c: string | undefined): boolean => c !== undefined && /[\w$.]/.test(c);

/**
 * Whether a file names some of its tests at run time: `it.each`, `test.each(...)`, or a title
 * written as a template (`` it(`adds ${a}`) ``). One pass over the backticks, each looking back
 * at most a few characters.
 */
export function namesTestsAtRunTime(text: string): boolean {
  if (text.includes('.each(') || text.includes('.each`') || text.includes('.each ')) return true;
  for (let at = text.indexOf('`'); at !== -1; at = text.indexOf('`', at + 1)) {
    let k = at - 1;
    while (k >= 0 && at - k < 16 && isSpace(text[k])) k--;
    if (text[k] !== '(') continue;
    k--;
    while (k >= 0 && at - k < 32 && isSpace(text[k])) k--;
    let start = k;
    while (start >= 0 && k - start < 48 && isCallChar(text[start])) start--;
    if (isCallChar(text[start])) continue;
    if (TEST_CALL.test(text.slice(start + 1, k + 1))) return true;
  }
  return false;
}
