/**
 * Writes the archive's search index (issue 11; files in index/format.ts) from the model store.
 *
 * 1. Parts: each project's records, and each repository's evidence pages, are analysed into a
 *    part (index/part.ts), kept in the cache folder under its digest and reused while the
 *    digest holds (a project's digest; a repository's is made of its projects').
 * 2. Indexes, incremental like a log-structured index: the *main* index of every part is kept
 *    in the cache and reused; parts that changed since it was built are merged into a small
 *    *delta* index that the search page reads beside it, setting aside the main index's
 *    entries of those parts. When the changed parts hold more than {@link DELTA_LIMIT} of the
 *    records, the main index is merged again and the delta emptied.
 * 3. The manifest: parts newest first, filters with the archive's counts, the indexes.
 *
 * Used by the Astro integration, by the CLI in a worker thread, and by `trailbook merge`, which
 * hands over each project's part as its shard built it ({@link ProjectPartSource}) instead of
 * a model to analyse. Deterministic: the same model store and cache state give byte-identical
 * files, and parts built apart merge into the bytes of parts built together.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { linkFileSync, linkOrCopySync } from '../fs/link-files.ts';
import { faultPoint } from '../fs/fault-point.ts';
import { CacheDamage, FileSums, type FileSum } from '../archive/file-sums.ts';
import { runBounded } from '../fs/bounded-tasks.ts';
import { deserialize, serialize } from 'node:v8';
import { dirname, join } from 'node:path';
import { readCacheJson, readJsonOrNull, removeCacheFile, writeAtomic } from '../fs/cache-files.ts';
import { readArchiveIndex, readCited, readModel } from '../archive/model-store.ts';
import { searchRecords } from './search-records.ts';
import { acceptedFlags, type Baseline } from '../baseline/accepted-flags.ts';
import { artifactRecords, repositoryRecords, type RepositoryCitations } from './evidence-records.ts';
import { buildPart, partWordsFile, PART_VERSION, type SearchPart } from './index/part.ts';
import { DELTA_SIZES, mergeParts } from './index/merge.ts';
import { docFileOf, docFileRanges, SEARCH_INDEX_VERSION, type IndexInfo, type StoredDoc } from './index/format.ts';
import { buildManifest, byRecency, partHeader, type PartHeader } from './index/manifest.ts';
import { searchProjectValue } from './search-project.ts';
import { modelLatestDate } from '../site/dates-only.ts';

/** Parts whose files are linked and written at once (src/lib/fs/bounded-tasks.ts). */
const PARTS_AT_ONCE = 8;

/** Share of all records that may sit in the delta index before the main index is merged again. */
export const DELTA_LIMIT = 0.2;

/** What was indexed. `ms` is wall time in milliseconds. */
export interface SearchIndexStats {
  projects: number;
  records: number;
  /** Parts (projects and repositories) analysed in this run (the others came from the cache). */
  analysed: number;
  /** Parts merged into an index in this run (all of them when the main index was merged again). */
  indexed: number;
  /** Index files written (main and delta; the doc store not counted). */
  files: number;
  /** Whether the main index was merged again (else reused, with a delta). */
  rebuiltMain: boolean;
  ms: number;
  warnings: string[];
}

/** How {@link writeSearchIndex} writes. */
export interface WriteSearchIndexOptions {
  /** A project's part as its shard built it (`trailbook merge`), instead of one analysed from its model. */
  projectPart?: ProjectPartSource;
  /** Called now and then with the parts analysed and the merge's progress. */
  onProgress?: (progress: SearchIndexProgress) => void;
  /** The previous output's site folder, which this cache built: its files of the same bytes are linked. */
  published?: string;
  /**
   * Merge the main index again from every part, whatever changed (`trailbook build --full`):
   * no delta index, so the files are those a clean build writes. Else the main index in the
   * cache is reused with a delta while the changed parts hold at most {@link DELTA_LIMIT} of the records.
   */
  mergeAll?: boolean;
  /**
   * The accepted flags (`trailbook.baseline.json`, issue 32): a flag it accepts is a result of
   * type `accepted flag` and `flag state` `accepted` (search-records.ts). A project's part is
   * made again when the entries naming it change. Absent or null: every flag is open.
   */
  baseline?: Baseline | null;
}

/** What a repository part needs of each project citing it, remembered by project digest. */
interface ProjectFacts {
  digest: string;
  title: string;
  repoId: string | null;
  repoPath: string | null;
  /** Digest of the project's cited commits and files (its `<id>.cited.json`). */
  cited: string;
}

interface MainState {
  version: string;
  digests: Record<string, string>;
  info: IndexInfo;
  files: number;
  /** Each file of the main index (relative to its folder): size and sha256, checked as it is published. */
  sums: Record<string, FileSum>;
}

/** Cache keys change when the part format, the index format or V8's serialisation does. */
const CACHE_VERSION = `${PART_VERSION}.${SEARCH_INDEX_VERSION}.${process.versions.v8}`;

/**
 * How far the search index is (issue 30, scope 5): `parts`, projects and repositories analysed
 * or reused, of all; `merge`, the parts' terms and exact keys merged into the index, of all.
 */
export interface SearchIndexProgress {
  phase: 'parts' | 'merge';
  done: number;
  total: number;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Reads doc-store records of the parts being merged from `<docsDir>/<part key>/<n>.bin` (for
 * hot keys' first pages: merge.ts, MergeOptions.storedDoc), keeping the last files read.
 */
export function docStoreReader(docsDir: string, parts: readonly Pick<SearchPart, 'key'>[]): (part: number, local: number) => StoredDoc | null {
  const files = new Map<string, StoredDoc[]>();
  return (part, local) => {
    const key = parts[part]?.key;
    if (key === undefined) return null;
    const { file, at } = docFileOf(local);
    const path = join(docsDir, key, `${file}.bin`);
    let records = files.get(path);
    if (!records) {
      if (files.size >= 64) files.clear();
      records = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as StoredDoc[];
      files.set(path, records);
    }
    return records[at] ?? null;
  };
}
const fileName = (key: string): string => key.replace(/\//g, '__');

/** A part made, with its doc-store files as data or as a folder of `<n>.bin` files to link. */
type BuiltPart = { part: SearchPart; docs: Uint8Array[] } | { part: SearchPart; docsDir: string; file: string };

/**
 * Links (or copies) the doc-store files `0.bin` … of a part of `docs` records from `from` into
 * `to`: only those names, so nothing else in a given folder is published, and a missing one is
 * an error naming it.
 */
function linkDocs(from: string, to: string, docs: number): void {
  const files = docFileRanges(docs).length;
  for (let i = 0; i < files; i++) {
    const source = join(from, `${i}.bin`);
    try {
      linkFileSync(source, join(to, `${i}.bin`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${source} is missing: the part's doc store is incomplete`);
      throw error;
    }
  }
}

/** The doc-store files of a part folder: `0.bin` … and `sigs.bin`. */
function docFiles(dir: string, docs: number): string[] {
  const out: string[] = [];
  const files = docFileRanges(docs).length;
  for (let i = 0; i < files; i++) out.push(join(dir, `${i}.bin`));
  out.push(join(dir, 'sigs.bin'));
  return out;
}

/** Every file under `dir` (absolute paths, sorted). */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.isFile()) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

/** A part to have: its key, digest and how to build it when the cache lacks it. */
interface PartPlan {
  key: string;
  digest: string;
  /** Where the part's pages are, relative to the base path. */
  path: string;
  build: () => Promise<BuiltPart>;
}

/**
 * A project's part made elsewhere (a shard of a sharded build, src/lib/shard/merge-search.ts):
 * the part of project `id` as of its current digest, the file it was read from (a cached part,
 * linked into this cache as it is), and the folder holding its doc-store files (`<n>.bin`; a
 * `sigs.bin` there is ignored and written again). Throws when it has none.
 */
export type ProjectPartSource = (id: string) => Promise<{ part: SearchPart; docsDir: string; file: string }>;

/** Cache folder of the search index parts, inside a cache folder. */
const searchCache = (cacheDir: string): string => join(cacheDir, 'search');

/**
 * The cached part of `key` (`p/<project id>`, `r/<repository id>`) after {@link writeSearchIndex}
 * ran on `cacheDir`: a V8-serialised {@link SearchPart} of the format {@link PART_CACHE_VERSION}.
 */
export const cachedPartPath = (cacheDir: string, key: string): string => join(searchCache(cacheDir), 'parts', `${fileName(key)}.v8`);

/** The format of cached parts: part and index formats, and V8's serialisation (which reads them back). */
export const PART_CACHE_VERSION = CACHE_VERSION;

/**
 * A V8-serialised part read back, each typed array in a buffer of its own (issue 30). Node's
 * `v8.deserialize` returns an aligned typed array as a view into the data it was given, so a
 * part would keep its whole file alive (its strings' bytes too, which are copied to the heap
 * anyway): at 300 parts of the real-shaped corpus, 296 MiB of ArrayBuffers for 120 MiB of
 * arrays. Copied, the file's buffer is freed once the part is read. `strings`: a pool shared
 * by the parts read for one merge, which then hold one string for each of their recurring
 * terms, record types and cited paths ({@link SHARED_STRINGS}). Null or a non-object is
 * returned as it is (the caller checks the part).
 */
export function deserializePart(data: Uint8Array, strings?: Map<string, string>): Partial<SearchPart> | null {
  const part = deserialize(data) as Record<string, unknown> | null;
  if (part === null || typeof part !== 'object') return part;
  for (const [name, value] of Object.entries(part)) {
    if (ArrayBuffer.isView(value) && !(value instanceof DataView) && (value.byteOffset !== 0 || value.byteLength !== value.buffer.byteLength)) part[name] = (value as Uint8Array).slice();
  }
  if (strings) for (const name of SHARED_STRINGS) if (Array.isArray(part[name])) intern(part[name] as unknown[], strings);
  return part as Partial<SearchPart>;
}

/**
 * The string lists of a part whose strings recur from part to part: its terms, record types and
 * cited paths (a vocabulary and one repository's files). A deserialised part holds a string of
 * its own for each; parts read for one merge share them through one pool (issue 30: at 80 parts
 * of the real-shaped corpus, 563,774 such strings of 6,093 distinct ones). Exact keys are mostly
 * a part's own (ids), so a pool of them would cost about what it saves.
 */
const SHARED_STRINGS = ['terms', 'types', 'exactPaths'] as const;

/** Replaces each string of `list` by the equal one in `pool` (adding those not there yet). */
function intern(list: unknown[], pool: Map<string, string>): void {
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (typeof s !== 'string') continue;
    const had = pool.get(s);
    if (had === undefined) pool.set(s, s);
    else list[i] = had;
  }
}

/** Reads a part written by {@link writeSearchIndex} (or copied from one). Throws when the file is missing or not a part of `key`. */
export async function readCachedPart(path: string, key: string): Promise<SearchPart> {
  const part = deserializePart(await readFile(path));
  if (part === null || typeof part !== 'object' || part.version !== PART_VERSION || part.key !== key) throw new Error(`${path} is not a search index part of ${key} (format ${PART_VERSION})`);
  return part as SearchPart;
}

/**
 * Indexes every project of the archive index in `cacheDir` into `outDir` (the site folder).
 * The index holds no base path (the page adds its own), so `base` changes nothing; it is
 * taken for the callers' sake. With `projectPart`, a project's part is taken from it instead of
 * being analysed from the project's model (repository parts are always made here, from the
 * cited lists of every project). With `published` (the previous output's site folder, which
 * this cache built), a file of its `search-index/` whose bytes are those this index publishes
 * is hard-linked rather than copied again from the cache (src/lib/archive/file-sums.ts
 * `copyUnder`). Throws when the model store, or a part given, is unreadable.
 */
export async function writeSearchIndex(cacheDir: string, outDir: string, base: string, options: WriteSearchIndexOptions = {}): Promise<SearchIndexStats> {
  const started = performance.now();
  try {
    return await writeIndex(cacheDir, outDir, base, options, started, []);
  } catch (error) {
    if (!(error instanceof CacheDamage)) throw error;
    // A damaged cache entry (issue 28): the search cache is discarded and every part made again
    // from the model store; the index published is the one a clean build writes.
    await rm(searchCache(cacheDir), { recursive: true, force: true });
    return writeIndex(cacheDir, outDir, base, options, started, [`the search cache's ${error.file} is damaged (${error.problem}); the search index was made again from the model store`]);
  }
}

async function writeIndex(cacheDir: string, outDir: string, base: string, options: WriteSearchIndexOptions, started: number, warnings: string[]): Promise<SearchIndexStats> {
  void base;
  const archive = await readArchiveIndex(cacheDir);
  const root = searchCache(cacheDir);
  const partsDir = join(root, 'parts');
  const docsDir = join(root, 'docs');
  const outIndex = join(outDir, 'search-index');
  await rm(outIndex, { recursive: true, force: true });
  await mkdir(outIndex, { recursive: true });

  // Plans: one per project, one per repository its projects cite.
  const plans: PartPlan[] = [];
  const repos = new Map<string, { path: string; projects: Array<{ id: string; title: string; cited: string }> }>();
  // A baseline of no entry accepts nothing: the records are those of no baseline.
  const baseline = options.baseline && options.baseline.entries.length > 0 ? options.baseline : null;
  for (const { id, digest } of archive.projects) {
    // Whether there is a baseline, and its entries naming the project, are part of what its records are made of (which flags are accepted, and whether records have a flag state).
    const entries = (baseline?.entries ?? []).filter((e) => e.project === id);
    plans.push({
      key: `p/${id}`,
      digest: baseline === null ? digest : `${digest}-${sha(JSON.stringify(entries)).slice(0, 16)}`,
      path: `p/${id}/`,
      build: async () => {
        if (options.projectPart) return options.projectPart(id);
        const model = await readModel(cacheDir, id);
        const records = [...searchRecords(model, baseline === null ? null : acceptedFlags(baseline, model, model.flags)), ...artifactRecords(model.cited.files, model.root, searchProjectValue(model))];
        const { part, files } = buildPart({ key: `p/${id}`, title: model.title, project: searchProjectValue(model), latest: modelLatestDate(model), records });
        return { part, docs: files.docs };
      },
    });
  }
  // Each project's repository, title and cited lists' digest, read again only when the project changed.
  const factsPath = join(root, 'projects.json');
  // A state file of the cache that is not JSON is made again, with a warning (issue 28).
  const damaged = (name: string) => (problem: string): void => void warnings.push(`the search cache's ${name} is damaged (${problem}); made again`);
  const cachedFacts = (await readCacheJson<{ version: string; projects: Record<string, ProjectFacts> }>(factsPath, damaged('projects.json'))) ?? { version: '', projects: {} };
  const facts: Record<string, ProjectFacts> = Object.create(null);
  for (const { id, digest } of archive.projects) {
    const had = cachedFacts.version === CACHE_VERSION ? cachedFacts.projects[id] : undefined;
    if (had && had.digest === digest) {
      facts[id] = had;
      continue;
    }
    const summary = await readJsonOrNull<{ title?: string; repository?: { id: string | null; path: string | null } }>(join(cacheDir, 'projects', `${id}.summary.json`));
    const repo = summary?.repository;
    const cited = repo?.id ? await readFile(join(cacheDir, 'projects', `${id}.cited.json`), 'utf8').catch(() => '') : '';
    facts[id] = { digest, title: summary?.title ?? id, repoId: repo?.id ?? null, repoPath: repo?.path ?? repo?.id ?? null, cited: sha(cited) };
  }
  await writeAtomic(factsPath, JSON.stringify({ version: CACHE_VERSION, projects: facts }));
  for (const { id } of archive.projects) {
    const f = facts[id] as ProjectFacts;
    if (f.repoId === null) continue;
    const entry = repos.get(f.repoId) ?? { path: f.repoPath ?? f.repoId, projects: [] };
    entry.projects.push({ id, title: f.title, cited: f.cited });
    repos.set(f.repoId, entry);
  }
  for (const [repoId, repo] of [...repos].sort(([a], [b]) => (a < b ? -1 : 1))) {
    plans.push({
      key: `r/${repoId}`,
      // What its pages' records are made of: the repository, and each citing project's title and citations.
      digest: sha(JSON.stringify([repo.path, repo.projects])),
      path: `r/${repoId}/`,
      build: async () => {
        const citations: RepositoryCitations[] = [];
        for (const p of repo.projects) {
          const cited = await readCited(cacheDir, p.id);
          citations.push({ projectTitle: p.title, commits: cited.commits, files: cited.files });
        }
        const { part, files } = buildPart({ key: `r/${repoId}`, title: `Repository ${repo.path}`, project: null, latest: null, records: repositoryRecords(repo.path, citations) });
        return { part, docs: files.docs };
      },
    });
  }

  // Parts: reuse the cached ones, build the rest.
  const headersPath = join(root, 'parts.json');
  const cachedHeaders = (await readCacheJson<{ version: string; parts: Record<string, PartHeader>; files?: Record<string, Record<string, FileSum>> }>(headersPath, damaged('parts.json'))) ?? { version: '', parts: {} };
  const known = cachedHeaders.version === CACHE_VERSION && typeof cachedHeaders.parts === 'object' && cachedHeaders.parts !== null ? cachedHeaders.parts : {};
  // The size and sha256 of each part's files in the cache (its `.v8` and doc store), checked
  // when they are read or published: a cache file is never trusted unchecked (issue 28).
  const partSums = new FileSums(root, cachedHeaders.version === CACHE_VERSION ? (cachedHeaders.files ?? {}) : {});
  let analysed = 0;
  // Parts given in this run, kept for the merge below instead of read back from the cache.
  const made = new Map<string, SearchPart>();
  // A build analyses one part at a time (a project's model can be large); parts taken as they
  // are (a merge's) are only files to link and write, so several go at once.
  let partsDone = 0;
  const tell = (progress: SearchIndexProgress): void => options.onProgress?.(progress);
  const headers = await runBounded(plans.length, options.projectPart ? PARTS_AT_ONCE : 1, async (n): Promise<PartHeader> => {
    const plan = plans[n] as PartPlan;
    const had = known[plan.key];
    tell({ phase: 'parts', done: ++partsDone, total: plans.length });
    if (had && had.digest === plan.digest && partSums.has(plan.key)) return { ...had, path: plan.path };
    const built = await plan.build();
    const { part } = built;
    analysed++;
    // Synchronous file calls: the index is written in a worker thread of its own (see linkOrCopySync).
    const dir = join(docsDir, plan.key);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    if ('docs' in built) for (const [i, data] of built.docs.entries()) writeFileSync(join(dir, `${i}.bin`), data);
    else linkDocs(built.docsDir, dir, part.docs);
    writeFileSync(join(dir, 'sigs.bin'), partWordsFile(part));
    const partFile = join(partsDir, `${fileName(plan.key)}.v8`);
    if ('file' in built) {
      linkOrCopySync(built.file, partFile);
      // Given parts are already read (a merge's): kept for the index instead of read again. A
      // build's are let go: it analyses one project at a time, and reads them back at the end.
      made.set(plan.key, part);
    } else await writeAtomic(partFile, serialize(part));
    partSums.record(plan.key, [partFile, ...docFiles(dir, part.docs)]);
    faultPoint('index-part');
    return partHeader(part, plan.digest, plan.path);
  });
  partSums.keep(headers.map((h) => h.key));
  await writeAtomic(headersPath, JSON.stringify({ version: CACHE_VERSION, parts: Object.fromEntries(headers.map((h) => [h.key, h])), files: partSums.all() }));
  // Newest first, then by key: the order of documents within a tier and the recency tie-break.
  headers.sort(byRecency);
  // Strings that recur from part to part, shared by the parts read for a merge (deserializePart).
  const strings = new Map<string, string>();
  const loadPart = async (key: string): Promise<SearchPart> => {
    const given = made.get(key);
    if (given) return given;
    const path = cachedPartPath(cacheDir, key);
    const part = deserializePart(partSums.read(key, path), strings);
    if (part === null || typeof part !== 'object' || part.version !== PART_VERSION || part.key !== key) throw new CacheDamage(`parts/${fileName(key)}.v8`, 'not a search index part of its key');
    return part as SearchPart;
  };
  const total = headers.reduce((s, h) => s + h.docs, 0);

  // Indexes: reuse main with a delta, or merge main again.
  const statePath = join(root, 'main.json');
  const mainDir = join(root, 'main');
  const read = await readCacheJson<MainState>(statePath, damaged('main.json'));
  const state = read !== null && typeof read.sums === 'object' && read.sums !== null && typeof read.digests === 'object' && read.digests !== null ? read : null;
  const current = new Map(headers.map((h) => [h.key, h.digest]));
  const changed = headers.filter((h) => state?.digests[h.key] !== h.digest);
  const removed = state ? Object.keys(state.digests).filter((k) => !current.has(k)) : [];
  const changedDocs = changed.reduce((s, h) => s + h.docs, 0);
  const reuse = options.mergeAll !== true && state !== null && state.version === CACHE_VERSION && changedDocs <= DELTA_LIMIT * Math.max(total, 1);
  let files = 0;
  const folders = new Set<string>();
  const emitTo = (dir: string) => (path: string, data: Uint8Array): void => {
    const folder = dirname(join(dir, path));
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(join(dir, path), data);
    files++;
  };
  let main: IndexInfo;
  let delta: IndexInfo | null = null;
  let mainFiles: Record<string, FileSum> = state?.sums ?? {};
  if (reuse) {
    main = state.info;
    if (changed.length > 0) {
      const parts = await Promise.all(changed.map((h) => loadPart(h.key)));
      // The delta lists its entries of the words main's manifest lists (format.ts, IndexInfo.topTerms).
      const listedTerms = new Set((main.topTerms ?? []).map((e) => e[0]));
      delta = await mergeParts('delta', parts, emitTo(join(outIndex, 'delta')), { storedDoc: docStoreReader(docsDir, parts), listedTerms, sizes: DELTA_SIZES, onProgress: (done, total) => tell({ phase: 'merge', done, total }) });
    }
  } else {
    // The state goes before the files it describes: a run stopped while merging leaves no state,
    // so the next one merges main again rather than publish half of it.
    await removeCacheFile(statePath);
    await rm(mainDir, { recursive: true, force: true });
    const parts: SearchPart[] = [];
    for (const h of headers) parts.push(await loadPart(h.key));
    main = await mergeParts(
      'main',
      parts,
      (path, data) => {
        emitTo(mainDir)(path, data);
        faultPoint('index-main');
      },
      { storedDoc: docStoreReader(docsDir, parts), onProgress: (done, total) => tell({ phase: 'merge', done, total }) },
    );
    const sums = new FileSums(mainDir, {});
    sums.record('main', listFiles(mainDir));
    mainFiles = sums.all()['main'] ?? {};
    await writeAtomic(statePath, JSON.stringify({ version: CACHE_VERSION, digests: Object.fromEntries(current), info: main, files, sums: mainFiles } satisfies MainState));
  }
  // Published as copies, each checked against its size and sha256 as it is read: a file of the
  // archive is never a hard link into the cache, and a damaged cache file is never published.
  const mainSums = new FileSums(mainDir, { main: mainFiles });
  // A file the previous output published with the same bytes is linked from there (the cache's is not read).
  const published = options.published === undefined ? undefined : join(options.published, 'search-index');
  if (mainSums.copyUnder('main', mainDir, join(outIndex, 'main'), published && join(published, 'main')) === 0) throw new CacheDamage('main.json', 'it records no file of the main index');
  for (const h of headers) {
    if (partSums.copyUnder(h.key, join(docsDir, h.key), join(outIndex, 'docs', h.key), published && join(published, 'docs', h.key)) === 0) throw new CacheDamage(`docs/${h.key}`, 'its doc store has no recorded files');
  }
  faultPoint('index-published');

  const manifest = buildManifest(headers, main, delta, reuse ? [...changed.map((h) => h.key), ...removed].sort() : []);
  await writeFile(join(outIndex, 'manifest.json'), JSON.stringify(manifest));
  return {
    projects: archive.projects.length,
    records: total,
    analysed,
    indexed: reuse ? changed.length : headers.length,
    files,
    rebuiltMain: !reuse,
    ms: performance.now() - started,
    warnings,
  };
}
