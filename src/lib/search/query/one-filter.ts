/**
 * A query of one filter value and no words (issue 30, `?result=open`): its hits read straight
 * from the value's postings, or on a first page from its first block (format.ts, FACET_FIRST).
 */
import type { DictEntry } from '../index/format.ts';
import type { IndexRuntime } from './runtime.ts';
import { tallyCounts } from './counts.ts';
import { primaryKey } from './ranking.ts';
import { documentOrder, type IndexHits } from './hit-list.ts';
import type { SearchOutcome } from './outcome.ts';
import { FIRST_PAGE } from './first-page.ts';

/**
 * The hits of a query of one filter value and no words (`result = failed`: 124,579 records
 * of a million), read straight from the value's postings: they are in document order, every
 * record holds the value, and filters alone rank nothing, so no candidates are made, scored
 * or sorted. `entry` is the value's facet term (null: no record has it). The records' types
 * are totalled now; their counts per filter value are left to `later` (tallyCounts), and the
 * filter's own counts are the archive's (search()).
 */
export async function oneFilterHits(ix: IndexRuntime, which: number, entry: DictEntry | null, outcome: SearchOutcome, later: Array<() => void>, scale: { parts: number; docs: number }, projectOf: (part: number) => string | null, firstPage = false): Promise<IndexHits> {
  const { table } = ix;
  // A first page: the value's first block (format.ts, FACET_FIRST), when it has one.
  const fromFirst = firstPage && entry?.[3] !== undefined;
  const list = entry ? await (fromFirst ? ix.topPostings(entry) : ix.postings(entry)) : { docs: new Uint32Array(0), words: new Float64Array(0) };
  const n = list.docs.length;
  const out: IndexHits = { index: which, doc: new Uint32Array(n), word: new Float64Array(n), coverage: new Uint8Array(n), score: new Float64Array(n).fill(primaryKey(0, 0, 0, 0, 0)), order: new Float64Array(n), part: new Int32Array(n), local: new Uint32Array(n) };
  const indexPart = new Int32Array(n);
  const typeAt = new Int32Array(n);
  const typeFacet = ix.typeFacet;
  const nTypes = ix.types;
  const totalAcc = new Int32Array(nTypes);
  const where = { part: -1, tier: 0, local: 0 };
  let lastPart = -1;
  let rank = -1;
  let typeSlot = -1;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const doc = list.docs[i] as number;
    ix.locate(doc, where);
    const part = where.part;
    if (part < 0) continue;
    if (part !== lastPart) {
      lastPart = part;
      rank = ix.rank[part] as number;
      const tk = table.slotOf(part, typeFacet);
      typeSlot = tk < 0 ? -1 : (table.facetStart[part] as number) + tk;
    }
    // A stale part's records (the delta index holds them now) are not results.
    if (rank < 0) continue;
    const word = list.words[i] as number;
    const set = typeSlot < 0 ? -1 : table.setAt(part, typeSlot, word);
    const type = set < 0 ? 0 : (table.firstValue[set] as number);
    totalAcc[type] = (totalAcc[type] as number) + 1;
    out.doc[k] = doc;
    out.word[k] = word;
    out.part[k] = rank;
    out.local[k] = where.local;
    out.order[k] = documentOrder(scale, where.tier, rank, where.local);
    indexPart[k] = part;
    typeAt[k] = type;
    k++;
  }
  if (fromFirst) {
    // Too few current records in the first block (a delta index holds the rest): the whole list.
    if (k < FIRST_PAGE) return oneFilterHits(ix, which, entry, outcome, later, scale, projectOf, false);
    // The totals are the value's counts in the manifest (search()); the counts per filter value need every record.
    outcome.firstPage = true;
    return k === n ? out : { index: which, doc: out.doc.subarray(0, k), word: out.word.subarray(0, k), coverage: out.coverage.subarray(0, k), score: out.score.subarray(0, k), order: out.order.subarray(0, k), part: out.part.subarray(0, k), local: out.local.subarray(0, k) };
  }
  // Every record found holds every word of the query (it has none).
  outcome.complete += k;
  for (let t = 0; t < nTypes; t++) {
    if ((totalAcc[t] as number) === 0) continue;
    const name = ix.typeName(t);
    outcome.totals[name] = (outcome.totals[name] ?? 0) + (totalAcc[t] as number);
  }
  later.push(() => tallyCounts(ix, outcome, projectOf, { part: indexPart, word: out.word, type: typeAt, only: null, n: k }));
  if (k === n) return out;
  return { index: which, doc: out.doc.subarray(0, k), word: out.word.subarray(0, k), coverage: out.coverage.subarray(0, k), score: out.score.subarray(0, k), order: out.order.subarray(0, k), part: out.part.subarray(0, k), local: out.local.subarray(0, k) };
}
