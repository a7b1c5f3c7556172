/**
 * Check first (decision trail, shipped Part 2 layer 1; spec/archive.md recap item 3):
 * every row whose evidence does not resolve, and every row whose result is not `verified`.
 */
import type { TrailRow } from '../model/types.ts';

/** Why a row is listed under Check first. */
export interface CheckFirstEntry {
  row: TrailRow;
  /** Pointers that are not VERIFIED. */
  unresolved: TrailRow['evidence'];
  /** True when the result is not exactly `verified`. */
  resultNotVerified: boolean;
}

/** The Check first list, in file order. Superseded rows are included: a hidden row can still be wrong. */
export function checkFirst(rows: readonly TrailRow[]): CheckFirstEntry[] {
  const out: CheckFirstEntry[] = [];
  for (const row of rows) {
    const unresolved = row.evidence.filter((p) => p.status !== 'VERIFIED');
    const resultNotVerified = row.resultClass !== 'verified';
    if (unresolved.length > 0 || resultNotVerified || row.evidence.length === 0) out.push({ row, unresolved, resultNotVerified });
  }
  return out;
}
