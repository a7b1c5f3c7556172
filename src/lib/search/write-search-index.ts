/**
 * Writes the archive's search indexes from the model store: Trailbook's facet index
 * (`search-index/facets.json` and one shard per project) and pagefind's word index.
 *
 * Incremental, like a log-structured index: the word index of all projects (the *main*
 * index) is kept in the cache folder and reused; projects that changed since it was built go
 * into a small second index (`pagefind-delta/`) that the search page merges in, dropping the
 * main index's stale entries. When the changed projects exceed {@link DELTA_LIMIT} of the
 * records, the main index is rebuilt and the delta emptied. Facet shards are cached per
 * project digest. Used by the Astro integration, and by the CLI in a worker thread.
 */
import { copyFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readArchiveIndex, readModel } from '../archive/model-store.ts';
import { searchRecords } from './search-records.ts';
import { pagefindDocuments } from './pagefind-documents.ts';
import { mergeSummary, projectShard, shardContribution, type FacetContribution, type FacetShard } from './facet-index.ts';
import { urls } from '../site/urls.ts';

/** Share of all records that may sit in the delta index before the main index is rebuilt. */
export const DELTA_LIMIT = 0.2;

/** What was indexed. `ms` is wall time in milliseconds. */
export interface SearchIndexStats {
  projects: number;
  records: number;
  /** Projects whose words were (re)indexed in this run. */
  indexed: number;
  documents: number;
  /** Whether the main word index was rebuilt (else reused, with a delta). */
  rebuiltMain: boolean;
  ms: number;
  warnings: string[];
}

interface CachedShard {
  digest: string;
  records: number;
  shard: FacetShard;
  contribution: FacetContribution;
}

interface MainState {
  version: number;
  base: string;
  /** Project id → digest of the model the main index holds. */
  digests: Record<string, string>;
  records: number;
}

const STATE_VERSION = 1;

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function copyTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true });
      await copyTree(source, target);
    } else {
      await mkdir(dirname(target), { recursive: true });
      await link(source, target).catch(() => copyFile(source, target));
    }
  }
}

/** Indexes `projects` (ids) with pagefind into `outputPath`; returns the documents added. */
async function writeWordIndex(cacheDir: string, ids: readonly string[], base: string, outputPath: string, warnings: string[], which: 'main' | 'delta'): Promise<number> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', writePlayground: false });
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  let documents = 0;
  try {
    for (const id of ids) {
      const model = await readModel(cacheDir, id);
      const docs = pagefindDocuments(searchRecords(model), urls.project(base, model.id), model.root, model.title, which);
      for (let i = 0; i < docs.length; i += 20) {
        const added = await Promise.all(docs.slice(i, i + 20).map((doc) => index.addHTMLFile({ url: doc.url, content: doc.html })));
        for (const a of added) if (a.errors.length > 0) warnings.push(`search document of ${model.id}: ${a.errors.join('; ')}`);
      }
      documents += docs.length;
    }
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  return documents;
}

/**
 * Indexes every project of the archive index in `cacheDir` into `outDir` (the site folder),
 * for a site served under `base`. Throws when pagefind cannot start or write its files.
 */
export async function writeSearchIndex(cacheDir: string, outDir: string, base: string): Promise<SearchIndexStats> {
  const started = performance.now();
  const warnings: string[] = [];
  const archive = await readArchiveIndex(cacheDir);
  const searchCache = join(cacheDir, 'search');
  await mkdir(join(searchCache, 'shards'), { recursive: true });
  await mkdir(join(outDir, 'search-index', 'p'), { recursive: true });

  // Facet shards, reused per project digest.
  const projects: Array<{ id: string; title: string; url: string; contribution: FacetContribution }> = [];
  const recordsOf = new Map<string, number>();
  for (const { id, digest } of archive.projects) {
    const cachePath = join(searchCache, 'shards', `${id}.json`);
    let cached = await readJson<CachedShard & { title: string }>(cachePath);
    if (!cached || cached.digest !== digest || cached.shard.version !== projectShard(id, []).version) {
      const model = await readModel(cacheDir, id);
      const records = searchRecords(model);
      const shard = projectShard(id, records);
      cached = { digest, records: records.length, shard, contribution: shardContribution(shard), title: model.title };
      await writeFile(cachePath, JSON.stringify(cached));
    }
    recordsOf.set(id, cached.records);
    projects.push({ id, title: cached.title, url: urls.project(base, id), contribution: cached.contribution });
    await writeFile(join(outDir, 'search-index', 'p', `${id}.json`), JSON.stringify(cached.shard));
  }
  const total = [...recordsOf.values()].reduce((a, b) => a + b, 0);

  // Word index: reuse the main index and index only what changed, or rebuild it.
  const statePath = join(searchCache, 'main.json');
  const mainDir = join(searchCache, 'main');
  const state = await readJson<MainState>(statePath);
  const current = new Map(archive.projects.map((p) => [p.id, p.digest]));
  const changed = archive.projects.filter((p) => state?.digests[p.id] !== p.digest).map((p) => p.id);
  const removed = state ? Object.keys(state.digests).filter((id) => !current.has(id)) : [];
  const changedRecords = changed.reduce((sum, id) => sum + (recordsOf.get(id) ?? 0), 0);
  const reuse = state !== null && state.version === STATE_VERSION && state.base === base && changedRecords <= DELTA_LIMIT * Math.max(total, 1);
  let documents = 0;
  if (reuse) {
    if (changed.length > 0) documents = await writeWordIndex(cacheDir, changed, base, join(outDir, 'pagefind-delta'), warnings, 'delta');
  } else {
    documents = await writeWordIndex(cacheDir, archive.projects.map((p) => p.id), base, mainDir, warnings, 'main');
    await writeFile(statePath, JSON.stringify({ version: STATE_VERSION, base, digests: Object.fromEntries(current), records: total } satisfies MainState));
  }
  await copyTree(mainDir, join(outDir, 'pagefind'));
  const stale = reuse ? [...changed, ...removed].sort().map((id) => urls.project(base, id)) : [];
  const summary = mergeSummary(projects, { delta: reuse && changed.length > 0, stale });
  await writeFile(join(outDir, 'search-index', 'facets.json'), JSON.stringify(summary));
  return {
    projects: archive.projects.length,
    records: total,
    indexed: reuse ? changed.length : archive.projects.length,
    documents,
    rebuiltMain: !reuse,
    ms: performance.now() - started,
    warnings,
  };
}
