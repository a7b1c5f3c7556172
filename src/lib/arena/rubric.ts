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
 * of the first table are the criteria (first cell). Pure; never throws.
 *
 * @param text - The file's text.
 * @param file - Its path relative to the project root (`design/rubric.md`).
 * @returns The rubric with each criterion's number, text, name, line and anchor.
 */
export function parseRubric(text: string, file: string): ArenaRubric {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const criteria: RubricCriterion[] = [];
  const add = (raw: string, line: number): void => {
    const n = criteria.length + 1;
    const t = raw.replace(/\*\*/g, '').trim();
    criteria.push({ n, text: t, name: criterionName(raw), line, anchor: `arena-criterion-${n}` });
  };
  lines.forEach((l, i) => {
    const m = NUMBERED.exec(l);
    if (m) add(m[1] as string, i + 1);
  });
  let form: ArenaRubric['form'] = criteria.length > 0 ? 'numbered list' : 'none';
  if (criteria.length === 0) {
    const rows = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^\s*\|/.test(l));
    const body = rows.filter(({ l }) => !DELIMITER_ROW.test(l)).slice(1);
    for (const { l, i } of body) {
      const first = plainCell(tableCells(l)[0] ?? '');
      if (first !== '') add(tableCells(l)[0] as string, i + 1);
    }
    if (criteria.length > 0) form = 'table';
  }
  return { file, form, criteria, html: renderMarkdown(text, { headingOffset: 3 }) };
}
