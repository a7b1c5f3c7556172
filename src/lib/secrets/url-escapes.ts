/**
 * A secret behind URL escapes (rel12): a URL or form body pasted as a link, a log line or a
 * redirect parameter writes its reserved characters as `%XX` — a connection string encoded
 * whole (`postgres%3A%2F%2Fapp%3A<password>%40db%2Fprod`), a token after an encoded `=`
 * (`next=%2Fsettings%3Ftoken%3Dghp_…`), a form body (`password%3D…`), a key whose `/` and `+`
 * are `%2F` and `%2B`. No rule reads `%3A%2F%2F` as `://` or `%3D` as `=`, and a token glued to
 * the `D` of `%3D` has no word boundary, so each was published as written.
 * {@link decodePercentEscapes} gives the text with its escapes of ASCII characters decoded,
 * which the rules read too (src/lib/secrets/detect.ts); what they find is mapped back to the
 * text as written with `rawRange` (json-escapes.ts), as for JSON escapes; both decode with
 * `decodeEscapes` there.
 *
 * One pass; each character is read a bounded number of times.
 */
import { decodeEscapes, type Decoded, type Escape } from './json-escapes.ts';

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

/** The ASCII character `%XX` at `i` stands for (a control character but tab and line feed excluded), or -1. */
function escapedAt(text: string, i: number): number {
  if (i + 2 >= text.length) return -1;
  const hi = hexValue(text.charCodeAt(i + 1));
  const lo = hexValue(text.charCodeAt(i + 2));
  if (hi < 0 || lo < 0) return -1;
  const code = hi * 16 + lo;
  return code >= 0x20 && code < 0x7f ? code : code === 0x09 || code === 0x0a ? code : -1;
}

/** The `%XX` escape at `i` and the ASCII character it stands for, or null. */
function percentEscape(text: string, i: number): Escape | null {
  const code = escapedAt(text, i);
  return code < 0 ? null : { length: 3, char: String.fromCharCode(code) };
}

/** `text` with its `%XX` escapes of ASCII characters decoded, or null when it holds none. */
export function decodePercentEscapes(text: string): Decoded | null {
  let first = -1;
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (escapedAt(text, i) >= 0) {
      first = i;
      break;
    }
  }
  if (first < 0) return null;
  return decodeEscapes(text, 37, percentEscape, first);
}

/** A value as a URL decodes it, when it holds an escape of an ASCII character (`p%40ss` → `p@ss`); else null. */
export function percentDecodedValue(value: string): string | null {
  const decoded = decodePercentEscapes(value);
  return decoded === null || decoded.text === value ? null : decoded.text;
}

/** A value as a URL component writes it (`p@ss/w+rd` → `p%40ss%2Fw%2Brd`), when that differs; else null. */
export function percentEncodedValue(value: string): string | null {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    return null; // a lone surrogate
  }
  return encoded === value ? null : encoded;
}
