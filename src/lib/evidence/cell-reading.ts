/**
 * One treatment per kind of cell (issue 26, scope 5; issue 27, scope 5), applied to a cell's
 * pointers once they are resolved (resolve.ts), the same for a trail row, a malformed row and
 * a QA criterion:
 *
 * - A pointer that stands as the cell, a list item or the head of one (no `within`) keeps its
 *   verdict: one that fails raises its flag (`evidence/path-not-found`: high), as before.
 * - A pointer only named inside a command's words, a pointer's note or a prose item (`within`
 *   set by classify.ts: `console.log` in "rendered by console.log alone", `decisions.tsv` in
 *   "git status (2 files: MEMORY.md, decisions.tsv)") is shown and checked, but when it does
 *   not resolve it is INCONCLUSIVE ("named in the text, not cited …") with `mentionFault`
 *   holding the check it failed: a low notice (`evidence/mention-not-found`), never a high or
 *   medium flag. The trail named inside a text is no self-citation (no notice at all).
 * - A prose item (`kind: 'prose'`) is a remark beside the cell's evidence when the cell holds
 *   any: a standing pointer, a command or reference, or a named pointer that did not fail.
 *   It is then INCONCLUSIVE ({@link REMARK_REASON}), with no flag. In a cell that holds none,
 *   every prose item stays NOT_VERIFIED `evidence/prose` (medium): a claim with no pointer
 *   (decision trail, Part 1: "Never prose").
 *
 * Pure: a function of the cell's own pointers, so it runs inside the per-cell memo (the row's
 * own readings — trail-references.ts, no-evidence-given.ts — come after it).
 */
import type { EvidencePointer } from '../model/types.ts';

/** The reason a prose item is NOT_VERIFIED with, in a cell that holds no evidence (`evidence/prose`). */
export const PROSE_REASON = 'evidence must be a pointer, not prose';

/** The reason a prose item beside a cell's evidence is shown with. */
export const REMARK_REASON = "a remark beside the cell's evidence: shown as written, not checked";

/** Faults that a pointer only named in a text does not raise (it is INCONCLUSIVE instead); an unsafe URL keeps its own. */
const NAMED_FAULTS: ReadonlySet<string> = new Set([
  'evidence/commit-not-found',
  'evidence/commit-ambiguous',
  'evidence/not-a-commit',
  'evidence/path-not-found',
  'evidence/line-out-of-range',
  'evidence/path-outside-repository',
  'evidence/rubric-criterion-missing',
  'evidence/self-citation',
]);

/** Where a named pointer was found, in words. */
function placeOf(parent: EvidencePointer | undefined): string {
  if (parent?.kind === 'command') return "named in a command's text";
  if (parent?.kind === 'prose') return 'named in the text';
  return `named in the note of ${parent?.raw ?? 'a pointer'}`;
}

/** Whether a cell's read pointers hold evidence: a standing pointer that is not prose, or a named one that did not fail. */
export function holdsEvidence(read: readonly EvidencePointer[]): boolean {
  return read.some((p) => (p.within === undefined ? p.kind !== 'prose' : p.status !== 'NOT_VERIFIED' && p.mentionFault === undefined));
}

/**
 * A cell's resolved pointers read by where each stands (see the module comment). Returns a
 * new list of the same length and order; the input is not modified.
 */
export function readCellPointers(pointers: readonly EvidencePointer[]): EvidencePointer[] {
  const read = pointers.map((p): EvidencePointer => {
    if (p.within === undefined || p.status !== 'NOT_VERIFIED' || p.fault === undefined || !NAMED_FAULTS.has(p.fault)) return p;
    const { fault, ...rest } = p;
    // The trail named in a text (`git status (… decisions.tsv)`) claims nothing: no notice.
    if (fault === 'evidence/self-citation') return { ...rest, status: 'INCONCLUSIVE', reason: `${placeOf(pointers[p.within])}: one of the project's own records, not cited as evidence` };
    return { ...rest, status: 'INCONCLUSIVE', reason: `${placeOf(pointers[p.within])}, not cited on its own: ${p.reason}`, mentionFault: fault };
  });
  if (!holdsEvidence(read)) return read;
  return read.map((p) => {
    if (p.kind !== 'prose' || p.fault !== 'evidence/prose') return p;
    const { fault: _fault, ...rest } = p;
    return { ...rest, status: 'INCONCLUSIVE', reason: REMARK_REASON };
  });
}
