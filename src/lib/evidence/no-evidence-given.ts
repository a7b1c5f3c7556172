/**
 * An evidence cell that says there is none (`n/a`, `none`, `-`) on a row whose result claims
 * nothing yet (`open`, `skipped`, `inconclusive`: decision trail, Part 1, the `result` words)
 * is the agent saying nothing was checked, which the row already says: shown "not verified
 * (inconclusive)" with no flag (docs/checks.md, the severity rule: a flag a person would
 * dismiss as noise is a defect). On a row whose result claims anything else — `verified`, a
 * note such as "tests green" — the same cell is prose, flagged: a claim with no pointer.
 *
 * Applied per row after resolution (src/lib/project/analyse-project.ts), like
 * trail-references.ts: resolution is memoised per cell, the result is the row's.
 */
import type { EvidencePointer, ResultClass } from '../model/types.ts';

/** Cells that say no evidence applies, as written (case and a final `.` aside). */
const NONE = /^(?:n\/?a|none|nothing|-|—|–|not applicable|not yet|none yet|nothing yet)\.?$/i;

/** Results that claim nothing was shown to hold. */
const CLAIMS_NOTHING: ReadonlySet<ResultClass> = new Set(['open', 'skipped', 'inconclusive']);

/** The reason shown on such a cell. */
export const NO_EVIDENCE_REASON = 'no evidence given, and the row claims none yet: its result is';

/**
 * A row's pointers as its result reads them: a lone "none" cell on a row that claims nothing
 * yet is INCONCLUSIVE with no fault; anything else is returned as it is (never modified).
 */
export function readNoEvidenceGiven(resultClass: ResultClass, pointers: readonly EvidencePointer[]): EvidencePointer[] {
  const only = pointers.length === 1 ? pointers[0] : undefined;
  if (only === undefined || only.kind !== 'prose' || only.fault !== 'evidence/prose' || !CLAIMS_NOTHING.has(resultClass) || !NONE.test(only.raw.trim())) return pointers as EvidencePointer[];
  const { fault: _fault, ...rest } = only;
  return [{ ...rest, status: 'INCONCLUSIVE', reason: `${NO_EVIDENCE_REASON} ${resultClass}` }];
}
