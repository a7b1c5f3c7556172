/** HTML escaping for text placed in generated documents (search records). */
const MAP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes `& < > " '`, so the result is safe as element text and as a quoted attribute value.
 * Lone UTF-16 surrogates (a record may hold `"\ud800"`) become U+FFFD: they cannot be encoded,
 * and pagefind's service refuses the whole document when it meets one.
 */
export function escapeHtml(text: string): string {
  return text.toWellFormed().replace(/[&<>"']/g, (c) => MAP[c] as string);
}
