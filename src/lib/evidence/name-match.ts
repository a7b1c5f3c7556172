/**
 * Where a cited name occurs in a text as a whole name (spec/input.md section 3: a test name or
 * symbol is "found in the tree at head"). A name found only inside a longer identifier is not
 * found: `clearQueue` is not in `clearQueueLater`, `Queue` is not in `clearQueue` — a substring
 * match would show fake evidence clean (new-user trial, 2026-12-01).
 */

/** A character that continues an identifier in the languages trails cite (letters, digits, `_`, `$`). */
const IDENTIFIER = /[\p{L}\p{N}_$]/u;

const continues = (char: string | undefined): boolean => char !== undefined && IDENTIFIER.test(char);

/**
 * The index (UTF-16 code units) of the first occurrence of `name` in `text` at or after `from`
 * that is not part of a longer identifier, or -1. A name that starts (ends) with a punctuation
 * character (`::run`, `render()`) has no boundary to keep on that side. An empty name is never
 * found. Work: O(text length × name length) at worst, one `indexOf` per candidate.
 */
export function indexOfName(text: string, name: string, from = 0): number {
  if (name === '') return -1;
  const checkStart = continues(name[0]);
  const checkEnd = continues(name[name.length - 1]);
  let at = text.indexOf(name, from);
  while (at !== -1) {
    const before = at > 0 ? text[at - 1] : undefined;
    const after = text[at + name.length];
    if (!(checkStart && continues(before)) && !(checkEnd && continues(after))) return at;
    at = text.indexOf(name, at + 1);
  }
  return -1;
}

/** Whether `text` holds `name` as a whole name (see {@link indexOfName}). */
export const holdsName = (text: string, name: string): boolean => indexOfName(text, name) !== -1;

/** A quote that opens a string literal in the languages trails cite. */
const QUOTES = new Set(["'", '"', '`']);

/**
 * The index of a test's title in a text (`tests/a.test.ts > handles empty input`), or -1. A
 * title holding white space is a string's text (`it('handles empty input', …)`), so it must open
 * a string literal: the character before it is a quote. A title read in a comment (`// TODO:
 * handles empty input`) is no test (trust10: it was VERIFIED, a test that does not exist shown
 * clean). A one-word title (`TestFoo`, `test_sum`) may be a function's name: found as a whole
 * name ({@link indexOfName}). Only the start is held to a quote: a title written cut short
 * (`excel.test 'SINGLE_COLUMN only when…'`) is the start of the string.
 */
export function indexOfTitle(text: string, title: string, from = 0): number {
  if (!/\s/.test(title)) return indexOfName(text, title, from);
  let at = text.indexOf(title, from);
  while (at !== -1) {
    if (QUOTES.has(text[at - 1] as string)) return at;
    at = text.indexOf(title, at + 1);
  }
  return -1;
}
