/**
 * The files of Trailbook's search index (issue 11), shared by the writer (merge.ts) and the
 * search page's engine (../query/engine.ts). See docs/internals.md, "The search index".
 *
 * ```
 * search-index/manifest.json          what the page reads first (plain JSON): filters with
 *                                     their counts, parts (projects and repositories), and
 *                                     one or two indexes (main, and delta for parts changed
 *                                     since main was built)
 * search-index/<index>/dict/<n>.bin   the word terms' dictionary, sorted, in pages; the
 *                                     manifest holds each page's first term, and the facet
 *                                     terms' and the commonest words' entries themselves
 *                                     (IndexInfo.facetTerms, topTerms)
 * search-index/<index>/post/<n>.bin   posting blocks: small terms packed, large terms in chunks
 *                                     (WORD_BLOCK_POSTINGS a word's, 65,536 a facet value's)
 * search-index/<index>/exact/<n>.bin  the exact-token map (ids, SHAs, paths, flag kinds), sorted, in pages
 * search-index/<index>/hot/<n>.bin    a hot key's entries and its first page's records (HotKey)
 * search-index/<index>/parts.bin      the parts table: each part's key, documents per tier,
 *                                     facets and value sets (part-table.ts)
 * search-index/docs/<part>/<n>.bin    a part's records (title, text, anchor): 32, 32, 64, then 128 a file
 * search-index/docs/<part>/sigs.bin   a part's records' facet codes, for a filter on its project
 * ```
 *
 * Every `.bin` file is gzip data (decompressed by the page with DecompressionStream; a host
 * that also compresses it on the wire is fine). JSON pages are UTF-8 JSON inside the gzip.
 * The writer's levels: {@link GZIP_TEXT} for the JSON files, {@link GZIP_BINARY} for the
 * binary ones (the reader does not care which).
 *
 * Documents are numbered per index: severity tier first (high, medium, low, none), then part
 * (newest first), then the part's own order (newer first). So a lower number is a better
 * tie-break, and a part's documents form one range per tier.
 *
 * A posting block is, all numbers as unsigned LEB128 varints: `n`, `flags` (bit 0: positions
 * present), then `n` document gaps (the first from 0), then, with positions, `n` field codes
 * (`best | firstPosition << 2`: the best field holding the term, 0 title, 1 body, 2 evidence,
 * 3 meta, and the term's first position in it), then `n` facet codes (see {@link IndexPart}:
 * the document's value set per facet, in mixed radix).
 *
 * Format 11 (issue 30, output size; also {@link DictEntry}: a word's top block not a copy): a field code was `mask | firstPosition << 4`, every field
 * holding the term; the engine ranks by the best field and the position alone
 * (../query/ranking.ts bestField), so the other bits were bytes no search read. A position of
 * 8 to 31 now fits one byte: posting files 3.7% smaller on the real-shaped 100-project slice.
 * The engine reads a code back as `1 << best | firstPosition << 4` (../query/postings.ts).
 */

export const SEARCH_INDEX_VERSION = 11;

/**
 * gzip level of the index's JSON files: doc-store files, hot keys' files, dictionary and
 * exact-map pages (issue 30, output size). Level 9 instead of 4 made them 2.6-3.7% smaller on
 * the real-shaped 100-project slice and 4-12% on the uniform one (doc-store files: 12%), 4.7%
 * of the uniform slice's whole index, for about 0.5 s more gzip per 10 MB of index written
 * (those files are most of their text's words: titles and excerpts, ids, paths).
 */
export const GZIP_TEXT = 9;

/**
 * gzip level of the binary files: posting files, `parts.bin`, `sigs.bin`. Level 9 gained
 * 0.2-0.8% on posting files (their varints are mostly document gaps and facet codes) for
 * twice the time of level 4.
 */
export const GZIP_BINARY = 4;

/** Fields of a record, best first. */
export const FIELDS = ['title', 'body', 'evidence', 'meta'] as const;

/** Records per doc-store file, after a part's first files ({@link HEAD_DOC_FILES}, which hold this many together). */
export const DOCS_PER_FILE = 128;

/**
 * Records in each of a part's first doc-store files (format 9, issue 30): 32, 32, 64, which
 * hold its first {@link DOCS_PER_FILE} records; every later file holds {@link DOCS_PER_FILE}.
 * A part's records are in document order (severity, then newest), so the records a first page
 * of common words shows are mostly among a part's first few dozen, one or two per part across
 * 25 parts: each cost a whole file of 128 records (about 11 KB), now one of 32 (about 3 KB).
 * At most two more files per part.
 */
export const HEAD_DOC_FILES: readonly number[] = [32, 32, 64];

/** The doc-store file holding a part's record `local`, and the record's place in it. */
export function docFileOf(local: number): { file: number; at: number } {
  let start = 0;
  for (let file = 0; file < HEAD_DOC_FILES.length; file++) {
    const size = HEAD_DOC_FILES[file] as number;
    if (local < start + size) return { file, at: local - start };
    start += size;
  }
  const past = local - start;
  return { file: HEAD_DOC_FILES.length + Math.floor(past / DOCS_PER_FILE), at: past % DOCS_PER_FILE };
}

/** `[start, count]` of each doc-store file of a part of `docs` records, in file order. */
export function docFileRanges(docs: number): Array<[start: number, count: number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let file = 0; start < docs; file++) {
    const size = file < HEAD_DOC_FILES.length ? (HEAD_DOC_FILES[file] as number) : DOCS_PER_FILE;
    out.push([start, Math.min(size, docs - start)]);
    start += size;
  }
  return out;
}

/** Severity tiers: high, medium, low, none. */
export const TIERS = 4;

/** Prefix of the terms that list a facet value's records (`\u0000type=flag`); no word starts with it. */
export const FACET_TERM = '\u0000';

/** The term listing the records with `value` for facet `key`. */
export const facetTerm = (key: string, value: string): string => `${FACET_TERM}${key}=${value}`;

/**
 * One part (a project or a repository's evidence pages) in one index, as the writer holds it;
 * the page reads the parts from the index's parts table (part-table.ts).
 */
export interface IndexPart {
  /** Part key: `p/<project id>` or `r/<repository id>`. */
  key: string;
  /** `[start, count]` of the part's documents in each tier. */
  ranges: Array<[number, number]>;
  /** The part's facets, as indexes into `IndexInfo.facets`. */
  facets: number[];
  /**
   * Per facet of the part, the value sets its documents have, as indexes into
   * `IndexInfo.values[facet]`, the commonest first; `[]` is "no value". A document's code for
   * a facet is the index of its set.
   */
  sets: number[][][];
  /**
   * When present, a document's facet code word is an index into this list of per-facet codes
   * (used when the mixed radix would not fit in 2^53). Otherwise the word is
   * Σ code[f] × Π_{g<f} sets[g].length (facets most varied first, so common words are small).
   */
  combos?: number[][];
}

/** One index (main or delta) as the manifest describes it. */
export interface IndexInfo {
  name: 'main' | 'delta';
  docs: number;
  /** Facet keys of this index, in page order. */
  facets: string[];
  /** Per facet, the values, sorted. */
  values: string[][];
  /** Number of parts; their table is `<index>/parts.bin` (part-table.ts). */
  parts: number;
  /**
   * The parts table's digest (part-table.ts: the first 16 hex digits of the SHA-256 of the
   * table), also at the head of `parts.bin`: the manifest's generation changes with it, and a
   * copy of the file fetched before the manifest was read is used only when the two agree.
   */
  table: string;
  /** First term of each dictionary page (word terms only). */
  dict: string[];
  /**
   * The facet terms' dictionary entries ({@link facetTerm}: one per facet value, a few dozen
   * in an archive), sorted by term. They are here, not in a dictionary page, so a search of
   * filters alone fetches its postings as soon as the manifest is read: one round trip less.
   */
  facetTerms: DictEntry[];
  /**
   * The dictionary entries of the commonest words, those with a top block (more than
   * {@link TOP_MIN} records; at most {@link TOP_TERMS} of them, the commonest), sorted by term.
   * A first page of common words reads their top blocks as soon as the manifest is read, not
   * after a dictionary page: one round trip less (issue 30, words' first result). Absent from a
   * manifest written before it (the words are then looked up in their dictionary pages). A delta
   * index lists its own entries of the words main lists, whatever their count (merge.ts,
   * `listedTerms`).
   */
  topTerms?: DictEntry[];
  /** First key of each exact-map page. */
  exact: string[];
}

/**
 * A dictionary entry: term, document count, and where its blocks are: `[file, offset, length]`
 * each (chunks in document order); a word in more than {@link TOP_MIN} records also has its
 * top block (`[file, offset, length, postings]`), and a facet value of more than
 * {@link FACET_FIRST_MIN} records its first block (a copy of its list's first postings).
 *
 * Format 11 (issue 30, output size): a word's top block is not a copy. Its postings are left out
 * of the list's blocks, so each posting is stored once (the top blocks were 19.8 MB of 160 MB of
 * postings at 1,000 x 1,000 on the real-shaped corpus, listed twice). The list is still cut
 * every {@link WORD_BLOCK_POSTINGS} postings of the whole list, and each of its blocks carries
 * the last document of its range (`[file, offset, length, last]`): a block read with the top
 * block's postings in its range (after the previous block's last document, up to its own) is
 * the whole list up to there (../query/runtime.ts `block`, `postings`).
 */
export type DictEntry = [term: string, df: number, blocks: Array<[file: number, offset: number, length: number, last?: number]>, top?: [file: number, offset: number, length: number, postings: number, firstDocFile?: string]];

/**
 * A word in more records than this has a *top block* (issue 30, format 8): a block of at most
 * {@link TOP_POSTINGS} of its postings, those where the word is in the best field (title
 * first, then body, evidence, meta; within a field the first in document order), in document
 * order. The first page of a search of common words is read from the words' top blocks
 * (engine.ts, `firstPage`) instead of their whole lists: two words in 300,000 records fetched
 * 1.1 MB of postings.
 */
export const TOP_MIN = 32_768;

/** Words with a top block whose entries the manifest holds, at most (IndexInfo.topTerms): about 40 KB of JSON. */
export const TOP_TERMS = 512;

/** Postings of a top block, at most (see {@link TOP_MIN}). */
export const TOP_POSTINGS = 16_384;

/**
 * Postings of a word's block (format 10): a word's list is cut into blocks of this many, each
 * in document order (a facet value's into blocks of 65,536). A phrase's first page reads the
 * first blocks of its words other than the {@link nearUniversal} ones (phrase-page.ts):
 * the records up to the last document of the block read, not every record holding the word.
 */
export const WORD_BLOCK_POSTINGS = 32_768;

/**
 * Whether a word in `df` of an index's `docs` records is near-universal (issue 30, format 10):
 * it has a top block (more than `topMin` records, {@link TOP_MIN}) and is in more than half the
 * records. Such a word's postings cannot show where the few records holding a query's other
 * words stand (`step` is in 1,010,053 of 1,012,024 records: its top block is the archive's first
 * 1.6%, its list 1.6 MB on the wire), so a first page of a phrase with it reads the other words'
 * first blocks and checks it in the stored titles (phrase-page.ts). The engine tells
 * from a word's dictionary entry (`topMin` 0: the entry's top block says it has one).
 */
export const nearUniversal = (df: number, docs: number, topMin: number = TOP_MIN): boolean => df > topMin && df * 2 > docs;

/**
 * A facet value (other than a project) of more records than this has a *first block*: its
 * first {@link FACET_FIRST} postings in document order, the order a query of that filter alone
 * lists its results in, in the facet term's entry as a top block is in a word's. The facet
 * values' first blocks are packed in files of their own, so the first page of `?type=decision`
 * (977,011 records) reads one small file, not 1.3 MB of postings; its counts per record type
 * are the manifest's (engine.ts, `firstPage`). The entry's fifth item names the doc-store file
 * of the block's first record (`p/<id>/<file>`, under `docs/`), so the page fetches the record it
 * lists first beside the block, not after it and the parts table are decoded (issue 30: one
 * round trip and about 40 ms less to the first result of `?result=open`). It is a hint: the
 * page lists what the block and the parts table say, whatever the hint named.
 */
export const FACET_FIRST_MIN = 1_024;

/** Postings of a facet value's first block (see {@link FACET_FIRST_MIN}). */
export const FACET_FIRST = 256;

/**
 * One exact-map entry: document, quality (3 is, 2 cites), the document's facet code word (as
 * in its postings: filters, counts and record types need nothing else), and for paths the full
 * path and lines.
 */
export type ExactEntry = [doc: number, quality: number, word: number, path?: string, from?: number, to?: number];

/**
 * Keys with more entries than this are *hot* (issue 30: a commit cited by a thousand rows
 * across a thousand projects): the exact-map page holds `[key, entries, hot file]` with no
 * entries, and the key's entries and its first page's records are in `hot/<file>.bin`
 * ({@link HotKey}). An exact page stays small whatever its keys' hits, and the first page of
 * a hot key's results is shown from one file instead of a doc-store file per project.
 */
export const HOT_ENTRIES = 32;

/** Records of a hot key's first page kept in its file: a page of results. */
export const HOT_FIRST = 25;

/**
 * `hot/<n>.bin`: a hot key's entries in document order, and the doc-store records of its
 * first {@link HOT_FIRST} entries in the order a search of the key alone ranks them (quality,
 * then document order), each with its document: the first page of results needs no doc-store
 * file. (A search with words or filters, or a path at another line, may rank others first:
 * those are read from the doc store as usual.)
 */
export interface HotKey {
  key: string;
  /** Its entries by column ({@link HotEntries}; format 11). */
  entries: HotEntries;
  first: Array<[doc: number, record: StoredDoc]>;
}

/**
 * A hot key's entries by column (format 11, issue 30 output size): documents as gaps (the first
 * from 0), qualities, facet code words, and for paths the distinct paths once with each entry's
 * path as an index into them (-1: none) and its lines (-1: none). At 1,000 x 1,000 on the
 * real-shaped corpus, 1,000 hot paths' files held 995,160 entries each naming its full path and
 * document number in full; by column the entries of a 4th of all hot keys' files were 2.1 instead
 * of 3.2 MB (gzip). Columns after `words` are left out when no entry has a path.
 * ({@link encodeHotEntries}, {@link decodeHotEntries}.)
 */
export type HotEntries = [gaps: number[], quality: number[], words: number[], paths?: string[], path?: number[], from?: number[], to?: number[]];

/** A hot key's entries (in document order) by column ({@link HotEntries}). */
export function encodeHotEntries(entries: readonly ExactEntry[]): HotEntries {
  const gaps: number[] = [];
  const quality: number[] = [];
  const words: number[] = [];
  const paths: string[] = [];
  const pathIndex = new Map<string, number>();
  const path: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  for (const e of entries) {
    gaps.push(e[0] - last);
    last = e[0];
    quality.push(e[1]);
    words.push(e[2]);
    if (e[3] === undefined) {
      path.push(-1);
      from.push(-1);
      to.push(-1);
      continue;
    }
    let i = pathIndex.get(e[3]);
    if (i === undefined) {
      i = paths.length;
      pathIndex.set(e[3], i);
      paths.push(e[3]);
    }
    path.push(i);
    from.push(e[4] ?? -1);
    to.push(e[4] === undefined ? -1 : (e[5] ?? e[4]));
  }
  return paths.length === 0 ? [gaps, quality, words] : [gaps, quality, words, paths, path, from, to];
}

/** The entries {@link encodeHotEntries} was given, as exact-map entries. */
export function decodeHotEntries(columns: HotEntries): ExactEntry[] {
  const [gaps, quality, words, paths, path, from, to] = columns;
  const out: ExactEntry[] = [];
  let doc = 0;
  for (let i = 0; i < gaps.length; i++) {
    doc += gaps[i] as number;
    const entry: ExactEntry = [doc, quality[i] as number, words[i] as number];
    const p = path?.[i] ?? -1;
    if (paths && p >= 0) {
      entry.push(paths[p] as string);
      const f = from?.[i] ?? -1;
      if (f >= 0) entry.push(f, to?.[i] as number);
    }
    out.push(entry);
  }
  return out;
}

/** An exact-map page's item: a key and its entries, or a hot key's entry count and file. */
export type ExactItem = [key: string, entries: ExactEntry[]] | [key: string, entries: number, hot: number];

/**
 * Longest texts kept in the doc store, in characters (the index holds every word); a longer
 * text is kept as its first `limit - 1` characters and `…`.
 */
export const STORED_LIMITS = { title: 300, body: 600, evidence: 300, meta: 200, pointer: 120 } as const;

/**
 * One evidence pointer of a record as the doc store keeps it (find16): the pointer as written
 * (cut at {@link STORED_LIMITS}.pointer), its outcome, and for one that did not resolve the check
 * it failed (`evidence/commit-not-found`). Outcomes, one letter each: `v` verified, `n` not
 * verified, `i` not verified (inconclusive), `p` prose, no pointer (the recap's words,
 * src/lib/site/words.ts `pointerWord`; src/lib/search/query/evidence-line.ts says them).
 */
export type StoredPointer = [raw: string, outcome: 'v' | 'n' | 'i' | 'p', fault?: string];

/** Pointers kept per record in the doc store, at most (a row's first; the index holds every pointer's keys). */
export const STORED_POINTERS = 24;

/**
 * A doc-store record: anchor, page (relative to the part's URL), title, body, evidence, meta,
 * and for a decision row or an invalid record citing evidence, its pointers with their
 * outcomes (find16: a result shows the evidence it rests on and what became of it).
 */
export type StoredDoc = [anchor: string, page: string, title: string, body: string, evidence: string, meta: string, pointers?: StoredPointer[]];

/** A part as the page lists it. */
export interface ManifestPart {
  key: string;
  title: string;
  /** Where the part's pages are, relative to the site's base path (`p/<id>/` for a project's recap, `r/<id>/` for a repository's pages). */
  path: string;
  /** The part's `project` filter value, or null (a repository's pages). */
  project: string | null;
}

/** One filter value with its record count per record type. */
export interface ManifestValue {
  value: string;
  counts: Record<string, number>;
}

/** `search-index/manifest.json`. */
export interface SearchManifest {
  version: number;
  /** Digest of the index files; the page adds it to every fetch so a new build is never mixed with an old one. */
  generation: string;
  /** Current parts, newest first (this order is the recency tie-break). */
  parts: ManifestPart[];
  /** Filters in page order, with the archive's counts per value. */
  facets: Array<{ key: string; name: string; values: ManifestValue[] }>;
  /** Records per type in the archive. */
  totals: Record<string, number>;
  indexes: IndexInfo[];
  /** Parts whose documents in the main index are out of date (the delta holds them, or they are gone). */
  stale: string[];
}
