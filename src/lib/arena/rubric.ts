/**
 * Reads `design/rubric.md` (quality-and-design-controls.md, section 2, step 1 "Rubric first":
 * 3–6 criteria; spec/input.md section 5: "a numbered list or a table, one criterion each").
 * Its criteria are the rows evidence resolution counts for `rubric#n` pointers: the criterion
 * column and the `Total` row are read by src/lib/arena/rubric-criteria.ts for both, so a
 * criterion number means the same everywhere.
 */
import type { ArenaRubric, RubricCriterion } from '../model/arena.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { plainCell, tableCells } from '../markdown/tables.ts';
import { criterionColumn, isTotalRow, NUMBER_CELL } from './rubric-criteria.ts';

const NUMBERED = /^\s{0,3}\d+[.)]\s+(\S.*)$/;
const DELIMITER_ROW = /^\s*\|[\s:|-]+\|\s*$/;
/** A table column of weights: `weight`, `weights`, `weighting`, `%`. */
const WEIGHT_HEADER = /^(?:weights?|weighting|%)$/i;
/** A weight cell: `40`, `0.4`, `40%`, `40 %`. */
const WEIGHT_CELL = /^(\d+(?:\.\d+)?)\s*%?$/;
/** A list criterion's weight: `(weight 40)`, `weight: 0.4`, `(40%)`. */
const LIST_WEIGHT = /\bweight(?:ed|ing)?[ \t]*(?:[:=][ \t]*)?(\d+(?:\.\d+)?)[ \t]*%?|\((\d+(?:\.\d+)?)[ \t]*%\)/i;
/** A total the rubric's prose declares for its weights: `Weights sum to 100`, `weights add up to 1.0`, `total weight: 100`. */
const DECLARED_TOTAL = /\bweights?\b[^|\n]{0,40}?\b(?:sums?|adds? up|totals?)\b[ \t]*(?:(?:to|of|[=:])[ \t]*)?(\d+(?:\.\d+)?)|\btotal weight[ \t]*(?:(?:of|is|[=:])[ \t]*)?(\d+(?:\.\d+)?)/i;

export { criterionColumn };

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
  /** Each criterion's weight as written (null when it states none), and a total the rubric declares. */
  const weights: Array<number | null> = [];
  let declared: { value: number; line: number } | null = null;
  let percent = true;
  let weightLine = 0;
  lines.forEach((l, i) => {
    const m = NUMBERED.exec(l);
    if (!m) return;
    add(m[1] as string, i + 1);
    const w = LIST_WEIGHT.exec(m[1] as string);
    const value = w ? (w[1] ?? w[2]) : undefined;
    weights.push(value !== undefined ? Number(value) : null);
    if (!w || (w[2] === undefined && !/%/.test(w[0]))) percent = false;
    if (w && weightLine === 0) weightLine = i + 1;
  });
  let form: ArenaRubric['form'] = criteria.length > 0 ? 'numbered list' : 'none';
  if (criteria.length === 0) {
    const rows = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*\|/.test(l));
    const [head, ...body] = rows.filter(({ l }) => !DELIMITER_ROW.test(l));
    const column = head ? criterionColumn(tableCells(head.l), body.map(({ l }) => tableCells(l))) : 0;
    const header = head ? tableCells(head.l).map(plainCell) : [];
    const weightColumn = header.findIndex((h) => WEIGHT_HEADER.test(h));
    if (weightColumn >= 0 && head) weightLine = head.i + 1;
    for (const { l, i } of body) {
      const cells = tableCells(l);
      const own = cells[column] ?? '';
      const weightCell = weightColumn >= 0 ? plainCell(cells[weightColumn] ?? '') : '';
      const weight = WEIGHT_CELL.exec(weightCell);
      // A `Total` row sums the weights (its weight is the declared total); it is no criterion.
      if (isTotalRow(cells, column)) {
        if (weight) declared = { value: Number(weight[1]), line: i + 1 };
        continue;
      }
      if (plainCell(own) === '') continue;
      if (weightColumn >= 0) {
        weights.push(weight ? Number(weight[1]) : null);
        if (!weightCell.endsWith('%')) percent = false;
      }
      // What the other columns say of it (`weight: 40; how: Errors section`), so nothing of the table is lost; a numbering cell is left out.
      const rest = cells
        .map((c, k) => ({ k, cell: plainCell(c), head: header[k] ?? '' }))
        .filter(({ k, cell }) => k !== column && cell !== '' && !(k < column && NUMBER_CELL.test(cell)))
        .map(({ cell, head: h }) => (h !== '' && h !== '#' ? `${h}: ${cell}` : cell));
      add(rest.length > 0 ? `${own} — ${rest.join('; ')}` : own, i + 1, own);
    }
    if (criteria.length > 0) form = 'table';
  }
  if (declared === null) {
    const at = lines.findIndex((l) => !/^\s*\|/.test(l) && DECLARED_TOTAL.test(l));
    const m = at >= 0 ? DECLARED_TOTAL.exec(lines[at] as string) : null;
    if (m) declared = { value: Number(m[1] ?? m[2]), line: at + 1 };
  }
  const stated = weights.filter((w): w is number => w !== null);
  const rubricWeights =
    weights.length === criteria.length && stated.length === criteria.length && criteria.length > 0
      ? { sum: Math.round(stated.reduce((a, b) => a + b, 0) * 1e6) / 1e6, declared: declared?.value ?? (percent ? 100 : null), line: declared?.line ?? weightLine }
      : undefined;
  return { file, form, criteria, html: renderMarkdown(text, { headingOffset: 3 }), ...(rubricWeights ? { weights: rubricWeights } : {}) };
}
