/**
 * Character classes and bounded run readers shared by Trailbook's own secret rules: each reader
 * reads a bounded number of characters, so no rule reads a character more than a bounded number
 * of times.
 */

/** Characters of a key name (`DB_PASSWORD`, `api-key`, `client.secret`). */
export const isKeyChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46;
/** Characters of a token's body: letters, digits, `_` and `-`. */
export const isKeyBody = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
/** Characters of a base64 body (PEM). */
export const isBase64 = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61;
/** Characters of base64url (`A-Z a-z 0-9 _ -`). */
export const isB64UrlChar = (c: number): boolean => isKeyBody(c);
/** Lower-case hex digits. */
export const isLowerHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
/** ASCII digits. */
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** ASCII letters and digits. */
export const isAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Lower-case ASCII letters and digits. */
export const isLowerAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 122);

/** Characters that end an unquoted value in a command. */
export const endsValue = (c: number): boolean => c <= 32 || c === 34 || c === 39 || c === 96 || c === 59 || c === 38 || c === 124 || c === 60 || c === 62 || c === 44 || c === 41 || c === 93 || c === 125;

/** The longest value read (characters). */
export const MAX_VALUE = 512;

/** The end of the run of characters `ok` accepts from `from`, reading at most `max` of them. */
export function runEnd(text: string, from: number, ok: (c: number) => boolean, max: number): number {
  let e = from;
  while (e < text.length && e - from <= max && ok(text.charCodeAt(e))) e++;
  return e;
}

/**
 * A token's run from `from`: the characters `isChar` accepts (at most `max` + 1 read), `end`
 * where the run stops, and whether it is a token: `min` to `max` characters long with no
 * character `after` accepts just past it (by default a key character: letters, digits, `_`,
 * `-`), so a longer word is none. `end` is the run's whatever it is, for a finder to go on past.
 */
export function tokenRun(text: string, from: number, isChar: (c: number) => boolean, min: number, max: number, after: (c: number) => boolean = isKeyBody): { end: number; token: boolean } {
  const end = runEnd(text, from, isChar, max);
  const length = end - from;
  return { end, token: length >= min && length <= max && !(end < text.length && after(text.charCodeAt(end))) };
}

/**
 * The start of a token's run of exactly `length` characters that `isChar` accepts, ending at
 * `at` (its anchor), with no character `before` accepts just before it (by default a key
 * character), so a longer word is none; -1 when there is none.
 */
export function tokenStartBefore(text: string, at: number, isChar: (c: number) => boolean, length: number, before: (c: number) => boolean = isKeyBody): number {
  const start = at - length;
  if (start < 0 || (start > 0 && before(text.charCodeAt(start - 1)))) return -1;
  for (let i = start; i < at; i++) if (!isChar(text.charCodeAt(i))) return -1;
  return start;
}

/** The end of an unquoted value starting at `from`: the first character `endsValue` accepts, reading at most `MAX_VALUE` + 1. */
export const valueEnd = (text: string, from: number): number => runEnd(text, from, (c) => !endsValue(c), MAX_VALUE);

/** Spaces, tabs and line ends (at most `max`) from `from`: where they end. */
export const blankEnd = (text: string, from: number, max: number): number => runEnd(text, from, (c) => c === 32 || c === 9 || c === 10 || c === 13, max);

/**
 * The value at `from` of a command's option: quoted (`'…'` or `"…"`, up to the closing quote on
 * the same line; none when it is not closed), or up to a character that ends a value. The range
 * is the value's, without its quotes.
 */
export function quotedOrWord(text: string, from: number): { start: number; end: number } {
  const quote = text.charCodeAt(from);
  if (quote !== 34 && quote !== 39) return { start: from, end: valueEnd(text, from) };
  let e = from + 1;
  while (e < text.length && e - from <= MAX_VALUE && text.charCodeAt(e) !== quote && text.charCodeAt(e) !== 10) e++;
  return text.charCodeAt(e) === quote ? { start: from + 1, end: e } : { start: from + 1, end: from + 1 };
}
