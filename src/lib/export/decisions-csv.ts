/**
 * `decisions.csv`, one per project: one record per valid decision row in file order
 * (superseded rows included, with the ids that supersede them), for spreadsheets and
 * scripts. Quoting and formula neutralisation: src/lib/export/csv.ts.
 */
import type { EvidencePointer, TrailRow } from '../model/types.ts';
import { evidenceWord } from '../site/words.ts';
import { csvDocument, type CsvValue } from './csv.ts';

/** The header record of decisions.csv, in column order. */
export const DECISIONS_CSV_COLUMNS = ['id', 'ts', 'phase', 'ticket', 'actor', 'decision', 'why', 'evidence', 'evidence_status', 'result', 'superseded_by', 'file', 'line'] as const;

/**
 * The evidence status of a row in words: each status with its count, in the order verified,
 * not verified, not verified (inconclusive) (`2 verified; 1 not verified`), or
 * `no evidence`.
 */
export function evidenceSummary(pointers: readonly EvidencePointer[]): string {
  if (pointers.length === 0) return 'no evidence';
  const parts: string[] = [];
  for (const status of ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'] as const) {
    const n = pointers.filter((p) => p.status === status).length;
    if (n > 0) parts.push(`${n} ${evidenceWord(status).label}`);
  }
  return parts.join('; ');
}

/** One row's CSV values, in {@link DECISIONS_CSV_COLUMNS} order. */
export function decisionCsvValues(row: TrailRow): CsvValue[] {
  return [row.id, row.ts, row.phase, row.ticket, row.actor, row.decision, row.why, row.evidenceText, evidenceSummary(row.evidence), row.result, row.supersededBy.join(' '), row.file, row.line];
}

/** decisions.csv of a project's rows. */
export function decisionsCsv(rows: readonly TrailRow[]): string {
  return csvDocument(DECISIONS_CSV_COLUMNS, rows.map(decisionCsvValues));
}
