/**
 * A row about the trail itself — it appends to the trail, flags one of its rows, leaves a note
 * in it — may cite the trail: that is a reference to the record the row is about, not evidence
 * offered for a claim about the work (decision trail, Part 1, "Never prose": evidence points at
 * something checkable; Part 2, layer 1). Such a pointer is shown as a `reference`,
 * INCONCLUSIVE ("not verified"), with no flag — the severity docs/checks.md gives every
 * reference. A row about the work that cites the trail (or a folder holding only records)
 * stays a self-citation (`evidence/self-citation`, medium) and links to nothing, as all
 * failed evidence does.
 *
 * Applied per row after resolution (src/lib/project/analyse-project.ts): resolution is
 * memoised per cell, and the same cell may stand on a row about the trail and on one that
 * is not.
 */
import type { EvidencePointer, EvidenceTarget, TrailRow } from '../model/types.ts';

/** Last words of a phase that name the trail as the row's subject (`pr-1/trail`, `log`). */
const TRAIL_PHASES: ReadonlySet<string> = new Set(['trail', 'log', 'decisions', 'records']);

/**
 * Words of a decision that make the trail its subject: the trail or the decision log named as
 * such, a row of it, a note left in it. Matched on the decision only (its `why` explains; it
 * does not say what the row is about). A bare "trail" or "row" is not enough: "Trail is the
 * proof" is a claim about the work resting on the trail (found by an adversarial review), and
 * "row" is also a word of the work.
 */
const TRAIL_WORDS = /\b(?:(?:the|this|our|its) (?:decision )?(?:trail|log)|trail (?:row|line|entry|file)s?|decision log|audit (?:line|row|log|entry)|(?:design|trail|earlier|previous|prior|last|first|above|that|this) row|a note)\b/i;

/**
 * Whether a row's subject is the trail itself: its phase ends in `trail`, `log`, `decisions`
 * or `records`, or its decision names the trail file it stands in (`decisions.tsv`,
 * `build-v1-04.tsv`) or the trail in words (TRAIL_WORDS).
 */
export function isAboutTheTrail(row: Pick<TrailRow, 'phase' | 'decision' | 'file'>): boolean {
  const last = row.phase.toLowerCase().split(/[\s/:]+/).filter((w) => w !== '').pop();
  if (last !== undefined && TRAIL_PHASES.has(last)) return true;
  const name = row.file.split('/').pop()?.toLowerCase() ?? '';
  return (name !== '' && row.decision.toLowerCase().includes(name)) || TRAIL_WORDS.test(row.decision);
}

/** The reason shown on a trail reference. */
export const TRAIL_REFERENCE_REASON = 'the row is about the trail, and cites it: a reference to the record, not evidence checked';

/**
 * A row's pointers as the row reads them. On a row about the trail, a self-citation becomes a
 * `reference` (INCONCLUSIVE, no fault), linked to the cited row of the project's own trail
 * (`anchorAt`: the recap anchor of the row at a file and line, or undefined) or to its
 * Decisions. On any other row a self-citation keeps its fault and loses its link. Other
 * pointers are returned as they are; the input is never modified.
 */
export function readAsRowCites(
  row: Pick<TrailRow, 'phase' | 'decision' | 'file'>,
  pointers: readonly EvidencePointer[],
  anchorAt: (file: string, line: number) => string | undefined,
): EvidencePointer[] {
  if (!pointers.some((p) => p.fault === 'evidence/self-citation')) return pointers as EvidencePointer[];
  const about = isAboutTheTrail(row);
  return pointers.map((p) => {
    if (p.fault !== 'evidence/self-citation') return p;
    const { fault: _fault, target, ...rest } = p;
    if (!about) return { ...rest, fault: p.fault };
    const linked = rowTarget(target, anchorAt);
    return { ...rest, kind: 'reference', status: 'INCONCLUSIVE', reason: TRAIL_REFERENCE_REASON, ...(linked ? { target: linked } : {}) };
  });
}

/** A row target with the anchor of the row at its line, when one is there. */
function rowTarget(target: EvidenceTarget | undefined, anchorAt: (file: string, line: number) => string | undefined): EvidenceTarget | undefined {
  if (target?.type !== 'row') return undefined;
  const anchor = target.from !== undefined ? anchorAt(target.file, target.from) : undefined;
  return { ...target, ...(anchor !== undefined ? { anchor } : {}) };
}
