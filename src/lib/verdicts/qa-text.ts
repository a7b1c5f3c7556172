/**
 * Adapter for babysit's text verdicts (spec/input.md section 6: "Real babysit QA verdicts are
 * text blocks (`verdicts/qa.md`: `STATUS:`, `VERDICT: PASS|FIXED(<N>)|FAIL`, `SUMMARY:`,
 * `SOURCES:`, `RUBRIC:` with A–D grades, `EVIDENCE:`); any `verdicts/<skill>.md` starts with
 * a `STATUS:` line"). A block starts at a line `KEY: value` (KEY in capitals) and runs until
 * the next such line; every line belongs to exactly one block or to the text before the first.
 */
import { dict } from '../text/dict.ts';
import type { InvalidRecord } from '../model/types.ts';
import type { QaVerdict, RubricGrade, SkillStatus } from '../model/verdicts.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { capRaw } from '../text/lines.ts';
import { normaliseVerdict, textSupport, verdictClass } from './states.ts';
import type { AnchorSet } from './anchors.ts';

/** One `KEY: value` block of a text verdict. */
export interface TextBlock {
  key: string;
  /** The value: the rest of the key's line and the lines after it, trimmed. */
  value: string;
  line: number;
}

const KEY_LINE = /^([A-Z][A-Z_]*[A-Z]):(?:\s(.*)|)$/;

/** Splits a text verdict into its blocks and the lines before the first one. Pure. */
export function textBlocks(text: string): { preamble: string; blocks: TextBlock[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const blocks: TextBlock[] = [];
  const pre: string[] = [];
  let current: { key: string; lines: string[]; line: number } | null = null;
  const close = (): void => {
    if (current) blocks.push({ key: current.key, value: current.lines.join('\n').trim(), line: current.line });
  };
  lines.forEach((l, i) => {
    const m = KEY_LINE.exec(l.trimEnd());
    if (m) {
      close();
      current = { key: m[1] as string, lines: [m[2] ?? ''], line: i + 1 };
    } else if (current) current.lines.push(l);
    else pre.push(l);
  });
  close();
  return { preamble: pre.join('\n').trim(), blocks };
}

/**
 * Reads a `RUBRIC:` value: `flow=A boundary=B security=N/A` (also `flow: A`, comma or line
 * separated, `- flow=A` bullets). Grades are kept as written (A–D, N/A, or anything else).
 */
export function parseRubricGrades(value: string): RubricGrade[] {
  const grades: RubricGrade[] = [];
  for (const m of value.matchAll(/(?<![\p{L}\p{N}_.-])([\p{L}\p{N}_.-]+)\s*[=:]\s*(N\/A|n\/a|[A-Za-z][+-]?)(?=$|[\s,;])/gu)) {
    grades.push({ dimension: m[1] as string, grade: (m[2] as string).toUpperCase() });
  }
  return grades;
}

/** Reads a `SOURCES:` value: one source per line or bullet, or comma separated on one line. */
export function parseSources(value: string): string[] {
  const lines = value.split('\n').map((l) => l.replace(/^\s*[-*]\s+/, '').trim()).filter((l) => l !== '');
  if (lines.length === 1) return (lines[0] as string).split(/,\s+/).map((s) => s.trim()).filter((s) => s !== '');
  return lines;
}

const KNOWN = new Set(['STATUS', 'VERDICT', 'SUMMARY', 'SOURCES', 'RUBRIC', 'EVIDENCE']);

/**
 * Parses babysit's `verdicts/qa.md`. Never throws. A text without a `VERDICT:` line is one
 * `verdict/invalid-text` record (kept raw) and gives no verdict.
 *
 * @param text - The file's text.
 * @param file - Path relative to the project root.
 * @param ticket - The ticket the verdict belongs to (the project folder's name).
 */
export function parseQaText(text: string, file: string, ticket: string, anchors: AnchorSet): { verdict: QaVerdict | null; invalid: InvalidRecord[] } {
  const { preamble, blocks } = textBlocks(text);
  const get = (key: string): TextBlock | undefined => blocks.find((b) => b.key === key);
  const verdictBlock = get('VERDICT');
  if (!verdictBlock || verdictBlock.value === '') {
    return { verdict: null, invalid: [{ file, line: verdictBlock?.line ?? 1, kind: 'verdict/invalid-text', error: `${file} has no VERDICT: line (expected VERDICT: PASS, FIXED(<N>) or FAIL)`, raw: capRaw(text) }] };
  }
  const verdict = normaliseVerdict(verdictBlock.value.split('\n')[0] as string, true);
  const fixed = /^FIXED\((\d+)\)$/.exec(verdict);
  const rubric = parseRubricGrades(get('RUBRIC')?.value ?? '');
  const extra: Record<string, unknown> = dict();
  for (const b of blocks) if (!KNOWN.has(b.key)) extra[b.key] = b.value;
  if (preamble !== '') extra['text before STATUS'] = preamble;
  return {
    verdict: {
      form: 'babysit-text',
      file,
      line: verdictBlock.line,
      anchor: anchors.take('qa', ticket || file),
      ticket,
      gate: 'qa',
      verdict,
      verdictClass: verdictClass(verdict),
      fixed: fixed ? Number(fixed[1]) : null,
      criteria: [],
      status: get('STATUS')?.value.split('\n')[0]?.trim() ?? null,
      summary: get('SUMMARY')?.value ?? '',
      sources: parseSources(get('SOURCES')?.value ?? ''),
      rubric,
      evidenceText: get('EVIDENCE')?.value ?? '',
      support: textSupport(verdict, rubric),
      extra,
    },
    invalid: [],
  };
}

/**
 * Reads the `STATUS:` line of a `verdicts/<skill>.md` (other than qa). Never throws. A file
 * whose first non-blank line is not `STATUS: <value>` is one `verdict/no-status-line` record.
 */
export function parseSkillStatus(text: string, file: string, skill: string, anchors: AnchorSet): { status: SkillStatus | null; invalid: InvalidRecord[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const value = first >= 0 && (lines[first] as string).startsWith('STATUS:') ? (lines[first] as string).slice('STATUS:'.length).trim() : '';
  if (value === '') {
    return { status: null, invalid: [{ file, line: first >= 0 ? first + 1 : 1, kind: 'verdict/no-status-line', error: `${file} does not start with a STATUS: line`, raw: capRaw(text) }] };
  }
  return {
    status: { skill, file, line: first + 1, status: value, bodyHtml: renderMarkdown(lines.slice(first + 1).join('\n'), { headingOffset: 3 }), anchor: anchors.take('skill', skill) },
    invalid: [],
  };
}
