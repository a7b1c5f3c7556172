/**
 * CSV writing: RFC 4180 quoting (fields holding `"`, `,`, CR or LF are quoted, quotes
 * doubled, records end with CRLF), and spreadsheet formula injection neutralised: a text
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return (or a full-width
 * `＝ ＋ － ＠`) gets a leading `'`, so a spreadsheet shows it as text instead of running it
 * (OWASP "CSV Injection").
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell value: text is neutralised and quoted as needed; numbers are written as they are. */
export type CsvValue = string | number | null | undefined;

/** One field, escaped. `null` and `undefined` are empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
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
