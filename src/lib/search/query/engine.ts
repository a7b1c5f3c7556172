/**
 * The search engine of the search page (issue 11), pure: it reads the index files through a
 * loader (the page fetches and gunzips them; the relevance benchmark reads them from disk)
 * and returns ranked records with their counts.
 *
 * Ranking (issue 11 scope 1 and 2), each key breaking the ties of the one before:
 * 1. coverage: query tokens the record holds, a whole word (or an exact match) 2, a word it
 *    only begins 1 — so records holding every word come before records holding some;
 * 2. exact matches: the record is the id, SHA, path or flag kind typed (30), cites it
 *    exactly (20–30), or cites the file at another line (10) (exact-keys.ts, pathMatch);
 * 3. phrase: every query word, in the query's order, one after the other in one field;
 * 4. proximity: how close the query's words sit in the field holding most of them — the
 *    words between them, and 10 for each query word in another field (fewer first);
 * 5. field: title 8, body 4, evidence 2, meta 1, per query word, in its best field; a decision
 *    row's title (its decision field) or a beads issue's title 9, so the record comes before
 *    the flags whose summaries quote it or its paths (a flag's severity would otherwise put
 *    them first);
 * 6. severity, then recency: the index's document order (format.ts), newest part first.
 *
 * Counts (scope 3): the records of the current query per type (a flag counts as a flag, a
 * decision row as a row), and, per filter value, the records the query would show with that
 * value chosen instead (the other filters kept).
 */
import { TIERS, facetTerm, type DictEntry, type SearchManifest } from '../index/format.ts';
import { PART_TABLE_FILE } from '../index/part-table.ts';
import { parseQuery, type ParsedQuery, type QueryToken } from './parse.ts';
import { excerpt, lateTitleExcerpt, marked } from './excerpt.ts';
import { evidenceLine } from './evidence-line.ts';
import { IndexRuntime, type Loader } from './runtime.ts';
import { Candidates } from './candidates.ts';
import { NOT_COUNTED, tallyCounts } from './counts.ts';
import { DECISION_FIELD_WEIGHT, FIELD_WEIGHT, bestField, primaryKey } from './ranking.ts';
import { HitList, documentOrder, type Hit, type IndexHits } from './hit-list.ts';
import { planLookups, PREFIX_TERMS } from './plan.ts';
import { bodyCitesLine } from '../cited-lines.ts';
import { phrasePlan } from './phrase.ts';
import { phrasePage } from './phrase-page.ts';
import { oneFilterHits } from './one-filter.ts';
import { DocStore } from './doc-store.ts';
import { FIRST_PAGE, WHOLE_LISTS_TOP_BLOCKS } from './first-page.ts';
import type { SearchOutcome, ShownHit } from './outcome.ts';
import { LeadingHit } from './leading-hit.ts';
import type { Postings } from './postings.ts';

export type { Loader } from './runtime.ts';
export { HitList, type Hit } from './hit-list.ts';

/** Filters: facet key → wanted values (a record passes with any of them). */
export type Filters = Readonly<Record<string, readonly string[]>>;

export { PREFIX_TERMS } from './plan.ts';
export { FIRST_PAGE, WHOLE_LISTS_TOP_BLOCKS } from './first-page.ts';
export type { SearchOutcome, ShownHit } from './outcome.ts';

const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/**
 * Adds to `cands` the documents found in every one of `lists` (each in document order, as
 * posting blocks are), with each list's field code (term `j` of `m`).
 */
function addCommon(lists: readonly Postings[], cands: Candidates, m: number): void {
  const at = new Int32Array(lists.length);
  const first = lists[0] as Postings;
  for (let i = 0; i < first.docs.length; i++) {
    const doc = first.docs[i] as number;
    let all = true;
    for (let j = 1; j < lists.length && all; j++) {
      const docs = (lists[j] as Postings).docs;
      let k = at[j] as number;
      while (k < docs.length && (docs[k] as number) < doc) k++;
      at[j] = k;
      if (k >= docs.length || docs[k] !== doc) all = false;
    }
    if (!all) continue;
    const c = cands.add(doc, first.words[i] as number);
    if (c < 0) continue;
    for (let j = 0; j < lists.length; j++) {
      const list = lists[j] as Postings;
      cands.fields[c * m + j] = list.fields ? (list.fields[j === 0 ? i : (at[j] as number)] as number) : 1;
    }
  }
}

/** The search engine over a manifest. */
export class SearchEngine {
  private readonly indexes: IndexRuntime[];
  /** The records' stored text, each doc-store file read once. */
  private readonly store: DocStore;
  private readonly facetOrder: string[];
  /** Document order across indexes: (tier × parts + rank) × docs + local (set once the parts tables are read). */
  private orderScale: { parts: number; docs: number } | null = null;
  readonly manifest: SearchManifest;
  private readonly load: Loader;
  private readonly base: string;

  /**
   * `base`: the site's base path (`/`, `/archive/`), put before every link. `early`: index
   * files fetched before the manifest was read (without its generation), by loader path; only
   * `<index>/parts.bin` is used, and only when its digest is the manifest's.
   */
  constructor(manifest: SearchManifest, load: Loader, base = '/', early: Readonly<Record<string, Promise<Uint8Array>>> = {}) {
    this.manifest = manifest;
    this.load = load;
    this.base = base;
    this.indexes = manifest.indexes.map((info) => new IndexRuntime(info, load, manifest, early[`${info.name}/${PART_TABLE_FILE}`]));
    this.store = new DocStore(manifest, this.indexes, load);
    this.facetOrder = manifest.facets.map((f) => f.key);
  }

  /** Waits for every index's parts table; sets the document order's scale. Throws when a table cannot be read. */
  private async tables(): Promise<{ parts: number; docs: number }> {
    await Promise.all(this.indexes.map((ix) => ix.ready));
    if (this.orderScale) return this.orderScale;
    let docs = 1;
    for (const ix of this.indexes) for (let part = 0; part < ix.table.size; part++) docs = Math.max(docs, ix.table.docs(part) + 1);
    this.orderScale = { parts: this.manifest.parts.length + 1, docs };
    return this.orderScale;
  }

  /**
   * Runs a query with filters. `q` may be empty (filters only); with neither, nothing is found.
   * `countsLater`: leave the counts per filter value (`outcome.counts`) to
   * {@link finishCounts}, so the first results are listed sooner (a filter over a million
   * records counts every other filter's values: a third of the search).
   * `firstPage`: a query of words only (no id, SHA, path or flag kind) of which some are common
   * (format.ts, TOP_MIN) reads those words' top blocks, not their whole lists, and no words a
   * last word only begins; when that finds at least {@link FIRST_PAGE} records holding every
   * word and passing the filters, they are returned as `outcome.firstPage` (counts partial),
   * else the search reads every list, as without the option. A query of one filter value reads
   * the value's first block (format.ts, FACET_FIRST) when it has one.
   * `onLeading`: called at most once, before the search resolves, with the whole search's first
   * result when it is known early (leading-hit.ts; today a phrase's first page, `phrasePage`,
   * once the first stored title holding the phrase is read), and with `outcome` as far as it
   * is filled (terms, prefix and line set: enough for {@link show}). That hit ranks first among
   * every result; it is `outcome.hits.hit(0)` unless the phrase's first page then gives way to
   * the words' top blocks, whose first page need not hold it.
   */
  async search(q: string, filters: Filters, options: { countsLater?: boolean; firstPage?: boolean; onLeading?: (hit: Hit, outcome: SearchOutcome) => void } = {}): Promise<SearchOutcome> {
    const parsed = parseQuery(q);
    const active = Object.entries(filters).filter(([, v]) => v.length > 0);
    const outcome: SearchOutcome = { parsed, hits: new HitList([]), totals: dict(), complete: 0, firstPage: false, counts: dict(), pendingCounts: null, exactTokens: parsed.tokens.map(() => false), terms: [], prefix: null, line: null, absent: [] };
    if (parsed.tokens.length === 0 && active.length === 0) return outcome;
    for (const t of parsed.tokens) for (const e of t.exact) if (e.type === 'path' && e.line !== undefined) outcome.line ??= e.line;
    const later: Array<() => void> = [];
    const onLeading = options.onLeading;
    const leading = onLeading ? new LeadingHit(this.indexes.length, (hit) => onLeading(hit, outcome)) : null;
    const perIndex = await Promise.all(
      this.indexes.map(async (ix, i) => {
        const hits = await this.searchIndex(ix, i, parsed, active, outcome, later, options.firstPage === true, leading ? (hit, order) => leading.early(i, hit, order) : null);
        leading?.ended(i, hits);
        return hits;
      }),
    );
    leading?.close();
    // Each index's hits come sorted; merge them (document order compares across indexes by `order`).
    outcome.hits = new HitList(perIndex);
    if (outcome.firstPage && parsed.tokens.length === 0) {
      // One filter value's first page: its records per type are the archive's counts of that value (the manifest's).
      const [key, [value]] = active[0] as [string, [string]];
      const counts = this.manifest.facets.find((f) => f.key === key)?.values.find((v) => v.value === value)?.counts ?? {};
      outcome.totals = dict();
      outcome.complete = 0;
      for (const [type, n] of Object.entries(counts)) {
        outcome.totals[type] = n;
        outcome.complete += n;
      }
    }
    // No result holds every token: which tokens no record holds (a typo: `colision`), said by the
    // page. No result at all and no filter: no record holds any token (a record holding one is a
    // result), though each word of one may be in some record (`2026-08-19`: find16, "No results."
    // and nothing said, its three words each in other records).
    if (outcome.complete === 0 && parsed.tokens.length > 0) outcome.absent = outcome.hits.length === 0 && active.length === 0 ? parsed.tokens.map((t) => t.raw) : await this.absentTokens(parsed, outcome.exactTokens);
    // The first result's doc-store file is fetched now: the page lists it as soon as the file is
    // in (nothing awaited here; a failure shows when the page reads the file). The next results'
    // files are fetched when the page lists them, after the first (src/scripts/search.ts
    // `render`): fetching a page of them here cost the main thread 13 ms and held the first
    // file back by 20–30 ms behind the others' streams (issue 30, real-shaped archive).
    for (const hit of outcome.hits.slice(0, 1)) this.store.stored(hit).catch(() => undefined);
    outcome.pendingCounts = () => {
      for (const step of later) step();
      if (parsed.tokens.length === 0 && active.length === 1) {
        // One filter and no words: that filter's own counts are the archive's.
        const [key] = active[0] as [string, readonly string[]];
        outcome.counts[key] = this.archiveCounts(key);
      }
    };
    if (!options.countsLater) this.finishCounts(outcome);
    return outcome;
  }

  /**
   * The tokens of `parsed` (as typed) that no record holds: not matched exactly (`exact`, by
   * token), with a word that no index's dictionary has; the last token's last word not the start
   * of any word either (`pars` is `parser` begun). Reads dictionary pages the search has read.
   */
  private async absentTokens(parsed: ParsedQuery, exact: readonly boolean[]): Promise<string[]> {
    const out: string[] = [];
    const last = parsed.tokens.length - 1;
    for (const [t, tok] of parsed.tokens.entries()) {
      if (exact[t] || tok.terms.length === 0) continue;
      let missing = false;
      for (const term of tok.terms) {
        const held = await Promise.all(this.indexes.map((ix) => ix.entry(term)));
        if (held.some((e) => e !== null)) continue;
        // (A word's stem can be the prefix itself: `collis` is what `collision` is indexed as.)
        const prefix = tok.prefix;
        const begun = t === last && prefix !== null && term === tok.terms[tok.terms.length - 1] && (await Promise.all(this.indexes.map(async (ix) => (await ix.entry(prefix)) !== null || (await ix.prefixed(prefix, 1)).length > 0))).some(Boolean);
        if (!begun) missing = true;
      }
      if (missing) out.push(tok.raw);
    }
    return out;
  }

  /** Completes `outcome.counts` of a search made with `countsLater` (once; later calls do nothing). */
  finishCounts(outcome: SearchOutcome): void {
    const pending = outcome.pendingCounts;
    outcome.pendingCounts = null;
    pending?.();
  }

  /** The archive's counts of one facet (manifest). */
  private archiveCounts(key: string): Record<string, Record<string, number>> {
    const out = dict<Record<string, number>>();
    for (const v of this.manifest.facets.find((f) => f.key === key)?.values ?? []) out[v.value] = { ...v.counts };
    return out;
  }

  /**
   * `later`: receives the step that adds this index's counts per filter value to `outcome.counts`.
   * `early`: told this index's first hit (and its document order) when it is known before the search of it ends.
   */
  private async searchIndex(ix: IndexRuntime, which: number, parsed: ParsedQuery, active: Array<[string, readonly string[]]>, outcome: SearchOutcome, later: Array<() => void>, firstPage: boolean, early: ((hit: Hit, order: number) => void) | null): Promise<IndexHits> {
    const info = ix.info;
    const tokens = parsed.tokens;
    const { speculative, earlyPrefix, exactLookups } = planLookups(ix, parsed, active, firstPage);
    // One filter value's first page: the record it lists first is in the doc-store file its
    // entry names (format.ts, FACET_FIRST_MIN), fetched now, beside the first block, instead of
    // once the block and the parts table are decoded (a hint: what is listed is the block's).
    if (firstPage && tokens.length === 0 && active.length === 1 && active[0]?.[0] !== 'project' && active[0]?.[1].length === 1) {
      const hint = ix.facetEntry(facetTerm(active[0][0], active[0][1][0] as string))?.[3]?.[4];
      if (hint) this.store.file(`docs/${hint}.bin`).catch(() => undefined);
    }
    // A first page of words only: their top blocks are requested as soon as their dictionary
    // entries are read (plan.ts), and the parts table is decoded while they download.
    if (firstPage && tokens.length > 0 && tokens.every((t) => t.exact.length === 0)) await Promise.all(speculative.values()).catch(() => undefined);
    // The parts tables (fetched since the engine was made) are needed from here on.
    const scale = await this.tables();
    const table = ix.table;
    const exactHits = await exactLookups;
    // The records found exactly are likely shown: their doc-store files are fetched now,
    // beside the word lookups, instead of after the search.
    this.store.prefetchExact(ix, which, exactHits);
    exactHits.forEach((h, i) => {
      if (h.length > 0) outcome.exactTokens[i] = true;
    });
    // Word terms of the tokens not matched exactly.
    const termList: string[] = [];
    const termToken: number[] = [];
    tokens.forEach((t, i) => {
      if (exactHits[i]?.length) return;
      for (const term of t.terms) {
        termList.push(term);
        termToken.push(i);
      }
    });
    const last = tokens[tokens.length - 1];
    const prefixWord = last && !(exactHits[tokens.length - 1]?.length) ? last.prefix : null;
    outcome.terms = [...new Set([...outcome.terms, ...termList])];
    outcome.prefix = prefixWord;
    // A first page from top blocks: words only, each token a word, and some word common.
    const entries = await Promise.all(termList.map((t) => speculative.get(t) as Promise<DictEntry | null>));
    let fromTop = firstPage && tokens.length > 0 && exactHits.every((h) => h.length === 0) && tokens.every((t) => t.terms.length > 0) && entries.some((e) => e?.[3] !== undefined);
    // A phrase with a near-universal word: its first page from the other words' first blocks (phrase.ts).
    if (fromTop && active.length === 0 && termList.length === tokens.length) {
      const plan = phrasePlan(termList, entries, info.docs);
      const hits = plan ? await phrasePage(this.store, this.manifest, ix, which, termList, entries as DictEntry[], plan, outcome, later, scale, early) : null;
      if (hits) return hits;
    }
    // Words this few postings in all are read whole: an exact first page for about the bytes of
    // the top blocks (a word with a top block holds its top postings once, so its whole list
    // reads them too). Found by a new-user trial: on 36,000 rows, `step 14`'s top blocks held
    // 15 of the 36 rows titled `… step 14 …` and listed weaker records before the other 21.
    const topBlock = Math.max(0, ...entries.map((e) => e?.[3]?.[3] ?? 0));
    if (fromTop && entries.reduce((n, e) => n + (e?.[1] ?? 0), 0) <= WHOLE_LISTS_TOP_BLOCKS * topBlock) fromTop = false;
    // Each word's postings are fetched as soon as its entry is read; the prefix's words' too, at the same time.
    const [lists, prefixLists] = await Promise.all([
      Promise.all(entries.map((e) => (e ? (fromTop ? ix.topPostings(e) : ix.postings(e)) : null))),
      (async () => {
        // (A first page from top blocks needs none: its records hold the whole word, which ranks first.)
        if (fromTop) return [];
        const prefixEntries = prefixWord ? await (earlyPrefix && prefixWord === last?.prefix ? earlyPrefix : ix.prefixed(prefixWord, PREFIX_TERMS)) : [];
        return Promise.all(prefixEntries.filter((e) => !termList.includes(e[0])).map((e) => ix.postings(e)));
      })(),
    ]);

    const projectOf = (part: number): string | null => this.manifest.parts[ix.rank[part] as number]?.project ?? null;
    if (tokens.length === 0 && active.length === 1 && active[0]?.[0] !== 'project' && active[0]?.[1].length === 1) {
      const [key, [value]] = active[0] as [string, [string]];
      return oneFilterHits(ix, which, ix.facetEntry(facetTerm(key, value)), outcome, later, scale, projectOf, firstPage);
    }

    // Filters: per filter, the index facet and a mask of wanted values (project: per part).
    const keys = active.map(([k]) => k);
    const filterFacet = keys.map((key) => (key === 'project' ? -2 : info.facets.indexOf(key)));
    const wantedMask = active.map(([key, wanted], f) => {
      const fi = filterFacet[f] as number;
      if (key === 'project') return Uint8Array.from(table.keys, (_, part) => (wanted.includes(projectOf(part) ?? '\u0000') ? 1 : 0));
      const mask = new Uint8Array(fi < 0 ? 0 : (info.values[fi]?.length ?? 0));
      for (const w of wanted) {
        const v = fi < 0 ? -1 : (info.values[fi]?.indexOf(w) ?? -1);
        if (v >= 0) mask[v] = 1;
      }
      return mask;
    });
    // Per filter on a facet: which value sets (flat, over every part) pass it.
    const passSets = keys.map((_, f) => {
      const fi = filterFacet[f] as number;
      if (fi < 0) return null;
      const want = wantedMask[f] as Uint8Array;
      const pass = new Uint8Array(table.sets);
      for (let set = 0; set < table.sets; set++) {
        if (table.setFacet[set] !== fi) continue;
        for (let v = table.valueStart[set] as number; v < (table.valueStart[set + 1] as number); v++)
          if (want[table.values[v] as number] === 1) {
            pass[set] = 1;
            break;
          }
      }
      return pass;
    });
    /** Bit f set: the record fails filter f (the project's, a facet the part lacks, a value not wanted). */
    // The slots (table.facetStart[part] + k) of the part whose records are being read: each
    // filter's and the type facet's (-1: the part lacks it). Candidates come in document order,
    // so a part's records follow each other and these are looked up once per part, not per record.
    let slotPart = -1;
    let typeSlot = -1;
    /** Bits of the filters the part fails whatever the record (the project's, a facet it lacks). */
    let partFails = 0;
    const filterSlot = new Int32Array(keys.length);
    const enterPart = (part: number): void => {
      slotPart = part;
      const first = table.facetStart[part] as number;
      const tk = table.slotOf(part, typeFacet);
      typeSlot = tk < 0 ? -1 : first + tk;
      partFails = 0;
      for (let f = 0; f < keys.length; f++) {
        const fi = filterFacet[f] as number;
        const k = fi === -2 ? -1 : table.slotOf(part, fi);
        filterSlot[f] = k < 0 ? -1 : first + k;
        if (fi === -2 ? (wantedMask[f] as Uint8Array)[part] !== 1 : k < 0) partFails |= 1 << f;
      }
    };
    /** Bit f set: the record fails filter f (the project's, a facet the part lacks, a value not wanted). */
    const failMask = (part: number, word: number): number => {
      if (part !== slotPart) enterPart(part);
      let mask = partFails;
      for (let f = 0; f < keys.length; f++) {
        const slot = filterSlot[f] as number;
        if (slot < 0) continue;
        const set = table.setAt(part, slot, word);
        if (set < 0 || (passSets[f] as Uint8Array)[set] !== 1) mask |= 1 << f;
      }
      return mask;
    };

    // Candidates.
    // Room for every posting read (at most one candidate per document).
    const postings = [...lists, ...prefixLists].reduce((n, l) => n + (l ? l.docs.length : 0), 0) + exactHits.reduce((n, h) => n + h.length, 0);
    const m = termList.length;
    const T = tokens.length;
    // A first page from top blocks lists only records holding every word (below): with a term
    // per token, those are the documents in every word's top block. The blocks are in document
    // order, so they are intersected by walking them together (a thousand records of 30,000
    // postings become candidates, not all of them).
    const common = fromTop && m === T && m >= 2 && lists.every((l) => l !== null) ? (lists as Postings[]) : null;
    const room = common ? Math.min(...common.map((l) => l.docs.length)) : postings;
    const cands = new Candidates(ix, termList.length, tokens.length, Math.min(info.docs, room));
    if (common) addCommon(common, cands, m);
    else
      lists.forEach((list, j) => {
        if (!list) return;
        for (let i = 0; i < list.docs.length; i++) {
          const c = cands.add(list.docs[i] as number, list.words[i] as number);
          if (c >= 0) cands.fields[c * m + j] = list.fields ? (list.fields[i] as number) : 1;
        }
      });
    prefixLists.forEach((list, j) => {
      for (let i = 0; i < list.docs.length; i++) {
        const c = cands.add(list.docs[i] as number, list.words[i] as number);
        if (c >= 0) cands.prefix[c] = (cands.prefix[c] as number) | (1 << j);
      }
    });
    exactHits.forEach((hits, t) => {
      for (const [doc, score, word] of hits) {
        const c = cands.add(doc, word);
        if (c >= 0) cands.exact[c * T + t] = Math.max(cands.exact[c * T + t] as number, score);
      }
    });
    if (tokens.length === 0) await this.filterCandidates(ix, active, cands);
    // Score, filter and count. Counts gather in flat arrays (facet value × record type).
    const typeFacet = ix.typeFacet;
    const nTypes = ix.types;
    const totalAcc = new Int32Array(nTypes);
    const onlyFacet = filterFacet;
    /** A record's type: 1 + its `type` value, or 0 (no type). */
    const typeOf = (part: number, word: number): number => {
      if (part !== slotPart) enterPart(part);
      const set = typeSlot < 0 ? -1 : table.setAt(part, typeSlot, word);
      return set < 0 ? 0 : (table.firstValue[set] as number);
    };
    /** Whether a record is a decision row (IndexRuntime.isDecision, by the slots of the part entered). */
    const isDecision = (part: number, word: number): boolean => {
      if (part !== slotPart) enterPart(part);
      return typeSlot >= 0 && ix.decisionSet[table.setAt(part, typeSlot, word)] === 1;
    };
    // Per candidate: which facets it counts in (as tallyRecord's `only`; NOT_COUNTED: none) and
    // its type. The records' types are totalled at once (the status line says them); the counts
    // per filter value wait until the page asks (finishCounts: after the first results).
    const filterOnlyKey = primaryKey(0, 0, 0, 0, 0);
    const countIn = new Int32Array(cands.size).fill(NOT_COUNTED);
    const typeAt = new Int32Array(cands.size);
    const score = new Float64Array(cands.size);
    const passing = new Uint8Array(cands.size);
    const coverageOf = new Uint8Array(cands.size);
    let complete = 0;
    // One word's first page from its top block (one term): the first record in document order
    // with the best key there is (the word in a decision's title, every filter passed) is the
    // whole search's first result (the block holds the word's titled records from the first in
    // document order, so none before it has that key, and a search of the whole list finds the
    // same). It is told as soon as it is scored (leading-hit.ts): the page fetches its doc-store
    // file and lists it while the rest are scored and sorted (issue 30, a word and a filter).
    let leadKey = early && fromTop && T === 1 && m === 1 ? primaryKey(2, 0, 0, 0, DECISION_FIELD_WEIGHT) : Number.NaN;
    for (let c = 0; c < cands.size; c++) {
      const part = cands.part[c] as number;
      const word = cands.word[c] as number;
      // Coverage per token.
      let coverage = 0;
      let exact = 0;
      let field = 0;
      for (let t = 0; t < T; t++) {
        const ex = cands.exact[c * T + t] as number;
        if (ex > 0) {
          coverage += 2;
          exact += ex;
          field += FIELD_WEIGHT[0] as number;
          continue;
        }
        const tok = tokens[t] as QueryToken;
        if (exactHits[t]?.length) continue;
        let all = true;
        let viaPrefix = false;
        for (let j = 0; j < m; j++) {
          if (termToken[j] !== t) continue;
          const fc = cands.fields[c * m + j] as number;
          if (fc >= 0) {
            const best = bestField(fc);
            field += best === 0 && isDecision(part, word) ? DECISION_FIELD_WEIGHT : (FIELD_WEIGHT[best] as number);
            continue;
          }
          const isLastTerm = tok.prefix !== null && t === T - 1 && termList[j] === tok.terms[tok.terms.length - 1];
          if (isLastTerm && (cands.prefix[c] as number) !== 0) viaPrefix = true;
          else all = false;
        }
        if (all && tok.terms.length > 0) coverage += viaPrefix ? 1 : 2;
      }
      if (coverage === 0 && T > 0) continue;
      // A first page from top blocks lists the records holding every word (the others rank
      // below them; "Show more" reads every list): the rest are neither ranked nor counted.
      if (fromTop && coverage < 2 * T) continue;
      // (With one filter and no words, every candidate came from that filter's records: it passes.)
      const mask = keys.length > (T === 0 ? 1 : 0) ? failMask(part, word) : 0;
      // Counts: every facet when the record passes every filter; only facet f when it fails just f.
      // Records of a part with the same word count alike: they are tallied per word, decoded once below.
      if (mask === 0 || (mask & (mask - 1)) === 0) {
        const type = typeOf(part, word);
        if (mask === 0) totalAcc[type] = (totalAcc[type] as number) + 1;
        countIn[c] = mask === 0 ? -1 : (onlyFacet[31 - Math.clz32(mask)] as number);
        typeAt[c] = type;
      }
      // A record some filter sets aside is counted, not ranked.
      if (mask !== 0) continue;
      // Phrase and proximity, from each present term's best field and first position there.
      let phrase = 0;
      let proximity = 0;
      if (m >= 2) {
        let present = 0;
        const inField = [0, 0, 0, 0];
        for (let j = 0; j < m; j++) {
          const fc = cands.fields[c * m + j] as number;
          if (fc < 0) continue;
          present++;
          const bf = bestField(fc);
          inField[bf] = (inField[bf] as number) + 1;
        }
        if (present >= 2) {
          let group = 0;
          for (let f = 1; f < 4; f++) if ((inField[f] as number) > (inField[group] as number)) group = f;
          let lo = Infinity;
          let hi = -Infinity;
          let inOrder = present === m;
          let last = -1;
          for (let j = 0; j < m; j++) {
            const fc = cands.fields[c * m + j] as number;
            if (fc < 0 || bestField(fc) !== group) {
              inOrder = false;
              continue;
            }
            const pos = fc >>> 4;
            if (last >= 0 && pos !== last + 1) inOrder = false;
            last = pos;
            if (pos < lo) lo = pos;
            if (pos > hi) hi = pos;
          }
          const size = inField[group] as number;
          proximity = -(hi - lo + 1 - size + 10 * (present - size));
          phrase = inOrder ? 1 : 0;
        }
      }
      if (coverage === 2 * T) complete++;
      passing[c] = 1;
      coverageOf[c] = coverage;
      // (A query of filters alone gives every record the same key: made once.)
      score[c] = T === 0 && m === 0 ? filterOnlyKey : primaryKey(coverage, exact, phrase, proximity, field);
      if (score[c] === leadKey && early) {
        leadKey = Number.NaN;
        const rank = ix.rank[part] as number;
        const local = cands.local[c] as number;
        early({ index: which, doc: cands.doc[c] as number, part: rank, local, word, coverage, score: score[c] as number }, documentOrder(scale, cands.tier[c] as number, rank, local));
      }
    }
    if (fromTop && complete < FIRST_PAGE) {
      // Too few records hold every word among the top blocks: the whole lists.
      cands.release();
      return this.searchIndex(ix, which, parsed, active, outcome, later, false, null);
    }
    if (fromTop) outcome.firstPage = true;
    outcome.complete += complete;
    const typeName = (t: number): string => ix.typeName(t);
    for (let t = 0; t < nTypes; t++) if ((totalAcc[t] as number) > 0) outcome.totals[typeName(t)] = (outcome.totals[typeName(t)] ?? 0) + (totalAcc[t] as number);
    // The counts per filter value, made when the page asks for them.
    const candParts = cands.part;
    const candWords = cands.word;
    const counted = cands.size;
    later.push(() => tallyCounts(ix, outcome, projectOf, { part: candParts, word: candWords, type: typeAt, only: countIn, n: counted }));

    // Hits: by key (higher first), and within a key in document order (the index's tie-break).
    // Each passing candidate's key as a small number (keys in the order first met; the map is
    // asked only when a key differs from the one before, so a query of filters alone, whose
    // records share one key, asks it once), then each key's first place in the hits.
    const keyId = new Map<number, number>();
    const keyValue: number[] = [];
    const keyCount: number[] = [];
    const idOf = new Int32Array(cands.size);
    let lastKey = Number.NaN;
    let lastId = -1;
    for (let c = 0; c < cands.size; c++) {
      if (passing[c] !== 1) continue;
      const key = score[c] as number;
      if (key !== lastKey) {
        lastKey = key;
        let id = keyId.get(key);
        if (id === undefined) {
          keyId.set(key, (id = keyValue.length));
          keyValue.push(key);
          keyCount.push(0);
        }
        lastId = id;
      }
      idOf[c] = lastId;
      keyCount[lastId] = (keyCount[lastId] as number) + 1;
    }
    const next = new Float64Array(keyValue.length);
    let total = 0;
    for (const id of keyValue.map((_, i) => i).sort((a, b) => (keyValue[b] as number) - (keyValue[a] as number))) {
      next[id] = total;
      total += keyCount[id] as number;
    }
    const out: IndexHits = { index: which, doc: new Uint32Array(total), word: new Float64Array(total), coverage: new Uint8Array(total), score: new Float64Array(total), order: new Float64Array(total), part: new Int32Array(total), local: new Uint32Array(total) };
    // Passing candidates in document order: sort their documents (typed, fast).
    // (Candidates usually arrive in document order already; else sort, or walk the map when they are many.)
    let sorted = true;
    for (let c = 1; c < cands.size && sorted; c++) if ((cands.doc[c] as number) < (cands.doc[c - 1] as number)) sorted = false;
    let inOrder: Uint32Array;
    if (sorted) {
      inOrder = new Uint32Array(total);
      let k = 0;
      for (let c = 0; c < cands.size; c++) if (passing[c] === 1) inOrder[k++] = c;
    } else if (cands.size > info.docs / 8) {
      inOrder = new Uint32Array(total);
      let k = 0;
      for (let doc = 0; doc < info.docs; doc++) {
        const c = cands.of[doc] as number;
        if (c >= 0 && passing[c] === 1) inOrder[k++] = c;
      }
    } else {
      const byDoc = new Float64Array(total);
      let k = 0;
      for (let c = 0; c < cands.size; c++) if (passing[c] === 1) byDoc[k++] = (cands.doc[c] as number) * 2 ** 21 + c;
      byDoc.sort();
      inOrder = Uint32Array.from(byDoc, (x) => x % 2 ** 21);
    }
    for (let n = 0; n < total; n++) {
      const c = inOrder[n] as number;
      const key = score[c] as number;
      const id = idOf[c] as number;
      const i = next[id] as number;
      next[id] = i + 1;
      const rank = ix.rank[cands.part[c] as number] as number;
      const local = cands.local[c] as number;
      out.doc[i] = cands.doc[c] as number;
      out.word[i] = cands.word[c] as number;
      out.coverage[i] = coverageOf[c] as number;
      out.score[i] = key;
      out.part[i] = rank;
      out.local[i] = local;
      out.order[i] = documentOrder(scale, cands.tier[c] as number, rank, local);
    }
    cands.release();
    return out;
  }

  /** Candidates of a query with filters only: the two smallest filters' records (see docs/architecture.md). */
  private async filterCandidates(ix: IndexRuntime, active: Array<[string, readonly string[]]>, cands: Candidates): Promise<void> {
    type Driver = { size: number; fill: () => Promise<void> };
    const drivers: Driver[] = await Promise.all(
      active.map(async ([key, wanted]): Promise<Driver> => {
        if (key === 'project') {
          const table = ix.table;
          const parts = Array.from(table.keys, (_, i) => i).filter((i) => wanted.includes(this.manifest.parts[ix.rank[i] as number]?.project ?? '\u0000'));
          const size = parts.reduce((s, i) => s + table.docs(i), 0);
          return {
            size,
            fill: async () => {
              for (const i of parts) {
                const words = await ix.partWords(i, this.load);
                let local = 0;
                for (let t = 0; t < TIERS; t++) {
                  const start = table.start[i * TIERS + t] as number;
                  const count = table.count[i * TIERS + t] as number;
                  for (let d = 0; d < count; d++) cands.add(start + d, words[local + d] as number);
                  local += count;
                }
              }
            },
          };
        }
        const entries = (await Promise.all(wanted.map((v) => ix.entry(facetTerm(key, v))))).filter((e): e is DictEntry => e !== null);
        return {
          size: entries.reduce((s, e) => s + e[1], 0),
          fill: async () => {
            for (const e of entries) {
              const list = await ix.postings(e);
              for (let i = 0; i < list.docs.length; i++) cands.add(list.docs[i] as number, list.words[i] as number);
            }
          },
        };
      }),
    );
    drivers.sort((a, b) => a.size - b.size);
    cands.reserve(Math.min(ix.info.docs, drivers.slice(0, 2).reduce((n, d) => n + d.size, 0)));
    await Promise.all(drivers.slice(0, 2).map((d) => d.fill()));
  }

  /** Titles, excerpts, links and facet values of some hits, in their order. */
  async show(hits: readonly Hit[], outcome: Pick<SearchOutcome, 'terms' | 'prefix' | 'line'> & Partial<Pick<SearchOutcome, 'parsed'>>): Promise<ShownHit[]> {
    const docs = await Promise.all(hits.map((h) => this.store.stored(h)));
    const wanted = new Set(outcome.terms);
    // SHA prefixes of the query: marked in titles and excerpts, which the words alone never mark.
    const hexes = (outcome.parsed?.tokens ?? []).flatMap((t) => t.exact.flatMap((e) => (e.type === 'hex' ? [e.prefix] : [])));
    // Paths of the query (`docs/a.md`, `a.rs:150`): matched exactly, they give no words to mark.
    const paths = (outcome.parsed?.tokens ?? []).flatMap((t) => t.exact.flatMap((e) => (e.type === 'path' ? [e.path] : [])));
    return hits.map((hit, i) => {
      const d = docs[i] ?? ['', '', '(record not found)', '', '', ''];
      const part = this.manifest.parts[hit.part];
      const [anchor, page, title, body, evidence, meta, pointers] = d;
      const cites = evidenceLine(pointers, wanted, outcome.prefix, hexes, paths);
      // The evidence a record cites has its own line (its pointers and their verdicts): the
      // excerpt is of its why and meta, unless the query's words stand in the evidence cell only
      // where no pointer shown holds them (the words around its pointers).
      const evidenceOnly = cites !== null && !cites.items.some((x) => x.matched) && excerpt([evidence], wanted, outcome.prefix, hexes, paths).some((s) => s.mark);
      const fields = cites === null || evidenceOnly ? [body, evidence, meta] : [body, meta];
      // The query's line, on a file page whose record says a row cited it there (at the head or at a row's commit).
      const line = outcome.line !== null && anchor === '' && /^(?:at\/[0-9a-f]+\/)?file\//.test(page) && bodyCitesLine(body, outcome.line) ? `#L${outcome.line}` : '';
      return {
        href: `${this.base}${part?.path ?? ''}${page}${anchor !== '' ? `#${anchor}` : line}`,
        title,
        titleMarks: marked(title, wanted, outcome.prefix, hexes, paths),
        project: part?.title ?? '',
        excerpt: excerpt(fields, wanted, outcome.prefix, hexes, paths),
        titleExcerpt: lateTitleExcerpt(title, wanted, outcome.prefix, hexes, paths),
        tags: this.tags(hit),
        type: this.typeOf(hit),
        evidence: cites,
      };
    });
  }

  /** A hit's record type (its `type` facet value). */
  typeOf(hit: Hit): string {
    const ix = this.indexes[hit.index] as IndexRuntime;
    const f = ix.info.facets.indexOf('type');
    const where = { part: -1, tier: 0, local: 0 };
    ix.locate(hit.doc, where);
    const v = f < 0 ? [] : ix.values(where.part, f, hit.word);
    return v.length > 0 ? (ix.info.values[f]?.[v[0] as number] as string) : 'record';
  }

  /** A hit's facet values, `[name, values]` in page order (project left out). */
  private tags(hit: Hit): Array<[string, string]> {
    const ix = this.indexes[hit.index] as IndexRuntime;
    const where = { part: -1, tier: 0, local: 0 };
    ix.locate(hit.doc, where);
    const part = where.part;
    const out: Array<[string, string]> = [];
    for (const key of this.facetOrder) {
      const f = ix.info.facets.indexOf(key);
      if (f < 0) continue;
      const vals = Array.from(ix.values(part, f, hit.word), (v) => ix.info.values[f]?.[v] as string);
      if (vals.length > 0) out.push([this.manifest.facets.find((x) => x.key === key)?.name ?? key, vals.join(', ')]);
    }
    return out;
  }
}
