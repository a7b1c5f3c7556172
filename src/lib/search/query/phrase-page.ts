/**
 * A phrase's first page when one of its words is near-universal (issue 30; phrase.ts says
 * which words are read and which checked in the stored titles).
 */
import type { DictEntry, SearchManifest } from '../index/format.ts';
import type { IndexRuntime } from './runtime.ts';
import { tallyCounts } from './counts.ts';
import { DECISION_FIELD_WEIGHT, primaryKey } from './ranking.ts';
import { documentOrder, type Hit, type IndexHits } from './hit-list.ts';
import { doubled } from '../index/typed-arrays.ts';
import { holdsPhrase, titlePositions, type PhrasePlan } from './phrase.ts';
import type { Postings } from './postings.ts';
import type { SearchOutcome } from './outcome.ts';
import type { DocStore } from './doc-store.ts';
import { FIRST_PAGE, PHRASE_READS } from './first-page.ts';

/**
 * The first page of a phrase with a near-universal word (phrase.ts): a query of words only,
 * no filter, `plan` saying which of `terms` are read (`entries[j]` is `terms[j]`'s entry) and
 * which checked. Reads the listed words' first blocks (format.ts, WORD_BLOCK_POSTINGS); up to
 * the first last document of a block read, the decision rows of current parts holding every
 * listed word first in their titles at its place in the phrase are the only records that may
 * have the best key; their stored titles (the doc-store files the page shows) say which have
 * it. When fewer than {@link FIRST_PAGE} are found, the next blocks of the words whose blocks
 * ended first are read, once. Returns the first {@link FIRST_PAGE} rows with the best key, in
 * document order (the whole search's first page), or null: fewer of them, more than
 * {@link PHRASE_READS} titles to read, a batch of titles of which fewer than half hold the
 * phrase, or a cut title that cannot tell (phrase.ts). `early` is told the first row found as
 * soon as its title is read (leading-hit.ts): it has the best key, and the rows before it in
 * document order that could have it were read and lack the phrase, so it is this index's
 * first result whether or not a page is then found. `store`: the engine's doc-store files;
 * `manifest`: the search's.
 */
export async function phrasePage(store: DocStore, manifest: SearchManifest, ix: IndexRuntime, which: number, terms: readonly string[], entries: readonly DictEntry[], plan: PhrasePlan, outcome: SearchOutcome, later: Array<() => void>, scale: { parts: number; docs: number }, early: ((hit: Hit, order: number) => void) | null): Promise<IndexHits | null> {
  const { table } = ix;
  const T = terms.length;
  const best = primaryKey(2 * T, 0, 1, 0, DECISION_FIELD_WEIGHT * T);
  const listed = plan.listed;
  const entryOf = (k: number): DictEntry => entries[listed[k] as number] as DictEntry;
  /** Per listed word: its blocks read, as one list (documents, field codes). */
  const docsOf: Uint32Array[] = listed.map(() => new Uint32Array(0));
  const fieldsOf: Uint32Array[] = listed.map(() => new Uint32Array(0));
  const wordsOf: Float64Array[] = listed.map(() => new Float64Array(0));
  const blocksRead = listed.map(() => 0);
  const where = { part: -1, tier: 0, local: 0 };
  type Row = { doc: number; word: number; part: number; rank: number; tier: number; local: number; type: number };
  const found: Row[] = [];
  let checks = 0;
  /** Documents up to this one have been looked at. */
  let done = -1;
  let want = listed.map((_, k) => k);
  for (let round = 0; round < 2; round++) {
    const blocks = await Promise.all(want.map((k) => ix.block(entryOf(k), blocksRead[k] as number)));
    want.forEach((k, n) => {
      const b = blocks[n] as Postings;
      const at = (docsOf[k] as Uint32Array).length;
      const length = at + b.docs.length;
      // The block after those read before (typed-arrays.ts `doubled`, grown to the sum).
      const docs = doubled(docsOf[k] as Uint32Array, (m) => new Uint32Array(m), undefined, length);
      const fields = doubled(fieldsOf[k] as Uint32Array, (m) => new Uint32Array(m), undefined, length);
      const words = doubled(wordsOf[k] as Float64Array, (m) => new Float64Array(m), undefined, length);
      docs.set(b.docs, at);
      if (b.fields) fields.set(b.fields, at);
      words.set(b.words, at);
      docsOf[k] = docs;
      fieldsOf[k] = fields;
      wordsOf[k] = words;
      blocksRead[k] = (blocksRead[k] as number) + 1;
    });
    // Every listed word's records are known up to `upTo` (a word read whole bounds nothing).
    const bounds = listed.map((_, k) => ((blocksRead[k] as number) === entryOf(k)[2].length ? Infinity : ((docsOf[k] as Uint32Array).at(-1) ?? -1)));
    const upTo = Math.min(...bounds);
    // Candidates in (done, upTo], in document order: the rarest list read drives, the others are walked beside it.
    let driver = 0;
    for (let k = 1; k < listed.length; k++) if ((docsOf[k] as Uint32Array).length < (docsOf[driver] as Uint32Array).length) driver = k;
    const cursor = listed.map(() => 0);
    const candidates: Row[] = [];
    const lead = docsOf[driver] as Uint32Array;
    for (let i = 0; i < lead.length; i++) {
      const doc = lead[i] as number;
      if (doc <= done) continue;
      if (doc > upTo) break;
      let base = Number.NaN;
      let ok = true;
      for (let k = 0; k < listed.length && ok; k++) {
        const docs = docsOf[k] as Uint32Array;
        let c = cursor[k] as number;
        while (c < docs.length && (docs[c] as number) < doc) c++;
        cursor[k] = c;
        if (docs[c] !== doc) ok = false;
        else {
          const code = (fieldsOf[k] as Uint32Array)[c] as number;
          // First in the title, at its place in the phrase (the same place for every listed word).
          const start = (code >>> 4) - (listed[k] as number);
          if ((code & 1) === 0 || (k > 0 && start !== base)) ok = false;
          base = start;
        }
      }
      if (!ok || base < 0) continue;
      ix.locate(doc, where);
      const part = where.part;
      const rank = part < 0 ? -1 : (ix.rank[part] as number);
      if (rank < 0) continue;
      const word = (wordsOf[driver] as Float64Array)[i] as number;
      const slot = table.slotOf(part, ix.typeFacet);
      const set = slot < 0 ? -1 : table.setAt(part, (table.facetStart[part] as number) + slot, word);
      if (set < 0 || ix.decisionSet[set] !== 1) continue;
      candidates.push({ doc, word, part, rank, tier: where.tier, local: where.local, type: table.firstValue[set] as number });
    }
    done = upTo;
    // Their stored titles, as many at once as the page still needs.
    for (let c = 0; c < candidates.length && found.length < FIRST_PAGE; ) {
      const batch = candidates.slice(c, c + FIRST_PAGE - found.length);
      c += batch.length;
      checks += batch.length;
      if (checks > PHRASE_READS) return null;
      const reads = batch.map((r) => store.stored({ index: which, doc: r.doc, part: r.rank, local: r.local }));
      // None found yet: the first title read in order that holds the phrase is the first result.
      if (early && found.length === 0) {
        const tell = early;
        void (async () => {
          for (const [n, read] of reads.entries()) {
            const at = titlePositions((await read)?.[2] ?? '', terms);
            if (at === null) return;
            if (!holdsPhrase(at)) continue;
            const r = batch[n] as Row;
            tell({ index: which, doc: r.doc, part: r.rank, local: r.local, word: r.word, coverage: 2 * T, score: best }, documentOrder(scale, r.tier, r.rank, r.local));
            return;
          }
        })().catch(() => undefined);
      }
      const stored = await Promise.all(reads);
      const before = found.length;
      for (const [n, r] of batch.entries()) {
        const at = titlePositions(stored[n]?.[2] ?? '', terms);
        if (at === null) return null;
        if (holdsPhrase(at)) found.push(r);
      }
      // Most titles read do not hold the phrase (the words in another order, say): the
      // words' lists rank what there is, and no more doc-store files are read for nothing.
      if ((found.length - before) * 2 < batch.length) return null;
    }
    if (found.length >= FIRST_PAGE || upTo === Infinity) break;
    want = listed.map((_, k) => k).filter((k) => bounds[k] === upTo);
  }
  if (found.length < FIRST_PAGE) return null;
  outcome.firstPage = true;
  outcome.complete += found.length;
  const n = found.length;
  const out: IndexHits = { index: which, doc: new Uint32Array(n), word: new Float64Array(n), coverage: new Uint8Array(n).fill(2 * T), score: new Float64Array(n).fill(best), order: new Float64Array(n), part: new Int32Array(n), local: new Uint32Array(n) };
  const typeAt = new Int32Array(n);
  const indexPart = new Int32Array(n);
  found.forEach((r, k) => {
    out.doc[k] = r.doc;
    out.word[k] = r.word;
    out.part[k] = r.rank;
    out.local[k] = r.local;
    out.order[k] = documentOrder(scale, r.tier, r.rank, r.local);
    typeAt[k] = r.type;
    indexPart[k] = r.part;
    const name = ix.typeName(r.type);
    outcome.totals[name] = (outcome.totals[name] ?? 0) + 1;
  });
  const projectOf = (part: number): string | null => manifest.parts[ix.rank[part] as number]?.project ?? null;
  later.push(() => tallyCounts(ix, outcome, projectOf, { part: indexPart, word: out.word, type: typeAt, only: null, n }));
  return out;
}
