/**
 * Adapter for a pstack trail: `decisions.tsv` or `.audit/<slug>.tsv` (spec/input.md
 * section 2). Header `ts phase decision why evidence result`; no id, actor, ticket or
 * supersedes column (used when a header names them). Cells may start with `'` (a
 * spreadsheet-formula guard), which is removed. Rows get the computed id.
 */
import { pstackRowSchema } from '../schemas/decision-row.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { RAW_TEXT_LIMIT } from '../model/types.ts';
import type { Confinement } from '../fs/confined.ts';
import { BoundedInvalid } from '../bounds/kind-bounds.ts';
import { capRaw, nulMessage, readLines, tooLongMessage, type PhysicalLine } from '../text/lines.ts';
import { classifyResult, computeRowId, parseTime, type ParsedRow, type TrailFileResult } from './parsed-row.ts';

/** The pstack header, in order. */
export const PSTACK_COLUMNS = ['ts', 'phase', 'decision', 'why', 'evidence', 'result'] as const;
const OPTIONAL_COLUMNS = ['id', 'ticket', 'actor', 'supersedes'];

/** Removes the spreadsheet-formula guard: a leading `'` before the text. */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

/** Column positions by name, from a header line; null when the line is not a header. */
export function readHeader(text: string): Map<string, number> | null {
  const names = text.split('\t').map((c) => c.trim().toLowerCase());
  if (!PSTACK_COLUMNS.every((c) => names.includes(c))) return null;
  const columns = new Map<string, number>();
  names.forEach((name, i) => {
    if (!columns.has(name) && ((PSTACK_COLUMNS as readonly string[]).includes(name) || OPTIONAL_COLUMNS.includes(name))) columns.set(name, i);
  });
  return columns;
}

const DEFAULT_COLUMNS = new Map<string, number>(PSTACK_COLUMNS.map((c, i) => [c, i]));

/**
 * Reads a pstack trail file. `file` is the display path relative to the project root; `within`,
 * the confinement the file is opened through (src/lib/fs/confined.ts).
 */
export async function readPstackTrail(absolutePath: string, file: string, bytes: number, within?: Confinement): Promise<TrailFileResult> {
  const out: TrailFileResult = {
    source: { path: file, format: 'pstack-trail', bytes, lines: 0, valid: 0, invalid: 0 },
    rows: [],
    telemetry: [],
    invalid: [],
    warnings: [],
  };
  let columns: Map<string, number> | null = null;
  let width: number = PSTACK_COLUMNS.length;
  // At most MAX_PER_KIND invalid lines of one kind are kept, the rest counted (src/lib/bounds/).
  const bounded = new BoundedInvalid();
  const invalid = (line: PhysicalLine, kind: string, error: string): void => {
    bounded.push({ file, line: line.number, kind, error, raw: capRaw(line.text, RAW_TEXT_LIMIT) });
    out.source.invalid++;
  };
  const readRow = (line: PhysicalLine): void => {
    if (line.text.trim() === '') return invalid(line, 'trail/blank-line', 'blank line');
    const cells = line.text.split('\t');
    if (cells.length !== width) return invalid(line, 'trail/tsv-cell-count', `expected ${width} tab-separated cells, found ${cells.length}`);
    const cell = (name: string): string | undefined => {
      const i = columns?.get(name);
      return i === undefined ? undefined : unguardCell((cells[i] as string).trim());
    };
    const candidate = Object.fromEntries(PSTACK_COLUMNS.map((c) => [c, cell(c) ?? '']));
    const parsed = pstackRowSchema.safeParse(candidate);
    if (!parsed.success) return invalid(line, 'trail/missing-field', describeIssues(parsed.error, candidate));
    const r = parsed.data;
    const ticket = cell('ticket') ?? '';
    const computedId = computeRowId(r.ts, ticket, r.decision);
    const row: ParsedRow = {
      id: cell('id') || computedId,
      computedId,
      format: 'pstack-trail',
      file,
      line: line.number,
      index: out.rows.length,
      ts: r.ts,
      time: parseTime(r.ts),
      phase: r.phase,
      ticket,
      actor: cell('actor') ?? '',
      decision: r.decision,
      why: r.why,
      evidenceText: r.evidence,
      result: r.result,
      resultClass: classifyResult(r.result),
      bytes: line.bytes,
      extra: {},
    };
    const supersedes = cell('supersedes');
    if (supersedes) row.supersedes = supersedes;
    out.rows.push(row);
    out.source.valid++;
  };
  for await (const line of readLines(absolutePath, within)) {
    out.source.lines++;
    if (line.tooLong) {
      invalid(line, 'source/line-too-long', tooLongMessage(line));
      continue;
    }
    if (line.nulAt !== undefined) {
      invalid(line, 'source/nul-byte', nulMessage(line));
      continue;
    }
    if (line.encodingError) {
      invalid(line, 'trail/invalid-utf8', `line ${line.number} is ${line.encodingError}`);
      continue;
    }
    if (columns === null && line.text.trim() === '') {
      invalid(line, 'trail/blank-line', 'blank line');
      continue;
    }
    if (columns !== null && readHeader(line.text) !== null) {
      // A header repeated mid-file (two trails appended): a header, not a row.
      out.source.valid++;
      continue;
    }
    if (columns === null) {
      const header = readHeader(line.text);
      if (header) {
        columns = header;
        width = line.text.split('\t').length;
        out.source.valid++;
        continue;
      }
      columns = DEFAULT_COLUMNS;
      out.warnings.push({
        kind: 'trail/tsv-no-header',
        line: line.number,
        message: `${file} has no header line; columns were read as ${PSTACK_COLUMNS.join(', ')}`,
      });
    }
    readRow(line);
  }
  out.invalid = bounded.list();
  return out;
}
