/**
 * Trimming a set of characters from the ends of a text, in linear time. A pattern such as
 * `/[.,:]+$/` is tried at every start position of a long run that is not at the end, which
 * makes it quadratic in the run's length (docs/security.md, "Text that takes long to read");
 * these walk inwards from each end once instead.
 */

/** A set of characters (each a single UTF-16 unit or a full code point), or a test. */
export type CharSet = string | ((char: string) => boolean);

const member = (set: CharSet): ((char: string) => boolean) => (typeof set === 'string' ? (c) => set.includes(c) : set);

/**
 * The text without the characters of `set` at its start. Code points are read whole, so a
 * set of astral characters works.
 */
export function trimStartChars(text: string, set: CharSet): string {
  const has = member(set);
  let i = 0;
  while (i < text.length) {
    const c = String.fromCodePoint(text.codePointAt(i) as number);
    if (!has(c)) break;
    i += c.length;
  }
  return i === 0 ? text : text.slice(i);
}

/** The text without the characters of `set` at its end. */
export function trimEndChars(text: string, set: CharSet): string {
  const has = member(set);
  let end = text.length;
  while (end > 0) {
    // A low surrogate with a high one before it is one code point of two units.
    const unit = text.charCodeAt(end - 1);
    const width = unit >= 0xdc00 && unit <= 0xdfff && end >= 2 && text.charCodeAt(end - 2) >= 0xd800 && text.charCodeAt(end - 2) <= 0xdbff ? 2 : 1;
    if (!has(text.slice(end - width, end))) break;
    end -= width;
  }
  return end === text.length ? text : text.slice(0, end);
}

/** The text without the characters of `set` at either end. */
export function trimChars(text: string, set: CharSet, endSet: CharSet = set): string {
  return trimEndChars(trimStartChars(text, set), endSet);
}
