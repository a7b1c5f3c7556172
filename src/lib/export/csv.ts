/**
 * CSV writing: RFC 4180 quoting, records ending with CRLF, and spreadsheet formula injection
 * neutralised, following OWASP "CSV Injection" (docs/security.md, "Nothing executes"):
 * - a field holding `"`, `,`, `;`, a tab, CR or LF is quoted, quotes doubled. `;` and tab are
 *   quoted too because a spreadsheet in a locale whose list separator is `;` (or a tab-separated
 *   import) splits the record there;
 * - a formula start (`=`, `+`, `-`, `@`, a tab, CR or LF, or a full-width `＝ ＋ － ＠`) where any
 *   spreadsheet may begin a cell gets a `'` before it, so the cell is shown as text instead of
 *   being run. A cell may begin at the field's start and, for a reader that splits on another
 *   separator or ignores the quoting, after any `,`, `;`, tab or line break inside it (and after
 *   the `"` that would open a quoted cell there): `ok;=cmd|' /C calc'!A0` is written
 *   `"ok;'=cmd|' /C calc'!A0"`, so neither a `,` reader nor a `;` reader sees a formula.
 * One pass over each field.
 */

/** Characters that start a formula in a cell. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/** At the start of a field also these (OWASP: a spreadsheet may drop them and read what follows); inside one they only end a cell. */
const FIELD_FORMULA_START = new Set([...FORMULA_START, '\t', '\r', '\n']);
/** Characters after which a spreadsheet may begin a new cell (its list separator, tab-separated import, a new record). */
const CELL_BREAK = new Set([',', ';', '\t', '\r', '\n']);
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A cell value: text is neutralised and quoted as needed; numbers are written as they are. */
export type CsvValue = string | number | null | undefined;

/** `text` with a `'` before every formula start that begins a cell (see the module comment). */
export function neutraliseFormulas(text: string): string {
  let out = '';
  let from = 0;
  let cellStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (cellStart && c === '"' && i > 0) continue;
    if (cellStart && (i === 0 ? FIELD_FORMULA_START : FORMULA_START).has(c)) {
      out += `${text.slice(from, i)}'`;
      from = i;
    }
    cellStart = CELL_BREAK.has(c);
  }
  return from === 0 ? (out === '' ? text : `${out}${text}`) : `${out}${text.slice(from)}`;
}

/** One field, escaped. `null` and `undefined` are empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutraliseFormulas(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF line break. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A whole document: the header record, then one record per row. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const parts = [csvRecord(header)];
  for (const row of rows) parts.push(csvRecord(row));
  return parts.join('');
}
