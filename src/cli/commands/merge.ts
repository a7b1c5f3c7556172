/**
 * `trailbook merge SHARD_DIR... --out DIR`: compose the shards of a sharded build
 * (`trailbook build --shard K/N`) into one archive, without analysing any project again
 * (src/lib/shard/merge.ts). Astro renders only the pages that span projects; project pages
 * are copied from their shards; evidence pages are copied or, when several shards cite them,
 * written once from the shards' data (src/integrations/merged-evidence-pages.ts).
 */
import { rmSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ShardError } from '../../lib/shard/manifest.ts';
import { forgetMergeRecord, planMerge, prepareMergeStore, type MergePlan, previousMerge, projectPagesDigest, writeMergeRecord, writeProjectPages } from '../../lib/shard/merge.ts';
import { gatherEvidence } from '../../lib/archive/evidence-entries.ts';
import { readCited } from '../../lib/archive/model-store.ts';
import { resolveForges } from '../../lib/config/forge-links.ts';
import { siteSettingsOf, writeBuildContext } from '../../lib/config/build-context.ts';
import { writeEvidencePages } from '../../integrations/merged-evidence-pages.ts';
import { carryOver, presentPages, siteFingerprint } from '../incremental.ts';
import { faultPoint } from '../../lib/fs/fault-point.ts';
import { lockFolders } from '../writer-lock.ts';
import { onCacheNotice } from '../../lib/fs/cache-notice.ts';
import { checkFolders } from '../folders.ts';
import { countFiles, searchLine } from './build.ts';
import { viewLines } from '../summary.ts';
import { fromCwd, PACKAGE_ROOT, workerExecArgv } from '../paths.ts';
import { defaultCacheDir } from '../user-cache.ts';
import { besideOutput, recoverLeftovers, renderWithAstro, swapIn, withStaging } from '../staging.ts';
import { plural, UsageError, type Output } from '../output.ts';
import { shardLabel } from '../../lib/shard/partition.ts';
import { historyLimit, recordHistory, type HistoryFlags } from '../history.ts';
import { PART_CACHE_VERSION, type SearchIndexProgress, type SearchIndexStats } from '../../lib/search/write-search-index.ts';
import { agree } from '../../lib/text/agree.ts';
import { progressTicker, renderProgressLine } from '../progress.ts';

/** Options of `trailbook merge`. */
export interface MergeOptions extends HistoryFlags {
  out?: string;
  cacheDir?: string;
  verbose?: boolean;
  /** Write stage times, peak memory and output sizes as JSON to this file (for benchmarks). */
  timings?: string;
}

/**
 * Writes the merged search index (src/lib/shard/merge-search.ts) into `outDir/search-index` in
 * a worker thread (src/cli/merge-search-worker.ts); resolves with its stats, rejects with the
 * worker's error (a {@link ShardError} with its hint when a shard's part is unreadable).
 */
function mergedSearchInWorker(plan: MergePlan, storeDir: string, outDir: string, base: string, onProgress: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats> {
  const shards = [...plan.shardOf].map(([id, s]) => [id, { dir: s.dir, display: s.display }] as const);
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('../merge-search-worker.ts', import.meta.url), { workerData: { shards, storeDir, outDir, base }, execArgv: workerExecArgv() });
    worker.on('message', (message: { progress?: SearchIndexProgress; stats?: SearchIndexStats; error?: string; hint?: string }) => {
      if (message.progress) return onProgress(message.progress);
      if (message.stats) resolvePromise(message.stats);
      else if (message.hint !== undefined) reject(new ShardError(message.error ?? 'unknown failure', message.hint));
      else reject(new Error(`search index: ${message.error ?? 'unknown failure'}`));
    });
    worker.once('error', reject);
  });
}

/** Runs the merge command; returns the exit code. */
export async function runMerge(dirs: string[], options: MergeOptions, out: Output): Promise<number> {
  const started = performance.now();
  if (dirs.length === 0) throw new UsageError('no shard folder given', 'pass the --out folder of every `trailbook build --shard K/N` run, e.g. trailbook merge shard-1 shard-2 --out site');
  const given = [];
  for (const d of dirs) {
    const dir = resolve(d);
    if (!(await stat(dir).then((s) => s.isDirectory(), () => false))) throw new UsageError(`${d} is not a folder`, 'pass the --out folders of the shard builds');
    given.push({ dir, display: d });
  }
  const outDir = resolve(options.out ?? 'dist');
  const cacheDir = options.cacheDir !== undefined ? resolve(options.cacheDir) : defaultCacheDir(['merge'], outDir);
  await checkFolders(outDir, cacheDir, given.map((g) => g.dir));
  historyLimit(options.historyLimit);
  // One writer per output and cache (src/cli/writer-lock.ts); what a stopped run left goes first.
  const lock = await lockFolders(outDir, cacheDir, (line) => out.info(line));
  onCacheNotice((line) => out.info(line));
  try {
    await recoverLeftovers(outDir, (line) => out.info(line));
    return await mergeLocked(given, outDir, cacheDir, options, out, started);
  } finally {
    onCacheNotice(null);
    await lock.release();
  }
}

async function mergeLocked(given: Array<{ dir: string; display: string }>, outDir: string, cacheDir: string, options: MergeOptions, out: Output, started: number): Promise<number> {
  const storeDir = join(cacheDir, 'merge');
  let plan;
  try {
    plan = await planMerge(given);
  } catch (error) {
    if (error instanceof ShardError) throw new UsageError(error.message, error.hint);
    throw error;
  }
  const manifest = (plan.shards[0] as (typeof plan.shards)[number]).manifest;
  const code = await siteFingerprint();
  if (manifest.code !== code) {
    throw new UsageError(`the shards were built by Trailbook ${manifest.version} with other code (${manifest.code.slice(0, 12)}) than this Trailbook's (${code.slice(0, 12)}); the merged archive would mix pages of both`, 'merge with the Trailbook that built the shards, or build them again with this one');
  }
  if (manifest.searchParts !== PART_CACHE_VERSION) {
    throw new UsageError(`the shards' search index parts are of format ${String(manifest.searchParts)}, this Trailbook reads ${PART_CACHE_VERSION} (part, index and V8 versions: the shards ran on another Node)`, 'merge with the Trailbook, and the Node, that built the shards');
  }
  const { base, title, siteUrl } = manifest.options;
  out.info(`Trailbook: merging ${plural(plan.shards.length, 'shard')} (${plan.shards.map((s) => `${shardLabel(s.manifest.shard)} ${s.display}`).join(', ')}): ${plural(plan.projects.length, 'project')}`);

  const run = `merge-${process.pid}-${Date.now().toString(36)}`;
  await rm(join(storeDir, 'projects'), { recursive: true, force: true });
  await prepareMergeStore(plan, storeDir, run);
  // The search index in a worker thread from here on, beside the history, the render and the
  // copies (two cores), as a build writes its own; into a folder of its own beside the output
  // (so it moves into the staged site in one rename), removed whatever happens.
  const searchOut = besideOutput(outDir, 'search');
  // Progress (issue 30, scope 5): the search index's parts and merge, beside the pages.
  let indexProgress: SearchIndexProgress | null = null;
  const ticker = progressTicker(out, () => renderProgressLine(null, indexProgress));
  const search = mergedSearchInWorker(plan, storeDir, searchOut, base, (p) => (indexProgress = p));
  search.then(() => ticker.stop(), () => ticker.stop());
  // Awaited after the pages; handled now so a failure while Astro renders is reported, not an unhandled rejection.
  search.catch(() => undefined);
  // Stopped (Ctrl-C: the staging's handler exits), the folder goes too.
  const removeSearchOut = (): void => rmSync(searchOut, { recursive: true, force: true });
  process.once('exit', removeSearchOut);
  try {
    // The archive's build history (the home's "since the last build", history.json), from the
    // shards' project states: what a single build of every project records (docs/history.md).
    // The shards' secret settings (all equal: src/lib/shard/check-shards.ts), for the history read back.
    const history = await recordHistory(options, outDir, storeDir, plan.projects, run, out, false, undefined, manifest.options.secrets);
    const hasArchive = await stat(join(outDir, 'index.html')).then((s) => s.isFile(), () => false);
    const recorded = hasArchive ? await previousMerge(storeDir, outDir, code, base) : null;
    // The record is trusted only as far as the pages it promises are in the output (issue 28).
    const present = recorded ? await presentPages(outDir, recorded.pages) : null;
    if (present && present.missing > 0) out.info(`  notice: ${plural(present.missing, 'entry', 'entries')} the previous merge recorded ${present.missing === 1 ? 'has' : 'have'} no page in ${fromCwd(outDir)}; writing ${present.missing === 1 ? 'it' : 'them'} again`);
    const previous = recorded && present ? { ...recorded, pages: present.pages } : null;
    faultPoint('merge-planned');
    const kept = (key: string, digest: string): boolean => previous?.pages[key] === digest;

    const repositories = plan.projects.flatMap((p) => (p.repository.id === null ? [] : [{ id: p.repository.id, path: p.repository.path }]));
    const forges = resolveForges(manifest.options.repositories, repositories);
    // What Astro's pages are told, once (src/lib/config/build-context.ts): no inputs (nothing is analysed again), the merge's store.
    // The shards' recap.html files, when they wrote them, are in their p/<id>/ folders, copied whole.
    const site = siteSettingsOf({ title, url: siteUrl, forges, recapHtml: manifest.options.recapHtml === true, decisionsCsv: manifest.options.decisionsCsv === true });
    writeBuildContext({ root: PACKAGE_ROOT, inputs: [], cacheDir: storeDir, run, site, filter: manifest.options.filter, allowRepositories: [], searchIndex: 'external', secrets: manifest.options.secrets, baseline: null });

    let projectsCopied = 0;
    let evidence = { pages: {} as Record<string, string>, copied: 0, combined: 0 };
    let keptFiles = 0;
    const result: { search?: SearchIndexStats } = {};
    const stages: Record<string, number> = {};
    try {
      await withStaging(outDir, false, async (staging) => {
        let at = performance.now();
        const lap = (stage: string): void => {
          stages[stage] = Math.round(performance.now() - at);
          at = performance.now();
        };
        await renderWithAstro(code, staging.site, base, siteUrl, options.verbose === true);
        faultPoint('rendered');
        lap('render');
        out.info(`  rendered the pages that span projects in ${((stages['render'] ?? 0) / 1000).toFixed(1)} s`);
        projectsCopied = await writeProjectPages(plan, staging.site, kept);
        faultPoint('merge-projects');
        lap('projects');
        const entries = await gatherEvidence(plan.projects, (id) => readCited(storeDir, id));
        evidence = await writeEvidencePages({ entries, shardOf: plan.shardOf, outDir: staging.site, base, forges, kept });
        faultPoint('merge-evidence');
        lap('evidence');
        result.search = await search;
        await rename(join(searchOut, 'search-index'), join(staging.site, 'search-index'));
        faultPoint('indexed');
        // What the index took beyond the pages (it ran beside them): the merge's wait for it.
        lap('search');
        const pages: Record<string, string> = { ...Object.fromEntries(plan.projects.map((p) => [`project:${p.id}`, projectPagesDigest(plan, p) ?? p.digest])), ...evidence.pages };
        await history.write(staging.site);
        if (previous) keptFiles = await carryOver(outDir, staging.site, pages, previous.pages);
        faultPoint('carried-over');
        // The swap, as a build's (src/cli/commands/build.ts): record forgotten, output in, record written.
        await forgetMergeRecord(storeDir);
        const aside = await swapIn(staging.site, outDir);
        await writeMergeRecord(storeDir, plan, outDir, pages);
        faultPoint('recorded');
        await history.commit();
        if (aside !== null) await rm(aside, { recursive: true, force: true });
      });
    } catch (error) {
      out.error(`merging failed: ${(error as Error).message}\n  fix: run again with --verbose to see Astro's log; if a shard is named, build it again`);
      return 2;
    }
    const reused = previous ? `; kept ${plural(keptFiles, 'file')} and ${agree(keptFiles, 'folder', 'folders')} of the previous merge` : '';
    out.info(`  copied ${plural(projectsCopied, 'project')} from the shards; evidence pages: ${plural(evidence.copied, 'page')} copied, ${plural(evidence.combined, 'page')} cited from several shards written from their data${reused}`);
    const indexed = result.search;
    if (indexed) out.info(`  ${searchLine(indexed)} (${plural(indexed.analysed, 'part')} made or taken from the shards) in ${(indexed.ms / 1000).toFixed(1)} s, beside the pages`);
    const wallMs = performance.now() - started;
    if (options.timings) {
      const written = await countFiles(outDir);
      const report = { projects: plan.projects.length, shards: plan.shards.length, wallMs: Math.round(wallMs), stagesMs: stages, maxRssBytes: process.resourceUsage().maxRSS * 1024, copiedProjects: projectsCopied, evidence: { copied: evidence.copied, combined: evidence.combined }, keptFiles, output: written };
      await writeFile(resolve(options.timings), `${JSON.stringify(report, null, 2)}\n`);
    }
    out.info(`Done in ${(wallMs / 1000).toFixed(1)} s. The archive is in ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}.`);
    for (const line of viewLines(outDir, base, manifest.options.recapHtml === true)) out.info(line);
    return 0;
  } finally {
    // The worker is done (or failed) once the merge awaited it; a merge that stopped before leaves its folder to this.
    await search.catch(() => undefined);
    process.off('exit', removeSearchOut);
    await rm(searchOut, { recursive: true, force: true });
  }
}
