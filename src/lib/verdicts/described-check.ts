/**
 * QA evidence may describe a check instead of pointing at one (issue 13, item 5: the seed asks
 * trail rows for pointers — decision trail, Part 1: "Never prose" — but quality controls,
 * section 3, lets a criterion be VERIFIED on what the QA agent observed: "staging run
 * 2026-04-02"). Such a description is shown as not checkable (INCONCLUSIVE, no fault), with at
 * most a low notice (`verdict/criterion-described`); a pointer in the same evidence that was
 * checked and does not resolve keeps its own fault, and its high flag.
 */
import type { EvidencePointer } from '../model/types.ts';

/** The reason a described check is shown with. */
export const DESCRIBED_REASON = 'a description of the check, not a pointer: not checkable';

/** A criterion's pointers with every description (a prose pointer) made "not checkable" instead of a fault. */
export function asDescribedChecks(pointers: readonly EvidencePointer[]): EvidencePointer[] {
  return pointers.map((p) => {
    if (p.kind !== 'prose' || p.fault !== 'evidence/prose') return p;
    const { fault: _fault, ...rest } = p;
    return { ...rest, status: 'INCONCLUSIVE', reason: DESCRIBED_REASON };
  });
}

/** Whether a criterion's evidence only describes its check: every pointer is a description. */
export const onlyDescribed = (pointers: readonly EvidencePointer[]): boolean => pointers.length > 0 && pointers.every((p) => p.kind === 'prose' && p.reason === DESCRIBED_REASON);
