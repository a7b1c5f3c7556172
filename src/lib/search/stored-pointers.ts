/**
 * A record's evidence pointers as the doc store keeps them for its search result (find16;
 * `StoredPointer` in index/format.ts, shown by query/evidence-line.ts): a decision row's, an
 * invalid record's, a criterion's, a finding's location — each record whose card on its page
 * lists evidence items.
 */
import type { EvidencePointer } from '../model/types.ts';
import { pointerOutcome, type PointerOutcome } from '../projections/counts.ts';
import { STORED_LIMITS, STORED_POINTERS, type StoredPointer } from './index/format.ts';

/** `{ pointers }` when there are any (an absent key adds no bytes to a record). */
export function withPointers(pointers: readonly EvidencePointer[]): { pointers?: StoredPointer[] } {
  const stored = storedPointers(pointers);
  return stored ? { pointers: stored } : {};
}

const OUTCOME_CODE: Record<PointerOutcome, StoredPointer[1]> = { verified: 'v', unresolved: 'n', prose: 'p', notCheckable: 'i' };

/**
 * A record's evidence pointers as its result shows them (find16): each as written (cut at
 * {@link STORED_LIMITS}.pointer characters), its outcome (`pointerOutcome`, the recap's
 * definition), and for one that did not resolve the check it failed; the first
 * {@link STORED_POINTERS}. Undefined for none (no bytes in the doc store).
 */
export function storedPointers(pointers: readonly EvidencePointer[]): StoredPointer[] | undefined {
  if (pointers.length === 0) return undefined;
  return pointers.slice(0, STORED_POINTERS).map((p) => {
    const raw = p.raw.length > STORED_LIMITS.pointer ? `${p.raw.slice(0, STORED_LIMITS.pointer - 1)}…` : p.raw;
    const code = OUTCOME_CODE[pointerOutcome(p)];
    return code === 'n' && p.fault ? [raw, code, p.fault] : [raw, code];
  });
}

