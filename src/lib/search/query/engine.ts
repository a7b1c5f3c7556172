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
 * 5. field: title 8, body 4, evidence 2, meta 1, per query word, in its best field;
 * 6. severity, then recency: the index's document order (format.ts), newest part first.
 *
 * Counts (scope 3): the records of the current query per type (a flag counts as a flag, a
 * decision row as a row), and, per filter value, the records the query would show with that
 * value chosen instead (the other filters kept).
 */
import { DOCS_PER_FILE, facetTerm, type DictEntry, type ExactEntry, type IndexInfo, type IndexPart, type SearchManifest, type StoredDoc } from '../index/format.ts';
import { ByteReader } from '../index/varint.ts';
import { pathMatch } from '../exact-keys.ts';
import { parseQuery, type ParsedQuery, type QueryToken } from './parse.ts';
import { excerpt, marked, type Segment } from './excerpt.ts';

/** Reads one index file (path relative to `search-index/`), decompressed. */
export type Loader = (path: string) => Promise<Uint8Array>;

/** Filters: facet key → wanted values (a record passes with any of them). */
export type Filters = Readonly<Record<string, readonly string[]>>;

/** Most words a prefix may stand for. */
export const PREFIX_TERMS = 8;

const FIELD_WEIGHT = [8, 4, 2, 1];

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
  type: string;
  /** The record's facet code word (format.ts). */
  word: number;
  /** Ranking keys, compared in order (higher first), then `order` (lower first). */
  coverage: number;
  exact: number;
  phrase: number;
  /** Minus the words between the query's words (format above); 0 for one word. */
  proximity: number;
  field: number;
  order: number;
}

/** What a search found. */
export interface SearchOutcome {
  parsed: ParsedQuery;
  /** Every result, best first. */
  hits: Hit[];
  /** Results per record type. */
  totals: Record<string, number>;
  /** Results holding every token of the query (all of them for a query of filters only). */
  complete: number;
  /** Facet key → value → type → results with that value (the facet's own filter set aside). */
  counts: Record<string, Record<string, Record<string, number>>>;
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

/** One index (main or delta) with its caches. */
class IndexRuntime {
  readonly docPart: Int32Array;
  readonly docLocal: Uint32Array;
  readonly docTier: Uint8Array;
  /** Per part: the multiplier and radix of each of its facets. */
  private readonly mults: number[][];
  private readonly radix: number[][];
  /** Per part: where each facet of the index sits among the part's facets (-1: not there). */
  readonly facetAt: Int32Array[];
  /** Per part: its place in the manifest (recency rank), or -1 when stale. */
  readonly rank: Int32Array;
  private readonly files = new Map<string, Promise<Uint8Array>>();
  readonly info: IndexInfo;
  private readonly load: Loader;

  constructor(info: IndexInfo, load: Loader, manifest: SearchManifest) {
    this.info = info;
    this.load = load;
    this.docPart = new Int32Array(info.docs).fill(-1);
    this.docLocal = new Uint32Array(info.docs);
    this.docTier = new Uint8Array(info.docs);
    const rankOf = new Map(manifest.parts.map((p, i) => [p.key, i]));
    const stale = new Set(info.name === 'main' ? manifest.stale : []);
    this.rank = Int32Array.from(info.parts, (p) => (stale.has(p.key) ? -1 : (rankOf.get(p.key) ?? -1)));
    info.parts.forEach((p, i) => {
      let local = 0;
      p.ranges.forEach(([start, count], tier) => {
        for (let d = 0; d < count; d++) {
          this.docPart[start + d] = i;
          this.docLocal[start + d] = local + d;
          this.docTier[start + d] = tier;
        }
        local += count;
      });
    });
    this.mults = info.parts.map((p) => {
      const m: number[] = [];
      let mult = 1;
      for (const sets of p.sets) {
        m.push(mult);
        mult *= sets.length + 1;
      }
      return m;
    });
    this.radix = info.parts.map((p) => p.sets.map((s) => s.length + 1));
    this.facetAt = info.parts.map((p) => {
      const at = new Int32Array(info.facets.length).fill(-1);
      p.facets.forEach((f, k) => (at[f] = k));
      return at;
    });
  }

  file(path: string): Promise<Uint8Array> {
    let pending = this.files.get(path);
    if (!pending) {
      pending = this.load(`${this.info.name}/${path}`);
      this.files.set(path, pending);
    }
    return pending;
  }

  /** The code (0 none, else 1 + set) of the part's `k`-th facet for a document's word. */
  code(part: number, k: number, word: number): number {
    const p = this.info.parts[part] as IndexPart;
    if (p.combos) return p.combos[word]?.[k] ?? 0;
    return Math.floor(word / (this.mults[part]?.[k] as number)) % (this.radix[part]?.[k] as number);
  }

  /** The values (as indexes into the index's values of facet `f`) of a document for index facet `f`. */
  values(part: number, f: number, word: number): readonly number[] {
    const k = this.facetAt[part]?.[f] ?? -1;
    if (k < 0) return [];
    const code = this.code(part, k, word);
    return code === 0 ? [] : ((this.info.parts[part] as IndexPart).sets[k]?.[code - 1] ?? []);
  }

  async entry(term: string): Promise<DictEntry | null> {
    const page = floorIndex(this.info.dict, term);
    if (page < 0) return null;
    const entries = json<DictEntry[]>(await this.file(`dict/${page}.bin`));
    return entries.find((e) => e[0] === term) ?? null;
  }

  /** Dictionary entries of words beginning with `prefix` (not `prefix` itself), most frequent first. */
  async prefixed(prefix: string, limit: number): Promise<DictEntry[]> {
    const out: DictEntry[] = [];
    for (let page = Math.max(0, floorIndex(this.info.dict, prefix)); page < this.info.dict.length; page++) {
      if (page > 0 && (this.info.dict[page] as string) > prefix && !(this.info.dict[page] as string).startsWith(prefix)) break;
      const entries = json<DictEntry[]>(await this.file(`dict/${page}.bin`));
      for (const e of entries) if (e[0] !== prefix && e[0].startsWith(prefix)) out.push(e);
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
      const r = new ByteReader(block);
      const count = r.varint();
      const flags = r.varint();
      let doc = 0;
      for (let i = 0; i < count; i++) docs[at + i] = doc += r.varint();
      if (flags & 1) {
        fields ??= new Uint32Array(n);
        for (let i = 0; i < count; i++) fields[at + i] = r.varint();
      }
      for (let i = 0; i < count; i++) words[at + i] = r.varint();
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

  /** A part's documents' words from its `sigs.bin`, in local order. */
  async partWords(part: number, load: Loader): Promise<Float64Array> {
    const key = (this.info.parts[part] as IndexPart).key;
    const r = new ByteReader(await load(`docs/${key}/sigs.bin`));
    const n = r.varint();
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = r.varint();
    return out;
  }
}

/** Growable candidate table for one index. */
class Candidates {
  readonly of: Int32Array;
  doc: number[] = [];
  word: number[] = [];
  /** Per candidate, per query term: field code, or -1. */
  fields: number[] = [];
  /** Per candidate, per prefix word found: bit set. */
  prefix: number[] = [];
  /** Per candidate, per token: exact score. */
  exact: number[] = [];
  readonly terms: number;
  readonly tokens: number;
  constructor(docs: number, terms: number, tokens: number) {
    this.terms = terms;
    this.tokens = tokens;
    this.of = new Int32Array(docs).fill(-1);
  }
  get size(): number {
    return this.doc.length;
  }
  add(doc: number, word: number): number {
    let c = this.of[doc] as number;
    if (c >= 0) return c;
    c = this.doc.length;
    this.of[doc] = c;
    this.doc.push(doc);
    this.word.push(word);
    this.prefix.push(0);
    for (let i = 0; i < this.terms; i++) this.fields.push(-1);
    for (let i = 0; i < this.tokens; i++) this.exact.push(0);
    return c;
  }
}

/** The search engine over a manifest. */
export class SearchEngine {
  private readonly indexes: IndexRuntime[];
  private readonly docFiles = new Map<string, Promise<StoredDoc[]>>();
  private readonly facetOrder: string[];
  private readonly orderScale: { parts: number; docs: number };
  readonly manifest: SearchManifest;
  private readonly load: Loader;
  private readonly base: string;

  /** `base`: the site's base path (`/`, `/archive/`), put before every link. */
  constructor(manifest: SearchManifest, load: Loader, base = '/') {
    this.manifest = manifest;
    this.load = load;
    this.base = base;
    this.indexes = manifest.indexes.map((info) => new IndexRuntime(info, load, manifest));
    this.facetOrder = manifest.facets.map((f) => f.key);
    let docs = 1;
    for (const ix of manifest.indexes) for (const p of ix.parts) docs = Math.max(docs, p.ranges.reduce((s, [, c]) => s + c, 0) + 1);
    this.orderScale = { parts: manifest.parts.length + 1, docs };
  }

  /** Runs a query with filters. `q` may be empty (filters only); with neither, nothing is found. */
  async search(q: string, filters: Filters): Promise<SearchOutcome> {
    const parsed = parseQuery(q);
    const active = Object.entries(filters).filter(([, v]) => v.length > 0);
    const outcome: SearchOutcome = { parsed, hits: [], totals: dict(), complete: 0, counts: dict(), exactTokens: parsed.tokens.map(() => false), terms: [], prefix: null, line: null };
    if (parsed.tokens.length === 0 && active.length === 0) return outcome;
    for (const t of parsed.tokens) for (const e of t.exact) if (e.type === 'path' && e.line !== undefined) outcome.line ??= e.line;
    const perIndex = await Promise.all(this.indexes.map((ix, i) => this.searchIndex(ix, i, parsed, active, outcome)));
    for (const hits of perIndex) outcome.hits.push(...hits);
    outcome.hits.sort((a, b) => b.coverage - a.coverage || b.exact - a.exact || b.phrase - a.phrase || b.proximity - a.proximity || b.field - a.field || a.order - b.order);
    outcome.complete = outcome.hits.filter((h) => h.coverage === 2 * parsed.tokens.length).length;
    if (parsed.tokens.length === 0 && active.length === 1) {
      // One filter and no words: that filter's own counts are the archive's.
      const [key] = active[0] as [string, readonly string[]];
      outcome.counts[key] = this.archiveCounts(key);
    }
    return outcome;
  }

  /** The archive's counts of one facet (manifest). */
  private archiveCounts(key: string): Record<string, Record<string, number>> {
    const out = dict<Record<string, number>>();
    for (const v of this.manifest.facets.find((f) => f.key === key)?.values ?? []) out[v.value] = { ...v.counts };
    return out;
  }

  private async searchIndex(ix: IndexRuntime, which: number, parsed: ParsedQuery, active: Array<[string, readonly string[]]>, outcome: SearchOutcome): Promise<Hit[]> {
    const info = ix.info;
    const tokens = parsed.tokens;
    // Exact lookups first: a token matched exactly needs no word lookups.
    const exactHits = await Promise.all(
      tokens.map(async (t) => {
        const found: Array<[number, number]> = [];
        for (const e of t.exact) {
          if (e.type === 'hex') for (const [, entries] of await ix.exact(`hex:${e.prefix}`, true)) for (const en of entries) found.push([en[0], en[1] * 10]);
          else if (e.type === 'key') for (const [, entries] of await ix.exact(e.key, false)) for (const en of entries) found.push([en[0], en[1] * 10]);
          else
            for (const [, entries] of await ix.exact(e.key, false))
              for (const en of entries) {
                const score = pathMatch({ path: en[2] ?? '', quality: en[1] as 2 | 3, ...(en[3] !== undefined ? { from: en[3], to: en[4] as number } : {}) }, { path: e.path, ...(e.line !== undefined ? { line: e.line } : {}) });
                if (score !== null) found.push([en[0], score]);
              }
        }
        return found;
      }),
    );
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
    const [entries, prefixEntries] = await Promise.all([Promise.all(termList.map((t) => ix.entry(t))), prefixWord ? ix.prefixed(prefixWord, PREFIX_TERMS) : Promise.resolve([])]);
    const extra = prefixEntries.filter((e) => !termList.includes(e[0]));
    outcome.terms = [...new Set([...outcome.terms, ...termList])];
    outcome.prefix = prefixWord;
    const lists = await Promise.all(entries.map((e) => (e ? ix.postings(e) : null)));
    const prefixLists = await Promise.all(extra.map((e) => ix.postings(e)));

    // Filters, per part: which codes pass.
    const keys = active.map(([k]) => k);
    const partPasses = (part: number, f: number): Set<number> | null => {
      const key = keys[f] as string;
      const wanted = active[f]?.[1] as readonly string[];
      if (key === 'project') return null;
      const fi = info.facets.indexOf(key);
      const p = info.parts[part] as IndexPart;
      const k = fi < 0 ? -1 : (ix.facetAt[part]?.[fi] ?? -1);
      const ok = new Set<number>();
      if (k < 0) return ok;
      const wantedIdx = new Set(wanted.map((w) => info.values[fi]?.indexOf(w) ?? -1));
      p.sets[k]?.forEach((set, s) => {
        if (set.some((v) => wantedIdx.has(v))) ok.add(s + 1);
      });
      return ok;
    };
    const passCache = info.parts.map((_, part) => active.map((_, f) => partPasses(part, f)));
    const projectOf = (part: number): string | null => this.manifest.parts[ix.rank[part] as number]?.project ?? null;
    const failMask = (part: number, word: number): number => {
      let mask = 0;
      for (let f = 0; f < active.length; f++) {
        const key = keys[f] as string;
        if (key === 'project') {
          if (!(active[f]?.[1] as readonly string[]).includes(projectOf(part) ?? '\u0000')) mask |= 1 << f;
          continue;
        }
        const fi = info.facets.indexOf(key);
        const k = fi < 0 ? -1 : (ix.facetAt[part]?.[fi] ?? -1);
        if (k < 0 || !(passCache[part]?.[f] as Set<number>).has(ix.code(part, k, word))) mask |= 1 << f;
      }
      return mask;
    };

    // Candidates.
    const cands = new Candidates(info.docs, termList.length, tokens.length);
    const live = (doc: number): boolean => {
      const part = ix.docPart[doc] as number;
      return part >= 0 && (ix.rank[part] as number) >= 0;
    };
    lists.forEach((list, j) => {
      if (!list) return;
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i] as number;
        if (!live(doc)) continue;
        const c = cands.add(doc, list.words[i] as number);
        cands.fields[c * termList.length + j] = list.fields ? (list.fields[i] as number) : 1;
      }
    });
    prefixLists.forEach((list, j) => {
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i] as number;
        if (!live(doc)) continue;
        const c = cands.add(doc, list.words[i] as number);
        cands.prefix[c] = (cands.prefix[c] as number) | (1 << j);
      }
    });
    exactHits.forEach((hits, t) => {
      for (const [doc, score] of hits) {
        if (!live(doc)) continue;
        // The word of an exact hit: read from any list holding the doc, else from its part's words.
        const c = cands.add(doc, Number.NaN);
        cands.exact[c * tokens.length + t] = Math.max(cands.exact[c * tokens.length + t] as number, score);
      }
    });
    if (tokens.length === 0) await this.filterCandidates(ix, active, cands, live);
    // Documents found only through the exact map have no word yet: read their parts' words.
    const needWords = new Set<number>();
    for (let c = 0; c < cands.size; c++) if (Number.isNaN(cands.word[c])) needWords.add(ix.docPart[cands.doc[c] as number] as number);
    if (needWords.size > 0) {
      const words = new Map(await Promise.all([...needWords].map(async (part) => [part, await ix.partWords(part, this.load)] as const)));
      for (let c = 0; c < cands.size; c++) if (Number.isNaN(cands.word[c])) cands.word[c] = words.get(ix.docPart[cands.doc[c] as number] as number)?.[ix.docLocal[cands.doc[c] as number] as number] ?? 0;
    }

    // Score, filter and count.
    const typeFacet = info.facets.indexOf('type');
    const hits: Hit[] = [];
    const totals = outcome.totals;
    const counts = outcome.counts;
    const countValue = (key: string, value: string, type: string): void => {
      const byValue = (counts[key] ??= dict());
      const byType = (byValue[value] ??= dict());
      byType[type] = (byType[type] ?? 0) + 1;
    };
    const allFacets = info.facets.map((key, f) => [key, f] as const);
    const m = termList.length;
    const T = tokens.length;
    for (let c = 0; c < cands.size; c++) {
      const doc = cands.doc[c] as number;
      const part = ix.docPart[doc] as number;
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
            field += FIELD_WEIGHT[bestField(fc)] as number;
            continue;
          }
          const isLastTerm = tok.prefix !== null && t === T - 1 && termList[j] === tok.terms[tok.terms.length - 1];
          if (isLastTerm && (cands.prefix[c] as number) !== 0) viaPrefix = true;
          else all = false;
        }
        if (all && tok.terms.length > 0) coverage += viaPrefix ? 1 : 2;
      }
      if (coverage === 0 && T > 0) continue;
      // Phrase and proximity, from each present term's best field and first position there.
      let phrase = 0;
      let proximity = 0;
      let present = 0;
      const byField = [0, 0, 0, 0];
      for (let j = 0; j < m; j++) {
        const fc = cands.fields[c * m + j] as number;
        if (fc < 0) continue;
        present++;
        byField[bestField(fc)] = (byField[bestField(fc)] as number) + 1;
      }
      if (present >= 2) {
        let group = 0;
        for (let f = 1; f < 4; f++) if ((byField[f] as number) > (byField[group] as number)) group = f;
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
          lo = Math.min(lo, pos);
          hi = Math.max(hi, pos);
        }
        const size = byField[group] as number;
        proximity = -((hi - lo + 1 - size) + 10 * (present - size));
        phrase = inOrder ? 1 : 0;
      }
      const mask = active.length > 0 ? failMask(part, word) : 0;
      const typeValues = typeFacet >= 0 ? ix.values(part, typeFacet, word) : [];
      const type = typeValues.length > 0 ? (info.values[typeFacet]?.[typeValues[0] as number] as string) : 'record';
      // Counts: every facet when the record passes every filter; only facet f when it fails just f.
      if (mask === 0 || (mask & (mask - 1)) === 0) {
        const only = mask === 0 ? -1 : Math.log2(mask);
        const onlyKey = only < 0 ? null : keys[only];
        const project = projectOf(part);
        if (project !== null && (onlyKey === null || onlyKey === 'project')) countValue('project', project, type);
        for (const [key, f] of allFacets) {
          if (onlyKey !== null && key !== onlyKey) continue;
          for (const v of ix.values(part, f, word)) countValue(key, info.values[f]?.[v] as string, type);
        }
      }
      if (mask !== 0) continue;
      totals[type] = (totals[type] ?? 0) + 1;
      const rank = ix.rank[part] as number;
      const order = ((ix.docTier[doc] as number) * this.orderScale.parts + rank) * this.orderScale.docs + (ix.docLocal[doc] as number);
      hits.push({ index: which, doc, part: rank, local: ix.docLocal[doc] as number, type, word, coverage, exact, phrase, proximity, field, order });
    }
    return hits;
  }

  /** Candidates of a query with filters only: the two smallest filters' records (see docs/architecture.md). */
  private async filterCandidates(ix: IndexRuntime, active: Array<[string, readonly string[]]>, cands: Candidates, live: (doc: number) => boolean): Promise<void> {
    const info = ix.info;
    type Driver = { size: number; fill: () => Promise<void> };
    const drivers: Driver[] = await Promise.all(
      active.map(async ([key, wanted]): Promise<Driver> => {
        if (key === 'project') {
          const parts = info.parts.map((_, i) => i).filter((i) => wanted.includes(this.manifest.parts[ix.rank[i] as number]?.project ?? '\u0000'));
          const size = parts.reduce((s, i) => s + (info.parts[i] as IndexPart).ranges.reduce((t, [, n]) => t + n, 0), 0);
          return {
            size,
            fill: async () => {
              for (const i of parts) {
                const words = await ix.partWords(i, this.load);
                for (const [start, count] of (info.parts[i] as IndexPart).ranges) for (let d = start; d < start + count; d++) cands.add(d, words[ix.docLocal[d] as number] as number);
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
              for (let i = 0; i < list.docs.length; i++) if (live(list.docs[i] as number)) cands.add(list.docs[i] as number, list.words[i] as number);
            }
          },
        };
      }),
    );
    drivers.sort((a, b) => a.size - b.size);
    await Promise.all(drivers.slice(0, 2).map((d) => d.fill()));
  }

  /** The doc-store record of a hit. */
  private async stored(hit: Hit): Promise<StoredDoc | null> {
    const part = this.manifest.parts[hit.part];
    if (!part) return null;
    const path = `docs/${part.key}/${Math.floor(hit.local / DOCS_PER_FILE)}.bin`;
    let pending = this.docFiles.get(path);
    if (!pending) {
      pending = this.load(path).then((b) => json<StoredDoc[]>(b));
      this.docFiles.set(path, pending);
    }
    return (await pending)[hit.local % DOCS_PER_FILE] ?? null;
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
        tags: this.tags(hit),
        type: hit.type,
      };
    });
  }

  /** A hit's facet values, `[name, values]` in page order (project left out). */
  private tags(hit: Hit): Array<[string, string]> {
    const ix = this.indexes[hit.index] as IndexRuntime;
    const part = ix.docPart[hit.doc] as number;
    const out: Array<[string, string]> = [];
    for (const key of this.facetOrder) {
      const f = ix.info.facets.indexOf(key);
      if (f < 0) continue;
      const vals = ix.values(part, f, hit.word).map((v) => ix.info.values[f]?.[v] as string);
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

