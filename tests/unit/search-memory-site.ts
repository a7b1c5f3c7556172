/**
 * A search site held in memory, for the search unit tests: parts built from records
 * (index/part.ts), their doc-store and `sigs.bin` files, a main index (and a delta index of
 * changed parts) merged as a build merges them (index/merge.ts), the manifest, and an engine
 * over those files that logs every path it reads (what a first page costs in requests).
 * Files are kept gzipped, as the site serves them; the engine's loader gunzips.
 */
import { gunzipSync } from 'node:zlib';
import { buildPart, partWordsFile, type SearchPart } from '../../src/lib/search/index/part.ts';
import { DELTA_SIZES, mergeParts, type MergeOptions } from '../../src/lib/search/index/merge.ts';
import { buildManifest, byRecency, partHeader } from '../../src/lib/search/index/manifest.ts';
import { SearchEngine } from '../../src/lib/search/query/engine.ts';
import type { IndexInfo, SearchManifest } from '../../src/lib/search/index/format.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

/** One part as a test gives it: its key (`p/<id>`, `r/<repo>`), records, and header fields (defaults from the key's name). */
export interface PartSpec {
  key: string;
  records: SearchRecord[];
  title?: string;
  project?: string;
  latest?: string | null;
}

/** The site: its files by path, the current parts (newest first), the indexes, and engines over it. */
export interface MemorySite {
  files: Map<string, Uint8Array>;
  parts: SearchPart[];
  main: IndexInfo;
  delta: IndexInfo | null;
  manifest: SearchManifest;
  /** Every path the engines read, in order. */
  read: string[];
  /** Reads a file as the page does (gunzipped); throws on a path the site does not have. */
  load: (path: string) => Promise<Uint8Array>;
  /** A new engine (a fresh page: nothing cached) over the site. */
  engine: () => SearchEngine;
}

/**
 * Builds the part of `spec` and puts its doc-store files (`docs/<key>/<n>.bin`) and `sigs.bin`
 * into `files`. Returns the part.
 */
export function writePart(files: Map<string, Uint8Array>, spec: PartSpec): SearchPart {
  const name = spec.key.slice(spec.key.indexOf('/') + 1);
  const { part, files: out } = buildPart({ key: spec.key, title: spec.title ?? `Project ${name}`, project: spec.project ?? `content/${name}`, latest: spec.latest ?? null, records: spec.records });
  out.docs.forEach((d, i) => files.set(`docs/${spec.key}/${i}.bin`, d));
  files.set(`docs/${spec.key}/sigs.bin`, partWordsFile(part));
  return part;
}

/**
 * A site of the parts `specs`, merged into a main index with `options`; with `changed`, those
 * parts changed since main was merged: a delta index of them, main's copies stale (as a
 * rebuild leaves it).
 */
export async function memorySite(specs: readonly PartSpec[], options: { merge?: MergeOptions; changed?: readonly PartSpec[] } = {}): Promise<MemorySite> {
  const files = new Map<string, Uint8Array>();
  const parts = specs.map((s) => writePart(files, s)).sort(byRecency);
  const main = await mergeParts('main', parts, (path, data) => void files.set(`main/${path}`, data), options.merge);
  const changedParts = (options.changed ?? []).map((s) => writePart(files, s)).sort(byRecency);
  // The delta lists its entries of the words main's manifest lists, in files of its own sizes, as write-search-index.ts merges it.
  const listedTerms = new Set((main.topTerms ?? []).map((e) => e[0]));
  const delta = changedParts.length > 0 ? await mergeParts('delta', changedParts, (path, data) => void files.set(`delta/${path}`, data), { listedTerms, sizes: DELTA_SIZES, ...options.merge }) : null;
  const current = [...parts.filter((p) => !changedParts.some((c) => c.key === p.key)), ...changedParts].sort(byRecency);
  const manifest = buildManifest(current.map((p) => partHeader(p, 'd', `${p.key}/`)), main, delta, changedParts.map((p) => p.key));
  const read: string[] = [];
  const load = async (path: string): Promise<Uint8Array> => {
    read.push(path);
    const data = files.get(path);
    if (!data) throw new Error(`no file ${path}`);
    return gunzipSync(data);
  };
  return { files, parts: current, main, delta, manifest, read, load, engine: () => new SearchEngine(manifest, load) };
}
