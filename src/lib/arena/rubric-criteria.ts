/**
 * Reads the criteria of `design/rubric.md` (quality-and-design-controls.md, section 2, step 1:
 * "3–6 criteria"; spec/input.md section 5: "a numbered list or a table, one criterion each").
 * One counting rule for a rubric's criteria: `rubric#n` evidence reads it here, and the arena's
 * recap (rubric.ts `parseRubric`) with the same column and rows, so a criterion
 * number means the same everywhere (lead16: after kinds16 taught the arena a `| # | criterion |`
 * table and a `Total` row, `rubric#2` still said "criterion 2 of 4: 2", and a `Total` row was
 * one criterion more for evidence than for the recap).
 */
import { plainCell, tableCells } from '../markdown/tables.ts';

const NUMBERED = /^\s{0,3}\d+[.)]\s+(\S.*)$/;
const DELIMITER_ROW = /^\s*\|[\s:|-]+\|\s*$/;
/** A cell holding only a number or a `#`/`C` numbering (`1`, `#2`, `C3`, `4.`). */
export const NUMBER_CELL = /^(?:#|c)?\d+\.?$/i;

/**
 * The column of a rubric table that names the criteria: the one headed `criterion`, `name` or
 * `dimension`; else the first column whose cells are not all numbers (`| # | Speed | ... |`:
 * the numbering column is not the criterion, kinds16: such a rubric showed criteria named
 * "1", "2", "3"); else the first.
 */
export function criterionColumn(header: readonly string[], body: ReadonlyArray<readonly string[]>): number {
  const named = header.findIndex((h) => /^(?:criteri(?:on|a)|name|dimension)\b/i.test(plainCell(h)));
  if (named >= 0) return named;
  const width = Math.max(header.length, ...body.map((r) => r.length));
  for (let k = 0; k < width; k++) {
    const cells = body.map((r) => plainCell(r[k] ?? '')).filter((c) => c !== '');
    if (cells.length > 0 && !cells.every((c) => NUMBER_CELL.test(c))) return k;
  }
  return 0;
}

/** Whether a table row is the row that sums the weights (`| Total | | 100 |`): no criterion. */
export function isTotalRow(cells: readonly string[], column: number): boolean {
  const own = plainCell(cells[column] ?? '');
  return /^(?:total|sum)\b/i.test(own) || (own === '' && /^(?:total|sum)\b/i.test(plainCell(cells[0] ?? '')));
}

/** One criterion as the rubric writes it: a numbered item's text, or a table row's cells and its criterion column. */
export type RubricRow = { form: 'numbered list'; text: string; line: number } | { form: 'table'; cells: string[]; column: number; line: number };

/**
 * The rows of a rubric that are criteria, in order: numbered list items (`1. ...`, `2) ...`)
 * win; without any, the body rows of its tables whose criterion cell is not empty and that are
 * no `Total` row. Lines are 1-based. Pure; never throws.
 */
export function rubricRows(markdown: string): RubricRow[] {
  const lines = markdown.replace(/^\uFEFF/, '').split(/\r?\n/);
  const numbered: RubricRow[] = [];
  lines.forEach((l, i) => {
    const m = NUMBERED.exec(l);
    if (m) numbered.push({ form: 'numbered list', text: m[1] as string, line: i + 1 });
  });
  if (numbered.length > 0) return numbered;
  const rows = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*\|/.test(l));
  const [head, ...body] = rows.filter(({ l }) => !DELIMITER_ROW.test(l));
  if (!head) return [];
  const column = criterionColumn(tableCells(head.l), body.map(({ l }) => tableCells(l)));
  const out: RubricRow[] = [];
  for (const { l, i } of body) {
    const cells = tableCells(l);
    if (isTotalRow(cells, column) || plainCell(cells[column] ?? '') === '') continue;
    out.push({ form: 'table', cells, column, line: i + 1 });
  }
  return out;
}

/** Each criterion's text, in order (a table row's criterion cell), for `rubric#n` evidence. */
export function countRubricCriteria(markdown: string): string[] {
  return rubricRows(markdown).map((r) => (r.form === 'numbered list' ? r.text : plainCell(r.cells[r.column] ?? '')).replace(/\*\*/g, '').trim());
}
