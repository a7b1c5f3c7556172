/**
 * A secret behind JSON escapes (sec11): a line that is not valid JSON is kept as its raw text (an
 * invalid record, a row's text as committed), where a password assigned inside a JSON string is
 * written with its quotes escaped: `"decision":"Set \"password\": \"Hunter2…\" …"` or
 * `password=\"…\"`. No rule reads `\"password\"` as a key or `\"…\"` as a quoted value, so the
 * value was shown as written on the recap's Invalid records, in search, the exports and `check`,
 * although the same text in a valid line, parsed first, was found. {@link decodeJsonEscapes}
 * gives the text with its JSON escapes decoded (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`,
 * `\uXXXX`), which the rules read too (src/lib/secrets/detect.ts), and {@link rawRange} maps what
 * they find back to the text as written (escapes and all), which is what is replaced.
 *
 * One pass; each character is read a bounded number of times.
 */

/** A text with its JSON escapes decoded: the decoded character `i` was written at `[starts[i], ends[i])` of the text. */
export interface Decoded {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

const SIMPLE: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** The length of the valid JSON escape at `i` (a backslash), or 0. */
function escapeAt(text: string, i: number): number {
  const next = text[i + 1];
  if (next === undefined) return 0;
  if (next === 'u') {
    for (let k = i + 2; k < i + 6; k++) if (k >= text.length || !isHex(text.charCodeAt(k))) return 0;
    return 6;
  }
  return SIMPLE[next] !== undefined ? 2 : 0;
}

/**
 * Whether `text` holds an escape that can hide a secret from the rules: `\"` (a key's or a
 * value's quotes), `\\`, `\/` (a URL as JSON may write it) or `\uXXXX`. `\n` and `\t` alone are
 * read by the rules as they are (and a token cut by `\n` by src/lib/secrets/wrapped.ts).
 */
function holdsHidingEscape(text: string): boolean {
  for (let i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 2)) {
    const next = text[i + 1];
    if (next === '"' || next === '\\' || next === '/' || (next === 'u' && escapeAt(text, i) === 6)) return true;
  }
  return false;
}

/** The escape an {@link EscapeAt} reads at `i`: how many characters it takes, and the one it stands for. */
export interface Escape {
  length: number;
  char: string;
}

/** Reads the escape at `i` of `text` (where the escape character is), or null when none starts there. */
export type EscapeAt = (text: string, i: number) => Escape | null;

/**
 * `text` with each escape that `escapeAt` reads decoded, with the map from each decoded
 * character back to where it was written ({@link Decoded}). Only places holding `marker` (the
 * escape character's code, `\` or `%`) at or after `from` are asked. One pass: each character
 * is read once here, and as often as `escapeAt` reads it.
 */
export function decodeEscapes(text: string, marker: number, escapeAt: EscapeAt, from = 0): Decoded {
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  const parts: string[] = [];
  let n = 0;
  let kept = 0;
  for (let i = 0; i < text.length; ) {
    const escape = i >= from && text.charCodeAt(i) === marker ? escapeAt(text, i) : null;
    if (escape === null) {
      starts[n] = i;
      ends[n++] = i + 1;
      i++;
      continue;
    }
    parts.push(text.slice(kept, i), escape.char);
    starts[n] = i;
    ends[n++] = i + escape.length;
    i += escape.length;
    kept = i;
  }
  parts.push(text.slice(kept));
  return { text: parts.join(''), starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
}

/** The JSON escape at `i` (a backslash) and the character it stands for, or null. */
function jsonEscape(text: string, i: number): Escape | null {
  const length = escapeAt(text, i);
  if (length === 0) return null;
  return { length, char: length === 6 ? String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16)) : (SIMPLE[text[i + 1] as string] as string) };
}

/** `text` with its JSON escapes decoded, or null when it holds none that can hide a secret ({@link holdsHidingEscape}). */
export function decodeJsonEscapes(text: string): Decoded | null {
  return holdsHidingEscape(text) ? decodeEscapes(text, 92, jsonEscape) : null;
}

/** The range of the text as written of the decoded range `[start, end)` (not empty). */
export function rawRange(decoded: Decoded, start: number, end: number): { start: number; end: number } {
  return { start: decoded.starts[start] as number, end: decoded.ends[end - 1] as number };
}

/** A value as a JSON string decodes it, when it holds an escape and decodes whole (`p\"ss` → `p"ss`); else null. */
export function decodedValue(value: string): string | null {
  const decoded = decodeJsonEscapes(value);
  return decoded === null || decoded.text === value ? null : decoded.text;
}
