/**
 * What `JSON.parse` said about a text it refused, without the text. V8 quotes up to ten
 * characters either side of the place it stopped (`Unexpected token 'g', "ghp_Q7mZ2x"... is not
 * valid JSON`), and those characters are record text: the start of a token on a line that is
 * not JSON reached every output, where the redaction of the whole value (kept in the record's
 * raw text) could not find it (sec10). The raw text is shown beside the problem, redacted.
 */

/** V8's ending of a message that quotes the text. */
const QUOTED_END = ' is not valid JSON';

/**
 * `error`'s message with V8's quotation of the text taken out: `Unexpected token 'g', "ghp_…"...
 * is not valid JSON` becomes `Unexpected token 'g'`; a message quoting nothing (`Expected ',' or
 * '}' after property value in JSON at position 21 (line 1 column 22)`, `Unexpected end of JSON
 * input`) is as it was. The offending character V8 names (`'g'`) stays: one character. Linear.
 */
export function jsonErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.endsWith(QUOTED_END)) return message;
  const quoted = message.indexOf(', "');
  const cut = message.indexOf(', ..."');
  const at = quoted < 0 ? cut : cut < 0 ? quoted : Math.min(quoted, cut);
  return at < 0 ? message : message.slice(0, at);
}
