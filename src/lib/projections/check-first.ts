/**
 * Check first (decision trail, shipped Part 2 layer 1; spec/archive.md recap item 3):
 * every row whose evidence does not resolve, and every row whose result is not `verified`.
 * The list keeps that meaning; {@link checkFirstGroups} only orders it by reason, so one
 * reason shared by many rows (no repository) is said once, with its count.
 */
import type { EvidencePointer, ResultClass, Severity, TrailRow } from '../model/types.ts';
import { EVIDENCE_KINDS } from '../checks/evidence/unresolved.ts';
import { SEVERITY_ORDER } from './flags.ts';

/** Why a row is listed under Check first. */
export interface CheckFirstEntry {
  row: TrailRow;
  /** Pointers that are not VERIFIED. */
  unresolved: TrailRow['evidence'];
  /** True when the result is not exactly `verified`. */
  resultNotVerified: boolean;
}

/** True when a row's evidence is not all verified: a pointer that is not VERIFIED, or no pointer at all. */
export function evidenceNotVerified(row: Pick<TrailRow, 'evidence'>): boolean {
  return row.evidence.length === 0 || row.evidence.some((p) => p.status !== 'VERIFIED');
}

/** The Check first list, in file order. Superseded rows are included: a hidden row can still be wrong. */
export function checkFirst(rows: readonly TrailRow[]): CheckFirstEntry[] {
  const out: CheckFirstEntry[] = [];
  for (const row of rows) {
    const unresolved = row.evidence.filter((p) => p.status !== 'VERIFIED');
    const resultNotVerified = row.resultClass !== 'verified';
    if (evidenceNotVerified(row) || resultNotVerified) out.push({ row, unresolved, resultNotVerified });
  }
  return out;
}

/**
 * What a reason is, in the order Check first lists them: evidence that was checked and
 * failed (NOT_VERIFIED), rows with no evidence at all, results other than `verified`, and
 * last evidence that could not be checked (INCONCLUSIVE).
 */
export type CheckFirstOutcome = 'failed' | 'no-evidence' | 'result' | 'not-checkable';

const OUTCOME_ORDER: Record<CheckFirstOutcome, number> = { failed: 0, 'no-evidence': 1, result: 2, 'not-checkable': 3 };

/** Rows that share one reason. */
export interface CheckFirstGroup {
  outcome: CheckFirstOutcome;
  /**
   * What the rows share: for `failed`, the failed check's id (`evidence/commit-not-found`, the
   * pointer's `fault`); for `result`, the result class; for `not-checkable`, the pointer's
   * reason as written (`no repository`); for `no-evidence`, ''.
   */
  reason: string;
  /** The rows, in file order, each with the pointers this reason is about (none for `result` and `no-evidence`). */
  entries: Array<{ row: TrailRow; pointers: EvidencePointer[] }>;
  /** True when every row under Check first shares this reason (and there are several): say it once. */
  everyRow: boolean;
}

/** The severity of the flag a failed check raises (src/lib/checks/evidence/unresolved.ts); unknown checks sort last. */
const FAULT_SEVERITY = new Map<string, Severity>(EVIDENCE_KINDS.map((k) => [k.kind, k.severity]));
const faultRank = (g: CheckFirstGroup): number => (g.outcome === 'failed' ? SEVERITY_ORDER[FAULT_SEVERITY.get(g.reason) ?? 'low'] + (FAULT_SEVERITY.has(g.reason) ? 0 : 1) : 0);

/**
 * Check first by reason: failures first (the checks whose flag is high before medium), then
 * rows without evidence, results other than `verified`, then pointers that could not be
 * checked; within each, the reason most rows share first, then by reason. A row with several
 * reasons is in each of their groups.
 *
 * @param entries - The Check first list ({@link checkFirst}).
 */
export function checkFirstGroups(entries: readonly CheckFirstEntry[]): CheckFirstGroup[] {
  const groups = new Map<string, CheckFirstGroup>();
  const add = (outcome: CheckFirstOutcome, reason: string, row: TrailRow, pointer?: EvidencePointer): void => {
    const key = `${outcome}\u0000${reason}`;
    let group = groups.get(key);
    if (!group) {
      group = { outcome, reason, entries: [], everyRow: false };
      groups.set(key, group);
    }
    const last = group.entries[group.entries.length - 1];
    const entry = last?.row === row ? last : { row, pointers: [] };
    if (entry !== last) group.entries.push(entry);
    if (pointer) entry.pointers.push(pointer);
  };
  for (const e of entries) {
    for (const p of e.unresolved) {
      if (p.status === 'NOT_VERIFIED') add('failed', p.fault ?? 'evidence/not-verified', e.row, p);
      else add('not-checkable', p.reason, e.row, p);
    }
    if (e.row.evidence.length === 0) add('no-evidence', '', e.row);
    if (e.resultNotVerified) add('result', e.row.resultClass satisfies ResultClass, e.row);
  }
  const out = [...groups.values()].sort(
    (a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || faultRank(a) - faultRank(b) || b.entries.length - a.entries.length || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0),
  );
  for (const g of out) g.everyRow = entries.length > 1 && g.entries.length === entries.length;
  return out;
}

/**
 * Rows per outcome under Check first: a row with two reasons of one outcome is counted once,
 * a row with reasons of two outcomes once under each.
 *
 * @param groups - {@link checkFirstGroups}.
 * @returns The number of distinct rows of each outcome (0 when none).
 */
export function checkFirstOutcomeRows(groups: readonly CheckFirstGroup[]): Record<CheckFirstOutcome, number> {
  const rows: Record<CheckFirstOutcome, Set<TrailRow>> = { failed: new Set(), 'no-evidence': new Set(), result: new Set(), 'not-checkable': new Set() };
  for (const g of groups) for (const e of g.entries) rows[g.outcome].add(e.row);
  return { failed: rows.failed.size, 'no-evidence': rows['no-evidence'].size, result: rows.result.size, 'not-checkable': rows['not-checkable'].size };
}
