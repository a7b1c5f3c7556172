/**
 * `trailbook merge SHARD_DIR... --out DIR`: compose the shards of a sharded build
 * (`trailbook build --shard K/N`) into one archive, without analysing any project again
 * (src/lib/shard/merge.ts). Astro renders only the pages that span projects; project pages
 * are copied from their shards; evidence pages are copied or, when several shards cite them,
 * written once from the shards' data (src/integrations/merged-evidence-pages.ts). The steps are
 * the core's (src/lib/build/merge-shards.ts); this file checks the folders, hands the core Astro,
 * the workers and staging, and words what it says and refuses.
 */
import { rmSync } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ShardError } from '../../lib/shard/manifest.ts';
import type { MergePlan } from '../../lib/shard/merge.ts';
import { mergeShards, MergeRefusal, type MergeEvent, type MergeRefusalReason, type MergeRuntime } from '../../lib/build/merge-shards.ts';
import { writeEvidencePages } from '../../integrations/merged-evidence-pages.ts';
import { damageWords, mismatchWords } from '../shard-words.ts';
import { lockFolders } from '../writer-lock.ts';
import { onCacheNotice, onceEach } from '../../lib/fs/cache-notice.ts';
import { checkFolders } from '../folders.ts';
import { countFiles, searchLine } from './build.ts';
import { printNextStep, viewLines } from '../summary.ts';
import { fromCwd, PACKAGE_ROOT, workerExecArgv } from '../paths.ts';
import { defaultCacheDir } from '../user-cache.ts';
import { besideOutput, outputFolder, recoverLeftovers, renderWithAstro, swapIn, withStaging } from '../staging.ts';
import { plural, printProblem, UsageError, type Output } from '../output.ts';
import { shardLabel } from '../../lib/shard/partition.ts';
import { historyLimit, recordHistory, type HistoryFlags } from '../history.ts';
import type { SearchIndexProgress, SearchIndexStats } from '../../lib/search/write-search-index.ts';
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
  const givenOut = resolve(options.out ?? 'dist');
  const cacheDir = options.cacheDir !== undefined ? resolve(options.cacheDir) : defaultCacheDir(['merge'], givenOut);
  // An output given as a symbolic link is merged into where it leads; the link stays (src/cli/staging.ts).
  const outDir = await outputFolder(givenOut);
  await checkFolders(outDir, cacheDir, given.map((g) => g.dir));
  historyLimit(options.historyLimit);
  // One writer per output and cache (src/cli/writer-lock.ts); what a stopped run left goes first.
  const lock = await lockFolders(outDir, cacheDir, (line) => out.info(line));
  onCacheNotice(onceEach((line) => out.info(line)));
  // A merge that fails may leave temporary files of cache writes: the next run removes them.
  let finished = false;
  try {
    await recoverLeftovers(outDir, (line) => out.info(line));
    const code = await mergeLocked(given, outDir, cacheDir, options, out, started);
    finished = code !== 2;
    return code;
  } finally {
    onCacheNotice(null);
    await lock.release(finished);
  }
}

/** A refused merge (src/lib/build/merge-shards.ts), as the CLI says it: what is wrong and the fix. */
export function refusalError(reason: MergeRefusalReason): UsageError {
  switch (reason.code) {
    case 'shards-mismatch': {
      const words = mismatchWords(reason.mismatch);
      return new UsageError(words.message, words.hint);
    }
    case 'shard-damaged': {
      const words = damageWords(reason.damage);
      return new UsageError(words.message, words.hint);
    }
    case 'shards-unusable':
      return new UsageError(reason.message, reason.hint);
    case 'other-code':
      return new UsageError(`the shards were built by Trailbook ${reason.version} with other code (${reason.shardsFingerprint.slice(0, 12)}) than this Trailbook's (${reason.fingerprint.slice(0, 12)}); the merged archive would mix pages of both`, 'merge with the Trailbook that built the shards, or build them again with this one');
    case 'other-search-parts':
      return new UsageError(`the shards' search index parts are of format ${String(reason.parts)}, this Trailbook reads ${reason.reads} (part, index and V8 versions: the shards ran on another Node)`, 'merge with the Trailbook, and the Node, that built the shards');
  }
}

/** The process's part of a merge: Astro, the worker threads, staging, the history it prints. */
function mergeRuntime(outDir: string, options: MergeOptions, out: Output): MergeRuntime {
  return {
    root: PACKAGE_ROOT,
    history: (r) => recordHistory(options, outDir, r.cacheDir, r.projects, r.run, out, r.projectViews, r.found, r.secretSettings, null, r.accepted),
    stage: (fn) => withStaging(outDir, false, fn),
    swapIn: (staged) => swapIn(staged, outDir),
    render: (code, site, base, siteUrl) => renderWithAstro(code, site, base, siteUrl, options.verbose === true),
    scratch: () => {
      const dir = besideOutput(outDir, 'search');
      // Stopped (Ctrl-C: the staging's handler exits), the folder goes too.
      const removeOnExit = (): void => rmSync(dir, { recursive: true, force: true });
      process.once('exit', removeOnExit);
      return {
        dir,
        async remove(): Promise<void> {
          process.off('exit', removeOnExit);
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
    mergeSearch: mergedSearchInWorker,
    progress: (index) => progressTicker(out, () => renderProgressLine(null, index())),
    writeEvidencePages,
  };
}

/** Says a merge's event (src/lib/build/merge-shards.ts) as the CLI's lines. */
function sayMergeEvent(out: Output): (event: MergeEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'merging':
        return out.info(`Trailbook: merging ${plural(event.shards.length, 'shard')} (${event.shards.map((s) => `${shardLabel(s.shard)} ${s.display}`).join(', ')}): ${plural(event.projects, 'project')}`);
      case 'acceptance-unknown':
        return out.info(`  note: ${event.shards.map((s) => `shard ${shardLabel(s.shard)} (${s.display})`).join(', ')} ${agree(event.shards.length, 'was', 'were')} written by an earlier Trailbook (trailbook-shard/2), whose shards do not say which flags a baseline (trailbook.baseline.json) accepts: the home, the report and the exports count every flag of ${agree(event.shards.length, 'its', 'their')} projects as open, though ${agree(event.shards.length, 'its', 'their')} recaps mark those a baseline accepts; build ${agree(event.shards.length, 'it', 'them')} again with this Trailbook to count them apart`);
      case 'output-changed':
        return out.info(`  notice: files of the previous output in ${fromCwd(event.outDir)} were changed, added or removed since the merge that wrote them; writing every page again`);
      case 'pages-missing':
        return out.info(`  notice: ${plural(event.missing, 'entry', 'entries')} the previous merge recorded ${event.missing === 1 ? 'has' : 'have'} no page in ${fromCwd(event.outDir)}; writing ${event.missing === 1 ? 'it' : 'them'} again`);
      case 'rendered':
        return out.info(`  rendered the pages that span projects in ${(event.ms / 1000).toFixed(1)} s`);
    }
  };
}

async function mergeLocked(given: Array<{ dir: string; display: string }>, outDir: string, cacheDir: string, options: MergeOptions, out: Output, started: number): Promise<number> {
  let outcome;
  try {
    outcome = await mergeShards({ given, outDir, cacheDir }, mergeRuntime(outDir, options, out), sayMergeEvent(out));
  } catch (error) {
    if (error instanceof MergeRefusal) throw refusalError(error.reason);
    throw error;
  }
  const { plan, base, recapHtml, projectsCopied, evidence, keptFiles, stages } = outcome;
  if (outcome.failure) {
    const fix = outcome.failure.diskFull ? `  fix: free space on the disk of ${fromCwd(outDir)} and its cache, then run again; the previous archive there is as it was` : "  fix: run again with --verbose to see Astro's log; if a shard is named, build it again";
    printProblem(out, [`merging failed: ${outcome.failure.message}`, fix]);
    return 2;
  }
  const reused = outcome.incremental ? `; kept ${plural(keptFiles, 'file')} and ${agree(keptFiles, 'folder', 'folders')} of the previous merge` : '';
  out.info(`  copied ${plural(projectsCopied, 'project')} from the shards; evidence pages: ${plural(evidence.copied, 'page')} copied, ${plural(evidence.combined, 'page')} cited from several shards written from their data${reused}`);
  const indexed = outcome.search;
  if (indexed) out.info(`  ${searchLine(indexed)} (${plural(indexed.analysed, 'part')} made or taken from the shards) in ${(indexed.ms / 1000).toFixed(1)} s, beside the pages`);
  const wallMs = performance.now() - started;
  if (options.timings) {
    const written = await countFiles(outDir);
    const report = { projects: plan.projects.length, shards: plan.shards.length, wallMs: Math.round(wallMs), stagesMs: stages, maxRssBytes: process.resourceUsage().maxRSS * 1024, copiedProjects: projectsCopied, evidence: { copied: evidence.copied, combined: evidence.combined }, keptFiles, output: written };
    await writeFile(resolve(options.timings), `${JSON.stringify(report, null, 2)}\n`);
  }
  out.info(`Done in ${(wallMs / 1000).toFixed(1)} s. The archive is in ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}.`);
  for (const line of viewLines(outDir, base, recapHtml)) out.info(line);
  // The project to start with, as a single build of the same inputs names it, accepted flags set apart (count16: a merge named none).
  printNextStep(out, plan.projects, outDir, { built: true, recapHtml, base }, plan.accepted?.counts);
  return 0;
}
