/**
 * The evidence line of a search result (find16): the pointers a decision row (an invalid
 * record, a criterion, a finding's location) cites, each with what became of it, in the recap's words (src/lib/site/words.ts
 * `pointerWord`: `verified`, `not verified`, `not verified (inconclusive)`, `prose, no
 * pointer`) and, for one that did not resolve, the check it failed. An auditor searching a SHA or
 * a path sees the pointer that matched and its verdict; one searching words sees what the row
 * rests on before opening it. Read from the doc store (`StoredPointer`, index/format.ts), so a
 * result costs no other fetch.
 */
import type { StoredPointer } from '../index/format.ts';
import { marked, type Segment } from './excerpt.ts';

/** Pointers a result shows, at most: those the query names first, then the row's others in order. */
export const EVIDENCE_SHOWN = 3;

/** One pointer of a result's evidence line. */
export interface EvidenceItem {
  /** The pointer as written, the query's words, SHAs and paths marked. */
  text: Segment[];
  /** The recap's status (its `data-status` on a row card's evidence item). */
  status: 'VERIFIED' | 'NOT_VERIFIED' | 'INCONCLUSIVE';
  /** A cell of prose, no pointer (the recap's `data-outcome=prose`). */
  prose: boolean;
  /** The status in the recap's words (`not verified`). */
  label: string;
  /** For a pointer that did not resolve: the check it failed (`evidence/commit-not-found`), else null. */
  fault: string | null;
  /** The query names it (a mark in `text`). */
  matched: boolean;
}

/** A result's evidence line: some pointers, and how many more the row cites. */
export interface EvidenceLine {
  items: EvidenceItem[];
  /** Pointers of the record not shown (counting those past what the doc store keeps is not possible: `STORED_POINTERS`). */
  more: number;
}

/** Each stored outcome as the recap says it (words.ts `pointerWord`; tested equal). */
export const OUTCOME_WORDS: Readonly<Record<StoredPointer[1], Pick<EvidenceItem, 'status' | 'prose' | 'label'>>> = {
  v: { status: 'VERIFIED', prose: false, label: 'verified' },
  n: { status: 'NOT_VERIFIED', prose: false, label: 'not verified' },
  i: { status: 'INCONCLUSIVE', prose: false, label: 'not verified (inconclusive)' },
  p: { status: 'NOT_VERIFIED', prose: true, label: 'prose, no pointer' },
};

/**
 * The evidence line of a record's stored pointers for a query (`terms`, `prefix`, SHA prefixes
 * `hexes`, `paths`, as excerpt.ts marks them): the pointers the query names, then the others,
 * {@link EVIDENCE_SHOWN} at most (within each, in the order the row wrote them); null for none.
 */
export function evidenceLine(pointers: readonly StoredPointer[] | undefined, terms: ReadonlySet<string>, prefix: string | null, hexes: readonly string[] = [], paths: readonly string[] = []): EvidenceLine | null {
  if (!pointers || pointers.length === 0) return null;
  const all = pointers.map(([raw, outcome, fault]): EvidenceItem => {
    const text = marked(raw, terms, prefix, hexes, paths);
    const words = OUTCOME_WORDS[outcome] ?? OUTCOME_WORDS.i;
    return { text, ...words, fault: outcome === 'n' && fault ? fault : null, matched: text.some((s) => s.mark) };
  });
  const order = [...all.keys()].sort((a, b) => Number((all[b] as EvidenceItem).matched) - Number((all[a] as EvidenceItem).matched) || a - b);
  const shown = order.slice(0, EVIDENCE_SHOWN);
  return { items: shown.map((i) => all[i] as EvidenceItem), more: all.length - shown.length };
}
