/**
 * Trimming a set of characters from the ends of a text, in linear time. A pattern such as
 * `/[.,:]+$/` is tried at every start position of a long run that is not at the end, which
 * makes it quadratic in the run's length (docs/security.md, "Text that takes long to read");
 * these walk inwards from each end once instead.
 */

/** A set of characters (each a single UTF-16 unit or a full code point), or a test. */
export type CharSet = string | ((char: string) => boolean);

/** The code point at `i` as a string, and its width in UTF-16 units. */
function codePointAt(text: string, i: number): string {
  const unit = text.charCodeAt(i);
  if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return text.slice(i, i + 2);
  }
  return text[i] as string;
}

/**
 * The text without the characters of `set` at its start. Code points are read whole, so a
 * set of astral characters works.
 */
export function trimStartChars(text: string, set: CharSet): string {
  let i = 0;
  if (typeof set === 'string') {
    // Units one at a time: a surrogate half is never in a set written as text unless its pair is.
    while (i < text.length) {
      const c = codePointAt(text, i);
      if (!set.includes(c)) break;
      i += c.length;
    }
  } else {
    while (i < text.length) {
      const c = codePointAt(text, i);
      if (!set(c)) break;
      i += c.length;
    }
  }
  return i === 0 ? text : text.slice(i);
}

/** The code point that ends at `end` (exclusive), as a string. */
function codePointBefore(text: string, end: number): string {
  const unit = text.charCodeAt(end - 1);
  if (unit >= 0xdc00 && unit <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(end - 2, end);
  }
  return text[end - 1] as string;
}

/** The text without the characters of `set` at its end. */
export function trimEndChars(text: string, set: CharSet): string {
  const has = typeof set === 'string' ? (c: string) => set.includes(c) : set;
  let end = text.length;
  while (end > 0) {
    const c = codePointBefore(text, end);
    if (!has(c)) break;
    end -= c.length;
  }
  return end === text.length ? text : text.slice(0, end);
}

/** The text without the characters of `set` at either end. */
export function trimChars(text: string, set: CharSet, endSet: CharSet = set): string {
  return trimEndChars(trimStartChars(text, set), endSet);
}
