/**
 * One evidence status per record, in the words of the counts (src/lib/projections/counts.ts):
 * the worst outcome of its pointers — `did not resolve` (a pointer checked that does not
 * resolve), then `prose, no pointer` (a cell holding no pointer, issue 27), then `not checkable`,
 * then `verified` — or `no evidence` when it cites none. INCONCLUSIVE is never
 * clean (quality-and-design-controls.md, section 3), so a row with one verified pointer and one
 * not checkable is `not checkable`. decisions.csv's `evidence_status` column reads this, so a
 * change to the outcomes (`pointerOutcome`) flows into it.
 */
import type { EvidencePointer } from '../model/types.ts';
import { POINTER_OUTCOME_LABELS, pointerOutcome, type PointerOutcome } from './counts.ts';

/** A record's evidence status: the worst outcome of its pointers, or `none`. */
export type RecordEvidenceStatus = PointerOutcome | 'none';

/** The outcomes, worst first. */
const WORST_FIRST: readonly PointerOutcome[] = ['unresolved', 'prose', 'notCheckable', 'verified'];

/** How each status is written: the counts' words (`POINTER_OUTCOME_LABELS`), and `no evidence`. */
export const EVIDENCE_STATUS_WORDS: Record<RecordEvidenceStatus, string> = { ...POINTER_OUTCOME_LABELS, none: 'no evidence' };

/** The worst outcome of `pointers` ({@link WORST_FIRST}), or `none` for no pointer. */
export function recordEvidenceStatus(pointers: readonly Pick<EvidencePointer, 'status' | 'kind'>[]): RecordEvidenceStatus {
  if (pointers.length === 0) return 'none';
  const outcomes = new Set(pointers.map((p) => pointerOutcome(p)));
  return WORST_FIRST.find((o) => outcomes.has(o)) ?? 'none';
}
