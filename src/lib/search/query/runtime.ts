/**
 * One index (main or delta) as the search engine reads it (engine.ts): its files fetched once
 * each, its parts table and document ranges, dictionary and exact-map pages (and hot keys'
 * files), postings and the parts' facet codes (`sigs.bin`). See docs/architecture.md, "The search index".
 */
import { FACET_TERM, TIERS, decodeHotEntries, type DictEntry, type ExactEntry, type ExactItem, type HotKey, type IndexInfo, type SearchManifest, type StoredDoc } from '../index/format.ts';
import { PART_TABLE_FILE, PartTable, splitPartTableFile } from '../index/part-table.ts';
import { ByteReader } from '../index/varint.ts';
import { decodePostings, type Postings } from './postings.ts';
import { DECISION_TYPES } from './ranking.ts';

/** Reads one index file (path relative to `search-index/`), decompressed. */
export type Loader = (path: string) => Promise<Uint8Array>;

const decoder = new TextDecoder();
/** Parses a JSON index file. */
export const json = <T>(bytes: Uint8Array): T => JSON.parse(decoder.decode(bytes)) as T;

/** Index of the last item ≤ key in a sorted list, or -1. */
export function floorIndex(sorted: readonly string[], key: string): number {
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
export class IndexRuntime {
  readonly info: IndexInfo;
  private readonly load: Loader;
  private readonly files = new Map<string, Promise<Uint8Array>>();
  /** The parts table file's content, fetched (or taken from the early copy) from the start. */
  private readonly tableFile: Promise<Uint8Array>;
  private readonly manifest: SearchManifest;
  private reading: Promise<void> | null = null;
  /**
   * Settles when the parts table is decoded (rejects when it cannot be read). The decoding (tens
   * of milliseconds of the main thread on a thousand-project archive) starts on the first call:
   * a search of words asks for it once its words' postings are requested, so they download while
   * the table is decoded instead of waiting behind it (issue 30, words' first result).
   */
  get ready(): Promise<void> {
    if (!this.reading) {
      this.reading = this.readTable();
      this.reading.catch(() => undefined); // awaited by every search, which reports the failure
    }
    return this.reading;
  }
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
    this.manifest = manifest;
    this.tableFile = this.tableBytes(early);
    this.tableFile.catch(() => undefined); // read through `ready`, which reports the failure
  }

  /** The parts table file's content: the early copy when it is the manifest's, else the file of this generation. */
  private async tableBytes(early: Promise<Uint8Array> | undefined): Promise<Uint8Array> {
    const first = early ? await early.then((b) => splitPartTableFile(b), () => null).catch(() => null) : null;
    if (first?.digest === this.info.table) return first.content;
    const file = splitPartTableFile(await this.file(PART_TABLE_FILE));
    if (file.digest !== this.info.table) throw new Error(`${this.info.name}/${PART_TABLE_FILE}: table ${file.digest}, the manifest names ${this.info.table}`);
    return file.content;
  }

  private async readTable(): Promise<void> {
    const table = new PartTable(await this.tableFile, this.info.facets.length);
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
    const rankOf = new Map(this.manifest.parts.map((p, i) => [p.key, i]));
    const stale = new Set(this.info.name === 'main' ? this.manifest.stale : []);
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
  /** The commonest words' entries (IndexInfo.topTerms), by term; made on the first lookup. */
  private topEntries: Map<string, DictEntry> | null = null;

  /** A record type's name (`record` for type 0, no type). */
  typeName(t: number): string {
    return t === 0 ? 'record' : (this.info.values[this.typeFacet]?.[t - 1] as string);
  }

  /** A common word's entry from the manifest (format.ts, IndexInfo.topTerms), or undefined. */
  private topEntry(term: string): DictEntry | undefined {
    this.topEntries ??= new Map((this.info.topTerms ?? []).map((e) => [e[0], e]));
    return this.topEntries.get(term);
  }

  /** Whether the manifest says a word has a top block (IndexInfo.topTerms; a word past the TOP_TERMS commonest may have one too). */
  hasTopBlock(term: string): boolean {
    return this.topEntry(term)?.[3] !== undefined;
  }

  /** A term's dictionary entry, or null: a facet term's from the manifest, a word's from its dictionary page. */
  async entry(term: string): Promise<DictEntry | null> {
    if (term.startsWith(FACET_TERM)) return this.facetEntry(term);
    // A common word's entry is in the manifest (format.ts, IndexInfo.topTerms): no page to read.
    const top = this.topEntry(term);
    if (top) return top;
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
    if (entry[3] && ownTop(entry)) this.file(`post/${entry[3][0]}.bin`).catch(() => undefined);
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

  /** Starts fetching a word's top block's file (format.ts, TOP_MIN), or its posting files when it has none. */
  prefetchTop(entry: DictEntry): void {
    if (entry[3]) this.file(`post/${entry[3][0]}.bin`).catch(() => undefined);
    else this.prefetchPostings(entry);
  }

  /** Top blocks decoded, by term (a phrase's blocks and a whole list read after a first page read the same one). */
  private readonly tops = new Map<string, Promise<Postings>>();

  /** A word's top block (format.ts, TOP_MIN) when it has one, else its whole list. */
  async topPostings(entry: DictEntry): Promise<Postings> {
    const top = entry[3];
    if (!top) return this.postings(entry);
    let pending = this.tops.get(entry[0]);
    if (!pending) {
      const [file, offset, length, n] = top;
      pending = this.file(`post/${file}.bin`).then((b) => decodePostings([b.subarray(offset, offset + length)], n));
      this.tops.set(entry[0], pending);
    }
    return pending;
  }

  /**
   * Block `i` of a term's list (format.ts, WORD_BLOCK_POSTINGS), decoded; its size is in its
   * header. A word with a top block (format 11) has its top postings in that range merged in:
   * the list's postings up to the range's last document, every one of them.
   */
  async block(entry: DictEntry, i: number): Promise<Postings> {
    const [file, offset, length, last] = entry[2][i] as [number, number, number, number?];
    const bytes = (await this.file(`post/${file}.bin`)).subarray(offset, offset + length);
    const rest = decodePostings([bytes], new ByteReader(bytes).varint());
    if (!ownTop(entry)) return rest;
    const top = await this.topPostings(entry);
    const after = i === 0 ? -1 : ((entry[2][i - 1] as [number, number, number, number])[3] as number);
    const upTo = i === entry[2].length - 1 ? Infinity : (last as number);
    return mergePostings(rest, top, after, upTo);
  }

  /** Starts fetching block `i` of a term's list (nothing awaited), and its top block's file when the block needs it. */
  prefetchBlock(entry: DictEntry, i: number): void {
    const block = entry[2][i];
    if (block) this.file(`post/${block[0]}.bin`).catch(() => undefined);
    if (entry[3] && ownTop(entry)) this.file(`post/${entry[3][0]}.bin`).catch(() => undefined);
  }

  /** A term's whole list: its blocks, and for a word with a top block (format 11) that block's postings merged in. */
  async postings(entry: DictEntry): Promise<Postings> {
    const top = ownTop(entry) ? this.topPostings(entry) : null;
    const blocks = await Promise.all(entry[2].map(async ([file, offset, length]) => (await this.file(`post/${file}.bin`)).subarray(offset, offset + length)));
    if (!top) return decodePostings(blocks, entry[1]);
    const first = await top;
    return mergePostings(decodePostings(blocks, entry[1] - first.docs.length), first, -1, Infinity);
  }

  /**
   * Exact-map entries of `key`, or of every key beginning with `key` when `prefix`. A hot key's
   * entries are read from its own file (format.ts, HotKey), and the records of its first page
   * kept for {@link firstRecord}.
   */
  async exact(key: string, prefix: boolean): Promise<Array<[string, ExactEntry[]]>> {
    const items: ExactItem[] = [];
    for (let page = Math.max(0, floorIndex(this.info.exact, key)); page < this.info.exact.length; page++) {
      if (page > floorIndex(this.info.exact, key) && !(prefix && (this.info.exact[page] as string).startsWith(key))) break;
      for (const e of json<ExactItem[]>(await this.file(`exact/${page}.bin`))) if (prefix ? e[0].startsWith(key) : e[0] === key) items.push(e);
    }
    return this.entriesOf(items);
  }

  /**
   * Exact-map entries of every key that `key` begins with, of at least `min` characters and
   * shorter than `key` (a SHA typed longer than a record wrote it: `hex:2842af7` for the query
   * `hex:2842af7d1e…`). Such keys sort between `key`'s first `min` characters and `key`.
   */
  async exactShorter(key: string, min: number): Promise<Array<[string, ExactEntry[]]>> {
    const items: ExactItem[] = [];
    if (key.length <= min) return [];
    const last = floorIndex(this.info.exact, key);
    for (let page = Math.max(0, floorIndex(this.info.exact, key.slice(0, min))); page <= last; page++) {
      for (const e of json<ExactItem[]>(await this.file(`exact/${page}.bin`))) if (e[0].length >= min && e[0].length < key.length && key.startsWith(e[0])) items.push(e);
    }
    return this.entriesOf(items);
  }

  /** The entries of exact-map items: a hot key's from its own file. */
  private entriesOf(items: readonly ExactItem[]): Promise<Array<[string, ExactEntry[]]>> {
    return Promise.all(
      items.map(async (item): Promise<[string, ExactEntry[]]> => {
        if (item.length === 2) return item;
        const hot = json<HotKey>(await this.file(`hot/${item[2]}.bin`));
        for (const [doc, record] of hot.first) this.firstRecords.set(doc, record);
        return [item[0], decodeHotEntries(hot.entries)];
      }),
    );
  }

  /** The doc-store records of hot keys' first pages read so far, by document. */
  private readonly firstRecords = new Map<number, StoredDoc>();

  /** A document's doc-store record when a hot key's file held it, else undefined (read it from the doc store). */
  firstRecord(doc: number): StoredDoc | undefined {
    return this.firstRecords.get(doc);
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

/**
 * Whether a dictionary entry's top block holds postings its list's blocks do not (format 11): a
 * word's top block. A facet value's first block (format.ts, FACET_FIRST) is a copy of its list's
 * first postings.
 */
const ownTop = (entry: DictEntry): boolean => entry[3] !== undefined && !entry[0].startsWith(FACET_TERM);

/**
 * The postings of `rest` and those of `top` with a document in (`after`, `upTo`], in document
 * order (the two hold no document twice: a word's posting is in its top block or in its list's
 * blocks, format.ts, DictEntry).
 */
export function mergePostings(rest: Postings, top: Postings, after: number, upTo: number): Postings {
  let from = 0;
  while (from < top.docs.length && (top.docs[from] as number) <= after) from++;
  let to = from;
  while (to < top.docs.length && (top.docs[to] as number) <= upTo) to++;
  const n = rest.docs.length + to - from;
  const docs = new Uint32Array(n);
  const fields = rest.fields || top.fields ? new Uint32Array(n) : null;
  const words = new Float64Array(n);
  let i = 0;
  let j = from;
  for (let k = 0; k < n; k++) {
    const takeTop = j < to && (i >= rest.docs.length || (top.docs[j] as number) < (rest.docs[i] as number));
    if (takeTop) {
      docs[k] = top.docs[j] as number;
      if (fields) fields[k] = top.fields?.[j] ?? 0;
      words[k] = top.words[j++] as number;
    } else {
      docs[k] = rest.docs[i] as number;
      if (fields) fields[k] = rest.fields?.[i] ?? 0;
      words[k] = rest.words[i++] as number;
    }
  }
  return { docs, fields, words };
}
