/**
 * Merges parts (part.ts) into one index (format.ts): numbers the documents (tier, then part
 * in the order given, then the part's own order), joins each term's postings across parts,
 * adds one term per facet value, and writes the dictionary, posting and exact-map files (a hot
 * key's in a file of its own, with its first page's records: format.ts, HotKey).
 * Nothing is analysed again: a merge only renumbers and re-encodes, so parts built apart (a
 * sharded build) merge into the same index as parts built together.
 *
 * Memory: the parts' typed arrays (about 8 bytes a posting) plus one term's postings at a time;
 * files are handed to `emit` as they are made.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { orderFacetKeys } from '../facets.ts';
import { lowerBound } from '../../text/lower-bound.ts';
import { FACET_FIRST, FACET_FIRST_MIN, FACET_TERM, GZIP_BINARY, GZIP_TEXT, WORD_BLOCK_POSTINGS, HOT_ENTRIES, HOT_FIRST, TIERS, TOP_MIN, TOP_POSTINGS, TOP_TERMS, docFileOf, encodeHotEntries, facetTerm, type DictEntry, type ExactEntry, type ExactItem, type HotKey, type IndexInfo, type IndexPart, type StoredDoc } from './format.ts';
import type { SearchPart } from './part.ts';
import { PART_TABLE_FILE, encodePartTable, partTableFile } from './part-table.ts';
import { ByteWriter } from './varint.ts';
import { doubled } from './typed-arrays.ts';

/** Postings per block of a facet value; a longer list is cut into blocks of this size (fetched as separate files). A word's blocks hold WORD_BLOCK_POSTINGS (format.ts). */
export const BLOCK_POSTINGS = 65_536;
/** A posting file is closed once it holds this many bytes (before gzip); a larger block has a file of its own. */
export const PACK_BYTES = 64 * 1024;
/** A dictionary or exact-map page is closed once its JSON holds this many characters. */
export const PAGE_CHARS = 24 * 1024;
/**
 * A delta index's file sizes (write-search-index.ts): an eighth and a quarter of main's. Every
 * search reads the delta beside main, and a delta holds the few projects built again since
 * main was merged: a query's word in it is a few hundred postings, so a 64 KB file of other
 * words' postings and a 24 KB dictionary page are bytes read for nothing (issue 30: a two-word
 * query after a one-row rebuild read 504 KB, 38 KB of them the delta's page and file).
 */
export const DELTA_SIZES: FileSizes = { packBytes: PACK_BYTES / 8, pageChars: PAGE_CHARS / 4 };

/** Where an index's files are closed: posting files past `packBytes` (before gzip), dictionary and exact-map pages past `pageChars`. */
export interface FileSizes {
  packBytes: number;
  pageChars: number;
}

/** Receives one file of the index: path relative to the index folder, gzip data. */
export type Emit = (path: string, data: Uint8Array) => Promise<void> | void;

/** gzip data of an index file: JSON at {@link GZIP_TEXT}, binary at {@link GZIP_BINARY} (format.ts). */
const gz = (data: Uint8Array | string): Uint8Array => gzipSync(data, { level: typeof data === 'string' ? GZIP_TEXT : GZIP_BINARY });

/** Writes pages of JSON items, each page closed past `pageChars` ({@link PAGE_CHARS} unless given); returns each page's first key. */
class Pager<T> {
  /** Each item's JSON (joined, they are the page's JSON array: what JSON.stringify of the items gives). */
  private items: string[] = [];
  private chars = 0;
  private n = 0;
  readonly firsts: string[] = [];
  private readonly folder: string;
  private readonly emit: Emit;
  private readonly pageChars: number;
  constructor(folder: string, emit: Emit, pageChars = PAGE_CHARS) {
    this.folder = folder;
    this.emit = emit;
    this.pageChars = pageChars;
  }
  /** Adds an item; returns the page's write when this item closed it (await it), else nothing. */
  add(key: string, item: T): Promise<void> | undefined {
    return this.addJson(key, JSON.stringify(item));
  }
  /** Adds an item given as its JSON text (what JSON.stringify of the item gives). */
  addJson(key: string, text: string): Promise<void> | undefined {
    if (this.items.length === 0) this.firsts.push(key);
    this.items.push(text);
    this.chars += text.length + 1;
    return this.chars >= this.pageChars ? this.flush() : undefined;
  }
  async flush(): Promise<void> {
    if (this.items.length === 0) return;
    await this.emit(`${this.folder}/${this.n++}.bin`, gz(`[${this.items.join(',')}]`));
    this.items = [];
    this.chars = 0;
  }
}

/** Packs posting blocks into files of about `packBytes` ({@link PACK_BYTES} unless given). */
class Packer {
  private current = new ByteWriter();
  private n = 0;
  private readonly emit: Emit;
  private readonly packBytes: number;
  constructor(emit: Emit, packBytes = PACK_BYTES) {
    this.emit = emit;
    this.packBytes = packBytes;
  }
  /** Adds a block; returns where it is. */
  async add(block: Uint8Array): Promise<[number, number, number]> {
    if (block.length >= this.packBytes) {
      await this.flush();
      const file = this.n++;
      await this.emit(`post/${file}.bin`, gz(block));
      return [file, 0, block.length];
    }
    if (this.current.length + block.length > this.packBytes) await this.flush();
    const at: [number, number, number] = [this.n, this.current.length, block.length];
    this.current.bytes(block);
    return at;
  }
  async flush(): Promise<void> {
    if (this.current.length === 0) return;
    await this.emit(`post/${this.n++}.bin`, gz(this.current.result()));
    this.current = new ByteWriter();
  }
}

/**
 * A common word's top block (format.ts, TOP_POSTINGS): its postings whose best field is the
 * best, up to `limit`, title first, then body, evidence and meta, each field's in document order
 * (the order a search ranks records that differ only in field and place); written in document
 * order, as a block. Returns the block and its postings.
 */
function encodeTopBlock(list: List, limit: number): [block: Uint8Array, n: number, chosen: Uint8Array] {
  const byField = [0, 0, 0, 0];
  for (let i = 0; i < list.n; i++) {
    const f = bestFieldOf(list.fields[i] as number);
    byField[f] = (byField[f] as number) + 1;
  }
  // Fields taken whole, then the first `room` postings of the field after them.
  let whole = 0;
  let taken = 0;
  while (whole < 4 && taken + (byField[whole] as number) <= limit) taken += byField[whole++] as number;
  let room = limit - taken;
  const docs = new Uint32Array(limit);
  const fields = new Uint32Array(limit);
  const words = new Float64Array(limit);
  const chosen = new Uint8Array(list.n);
  let n = 0;
  for (let i = 0; i < list.n; i++) {
    const f = bestFieldOf(list.fields[i] as number);
    if (f > whole || (f === whole && room-- <= 0)) continue;
    chosen[i] = 1;
    docs[n] = list.docs[i] as number;
    fields[n] = list.fields[i] as number;
    words[n++] = list.words[i] as number;
  }
  return [encodeBlock(docs, fields, words, 0, n), n, chosen];
}

/**
 * Postings [from, to) of a word's list without those of its top block (`chosen`), as one block
 * (format 11: a word with a top block lists each posting once; format.ts, DictEntry).
 */
function encodeRestBlock(list: List, chosen: Uint8Array, from: number, to: number): Uint8Array {
  let n = 0;
  for (let i = from; i < to; i++) if (chosen[i] === 0) n++;
  const docs = new Uint32Array(n);
  const fields = new Uint32Array(n);
  const words = new Float64Array(n);
  let k = 0;
  for (let i = from; i < to; i++) {
    if (chosen[i] !== 0) continue;
    docs[k] = list.docs[i] as number;
    fields[k] = list.fields[i] as number;
    words[k++] = list.words[i] as number;
  }
  return encodeBlock(docs, fields, words, 0, n);
}

/** The best (lowest) field of a field code (as ../query/ranking.ts bestField). */
const bestFieldOf = (code: number): number => (code & 1 ? 0 : code & 2 ? 1 : code & 4 ? 2 : 3);

/**
 * A field code as a block stores it (format 11): the best field and the first position there,
 * `best | position << 2`, from a part's `mask | position << 4` (the engine reads no other
 * field of the mask: ../query/ranking.ts bestField; `decodePostings` gives the part's form
 * back with the best field's bit alone). A position below 32 fits one byte, not below 8.
 */
export const storedFieldCode = (code: number): number => bestFieldOf(code) + (code >>> 4) * 4;

/** Encodes postings [from, to) of the arrays as one block. */
function encodeBlock(docs: Uint32Array, fields: Uint32Array | null, words: Float64Array, from: number, to: number): Uint8Array {
  const w = new ByteWriter();
  w.varint(to - from);
  w.varint(fields ? 1 : 0);
  let last = 0;
  for (let i = from; i < to; i++) {
    w.varint((docs[i] as number) - last);
    last = docs[i] as number;
  }
  if (fields) for (let i = from; i < to; i++) w.varint(storedFieldCode(fields[i] as number));
  for (let i = from; i < to; i++) w.varint(words[i] as number);
  return w.result();
}

/** A growable posting list for one term. */
class List {
  docs = new Uint32Array(256);
  fields = new Uint32Array(256);
  words = new Float64Array(256);
  n = 0;
  push(doc: number, field: number, word: number): void {
    if (this.n === this.docs.length) {
      this.docs = doubled(this.docs, (n) => new Uint32Array(n));
      this.fields = doubled(this.fields, (n) => new Uint32Array(n));
      this.words = doubled(this.words, (n) => new Float64Array(n));
    }
    this.docs[this.n] = doc;
    this.fields[this.n] = field;
    this.words[this.n++] = word;
  }
  reset(): void {
    this.n = 0;
  }
}

/** How a merge reads what it does not hold itself. */
export interface MergeOptions {
  /**
   * The doc-store record of part `part` (an index into the parts given), local document
   * `local`, for a hot key's first page (format.ts, HotKey); without it, hot keys keep no
   * records and their first page is read from the doc store. Give the same reader to every
   * merge of the same parts: the records are part of the index's bytes.
   */
  storedDoc?: (part: number, local: number) => StoredDoc | null;
  /** Entries above which a key is hot (format.ts, HOT_ENTRIES; tests lower it). */
  hotEntries?: number;
  /** Postings above which a word has a top block, its size, and how many such words the manifest lists (format.ts, TOP_MIN, TOP_POSTINGS and TOP_TERMS; tests lower them). */
  top?: { min: number; postings: number; terms?: number };
  /**
   * Words whose entries the manifest lists whatever their count (format.ts, IndexInfo.topTerms):
   * a delta index lists its own entries of the words main lists, so a first page of common words
   * reads no dictionary page of either index.
   */
  listedTerms?: ReadonlySet<string>;
  /** Postings of a word's block (format.ts, WORD_BLOCK_POSTINGS; tests lower it). */
  wordBlock?: number;
  /** Where files are closed ({@link PACK_BYTES} and {@link PAGE_CHARS} unless given; a delta index's: {@link DELTA_SIZES}). */
  sizes?: FileSizes;
  /**
   * Told now and then how far the merge is: the parts' terms and exact keys read so far, of
   * all of them (a term shared by several parts counts once per part).
   */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Merges `parts` (in recency order, newest first) into the index `name`, handing its files to
 * `emit`. Returns the index's description for the manifest.
 */
export async function mergeParts(name: 'main' | 'delta', parts: readonly SearchPart[], emit: Emit, options: MergeOptions = {}): Promise<IndexInfo> {
  // Document numbers: tier, then part, then the part's order.
  const ranges: Array<Array<[number, number]>> = parts.map(() => []);
  let docs = 0;
  for (let t = 0; t < TIERS; t++) {
    parts.forEach((p, i) => {
      const count = (p.tierStarts[t + 1] as number) - (p.tierStarts[t] as number);
      ranges[i]?.push([docs, count]);
      docs += count;
    });
  }
  const globalOf = parts.map((p, i) => {
    const map = new Uint32Array(p.docs);
    for (let t = 0; t < TIERS; t++) {
      const [start] = ranges[i]?.[t] as [number, number];
      for (let l = p.tierStarts[t] as number; l < (p.tierStarts[t + 1] as number); l++) map[l] = start + l - (p.tierStarts[t] as number);
    }
    return map;
  });

  // Facets and values of the index.
  const facets = orderFacetKeys(parts.flatMap((p) => p.facets));
  const facetIndex = new Map(facets.map((k, i) => [k, i]));
  const valueSets = facets.map(() => new Set<string>());
  for (const p of parts) p.facets.forEach((k, f) => p.sets[f]?.forEach((set) => set.forEach((v) => valueSets[facetIndex.get(k) as number]?.add(v))));
  const values = valueSets.map((s) => [...s].sort());
  const valueIndex = values.map((vs) => new Map(vs.map((v, i) => [v, i])));
  const indexParts: IndexPart[] = parts.map((p, i) => {
    const fs = p.facets.map((k) => facetIndex.get(k) as number);
    return {
      key: p.key,
      ranges: ranges[i] as Array<[number, number]>,
      facets: fs,
      sets: p.sets.map((sets, f) => sets.map((set) => set.map((v) => valueIndex[fs[f] as number]?.get(v) as number))),
      ...(p.combos ? { combos: p.combos } : {}),
    };
  });

  // Terms: one term per facet value (they sort first: no word starts with FACET_TERM), then
  // the word terms of the parts.
  const facetSources = new Map<string, Array<[part: number, facet: number, codes: Set<number>]>>();
  parts.forEach((p, i) => p.facets.forEach((key, f) => p.sets[f]?.forEach((set, s) => {
    for (const v of set) {
      const term = facetTerm(key, v);
      let list = facetSources.get(term);
      if (!list) facetSources.set(term, (list = []));
      const last = list[list.length - 1];
      if (last && last[0] === i && last[1] === f) last[2].add(s);
      else list.push([i, f, new Set([s])]);
    }
  })));
  const buckets = new Map<number, CodeBuckets>();
  const packer = new Packer(emit, options.sizes?.packBytes);
  const topMin = options.top?.min ?? TOP_MIN;
  const topPostings = options.top?.postings ?? TOP_POSTINGS;
  const dict = new Pager<DictEntry>('dict', emit, options.sizes?.pageChars);
  /** The facet terms' entries, for the manifest (format.ts, IndexInfo.facetTerms). */
  const facetTerms: DictEntry[] = [];
  /** The entries of the words with a top block, for the manifest (format.ts, IndexInfo.topTerms). */
  const topTerms: DictEntry[] = [];
  /** The entries of `options.listedTerms` without a top block, for the manifest too. */
  const listed: DictEntry[] = [];
  const list = new List();
  /** Facet terms' first blocks (format.ts, FACET_FIRST), written together after the facet terms: their entry, block and first record's doc-store file. */
  const facetFirsts: Array<[DictEntry, Uint8Array, string]> = [];
  /** The doc-store file (`p/<id>/<file>`, under `docs/`) of document `doc` (format.ts, docFileOf). */
  const docFileKey = (doc: number): string => {
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as SearchPart;
      for (let t = 0; t < TIERS; t++) {
        const [start, count] = ranges[i]?.[t] as [number, number];
        if (doc >= start && doc < start + count) return `${p.key}/${docFileOf((p.tierStarts[t] as number) + doc - start).file}`;
      }
    }
    return '';
  };
  /** Writes the term's postings (in `list`) and its dictionary entry (a facet term's: for the manifest). */
  const writeTerm = async (term: string): Promise<void> => {
    const blocks: DictEntry[2] = [];
    const facet = term.startsWith(FACET_TERM);
    const size = facet ? BLOCK_POSTINGS : (options.wordBlock ?? WORD_BLOCK_POSTINGS);
    if (!facet && list.n > topMin) {
      // A word with a top block (format 11): its list's blocks hold the other postings, each
      // block the postings of its range of the whole list (cut every `size` postings) with the
      // range's last document, so a block read with the top block's postings in that range is
      // the list up to there (../query/runtime.ts, `block`).
      const [top, n, chosen] = encodeTopBlock(list, topPostings);
      for (let from = 0; from < list.n; from += size) {
        const to = Math.min(list.n, from + size);
        const [file, offset, length] = await packer.add(encodeRestBlock(list, chosen, from, to));
        blocks.push([file, offset, length, list.docs[to - 1] as number]);
      }
      const [file, offset, length] = await packer.add(top);
      const entry: DictEntry = [term, list.n, blocks, [file, offset, length, n]];
      topTerms.push(entry);
      await dict.add(term, entry);
      return;
    }
    for (let from = 0; from < list.n; from += size) {
      blocks.push(await packer.add(encodeBlock(list.docs, facet ? null : list.fields, list.words, from, Math.min(list.n, from + size))));
    }
    if (facet) {
      const entry: DictEntry = [term, list.n, blocks];
      facetTerms.push(entry);
      if (list.n > FACET_FIRST_MIN && !term.startsWith(facetTerm('project', ''))) facetFirsts.push([entry, encodeBlock(list.docs, null, list.words, 0, FACET_FIRST), docFileKey(list.docs[0] as number)]);
    }
    else {
      const entry: DictEntry = [term, list.n, blocks];
      if (options.listedTerms?.has(term)) listed.push(entry);
      await dict.add(term, entry);
    }
  };
  for (const term of [...facetSources.keys()].sort()) {
    list.reset();
    {
      const from = facetSources.get(term) ?? [];
      for (let t = 0; t < TIERS; t++) {
        for (const [i, f, codes] of from) {
          const p = parts[i] as SearchPart;
          const g = globalOf[i] as Uint32Array;
          const byCode = codeBuckets(buckets, i * facets.length + f, p, f);
          const lo = p.tierStarts[t] as number;
          const hi = p.tierStarts[t + 1] as number;
          // The part's records of this tier whose set holds the value, in record order.
          let docs: Uint32Array;
          if (codes.size === 1) docs = bucketRange(byCode, codes.values().next().value as number, lo, hi);
          else {
            const ranges = [...codes].map((c) => bucketRange(byCode, c, lo, hi));
            docs = new Uint32Array(ranges.reduce((n, r) => n + r.length, 0));
            let at = 0;
            for (const r of ranges) {
              docs.set(r, at);
              at += r.length;
            }
            docs.sort();
          }
          for (const l of docs) list.push(g[l] as number, 0, p.words[l] as number);
        }
      }
    }
    await writeTerm(term);
  }
  // Let go before the terms: a record number per record of each part, for each facet with values.
  buckets.clear();
  facetSources.clear();
  // The facet values' first blocks, in files of their own (a filter's first page reads one of them).
  await packer.flush();
  for (const [entry, block, firstDocFile] of facetFirsts) {
    const [file, offset, length] = await packer.add(block);
    entry[3] = [file, offset, length, FACET_FIRST, firstDocFile];
  }
  await packer.flush();
  // Progress: the parts' terms and exact keys read, told every 65,536 or so.
  const names = parts.reduce((sum, p) => sum + p.terms.length + p.exactKeys.length, 0);
  let namesRead = 0;
  let nextTold = 0;
  const read = (n: number): void => {
    namesRead += n;
    if (options.onProgress && namesRead >= nextTold) {
      nextTold = namesRead + 65_536;
      options.onProgress(namesRead, names);
    }
  };
  let cursor = new Uint32Array(16);
  await eachName(parts.map((p) => p.terms), async (term, at, index, n) => {
    read(n);
    list.reset();
    if (cursor.length < n) cursor = new Uint32Array(Math.max(n, cursor.length * 2));
    for (let j = 0; j < n; j++) cursor[j] = (parts[at[j] as number] as SearchPart).termStarts[index[j] as number] as number;
    for (let tier = 0; tier < TIERS; tier++) {
      for (let j = 0; j < n; j++) {
        const i = at[j] as number;
        const t = index[j] as number;
        const p = parts[i] as SearchPart;
        const g = globalOf[i] as Uint32Array;
        const end = p.termStarts[t + 1] as number;
        const tierEnd = p.tierStarts[tier + 1] as number;
        let c = cursor[j] as number;
        while (c < end && (p.postDocs[c] as number) < tierEnd) {
          const l = p.postDocs[c] as number;
          list.push(g[l] as number, p.postFields[c] as number, p.words[l] as number);
          c++;
        }
        cursor[j] = c;
      }
    }
    await writeTerm(term);
  });
  await packer.flush();
  await dict.flush();

  // The exact-token map; a hot key's entries (and its first page's records) in a file of its own.
  const exact = new Pager<ExactItem>('exact', emit, options.sizes?.pageChars);
  const hotEntries = options.hotEntries ?? HOT_ENTRIES;
  let hotFiles = 0;
  const records = await firstPageRecords(parts, globalOf, hotEntries, options.storedDoc);
  await eachName(parts.map((p) => p.exactKeys), (key, at, index, n) => {
    read(n);
    let count = 0;
    for (let j = 0; j < n; j++) {
      const p = parts[at[j] as number] as SearchPart;
      const k = index[j] as number;
      count += (p.exactStarts[k + 1] as number) - (p.exactStarts[k] as number);
    }
    if (n === 1 && count <= hotEntries) {
      // One part's entries, already in order (part.ts sorts them by record, path and lines; the
      // record numbers keep their order here): written as JSON.stringify would, without arrays.
      const i = at[0] as number;
      const k = index[0] as number;
      const p = parts[i] as SearchPart;
      const g = globalOf[i] as Uint32Array;
      let text = `[${JSON.stringify(key)},[`;
      for (let e = p.exactStarts[k] as number; e < (p.exactStarts[k + 1] as number); e++) {
        if (e > (p.exactStarts[k] as number)) text += ',';
        const l = p.exactDocs[e] as number;
        text += `[${g[l] as number},${p.exactQuality[e] as number},${p.words[l] as number}`;
        const path = p.exactPaths[e] as string;
        if (path !== '') {
          text += `,${JSON.stringify(path)}`;
          if ((p.exactFrom[e] as number) >= 0) text += `,${p.exactFrom[e] as number},${p.exactTo[e] as number}`;
        }
        text += ']';
      }
      return exact.addJson(key, `${text}]]`);
    }
    const entries: PlacedEntry[] = [];
    for (let j = 0; j < n; j++) {
      const i = at[j] as number;
      const k = index[j] as number;
      const p = parts[i] as SearchPart;
      const g = globalOf[i] as Uint32Array;
      for (let e = p.exactStarts[k] as number; e < (p.exactStarts[k + 1] as number); e++) {
        const l = p.exactDocs[e] as number;
        const entry: ExactEntry = [g[l] as number, p.exactQuality[e] as number, p.words[l] as number];
        const path = p.exactPaths[e] as string;
        if (path !== '') {
          entry.push(path);
          if ((p.exactFrom[e] as number) >= 0) entry.push(p.exactFrom[e] as number, p.exactTo[e] as number);
        }
        entries.push({ entry, part: i, local: l });
      }
    }
    entries.sort(({ entry: a }, { entry: b }) => a[0] - b[0] || ((a[3] ?? '') < (b[3] ?? '') ? -1 : (a[3] ?? '') > (b[3] ?? '') ? 1 : 0) || (a[4] ?? 0) - (b[4] ?? 0));
    if (count <= hotEntries) return exact.add(key, [key, entries.map((e) => e.entry)]);
    // Hot: the first page as a search of this key alone ranks it (firstPage), its records read beforehand.
    const first: HotKey['first'] = [];
    for (const e of firstPage(entries)) {
      const record = records.get(e.part * 2 ** 32 + e.local);
      if (record) first.push([e.entry[0], record]);
    }
    const file = hotFiles++;
    const hot: HotKey = { key, entries: encodeHotEntries(entries.map((e) => e.entry)), first };
    return (async () => {
      await emit(`hot/${file}.bin`, gz(JSON.stringify(hot)));
      await exact.add(key, [key, count, file]);
    })();
  });
  await exact.flush();
  options.onProgress?.(names, names);

  const content = encodePartTable(indexParts);
  const digest = createHash('sha256').update(content).digest('hex').slice(0, 16);
  await emit(PART_TABLE_FILE, gz(partTableFile(content, digest)));
  // The manifest's word entries (IndexInfo.topTerms): the commonest TOP_TERMS with a top block
  // (ties by term) and the words the caller lists (a delta's of main's), by term.
  const commonest = [...topTerms.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, options.top?.terms ?? TOP_TERMS), ...listed].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { name, docs, facets, values, parts: indexParts.length, table: digest, dict: dict.firsts, facetTerms, ...(commonest.length > 0 ? { topTerms: commonest } : {}), exact: exact.firsts };
}

/** One exact entry with where its record is: part (an index into the parts merged) and local document. */
interface PlacedEntry {
  entry: ExactEntry;
  part: number;
  local: number;
}

/**
 * A hot key's first page: its entries as a search of the key alone ranks them (quality, then
 * document order), a record listed twice (at two lines) once, at most {@link HOT_FIRST}.
 */
function firstPage(entries: readonly PlacedEntry[]): PlacedEntry[] {
  const ranked = entries.slice().sort((a, b) => b.entry[1] - a.entry[1] || a.entry[0] - b.entry[0]);
  const out: PlacedEntry[] = [];
  const seen = new Set<number>();
  for (const e of ranked) {
    if (out.length === HOT_FIRST) break;
    if (seen.has(e.entry[0])) continue;
    seen.add(e.entry[0]);
    out.push(e);
  }
  return out;
}

/**
 * The doc-store records of every hot key's first page, by `part × 2^32 + local`, read in
 * part and record order so each doc-store file is read once (a reader that keeps its last
 * files, as write-search-index.ts's does; reading them key by key read each file again for
 * every key whose first page it held). A first pass over the exact keys, making entries for hot
 * keys only.
 */
async function firstPageRecords(parts: readonly SearchPart[], globalOf: readonly Uint32Array[], hotEntries: number, storedDoc: MergeOptions['storedDoc']): Promise<Map<number, StoredDoc>> {
  const out = new Map<number, StoredDoc>();
  if (!storedDoc) return out;
  const wanted: number[] = [];
  await eachName(parts.map((p) => p.exactKeys), (_key, at, index, n) => {
    let count = 0;
    for (let j = 0; j < n; j++) {
      const p = parts[at[j] as number] as SearchPart;
      const k = index[j] as number;
      count += (p.exactStarts[k + 1] as number) - (p.exactStarts[k] as number);
    }
    if (count <= hotEntries) return undefined;
    // Only a hot key's entries are made (an object each): the others are counted and passed.
    const list: PlacedEntry[] = [];
    for (let j = 0; j < n; j++) {
      const i = at[j] as number;
      const k = index[j] as number;
      const p = parts[i] as SearchPart;
      const g = globalOf[i] as Uint32Array;
      for (let e = p.exactStarts[k] as number; e < (p.exactStarts[k + 1] as number); e++) {
        const l = p.exactDocs[e] as number;
        list.push({ entry: [g[l] as number, p.exactQuality[e] as number, 0], part: i, local: l });
      }
    }
    for (const e of firstPage(list)) wanted.push(e.part * 2 ** 32 + e.local);
    return undefined;
  });
  wanted.sort((a, b) => a - b);
  for (let w = 0; w < wanted.length; w++) {
    const at = wanted[w] as number;
    if (w > 0 && wanted[w - 1] === at) continue;
    const record = storedDoc(Math.floor(at / 2 ** 32), at % 2 ** 32);
    if (record) out.set(at, record);
  }
  return out;
}

/** A part's records grouped by their code for one facet: `docs[starts[c]] … docs[starts[c + 1] - 1]` have code `c`, in record order. */
interface CodeBuckets {
  starts: Uint32Array;
  docs: Uint32Array;
}

/**
 * The records of part `p` by code of its facet `f`, made once (a counting sort) and kept in
 * `cache` under `key` (unique per part and facet): a facet value's postings are then found without reading every record once
 * per value (a facet of 40 values over a million records was 40 million reads).
 */
function codeBuckets(cache: Map<number, CodeBuckets>, key: number, p: SearchPart, f: number): CodeBuckets {
  const nf = p.facets.length;
  const had = cache.get(key);
  if (had) return had;
  const sets = p.sets[f]?.length ?? 0;
  const starts = new Uint32Array(sets + 1);
  for (let l = 0; l < p.docs; l++) {
    const c = p.codes[l * nf + f] as number;
    starts[c + 1] = (starts[c + 1] as number) + 1;
  }
  for (let c = 0; c < sets; c++) starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
  const fill = starts.slice(0, sets);
  const docs = new Uint32Array(p.docs);
  for (let l = 0; l < p.docs; l++) {
    const c = p.codes[l * nf + f] as number;
    docs[fill[c] as number] = l;
    fill[c] = (fill[c] as number) + 1;
  }
  const made = { starts, docs };
  cache.set(key, made);
  return made;
}

/** The records of `buckets` with code `c` in [from, to), in record order. */
function bucketRange(buckets: CodeBuckets, c: number, from: number, to: number): Uint32Array {
  const all = buckets.docs.subarray(buckets.starts[c] as number, buckets.starts[c + 1] as number);
  return all.subarray(lowerBound(all, from), lowerBound(all, to));
}

/**
 * Walks the names of every part (each part's list sorted, as part.ts makes them) in one sorted
 * order, a k-way merge: `each` gets every distinct name once, ascending, with the `n` places it
 * stands at (`parts[j]`, `indexes[j]`, in part order; the arrays are reused between calls).
 */
async function eachName(lists: ReadonlyArray<readonly string[]>, each: (name: string, parts: Int32Array, indexes: Int32Array, n: number) => Promise<void> | undefined): Promise<void> {
  const k = lists.length;
  const cursor = new Int32Array(k);
  // A binary heap of parts by their current name (then part number).
  const heap: number[] = [];
  const head = (i: number): string => (lists[i] as readonly string[])[cursor[i] as number] as string;
  const less = (a: number, b: number): boolean => {
    const x = head(a);
    const y = head(b);
    return x < y || (x === y && a < b);
  };
  const up = (at: number): void => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!less(heap[at] as number, heap[parent] as number)) return;
      [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
      at = parent;
    }
  };
  const down = (at: number): void => {
    for (;;) {
      const l = 2 * at + 1;
      if (l >= heap.length) return;
      const r = l + 1;
      const m = r < heap.length && less(heap[r] as number, heap[l] as number) ? r : l;
      if (!less(heap[m] as number, heap[at] as number)) return;
      [heap[at], heap[m]] = [heap[m] as number, heap[at] as number];
      at = m;
    }
  };
  for (let i = 0; i < k; i++)
    if ((lists[i] as readonly string[]).length > 0) {
      heap.push(i);
      up(heap.length - 1);
    }
  let at = new Int32Array(16);
  let index = new Int32Array(16);
  while (heap.length > 0) {
    const name = head(heap[0] as number);
    let n = 0;
    while (heap.length > 0 && head(heap[0] as number) === name) {
      const i = heap[0] as number;
      if (n === at.length) {
        at = doubled(at, (m) => new Int32Array(m));
        index = doubled(index, (m) => new Int32Array(m));
      }
      at[n] = i;
      index[n++] = cursor[i] as number;
      cursor[i] = (cursor[i] as number) + 1;
      if ((cursor[i] as number) < (lists[i] as readonly string[]).length) down(0);
      else {
        const last = heap.pop() as number;
        if (heap.length > 0) {
          heap[0] = last;
          down(0);
        }
      }
    }
    const pending = each(name, at, index, n);
    if (pending) await pending;
  }
}

