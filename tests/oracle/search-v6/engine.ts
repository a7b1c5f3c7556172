/**
 * TEST ORACLE (issue 30): the search index's engine as it was at commit 25d4836 (index
 * format 6), kept verbatim but for its imports and the exact-map entry type, so property tests
 * can check that the exact-map change of format 7 (facet codes in the entries, hot keys in
 * files of their own) finds, ranks, counts and shows what this code did. Not product code.
 */
/** A format-6 exact-map entry: document, quality, and for paths the full path and lines. */
type ExactEntry = [doc: number, quality: number, path?: string, from?: number, to?: number];
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
 *    row's title (its decision field) 9, so the row comes before the flags whose summaries
 *    quote it or its paths (a flag's severity would otherwise put them first);
 * 6. severity, then recency: the index's document order (format.ts), newest part first.
 *
 * Counts (scope 3): the records of the current query per type (a flag counts as a flag, a
 * decision row as a row), and, per filter value, the records the query would show with that
 * value chosen instead (the other filters kept).
 */
import { docFileOf, FACET_TERM, TIERS, facetTerm, type DictEntry, type IndexInfo, type SearchManifest, type StoredDoc } from '../../../src/lib/search/index/format.ts';
import { PART_TABLE_FILE, PartTable, splitPartTableFile } from '../../../src/lib/search/index/part-table.ts';
import { ByteReader } from '../../../src/lib/search/index/varint.ts';
import { doubled } from '../../../src/lib/search/index/typed-arrays.ts';
import { pathMatch } from '../../../src/lib/search/exact-keys.ts';
import { parseQuery, type ParsedQuery, type QueryToken } from '../../../src/lib/search/query/parse.ts';
import { excerpt, lateTitleExcerpt, marked, type Segment } from '../../../src/lib/search/query/excerpt.ts';

/** Reads one index file (path relative to `search-index/`), decompressed. */
export type Loader = (path: string) => Promise<Uint8Array>;

/** Filters: facet key → wanted values (a record passes with any of them). */
export type Filters = Readonly<Record<string, readonly string[]>>;

/** Most words a prefix may stand for. */
export const PREFIX_TERMS = 8;

/** Records found exactly whose files are read before the search ends, at most (a page of results). */
const PREFETCH_DOCS = 25;

const FIELD_WEIGHT = [8, 4, 2, 1];
/** The weight of a word in a decision row's decision (its title): above any other record's title. */
const DECISION_FIELD_WEIGHT = 9;
/** Record types whose title is a decision field. */
const DECISION_TYPES: ReadonlySet<string> = new Set(['decision', 'superseded decision']);

interface Postings {
  docs: Uint32Array;
  fields: Uint32Array | null;
  words: Float64Array;
}

/** One result. */
export interface Hit {
  /** Which index (0 main, 1 delta) and its document. */
  index: number;
  doc: number;
  /** The part (an index into the manifest's parts) and the record's place in it. */
  part: number;
  local: number;
  /** The record's facet code word (format.ts). */
  word: number;
  /** Query tokens covered (2 each; 1 for a word only begun). */
  coverage: number;
  /** The ranking keys before document order, packed (higher first; see primaryKey). */
  score: number;
}

/** One index's ranked hits, in columns (a million hits stay cheap). */
interface IndexHits {
  index: number;
  doc: Uint32Array;
  word: Float64Array;
  coverage: Uint8Array;
  score: Float64Array;
  /** Document order across indexes (tier, part rank, place in the part). */
  order: Float64Array;
  part: Int32Array;
  local: Uint32Array;
}

/** Every result of a search, best first; `slice` makes Hit objects only for what is shown. */
export class HitList {
  readonly length: number;
  private readonly lists: IndexHits[];
  /** For merged lists: which list and where, per position. */
  private readonly which: Uint8Array | null;
  private readonly at: Uint32Array | null;

  constructor(lists: IndexHits[]) {
    this.lists = lists;
    this.length = lists.reduce((n, l) => n + l.doc.length, 0);
    if (lists.length <= 1) {
      this.which = null;
      this.at = null;
      return;
    }
    // Merge by (score desc, order asc).
    this.which = new Uint8Array(this.length);
    this.at = new Uint32Array(this.length);
    const pos = lists.map(() => 0);
    for (let i = 0; i < this.length; i++) {
      let best = -1;
      for (let l = 0; l < lists.length; l++) {
        const list = lists[l] as IndexHits;
        const p = pos[l] as number;
        if (p >= list.doc.length) continue;
        if (best < 0) {
          best = l;
          continue;
        }
        const b = lists[best] as IndexHits;
        const bp = pos[best] as number;
        const d = (list.score[p] as number) - (b.score[bp] as number);
        if (d > 0 || (d === 0 && (list.order[p] as number) < (b.order[bp] as number))) best = l;
      }
      this.which[i] = best;
      this.at[i] = pos[best] as number;
      pos[best] = (pos[best] as number) + 1;
    }
  }

  /** The hit at a position. */
  hit(i: number): Hit {
    const l = this.which ? (this.which[i] as number) : 0;
    const j = this.at ? (this.at[i] as number) : i;
    const list = this.lists[l] as IndexHits;
    return { index: list.index, doc: list.doc[j] as number, part: list.part[j] as number, local: list.local[j] as number, word: list.word[j] as number, coverage: list.coverage[j] as number, score: list.score[j] as number };
  }

  /** Hits from `from` up to (not including) `to`. */
  slice(from = 0, to = this.length): Hit[] {
    const out: Hit[] = [];
    for (let i = Math.max(0, from); i < Math.min(this.length, to); i++) out.push(this.hit(i));
    return out;
  }
}

/** What a search found. */
export interface SearchOutcome {
  parsed: ParsedQuery;
  /** Every result, best first. */
  hits: HitList;
  /** Results per record type. */
  totals: Record<string, number>;
  /** Results holding every token of the query (all of them for a query of filters only). */
  complete: number;
  /**
   * Facet key → value → type → results with that value (the facet's own filter set aside).
   * Filled when the search returns, or, for `search(…, { countsLater: true })`, by
   * {@link SearchEngine.finishCounts}.
   */
  counts: Record<string, Record<string, Record<string, number>>>;
  /** What is left to count (`countsLater`), or null when `counts` is complete. */
  pendingCounts: (() => void) | null;
  /** Query tokens matched exactly (an id, a SHA, a path, a flag kind), by position. */
  exactTokens: boolean[];
  /** Terms the query matched (for highlighting), and the prefix. */
  terms: string[];
  prefix: string | null;
  /** The line of a `path:line` query, for landing on it in a file page. */
  line: number | null;
}

/** A result ready to show. */
export interface ShownHit {
  href: string;
  title: string;
  /** The title with the query's words marked. */
  titleMarks: Segment[];
  project: string;
  excerpt: Segment[];
  /** The title around its first query word when that lies past what a phone shows of it (excerpt.ts), else empty. */
  titleExcerpt: Segment[];
  tags: Array<[name: string, values: string]>;
  type: string;
}

const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
const decoder = new TextDecoder();
const json = <T>(bytes: Uint8Array): T => JSON.parse(decoder.decode(bytes)) as T;

/** Index of the last item ≤ key in a sorted list, or -1. */
function floorIndex(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) <= key) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * One index (main or delta) with its caches. Its files are read on demand; its parts table
 * (part-table.ts) is read once, started when the runtime is made: `ready` settles when it is
 * in (a search awaits it after its first lookups are on their way).
 */
class IndexRuntime {
  readonly info: IndexInfo;
  private readonly load: Loader;
  private readonly files = new Map<string, Promise<Uint8Array>>();
  /** Settles when the parts table is read (rejects when it cannot be). */
  readonly ready: Promise<void>;
  /** The parts table; set once `ready` settled. */
  table!: PartTable;
  /** The index's document ranges (one per part and tier), sorted: first document, part, tier, part-local index of the first document. */
  private rangeStart!: Float64Array;
  private rangePart!: Int32Array;
  private rangeTier!: Uint8Array;
  private rangeLocal!: Uint32Array;
  /** Candidate of each document, kept between searches and reset after each (-1: none). */
  readonly candidateOf: Int32Array;
  /** Per part: its place in the manifest (recency rank), or -1 when stale. */
  rank!: Int32Array;
  /** The index's `type` facet, or -1. */
  readonly typeFacet: number;
  /** Record types: 1 + the `type` facet's values (type 0 is "no type"). */
  readonly types: number;
  /** Per flat set of the `type` facet: 1 when it is a decision row's type. */
  decisionSet!: Uint8Array;

  /** `early`: the parts table file fetched before the manifest was read, used when its digest is the manifest's. */
  constructor(info: IndexInfo, load: Loader, manifest: SearchManifest, early?: Promise<Uint8Array>) {
    this.info = info;
    this.load = load;
    this.typeFacet = info.facets.indexOf('type');
    this.types = (this.typeFacet < 0 ? 0 : (info.values[this.typeFacet]?.length ?? 0)) + 1;
    this.candidateOf = new Int32Array(info.docs).fill(-1);
    this.ready = this.readTable(manifest, early);
    this.ready.catch(() => undefined); // awaited by every search, which reports the failure
  }

  /** The parts table file's content: the early copy when it is the manifest's, else the file of this generation. */
  private async tableBytes(early: Promise<Uint8Array> | undefined): Promise<Uint8Array> {
    const first = early ? await early.then((b) => splitPartTableFile(b), () => null).catch(() => null) : null;
    if (first?.digest === this.info.table) return first.content;
    const file = splitPartTableFile(await this.file(PART_TABLE_FILE));
    if (file.digest !== this.info.table) throw new Error(`${this.info.name}/${PART_TABLE_FILE}: table ${file.digest}, the manifest names ${this.info.table}`);
    return file.content;
  }

  private async readTable(manifest: SearchManifest, early: Promise<Uint8Array> | undefined): Promise<void> {
    const table = new PartTable(await this.tableBytes(early), this.info.facets.length);
    if (table.size !== this.info.parts) throw new Error(`${this.info.name}/${PART_TABLE_FILE}: ${table.size} parts, the manifest says ${this.info.parts}`);
    this.table = table;
    let n = 0;
    for (let i = 0; i < table.count.length; i++) if ((table.count[i] as number) > 0) n++;
    // Ranges in document order: tier first, then part (the numbering of merge.ts).
    this.rangeStart = new Float64Array(n);
    this.rangePart = new Int32Array(n);
    this.rangeTier = new Uint8Array(n);
    this.rangeLocal = new Uint32Array(n);
    const local = new Uint32Array(table.size);
    let r = 0;
    for (let t = 0; t < TIERS; t++)
      for (let part = 0; part < table.size; part++) {
        const count = table.count[part * TIERS + t] as number;
        if (count === 0) continue;
        this.rangeStart[r] = table.start[part * TIERS + t] as number;
        this.rangePart[r] = part;
        this.rangeTier[r] = t;
        this.rangeLocal[r] = local[part] as number;
        local[part] = (local[part] as number) + count;
        r++;
      }
    const rankOf = new Map(manifest.parts.map((p, i) => [p.key, i]));
    const stale = new Set(this.info.name === 'main' ? manifest.stale : []);
    this.rank = Int32Array.from(table.keys, (key) => (stale.has(key) ? -1 : (rankOf.get(key) ?? -1)));
    this.decisionSet = new Uint8Array(table.sets);
    const typeValues = this.typeFacet < 0 ? [] : (this.info.values[this.typeFacet] ?? []);
    for (let s = 0; s < table.sets; s++) if (table.setFacet[s] === this.typeFacet && Array.from(table.setValues(s)).some((v) => DECISION_TYPES.has(typeValues[v] as string))) this.decisionSet[s] = 1;
  }

  private lastRange = -1;
  /** The range holding a document (the last one found, else binary search), or -1. */
  private rangeOf(doc: number): number {
    const last = this.lastRange;
    if (last >= 0 && doc >= (this.rangeStart[last] as number) && (last + 1 >= this.rangeStart.length || doc < (this.rangeStart[last + 1] as number))) return last;
    let lo = 0;
    let hi = this.rangeStart.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.rangeStart[mid] as number) <= doc) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    this.lastRange = found;
    return found;
  }

  /** A document's part (an index into this index's parts), its tier and its place in the part. */
  locate(doc: number, out: { part: number; tier: number; local: number }): void {
    const r = this.rangeOf(doc);
    if (r < 0) {
      out.part = -1;
      return;
    }
    out.part = this.rangePart[r] as number;
    out.tier = this.rangeTier[r] as number;
    out.local = (this.rangeLocal[r] as number) + doc - (this.rangeStart[r] as number);
  }

  file(path: string): Promise<Uint8Array> {
    let pending = this.files.get(path);
    if (!pending) {
      pending = this.load(`${this.info.name}/${path}`);
      this.files.set(path, pending);
    }
    return pending;
  }

  /** The values (as indexes into the index's values of facet `f`) of a document for index facet `f`. */
  values(part: number, f: number, word: number): ArrayLike<number> {
    const k = part < 0 ? -1 : this.table.slotOf(part, f);
    if (k < 0) return [];
    const set = this.table.setOf(part, k, word);
    return set < 0 ? [] : this.table.setValues(set);
  }

  /** The facet terms' entries by term (from the manifest), made when first asked. */
  private facetEntries: Map<string, DictEntry> | null = null;

  /** A record type's name (`record` for type 0, no type). */
  typeName(t: number): string {
    return t === 0 ? 'record' : (this.info.values[this.typeFacet]?.[t - 1] as string);
  }

  /** A term's dictionary entry, or null: a facet term's from the manifest, a word's from its dictionary page. */
  async entry(term: string): Promise<DictEntry | null> {
    if (term.startsWith(FACET_TERM)) return this.facetEntry(term);
    const page = floorIndex(this.info.dict, term);
    if (page < 0) return null;
    return (await this.dictPage(page)).find((e) => e[0] === term) ?? null;
  }

  private readonly dictPages = new Map<number, Promise<DictEntry[]>>();
  /** A dictionary page's entries (fetched and parsed once: a query's words and its prefix often share a page). */
  private dictPage(page: number): Promise<DictEntry[]> {
    let pending = this.dictPages.get(page);
    if (!pending) {
      pending = this.file(`dict/${page}.bin`).then((b) => json<DictEntry[]>(b));
      this.dictPages.set(page, pending);
    }
    return pending;
  }

  /** A facet term's entry (format.ts, IndexInfo.facetTerms), or null when no record has the value. */
  facetEntry(term: string): DictEntry | null {
    this.facetEntries ??= new Map(this.info.facetTerms.map((e) => [e[0], e]));
    return this.facetEntries.get(term) ?? null;
  }

  /** Starts fetching a term's posting files (nothing awaited: a failure shows when they are read). */
  prefetchPostings(entry: DictEntry): void {
    for (const [file] of entry[2]) this.file(`post/${file}.bin`).catch(() => undefined);
  }

  /** Dictionary entries of words beginning with `prefix` (not `prefix` itself), most frequent first. */
  async prefixed(prefix: string, limit: number): Promise<DictEntry[]> {
    const out: DictEntry[] = [];
    for (let page = Math.max(0, floorIndex(this.info.dict, prefix)); page < this.info.dict.length; page++) {
      if (page > 0 && (this.info.dict[page] as string) > prefix && !(this.info.dict[page] as string).startsWith(prefix)) break;
      for (const e of await this.dictPage(page)) if (e[0] !== prefix && e[0].startsWith(prefix)) out.push(e);
    }
    return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  }

  async postings(entry: DictEntry): Promise<Postings> {
    const n = entry[1];
    const docs = new Uint32Array(n);
    let fields: Uint32Array | null = null;
    const words = new Float64Array(n);
    let at = 0;
    const blocks = await Promise.all(entry[2].map(async ([file, offset, length]) => (await this.file(`post/${file}.bin`)).subarray(offset, offset + length)));
    for (const block of blocks) {
      // Varints read inline (this loop runs once per posting of every word searched).
      let o = 0;
      const next = (): number => {
        let b = block[o++] as number;
        if (b < 0x80) return b;
        let result = b & 0x7f;
        let scale = 0x80;
        for (;;) {
          b = block[o++] as number;
          if (b === undefined) throw new RangeError('varint past the end of the block');
          result += (b & 0x7f) * scale;
          if (b < 0x80) return result;
          scale *= 0x80;
        }
      };
      const count = next();
      const flags = next();
      let doc = 0;
      for (let i = 0; i < count; i++) docs[at + i] = doc += next();
      if (flags & 1) {
        fields ??= new Uint32Array(n);
        for (let i = 0; i < count; i++) fields[at + i] = next();
      }
      for (let i = 0; i < count; i++) words[at + i] = next();
      at += count;
    }
    return { docs, fields, words };
  }

  /** Exact-map entries of `key`, or of every key beginning with `key` when `prefix`. */
  async exact(key: string, prefix: boolean): Promise<Array<[string, ExactEntry[]]>> {
    const out: Array<[string, ExactEntry[]]> = [];
    for (let page = Math.max(0, floorIndex(this.info.exact, key)); page < this.info.exact.length; page++) {
      if (page > floorIndex(this.info.exact, key) && !(prefix && (this.info.exact[page] as string).startsWith(key))) break;
      for (const e of json<Array<[string, ExactEntry[]]>>(await this.file(`exact/${page}.bin`))) if (prefix ? e[0].startsWith(key) : e[0] === key) out.push(e);
    }
    return out;
  }

  private readonly partWordFiles = new Map<number, Promise<Float64Array>>();
  /** A part's documents' words from its `sigs.bin`, in local order (read once). */
  partWords(part: number, load: Loader): Promise<Float64Array> {
    let pending = this.partWordFiles.get(part);
    if (!pending) {
      const key = this.table.keys[part] as string;
      pending = load(`docs/${key}/sigs.bin`).then((bytes) => {
        const r = new ByteReader(bytes);
        const n = r.varint();
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) out[i] = r.varint();
        return out;
      });
      this.partWordFiles.set(part, pending);
    }
    return pending;
  }
}

/** Growable candidate table for one index, in typed arrays. */
class Candidates {
  readonly of: Int32Array;
  size = 0;
  doc: Uint32Array;
  part: Int32Array;
  local: Uint32Array;
  tier: Uint8Array;
  word: Float64Array;
  /** Per candidate: a bit per prefix word found. */
  prefix: Uint32Array;
  /** Per candidate, per query term: field code, or -1. */
  fields: Int32Array;
  /** Per candidate, per token: exact score. */
  exact: Float64Array;
  readonly terms: number;
  readonly tokens: number;
  private readonly ix: IndexRuntime;
  private readonly where = { part: -1, tier: 0, local: 0 };
  /** `of`: the index's shared candidate map (all -1); {@link release} resets what was set. */
  /** `capacity`: how many candidates to make room for at once (growing later costs copies). */
  constructor(ix: IndexRuntime, terms: number, tokens: number, capacity = 1024) {
    this.ix = ix;
    this.of = ix.candidateOf;
    this.terms = terms;
    this.tokens = tokens;
    const n = Math.max(1024, capacity);
    this.doc = new Uint32Array(n);
    this.part = new Int32Array(n);
    this.local = new Uint32Array(n);
    this.tier = new Uint8Array(n);
    this.word = new Float64Array(n);
    this.prefix = new Uint32Array(n);
    this.fields = new Int32Array(n * Math.max(1, terms)).fill(-1);
    this.exact = new Float64Array(n * Math.max(1, tokens));
  }
  /** Room for `n` candidates (default: twice as many as now). */
  private grow(n = this.doc.length * 2): void {
    const terms = Math.max(1, this.terms);
    const tokens = Math.max(1, this.tokens);
    this.doc = doubled(this.doc, (n) => new Uint32Array(n), undefined, n);
    this.part = doubled(this.part, (n) => new Int32Array(n), undefined, n);
    this.local = doubled(this.local, (n) => new Uint32Array(n), undefined, n);
    this.tier = doubled(this.tier, (n) => new Uint8Array(n), undefined, n);
    this.word = doubled(this.word, (n) => new Float64Array(n), undefined, n);
    this.prefix = doubled(this.prefix, (n) => new Uint32Array(n), undefined, n);
    this.fields = doubled(this.fields, (n) => new Int32Array(n), -1, n * terms);
    this.exact = doubled(this.exact, (n) => new Float64Array(n), undefined, n * tokens);
  }
  /** Makes room for `n` candidates in all at once (a filter's records: one copy, not one per doubling). */
  reserve(n: number): void {
    if (n > this.doc.length) this.grow(n);
  }
  /** The candidate of a live document (added if new), or -1 for a document of a stale or unknown part. */
  add(doc: number, word: number): number {
    let c = this.of[doc] as number;
    if (c >= 0) return c;
    this.ix.locate(doc, this.where);
    const part = this.where.part;
    if (part < 0 || (this.ix.rank[part] as number) < 0) return -1;
    if (this.size === this.doc.length) this.grow();
    c = this.size++;
    this.of[doc] = c;
    this.doc[c] = doc;
    this.part[c] = part;
    this.local[c] = this.where.local;
    this.tier[c] = this.where.tier;
    this.word[c] = word;
    return c;
  }
  /** Resets the shared map for the next search. */
  release(): void {
    for (let c = 0; c < this.size; c++) this.of[this.doc[c] as number] = -1;
  }
}

/** A record counted in no facet (tallyCounts' `only`): it fails two filters or more. */
const NOT_COUNTED = -3;

/**
 * Adds records' counts per filter value and record type to `outcome.counts` (after the first
 * results: SearchEngine.finishCounts). Record `c` of `records` is of index part `part[c]`,
 * facet code word `word[c]` and type `type[c]` (1 + its `type` value, 0 none); `only[c]` says
 * where it counts: -1 every facet and the project (it passes every filter), -2 the project
 * alone, `f` index facet `f` alone (it fails just that filter), NOT_COUNTED nowhere; a null
 * `only` counts every record everywhere. Tallies gather per flat value set × type in typed
 * arrays (the sets shared by the parts of the parts table), turned into values once per set
 * at the end (a map per facet code word cost more than the rest of the search).
 */
function tallyCounts(ix: IndexRuntime, outcome: Pick<SearchOutcome, 'counts'>, projectOf: (part: number) => string | null, records: { part: ArrayLike<number>; word: ArrayLike<number>; type: ArrayLike<number>; only: ArrayLike<number> | null; n: number }): void {
  const { info, table } = ix;
  const nTypes = ix.types;
  const typeName = (t: number): string => ix.typeName(t);
  const valueAcc = info.values.map((vs) => new Int32Array(vs.length * nTypes));
  const projectAcc = new Int32Array(table.size * nTypes);
  const codeAcc = new Int32Array(table.sets * nTypes);
  const { part: parts, word: words, type: types, only: onlyOf, n } = records;
  for (let c = 0; c < n; c++) {
    const only = onlyOf ? (onlyOf[c] as number) : -1;
    if (only === NOT_COUNTED) continue;
    const part = parts[c] as number;
    const word = words[c] as number;
    const type = types[c] as number;
    if (only === -1 || only === -2) projectAcc[part * nTypes + type] = (projectAcc[part * nTypes + type] as number) + 1;
    const first = table.facetStart[part] as number;
    const end = table.facetStart[part + 1] as number;
    for (let slot = first; slot < end; slot++) {
      if (only !== -1 && table.slotFacet[slot] !== only) continue;
      // The set of each facet, read inline (this runs once per facet of every record found).
      const set = table.setAt(part, slot, word);
      if (set >= 0) codeAcc[set * nTypes + type] = (codeAcc[set * nTypes + type] as number) + 1;
    }
  }
  // The tallies as counts per value and type.
  for (let set = 0; set < table.sets; set++) {
    const a = valueAcc[table.setFacet[set] as number] as Int32Array;
    for (let type = 0; type < nTypes; type++) {
      const k = codeAcc[set * nTypes + type] as number;
      if (k === 0) continue;
      for (let v = table.valueStart[set] as number; v < (table.valueStart[set + 1] as number); v++) {
        const at = (table.values[v] as number) * nTypes + type;
        a[at] = (a[at] as number) + k;
      }
    }
  }
  const add = (key: string, value: string, type: string, k: number): void => {
    const byValue = (outcome.counts[key] ??= dict());
    const byType = (byValue[value] ??= dict());
    byType[type] = (byType[type] ?? 0) + k;
  };
  for (let part = 0; part < table.size; part++) {
    const project = projectOf(part);
    if (project === null) continue;
    for (let t = 0; t < nTypes; t++) if ((projectAcc[part * nTypes + t] as number) > 0) add('project', project, typeName(t), projectAcc[part * nTypes + t] as number);
  }
  valueAcc.forEach((a, f) => {
    const key = info.facets[f] as string;
    const values = info.values[f] as string[];
    for (let v = 0; v < values.length; v++) for (let t = 0; t < nTypes; t++) if ((a[v * nTypes + t] as number) > 0) add(key, values[v] as string, typeName(t), a[v * nTypes + t] as number);
  });
}

/** Packs the ranking keys that precede document order into one number (higher first). */
function primaryKey(coverage: number, exact: number, phrase: number, proximity: number, field: number): number {
  return (((Math.min(coverage, 63) * 512 + Math.min(exact, 511)) * 2 + phrase) * 256 + (255 + Math.max(proximity, -255))) * 256 + Math.min(field, 255);
}

/** The search engine over a manifest. */
export class SearchEngine {
  private readonly indexes: IndexRuntime[];
  private readonly docFiles = new Map<string, Promise<StoredDoc[]>>();
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
   */
  async search(q: string, filters: Filters, options: { countsLater?: boolean } = {}): Promise<SearchOutcome> {
    const parsed = parseQuery(q);
    const active = Object.entries(filters).filter(([, v]) => v.length > 0);
    const outcome: SearchOutcome = { parsed, hits: new HitList([]), totals: dict(), complete: 0, counts: dict(), pendingCounts: null, exactTokens: parsed.tokens.map(() => false), terms: [], prefix: null, line: null };
    if (parsed.tokens.length === 0 && active.length === 0) return outcome;
    for (const t of parsed.tokens) for (const e of t.exact) if (e.type === 'path' && e.line !== undefined) outcome.line ??= e.line;
    const later: Array<() => void> = [];
    const perIndex = await Promise.all(this.indexes.map((ix, i) => this.searchIndex(ix, i, parsed, active, outcome, later)));
    // Each index's hits come sorted; merge them (document order compares across indexes by `order`).
    outcome.hits = new HitList(perIndex);
    // The first page's doc-store files are fetched now: the page lists the first result as soon
    // as its file is in (nothing awaited here; a failure shows when the page reads the file).
    for (const hit of outcome.hits.slice(0, PREFETCH_DOCS)) this.stored(hit).catch(() => undefined);
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

  /** `later`: receives the step that adds this index's counts per filter value to `outcome.counts`. */
  private async searchIndex(ix: IndexRuntime, which: number, parsed: ParsedQuery, active: Array<[string, readonly string[]]>, outcome: SearchOutcome, later: Array<() => void>): Promise<IndexHits> {
    const info = ix.info;
    const tokens = parsed.tokens;
    // Exact lookups first: a token matched exactly needs no word lookups. Every lookup, and the
    // dictionary entries of every word, are fetched at once (one round trip, not one per lookup);
    // the entries of a token matched exactly are then left unused.
    const speculative = new Map<string, Promise<DictEntry | null>>();
    // Filters alone: the postings filterCandidates will read are fetched now (their entries are
    // in the manifest): the smallest filter's, and the second smallest's unless a project
    // filter (its records come from the parts table) may be the other.
    if (tokens.length === 0) {
      const byFilter = active
        .filter(([key]) => key !== 'project')
        .map(([key, wanted]) => wanted.map((v) => ix.facetEntry(facetTerm(key, v))).filter((e): e is DictEntry => e !== null))
        .sort((a, b) => a.reduce((n, e) => n + e[1], 0) - b.reduce((n, e) => n + e[1], 0));
      const read = active.some(([key]) => key === 'project') ? 1 : 2;
      for (const entries of byFilter.slice(0, read)) for (const e of entries) ix.prefetchPostings(e);
    }
    // A plain word's postings (a token with no exact form: not an id, SHA, path or flag kind, which
    // are looked up first) are fetched as soon as its entry is read, while the parts table is
    // decoded; so are the words a last word only begun may be.
    for (const t of tokens)
      for (const term of t.terms)
        if (!speculative.has(term)) {
          const pending = ix.entry(term);
          pending.then((e) => (e && t.exact.length === 0 ? ix.prefetchPostings(e) : undefined)).catch(() => undefined); // awaited below when used; unused, its failure does not matter
          speculative.set(term, pending);
        }
    const lastToken = tokens[tokens.length - 1];
    const earlyPrefix = lastToken?.prefix && lastToken.exact.length === 0 ? ix.prefixed(lastToken.prefix, PREFIX_TERMS) : null;
    earlyPrefix?.then((es) => es.forEach((e) => ix.prefetchPostings(e))).catch(() => undefined);
    const exactLookups = Promise.all(
      tokens.map(async (t) => {
        const lookups = await Promise.all(
          t.exact.map(async (e) => {
            const found: Array<[number, number]> = [];
            if (e.type === 'hex') for (const [, entries] of await ix.exact(`hex:${e.prefix}`, true)) for (const en of entries) found.push([en[0], en[1] * 10]);
            else if (e.type === 'key') for (const [, entries] of await ix.exact(e.key, false)) for (const en of entries) found.push([en[0], en[1] * 10]);
            else
              for (const [, entries] of await ix.exact(e.key, false))
                for (const en of entries) {
                  const score = pathMatch({ path: en[2] ?? '', quality: en[1] as 2 | 3, ...(en[3] !== undefined ? { from: en[3], to: en[4] as number } : {}) }, { path: e.path, ...(e.line !== undefined ? { line: e.line } : {}) });
                  if (score !== null) found.push([en[0], score]);
                }
            return found;
          }),
        );
        return lookups.flat();
      }),
    );
    // The parts tables (fetched since the engine was made) are needed from here on.
    const scale = await this.tables();
    const table = ix.table;
    const exactHits = await exactLookups;
    // The records found exactly are likely shown: their doc-store files and facet codes are
    // fetched now, beside the word lookups, instead of after the search.
    this.prefetchExact(ix, exactHits);
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
    // Each word's postings are fetched as soon as its entry is read; the prefix's words' too, at the same time.
    const [lists, prefixLists] = await Promise.all([
      Promise.all(termList.map(async (t) => {
        const e = await (speculative.get(t) as Promise<DictEntry | null>);
        return e ? ix.postings(e) : null;
      })),
      (async () => {
        const prefixEntries = prefixWord ? await (earlyPrefix && prefixWord === lastToken?.prefix ? earlyPrefix : ix.prefixed(prefixWord, PREFIX_TERMS)) : [];
        return Promise.all(prefixEntries.filter((e) => !termList.includes(e[0])).map((e) => ix.postings(e)));
      })(),
    ]);

    const projectOf = (part: number): string | null => this.manifest.parts[ix.rank[part] as number]?.project ?? null;
    if (tokens.length === 0 && active.length === 1 && active[0]?.[0] !== 'project' && active[0]?.[1].length === 1) {
      const [key, [value]] = active[0] as [string, [string]];
      return this.oneFilterHits(ix, which, ix.facetEntry(facetTerm(key, value)), outcome, later, scale, projectOf);
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
    const cands = new Candidates(ix, termList.length, tokens.length, Math.min(info.docs, postings));
    const m = termList.length;
    const T = tokens.length;
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
      for (const [doc, score] of hits) {
        // The word of a document found only here is read from its part's words below.
        const c = cands.add(doc, Number.NaN);
        if (c >= 0) cands.exact[c * T + t] = Math.max(cands.exact[c * T + t] as number, score);
      }
    });
    if (tokens.length === 0) await this.filterCandidates(ix, active, cands);
    const needWords = new Set<number>();
    // (Only a record found exactly, not by a word, lacks its word.)
    if (exactHits.some((h) => h.length > 0)) for (let c = 0; c < cands.size; c++) if (Number.isNaN(cands.word[c])) needWords.add(cands.part[c] as number);
    if (needWords.size > 0) {
      const words = new Map(await Promise.all([...needWords].map(async (part) => [part, await ix.partWords(part, this.load)] as const)));
      for (let c = 0; c < cands.size; c++) if (Number.isNaN(cands.word[c])) cands.word[c] = words.get(cands.part[c] as number)?.[cands.local[c] as number] ?? 0;
    }

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
      if (coverage === 2 * T) outcome.complete++;
      passing[c] = 1;
      coverageOf[c] = coverage;
      // (A query of filters alone gives every record the same key: made once.)
      score[c] = T === 0 && m === 0 ? filterOnlyKey : primaryKey(coverage, exact, phrase, proximity, field);
    }
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
      out.order[i] = ((cands.tier[c] as number) * scale.parts + rank) * scale.docs + local;
    }
    cands.release();
    return out;
  }

  /**
   * The hits of a query of one filter value and no words (`result = failed`: 124,579 records
   * of a million), read straight from the value's postings: they are in document order, every
   * record holds the value, and filters alone rank nothing, so no candidates are made, scored
   * or sorted. `entry` is the value's facet term (null: no record has it). The records' types
   * are totalled now; their counts per filter value are left to `later` (tallyCounts), and the
   * filter's own counts are the archive's (search()).
   */
  private async oneFilterHits(ix: IndexRuntime, which: number, entry: DictEntry | null, outcome: SearchOutcome, later: Array<() => void>, scale: { parts: number; docs: number }, projectOf: (part: number) => string | null): Promise<IndexHits> {
    const { table } = ix;
    const list = entry ? await ix.postings(entry) : { docs: new Uint32Array(0), words: new Float64Array(0) };
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
      out.order[k] = (where.tier * scale.parts + rank) * scale.docs + where.local;
      indexPart[k] = part;
      typeAt[k] = type;
      k++;
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

  /**
   * Starts reading what showing the records found exactly needs, when they are few (at most
   * {@link PREFETCH_DOCS}): their doc-store files and their parts' facet codes (`sigs.bin`).
   * Nothing is awaited; a failure shows when the file is read for real.
   */
  private prefetchExact(ix: IndexRuntime, exactHits: ReadonlyArray<ReadonlyArray<[number, number]>>): void {
    const docs = new Set<number>();
    for (const hits of exactHits) for (const [doc] of hits) docs.add(doc);
    if (docs.size === 0 || docs.size > PREFETCH_DOCS) return;
    const where = { part: -1, tier: 0, local: 0 };
    for (const doc of docs) {
      ix.locate(doc, where);
      const rank = where.part < 0 ? -1 : (ix.rank[where.part] as number);
      if (rank < 0) continue;
      ix.partWords(where.part, this.load).catch(() => undefined);
      this.stored({ part: rank, local: where.local }).catch(() => undefined);
    }
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

  /** The doc-store record of a hit. */
  private async stored(hit: Pick<Hit, 'part' | 'local'>): Promise<StoredDoc | null> {
    const part = this.manifest.parts[hit.part];
    if (!part) return null;
    // (The doc store is the parts' own, shared with the current format: its files as buildPart writes them.)
    const { file, at } = docFileOf(hit.local);
    const path = `docs/${part.key}/${file}.bin`;
    let pending = this.docFiles.get(path);
    if (!pending) {
      pending = this.load(path).then((b) => json<StoredDoc[]>(b));
      this.docFiles.set(path, pending);
    }
    return (await pending)[at] ?? null;
  }

  /** Titles, excerpts, links and facet values of some hits, in their order. */
  async show(hits: readonly Hit[], outcome: Pick<SearchOutcome, 'terms' | 'prefix' | 'line'>): Promise<ShownHit[]> {
    const docs = await Promise.all(hits.map((h) => this.stored(h)));
    const wanted = new Set(outcome.terms);
    return hits.map((hit, i) => {
      const d = docs[i] ?? ['', '', '(record not found)', '', '', ''];
      const part = this.manifest.parts[hit.part];
      const [anchor, page, title, body, evidence, meta] = d;
      const line = outcome.line !== null && anchor === '' && page.startsWith('file/') ? `#L${outcome.line}` : '';
      return {
        href: `${this.base}${part?.path ?? ''}${page}${anchor !== '' ? `#${anchor}` : line}`,
        title,
        titleMarks: marked(title, wanted, outcome.prefix),
        project: part?.title ?? '',
        excerpt: excerpt([body, evidence, meta], wanted, outcome.prefix),
        titleExcerpt: lateTitleExcerpt(title, wanted, outcome.prefix),
        tags: this.tags(hit),
        type: this.typeOf(hit),
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

/** The best (lowest) field of a field code. */
function bestField(code: number): number {
  const mask = code & 15;
  return mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3;
}

