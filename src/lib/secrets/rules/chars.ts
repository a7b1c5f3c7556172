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
