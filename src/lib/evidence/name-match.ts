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
