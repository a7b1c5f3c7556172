/**
 * `decisions.csv`, one per project: one record per decision row in file order — valid rows
 * (superseded ones included, with the ids that supersede them) and the trail lines that failed
 * validation (`valid` false, with their raw text and the error: issue 27, item 4) — for
 * spreadsheets and scripts. Each record says its evidence status in one word of the counts'
 * vocabulary (src/lib/projections/row-evidence.ts), the kinds of the flags on it and the worst
 * of their severities. Columns are only ever added at the end. Quoting and formula
 * neutralisation: src/lib/export/csv.ts. The archive publishes it gzip compressed; the recap's
 * Download list gives it plain, with a byte-order mark for spreadsheets ({@link CSV_BOM}).
 */
import { grouped } from '../text/grouped.ts';
import type { Flag, InvalidRecord, ProjectModel, Severity, TrailRow } from '../model/types.ts';
import { evidenceWord } from '../site/words.ts';
import { flagsByRow, SEVERITY_ORDER } from '../projections/flags.ts';
import { EVIDENCE_STATUS_WORDS, recordEvidenceStatus } from '../projections/row-evidence.ts';
import { csvDocument, type CsvValue } from './csv.ts';
import { formatsWith } from '../formats/format-lookup.ts';

/** The header record of decisions.csv, in column order. */
export const DECISIONS_CSV_COLUMNS = ['id', 'ts', 'phase', 'ticket', 'actor', 'decision', 'why', 'evidence', 'evidence_status', 'result', 'superseded_by', 'file', 'line', 'flags', 'worst_severity', 'valid', 'error', 'raw'] as const;

/** The byte-order mark the downloaded decisions.csv starts with, so spreadsheets read it as UTF-8 (Korean, Japanese, accented text). */
export const CSV_BOM = '\uFEFF';

/** What decisions.csv reads of a project. */
export type DecisionsCsvInput = Pick<ProjectModel, 'rows' | 'flags' | 'invalid' | 'sources'>;

/**
 * The evidence status of a row in words: each status with its count, in the order verified,
 * not verified, not verified (inconclusive) (`2 verified; 1 not verified`), or
 * `no evidence`. (The recap's wording; decisions.csv says one status: {@link recordEvidenceStatus}.)
 */
export function evidenceSummary(pointers: readonly TrailRow['evidence'][number][]): string {
  if (pointers.length === 0) return 'no evidence';
  const parts: string[] = [];
  for (const status of ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'] as const) {
    const n = pointers.filter((p) => p.status === status).length;
    if (n > 0) parts.push(`${n} ${evidenceWord(status).label}`);
  }
  return parts.join('; ');
}

/** The `flags` and `worst_severity` values of a record carrying `flags` (kinds once each, in Attention order). */
function flagValues(flags: ReadonlyArray<{ kind: string; severity: Severity }>): [string, string] {
  const kinds = [...new Set(flags.map((f) => f.kind))];
  const worst = flags.reduce<Severity | null>((w, f) => (w === null || SEVERITY_ORDER[f.severity] < SEVERITY_ORDER[w] ? f.severity : w), null);
  return [kinds.join(' '), worst ?? ''];
}

/** One row's CSV values, in {@link DECISIONS_CSV_COLUMNS} order. */
export function decisionCsvValues(row: TrailRow, flags: ReadonlyArray<{ kind: string; severity: Severity }> = []): CsvValue[] {
  return [row.id, row.ts, row.phase, row.ticket, row.actor, row.decision, row.why, row.evidenceText, EVIDENCE_STATUS_WORDS[recordEvidenceStatus(row.evidence)], row.result, row.supersededBy.join(' '), row.file, row.line, ...flagValues(flags), 'true', '', ''];
}

/** An invalid trail line's CSV values: the cells its header still tells apart, its raw text and what is wrong. */
export function invalidCsvValues(record: InvalidRecord, flags: readonly Flag[]): CsvValue[] {
  const f = record.fields ?? {};
  const evidence = record.evidence ? EVIDENCE_STATUS_WORDS[recordEvidenceStatus(record.evidence)] : '';
  return ['', f['ts'] ?? '', f['phase'] ?? '', '', '', '', '', f['evidence'] ?? '', evidence, f['result'] ?? '', '', record.file, record.line, ...flagValues(flags), 'false', record.error, record.raw];
}

/** The files of a project's decision trails: their invalid lines are decisions.csv's too. */
function trailFilesOf(model: Pick<DecisionsCsvInput, 'sources'>): Set<string> {
  return new Set(model.sources.filter((s) => formatsWith('trail').has(s.format)).map((s) => s.path));
}

/** What decisions.csv holds after its header: `rows` decision rows and `invalid` invalid trail lines (other sources' invalid records are not decisions). */
export function decisionsCsvLines(model: Pick<DecisionsCsvInput, 'rows' | 'invalid' | 'sources'>): { rows: number; invalid: number } {
  const trailFiles = trailFilesOf(model);
  return { rows: model.rows.length, invalid: model.invalid.filter((r) => trailFiles.has(r.file)).length };
}

/**
 * What the recap's Download list says decisions.csv holds ({@link decisionsCsvLines}): a header
 * alone only when it holds nothing else; a trail whose lines all failed to parse gives those
 * lines (count14: such a recap said "its header alone", and the file held them).
 */
export function decisionsCsvNote(lines: { rows: number; invalid: number }): string {
  if (lines.rows > 0) return 'one line per decision row and invalid trail line, for spreadsheets';
  if (lines.invalid > 0) return `its ${grouped(lines.invalid)} invalid trail ${lines.invalid === 1 ? 'line' : 'lines'} (this project has no decision rows), for spreadsheets`;
  return 'its header alone: this project has no decision rows';
}

/** decisions.csv of a project: its rows and its invalid trail lines, by file (in the rows' order) and line. */
export function decisionsCsv(model: DecisionsCsvInput): string {
  const trailFiles = trailFilesOf(model);
  const byRow = flagsByRow(model.flags, model.rows);
  const records: Array<{ file: string; line: number; values: CsvValue[] }> = model.rows.map((row) => ({ file: row.file, line: row.line, values: decisionCsvValues(row, byRow.get(row.anchor) ?? []) }));
  for (const record of model.invalid) {
    if (!trailFiles.has(record.file)) continue;
    const on = model.flags.filter((f) => f.at.some((a) => a.file === record.file && a.line === record.line));
    records.push({ file: record.file, line: record.line, values: invalidCsvValues(record, on) });
  }
  const files = new Map<string, number>();
  for (const file of [...model.rows.map((r) => r.file), ...trailFiles]) if (!files.has(file)) files.set(file, files.size);
  const order = (file: string): number => files.get(file) ?? files.size;
  records.sort((a, b) => order(a.file) - order(b.file) || a.line - b.line);
  return csvDocument(DECISIONS_CSV_COLUMNS, records.map((r) => r.values));
}
