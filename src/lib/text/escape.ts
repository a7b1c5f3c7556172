/** HTML escaping for text placed in generated documents (search records). */
const MAP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** C0 controls other than HTML's whitespace (tab, line feed, form feed, carriage return), and DEL. */
const HTML_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;
/** Whether a text holds a character {@link controlPictures} replaces (no `g` flag: `test` keeps no state). */
export const HTML_CONTROL_TEST = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Escapes `& < > " '`, so the result is safe as element text and as a quoted attribute value.
 * Lone UTF-16 surrogates (a record may hold `"\ud800"`) become U+FFFD: they cannot be encoded,
 * and pagefind, which Trailbook used for search before issue 11, refused a whole document holding one.
 * A C0 control character or DEL (a parse error in HTML; a NUL is dropped or replaced by browsers)
 * becomes its Unicode control picture (`\u0000` → U+2400 ␀, ESC → ␛, DEL → U+2421 ␡), so the
 * raw text of a binary line or a `"\u001b"` in a record is shown, not lost; HTML's whitespace stays.
 */
export function escapeHtml(text: string): string {
  return controlPictures(text.toWellFormed().replace(/[&<>"']/g, (c) => MAP[c] as string));
}

/**
 * `text` with each C0 control character other than HTML's whitespace, and DEL, replaced by its
 * Unicode control picture (U+2400 + code; DEL → U+2421), for text an Astro component prints
 * (Astro escapes markup, not controls). Text without such characters is returned unchanged.
 */
export function controlPictures(text: string): string {
  return text.replace(HTML_CONTROL, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
}

/** `\t`, `\n`, `\r` by name; other C0 controls, DEL and C1 as `\xHH`; line separators and bidirectional controls as `\uHHHH`. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One line of text as it may be printed (docs/security.md, "Nothing executes"): every control
 * character, line break included, becomes a visible escape (`\n`, `\x1b`), and so do U+2028,
 * U+2029 and the bidirectional controls (which reorder what a terminal shows). A name, path,
 * title or record text can then never start a line of its own: a folder called
 * `x\n::error file=a::forged` or a title holding `\n::stop-commands::tok` cannot become a
 * GitHub Actions workflow command, and an ESC sequence cannot retitle a terminal or write its
 * clipboard. Text without such characters is returned unchanged, so escaping twice changes
 * nothing. JSON printed line by line stays valid: `JSON.stringify` leaves no raw control in a
 * string except DEL and C1 (src/lib/report/check-report.ts writes those as `\u00XX`), and the
 * `\uHHHH` forms here are JSON escapes of the same characters.
 */
export function printableLine(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const named = NAMED[c];
    if (named !== undefined) return named;
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
