/**
 * A part of the search index (issue 11): one project's records, or one repository's evidence
 * pages, analysed once — words cut and stemmed, facet values coded, exact tokens listed,
 * records ordered by severity and time — and kept in the cache by the part's digest. The
 * index files are merged from parts without analysing a record again (merge.ts), so a
 * sharded build can build parts apart and merge them (docs/internals.md, "The search index").
 *
 * Local document order: severity tier (high, medium, low, none), then newer first (records
 * without a time after the timed ones), then recap order.
 */
import { gzipSync } from 'node:zlib';
import type { SearchRecord } from '../search-record.ts';
import { facetKey, orderFacetKeys } from '../facets.ts';
import { termsOf } from '../tokenize.ts';
import { docFileRanges, GZIP_BINARY, GZIP_TEXT, STORED_LIMITS, TIERS, type StoredDoc } from './format.ts';
import { ByteWriter } from './varint.ts';

/**
 * Version of a cached part (its fields and its doc-store files' bytes), so a part cached before
 * is made again and a build's bytes do not depend on what its cache held: 4 since the doc store
 * is written at gzip level {@link GZIP_TEXT}; 5 since a record's `indexedBody` is what its body
 * field indexes; 6 since a per-slug trail's `project` value is its folder and slug
 * (src/lib/search/search-project.ts); 7 since flags and flagged rows have a `flag state` (open or
 * accepted in trailbook.baseline.json), an accepted flag is of type `accepted flag`, and a row
 * written without a phase is of phase `(no phase)`; an identifier that changes case is indexed as
 * its parts too, and words joined by `_` or `-` as one word (src/lib/search/tokenize.ts); 8 since
 * a row's (or invalid record's) doc-store record holds its evidence pointers with their outcomes
 * (`StoredPointer`, find16).
 */
export const PART_VERSION = 8;


/** Largest position kept for a term (positions past it are stored as it). */
const MAX_POSITION = (1 << 20) - 1;

/** A part, ready to merge. Arrays are typed so that a thousand parts fit in memory. */
export interface SearchPart {
  version: number;
  /** `p/<project id>` or `r/<repository id>`. */
  key: string;
  title: string;
  /** The `project` filter value of its records, or null. */
  project: string | null;
  /** Latest time (ms since the epoch) of the part, for the recency order of parts; null when none. */
  latest: number | null;
  docs: number;
  /** Local index where each tier starts, and the end: TIERS + 1 numbers. */
  tierStarts: number[];
  /** Facet keys, most varied first (the mixed radix's order; `project` is not among them: the part is the project). */
  facets: string[];
  /** Per facet: the distinct value sets, each sorted, the commonest first; `[]` is "no value". */
  sets: string[][][];
  /** docs × facets codes, row-major: the index of the record's set. */
  codes: Uint32Array;
  /** Record type of each document (its `type` facet value). */
  types: string[];
  /** Each document's facet code word: Σ code[f] × Π_{g<f} sets[g].length, or an index into `combos`. */
  words: Float64Array;
  /** Present when the mixed radix would not fit in 2^53: the distinct per-facet codes, which `words` index. */
  combos?: number[][];
  /** Terms, sorted; postings of term i are at [termStarts[i], termStarts[i+1]). */
  terms: string[];
  termStarts: Uint32Array;
  /** Local document of each posting (ascending within a term). */
  postDocs: Uint32Array;
  /** Field code of each posting: mask | firstPosition << 4. */
  postFields: Uint32Array;
  /** Exact keys, sorted; entries of key i at [exactStarts[i], exactStarts[i+1]). */
  exactKeys: string[];
  exactStarts: Uint32Array;
  exactDocs: Uint32Array;
  exactQuality: Uint8Array;
  /** Full path of path entries ('' for others), and the cited lines (-1: none). */
  exactPaths: string[];
  exactFrom: Int32Array;
  exactTo: Int32Array;
  /** Records per type and per facet value per type. */
  totals: Record<string, number>;
  counts: Record<string, Record<string, Record<string, number>>>;
}

/** The doc-store files of a part: `<n>.bin` (records) and `sigs.bin` are made at merge time from codes. */
export interface PartFiles {
  /** gzip data of each doc-store file, in order. */
  docs: Uint8Array[];
}

const cut = (s: string | undefined, n: number): string => {
  const t = s ?? '';
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

const TIER: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** What a part is built from. */
export interface PartSource {
  key: string;
  title: string;
  project: string | null;
  latest: string | null;
  records: readonly SearchRecord[];
}

const timeOf = (t: string | null | undefined): number | null => {
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : ms;
};

/** Analyses a part's records. Pure except for gzip; the same records give the same part. */
export function buildPart(source: PartSource): { part: SearchPart; files: PartFiles } {
  // Order: tier, newer first, recap order.
  const order = source.records.map((r, i) => ({ r, i, tier: r.severity ? (TIER[r.severity] ?? TIERS - 1) : TIERS - 1, time: timeOf(r.time) }));
  order.sort((a, b) => a.tier - b.tier || (a.time === null ? (b.time === null ? 0 : 1) : b.time === null ? -1 : b.time - a.time) || a.i - b.i);
  const records = order.map((o) => o.r);
  const tierStarts: number[] = [];
  for (let t = 0, at = 0; t <= TIERS; t++) {
    while (at < order.length && (order[at] as { tier: number }).tier < t) at++;
    tierStarts.push(t === TIERS ? order.length : at);
  }

  // Facets and their value sets. A record's code for a facet is the place of its set in the
  // facet's list, the commonest set first (the empty set [] stands for "no value"); facets are
  // ordered most varied first, so that the mixed-radix word of a common record is small.
  const facetNames = new Set<string>();
  for (const r of records) for (const name of Object.keys(r.facets)) if (name !== 'project') facetNames.add(facetKey(name));
  const keys = orderFacetKeys(facetNames);
  const docIds: string[][] = records.map((r) => {
    const byKey = new Map<string, string[]>();
    for (const [name, values] of Object.entries(r.facets)) {
      if (name === 'project' || values.length === 0) continue;
      const key = facetKey(name);
      byKey.set(key, [...new Set([...(byKey.get(key) ?? []), ...values])].sort());
    }
    return keys.map((key) => JSON.stringify(byKey.get(key) ?? []));
  });
  const perFacet = keys.map((key, f) => {
    const freq = new Map<string, number>();
    for (const ids of docIds) freq.set(ids[f] as string, (freq.get(ids[f] as string) ?? 0) + 1);
    const ids = [...freq.keys()].sort((a, b) => (freq.get(b) as number) - (freq.get(a) as number) || (a < b ? -1 : a > b ? 1 : 0));
    const modal = records.length === 0 ? 1 : (freq.get(ids[0] as string) as number) / records.length;
    return { key, f, ids, modal };
  });
  perFacet.sort((a, b) => a.modal - b.modal || (a.key < b.key ? -1 : 1));
  const facets = perFacet.map((x) => x.key);
  const sets = perFacet.map((x) => x.ids.map((id) => JSON.parse(id) as string[]));
  const codeOf = perFacet.map((x) => new Map(x.ids.map((id, i) => [id, i])));
  const codes = new Uint32Array(records.length * facets.length);
  docIds.forEach((ids, d) => perFacet.forEach((x, k) => (codes[d * facets.length + k] = codeOf[k]?.get(ids[x.f] as string) ?? 0)));
  const types = records.map((r) => r.facets['type']?.[0] ?? 'record');
  const { words, combos } = codeWords(codes, records.length, sets);

  // Counts per type and per facet value per type.
  const totals: Record<string, number> = Object.create(null);
  const counts: Record<string, Record<string, Record<string, number>>> = Object.create(null);
  const add = (facet: string, value: string, type: string): void => {
    const byValue = (counts[facet] ??= Object.create(null) as Record<string, Record<string, number>>);
    const byType = (byValue[value] ??= Object.create(null) as Record<string, number>);
    byType[type] = (byType[type] ?? 0) + 1;
  };
  records.forEach((_, d) => {
    const type = types[d] as string;
    totals[type] = (totals[type] ?? 0) + 1;
    if (source.project !== null) add('project', source.project, type);
    facets.forEach((key, f) => {
      for (const v of sets[f]?.[codes[d * facets.length + f] as number] ?? []) add(key, v, type);
    });
  });

  // Words: per term, the documents (ascending, as records are read in order) and a field code each.
  const postings = new Map<string, { docs: number[]; fields: number[] }>();
  records.forEach((r, d) => {
    const texts = [r.title, r.indexedBody ?? r.body, r.evidence ?? '', r.meta ?? ''];
    for (let field = 0; field < 4; field++) {
      const text = texts[field] as string;
      if (text === '') continue;
      const list = termsOf(text);
      for (let position = 0; position < list.length; position++) {
        const term = list[position] as string;
        let p = postings.get(term);
        if (!p) postings.set(term, (p = { docs: [], fields: [] }));
        const last = p.docs.length - 1;
        if (last >= 0 && p.docs[last] === d) {
          if (((p.fields[last] as number) & (1 << field)) === 0) p.fields[last] = (p.fields[last] as number) | (1 << field);
        } else {
          p.docs.push(d);
          p.fields.push((1 << field) | (Math.min(position, MAX_POSITION) << 4));
        }
      }
    }
  });
  const terms = [...postings.keys()].sort();
  const termStarts = new Uint32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    termStarts[i] = total;
    total += (postings.get(t) as { docs: number[] }).docs.length;
  });
  termStarts[terms.length] = total;
  const postDocs = new Uint32Array(total);
  const postFields = new Uint32Array(total);
  terms.forEach((t, i) => {
    const p = postings.get(t) as { docs: number[]; fields: number[] };
    postDocs.set(p.docs, termStarts[i] as number);
    postFields.set(p.fields, termStarts[i] as number);
  });

  // Exact keys: per (key, doc, path, lines) the best quality.
  const exact = new Map<string, Map<string, { doc: number; quality: number; path: string; from: number; to: number }>>();
  records.forEach((r, d) => {
    for (const k of r.exact ?? []) {
      const byEntry = exact.get(k.key) ?? new Map();
      exact.set(k.key, byEntry);
      const id = `${d}\u0000${k.path ?? ''}\u0000${k.from ?? -1}\u0000${k.to ?? -1}`;
      const had = byEntry.get(id);
      if (!had || had.quality < k.quality) byEntry.set(id, { doc: d, quality: k.quality, path: k.path ?? '', from: k.from ?? -1, to: k.to ?? k.from ?? -1 });
    }
  });
  const exactKeys = [...exact.keys()].sort();
  const exactStarts = new Uint32Array(exactKeys.length + 1);
  const entries: Array<{ doc: number; quality: number; path: string; from: number; to: number }> = [];
  exactKeys.forEach((k, i) => {
    exactStarts[i] = entries.length;
    const list = [...(exact.get(k) as Map<string, { doc: number; quality: number; path: string; from: number; to: number }>).values()];
    list.sort((a, b) => a.doc - b.doc || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.from - b.from || a.to - b.to);
    entries.push(...list);
  });
  exactStarts[exactKeys.length] = entries.length;

  // Doc store files.
  const docs: Uint8Array[] = [];
  for (const [start, count] of docFileRanges(records.length)) {
    const chunk: StoredDoc[] = records.slice(start, start + count).map((r) => {
      const doc: StoredDoc = [r.anchor, r.page ?? '', cut(r.title, STORED_LIMITS.title), cut(r.body, STORED_LIMITS.body), cut(r.evidence, STORED_LIMITS.evidence), cut(r.meta, STORED_LIMITS.meta)];
      if (r.pointers && r.pointers.length > 0) doc.push(r.pointers);
      return doc;
    });
    docs.push(gzipSync(JSON.stringify(chunk), { level: GZIP_TEXT }));
  }

  const part: SearchPart = {
    version: PART_VERSION,
    key: source.key,
    title: source.title,
    project: source.project,
    latest: timeOf(source.latest),
    docs: records.length,
    tierStarts,
    facets,
    sets,
    codes,
    types,
    words,
    ...(combos ? { combos } : {}),
    terms,
    termStarts,
    postDocs,
    postFields,
    exactKeys,
    exactStarts,
    exactDocs: Uint32Array.from(entries, (e) => e.doc),
    exactQuality: Uint8Array.from(entries, (e) => e.quality),
    exactPaths: entries.map((e) => e.path),
    exactFrom: Int32Array.from(entries, (e) => e.from),
    exactTo: Int32Array.from(entries, (e) => e.to),
    totals,
    counts,
  };
  return { part, files: { docs } };
}

/** Each document's code word (format.ts, IndexPart), and the combos list when the radix is too wide. */
function codeWords(codes: Uint32Array, docs: number, sets: string[][][]): { words: Float64Array; combos?: number[][] } {
  const facets = sets.length;
  let product = 1;
  for (const s of sets) product *= Math.max(1, s.length);
  const words = new Float64Array(docs);
  if (product <= Number.MAX_SAFE_INTEGER) {
    for (let d = 0; d < docs; d++) {
      let word = 0;
      let mult = 1;
      for (let f = 0; f < facets; f++) {
        word += (codes[d * facets + f] as number) * mult;
        mult *= Math.max(1, sets[f]?.length ?? 0);
      }
      words[d] = word;
    }
    return { words };
  }
  const ids = new Map<string, number>();
  const combos: number[][] = [];
  for (let d = 0; d < docs; d++) {
    const combo = Array.from(codes.subarray(d * facets, (d + 1) * facets));
    const id = combo.join(',');
    let i = ids.get(id);
    if (i === undefined) {
      i = combos.length;
      ids.set(id, i);
      combos.push(combo);
    }
    words[d] = i;
  }
  return { words, combos };
}

/** `sigs.bin` of a part: the document count, then each document's code word (varints, gzipped). */
export function partWordsFile(part: SearchPart): Uint8Array {
  const w = new ByteWriter();
  w.varint(part.docs);
  for (const c of part.words) w.varint(c);
  return gzipSync(w.result(), { level: GZIP_BINARY });
}
