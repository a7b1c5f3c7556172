/**
 * The search index's manifest (format.ts, `search-index/manifest.json`): the current parts
 * newest first, every filter with the archive's counts per value and record type (summed
 * from the parts, so they count what the home page and `check --json` count: a flag once
 * as a flag, a decision row once as a row), and the indexes.
 */
import { createHash } from 'node:crypto';
import { FACETS, orderFacetKeys } from '../facets.ts';
import { SEARCH_INDEX_VERSION, type IndexInfo, type ManifestPart, type SearchManifest } from './format.ts';
import type { SearchPart } from './part.ts';

/** What the cache remembers of a part without reading it. */
export interface PartHeader {
  key: string;
  digest: string;
  title: string;
  /** Where the part's pages are, relative to the base path (format.ts, ManifestPart). */
  path: string;
  project: string | null;
  latest: number | null;
  docs: number;
  totals: Record<string, number>;
  counts: Record<string, Record<string, Record<string, number>>>;
}

/** A part's header, as the cache keeps it. */
export function partHeader(part: SearchPart, digest: string, path: string): PartHeader {
  return { key: part.key, digest, title: part.title, path, project: part.project, latest: part.latest, docs: part.docs, totals: part.totals, counts: part.counts };
}

/** Orders headers newest first, then by key (the order of parts in an index). */
export function byRecency(a: Pick<PartHeader, 'latest' | 'key'>, b: Pick<PartHeader, 'latest' | 'key'>): number {
  return (b.latest ?? -Infinity) - (a.latest ?? -Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The manifest: current parts, the archive's counts per filter value, the indexes. */
export function buildManifest(headers: readonly PartHeader[], main: IndexInfo, delta: IndexInfo | null, stale: string[]): SearchManifest {
  const parts: ManifestPart[] = headers.map((h) => ({ key: h.key, title: h.title, path: h.path, project: h.project }));
  const totals: Record<string, number> = Object.create(null);
  const counts: Record<string, Record<string, Record<string, number>>> = Object.create(null);
  for (const h of headers) {
    for (const [type, n] of Object.entries(h.totals)) totals[type] = (totals[type] ?? 0) + n;
    for (const [key, byValue] of Object.entries(h.counts)) {
      const into = (counts[key] ??= Object.create(null) as Record<string, Record<string, number>>);
      for (const [value, byType] of Object.entries(byValue)) {
        const t = (into[value] ??= Object.create(null) as Record<string, number>);
        for (const [type, n] of Object.entries(byType)) t[type] = (t[type] ?? 0) + n;
      }
    }
  }
  const sortKeys = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k] as T]));
  const names = new Map(FACETS.map((f) => [f.key, f.name]));
  const facets = orderFacetKeys(Object.keys(counts)).map((key) => ({
    key,
    name: names.get(key) ?? key.replace(/-/g, ' '),
    values: Object.keys(counts[key] ?? {}).sort().map((value) => ({ value, counts: sortKeys(counts[key]?.[value] ?? {}) })),
  }));
  const body = { version: SEARCH_INDEX_VERSION, parts, facets, totals: sortKeys(totals), indexes: delta ? [main, delta] : [main], stale };
  return { version: body.version, generation: sha(JSON.stringify(body)).slice(0, 16), parts, facets, totals: body.totals, indexes: body.indexes, stale };
}
