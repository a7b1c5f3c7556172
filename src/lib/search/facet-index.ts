/**
 * Trailbook's facet index: the filters of the search page, applied to single records.
 *
 * Pagefind filters apply to whole documents; at a million rows one document per row is far
 * too slow to build and too heavy to load (stack notes, "Search at scale"). So filters use a
 * small static index of our own, beside pagefind's word index:
 * - `search-index/facets.json`: every filter value with its record count and the projects
 *   that have it (so a filtered search fetches only those projects' shards), and the list of
 *   projects;
 * - `search-index/p/<project>.json`: one shard per project: each record's anchor, title and
 *   facet values (as indexes into the shard's own value table).
 * A search with words asks pagefind, then keeps the sub-results whose record passes the
 * filters; a search with filters only walks the candidate projects' shards in order.
 */
import { dict } from '../text/dict.ts';
import type { SearchRecord } from './search-records.ts';

export const FACET_INDEX_VERSION = 2;

/** Longest title kept in a shard, in characters. */
export const SHARD_TITLE_LIMIT = 160;

/** A project's shard: `values[f]` lists facet f's values; each record holds indexes into them. */
export interface FacetShard {
  version: number;
  /** Project id. */
  id: string;
  facets: string[];
  values: string[][];
  /** [anchor, title, page, facet value indexes per facet (arrays; empty = no value)] */
  records: Array<[string, string, string, number[][]]>;
}

/** How many records of a project carry each facet value (facet → value → count). */
export type FacetContribution = Record<string, Record<string, number>>;

/** What the search page needs to combine the word index with the facet index. */
export interface WordIndexInfo {
  /** True when a second pagefind index (`pagefind-delta/`) holds recently changed projects. */
  delta: boolean;
  /** Project URLs whose entries in the main index are out of date (use the delta's, or none). */
  stale: string[];
}

/** The archive-wide facet summary written as facets.json. */
export interface FacetSummary {
  version: number;
  projects: Array<{ id: string; title: string; url: string }>;
  /** Facet name → value → { count, projects }: project indexes, ascending. */
  facets: Record<string, Record<string, { count: number; projects: number[] }>>;
  words: WordIndexInfo;
}

/** Builds the shard of one project from its records. */
export function projectShard(id: string, records: readonly SearchRecord[]): FacetShard {
  const facetNames: string[] = [];
  const values: string[][] = [];
  const valueIndex: Array<Map<string, number>> = [];
  const facetOf = (name: string): number => {
    let f = facetNames.indexOf(name);
    if (f === -1) {
      f = facetNames.length;
      facetNames.push(name);
      values.push([]);
      valueIndex.push(new Map());
    }
    return f;
  };
  const shardRecords: FacetShard['records'] = [];
  for (const record of records) {
    const vector: number[][] = [];
    for (const [name, vals] of Object.entries(record.facets)) {
      const f = facetOf(name);
      const ids: number[] = [];
      for (const v of vals) {
        let index = valueIndex[f]?.get(v);
        if (index === undefined) {
          index = values[f]?.length ?? 0;
          values[f]?.push(v);
          valueIndex[f]?.set(v, index);
        }
        ids.push(index);
      }
      vector[f] = ids;
    }
    const title = record.title.length > SHARD_TITLE_LIMIT ? `${record.title.slice(0, SHARD_TITLE_LIMIT - 1)}…` : record.title;
    shardRecords.push([record.anchor, title, record.page ?? '', vector]);
  }
  for (const r of shardRecords) for (let f = 0; f < facetNames.length; f++) r[3][f] ??= [];
  return { version: FACET_INDEX_VERSION, id, facets: facetNames, values, records: shardRecords };
}

/** Counts each facet value of a shard's records. */
export function shardContribution(shard: FacetShard): FacetContribution {
  const out: FacetContribution = dict();
  for (const record of shard.records) {
    shard.facets.forEach((name, f) => {
      for (const i of record[3][f] ?? []) {
        const value = shard.values[f]?.[i] as string;
        const byValue = (out[name] ??= dict());
        byValue[value] = (byValue[value] ?? 0) + 1;
      }
    });
  }
  return out;
}

/**
 * The archive-wide summary from each project's contribution, in project order, with facets
 * and values sorted (byte-identical output for the same input).
 */
export function mergeSummary(projects: ReadonlyArray<{ id: string; title: string; url: string; contribution: FacetContribution }>, words: WordIndexInfo): FacetSummary {
  const facets: FacetSummary['facets'] = dict();
  projects.forEach((p, index) => {
    for (const [name, byValue] of Object.entries(p.contribution)) {
      for (const [value, count] of Object.entries(byValue)) {
        const entry = ((facets[name] ??= dict())[value] ??= { count: 0, projects: [] });
        entry.count += count;
        entry.projects.push(index);
      }
    }
  });
  const sorted: FacetSummary['facets'] = dict();
  for (const name of Object.keys(facets).sort()) {
    const byValue = facets[name] ?? dict();
    const out = dict<{ count: number; projects: number[] }>();
    for (const v of Object.keys(byValue).sort()) out[v] = byValue[v] as { count: number; projects: number[] };
    sorted[name] = out;
  }
  return { version: FACET_INDEX_VERSION, projects: projects.map(({ id, title, url }) => ({ id, title, url })), facets: sorted, words };
}

/**
 * Whether a shard record passes `filters` (facet → wanted values; a record passes when, for
 * every facet, it has at least one wanted value).
 */
export function recordMatches(shard: Pick<FacetShard, 'facets' | 'values'>, vector: number[][], filters: Readonly<Record<string, readonly string[]>>): boolean {
  for (const [name, wanted] of Object.entries(filters)) {
    if (wanted.length === 0) continue;
    const f = shard.facets.indexOf(name);
    if (f === -1) return false;
    const have = (vector[f] ?? []).map((i) => shard.values[f]?.[i]);
    if (!wanted.some((w) => have.includes(w))) return false;
  }
  return true;
}

/** Projects (indexes, ascending) that can hold a record passing `filters`. */
export function candidateProjects(summary: Pick<FacetSummary, 'facets' | 'projects'>, filters: Readonly<Record<string, readonly string[]>>): number[] {
  let candidates: number[] | null = null;
  for (const [name, wanted] of Object.entries(filters)) {
    if (wanted.length === 0) continue;
    const union = new Set<number>();
    const byValue = summary.facets[name];
    for (const w of wanted) for (const p of byValue && Object.hasOwn(byValue, w) ? (byValue[w]?.projects ?? []) : []) union.add(p);
    candidates = candidates === null ? [...union] : candidates.filter((p) => union.has(p));
  }
  return (candidates ?? summary.projects.map((_, i) => i)).sort((a, b) => a - b);
}
