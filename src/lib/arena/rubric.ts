/**
 * Reads `design/rubric.md` (quality-and-design-controls.md, section 2, step 1 "Rubric first":
 * 3–6 criteria; spec/input.md section 5: "a numbered list or a table, one criterion each").
 * The counting rule is the one evidence resolution uses for `rubric#n` pointers
 * (src/lib/evidence/rubric-criteria.ts), so a criterion number means the same everywhere.
 */
import type { ArenaRubric, RubricCriterion } from '../model/arena.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { plainCell, tableCells } from '../markdown/tables.ts';

const NUMBERED = /^\s{0,3}\d+[.)]\s+(\S.*)$/;
const DELIMITER_ROW = /^\s*\|[\s:|-]+\|\s*$/;
/** A cell holding only a number or a `#`/`C` numbering (`1`, `#2`, `C3`, `4.`). */
const NUMBER_CELL = /^(?:#|c)?\d+\.?$/i;

/**
 * The column of a rubric table that names the criteria: the one headed `criterion`, `name` or
 * `dimension`; else the first column whose cells are not all numbers (`| # | Speed | ... |`:
 * the numbering column is not the criterion, sec kinds16: such a rubric showed criteria named
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

/** What a criterion says beyond its name (`Speed — p95 under 1 s` → `p95 under 1 s`); the whole text when it does not start with the name. */
export function criterionDetail(criterion: { text: string; name: string }): string {
  return criterion.text.startsWith(criterion.name) ? criterion.text.slice(criterion.name.length).replace(/^\s*[—–:-]\s*/, '') : criterion.text;
}

/** The short name of a criterion: its bold part, or the text before ` — `, ` – `, `: `. */
export function criterionName(text: string): string {
  const bold = /\*\*(.+?)\*\*/.exec(text);
  if (bold) return (bold[1] as string).trim();
  const cut = /^(.+?)(?:\s[—–-]\s|:\s)/.exec(text);
  return (cut ? (cut[1] as string) : text).replace(/\*\*/g, '').trim();
}

/**
 * Parses a rubric. Numbered list items (`1. ...`, `2) ...`) win; without any, the body rows
 * of the tables are the criteria (the criterion column's cell: {@link criterionColumn}). Pure; never throws.
 *
 * @param text - The file's text.
 * @param file - Its path relative to the project root (`design/rubric.md`).
 * @returns The rubric with each criterion's number, text, name, line and anchor.
 */
export function parseRubric(text: string, file: string): ArenaRubric {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const criteria: RubricCriterion[] = [];
  const add = (raw: string, line: number, name = raw): void => {
    const n = criteria.length + 1;
    const t = raw.replace(/\*\*/g, '').trim();
    criteria.push({ n, text: t, name: criterionName(name), line, anchor: `arena-criterion-${n}` });
  };
  lines.forEach((l, i) => {
    const m = NUMBERED.exec(l);
    if (m) add(m[1] as string, i + 1);
  });
  let form: ArenaRubric['form'] = criteria.length > 0 ? 'numbered list' : 'none';
  if (criteria.length === 0) {
    const rows = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*\|/.test(l));
    const [head, ...body] = rows.filter(({ l }) => !DELIMITER_ROW.test(l));
    const column = head ? criterionColumn(tableCells(head.l), body.map(({ l }) => tableCells(l))) : 0;
    const header = head ? tableCells(head.l).map(plainCell) : [];
    for (const { l, i } of body) {
      const cells = tableCells(l);
      const own = cells[column] ?? '';
      // A `Total` row sums the weights; it is no criterion.
      if (plainCell(own) === '' || /^(?:total|sum)\b/i.test(plainCell(own))) continue;
      // What the other columns say of it (`weight: 40; how: Errors section`), so nothing of the table is lost; a numbering cell is left out.
      const rest = cells
        .map((c, k) => ({ k, cell: plainCell(c), head: header[k] ?? '' }))
        .filter(({ k, cell }) => k !== column && cell !== '' && !(k < column && NUMBER_CELL.test(cell)))
        .map(({ cell, head: h }) => (h !== '' && h !== '#' ? `${h}: ${cell}` : cell));
      add(rest.length > 0 ? `${own} — ${rest.join('; ')}` : own, i + 1, own);
    }
    if (criteria.length > 0) form = 'table';
  }
  return { file, form, criteria, html: renderMarkdown(text, { headingOffset: 3 }) };
}
