/**
 * `trailbook build [DIR...] [--out DIR] [--base PATH] [--strict] [--recap-html]`: analyse every project
 * (reusing unchanged ones from the model store), render the site with Astro, index it with
 * Trailbook's search index, and print what was found and what needs a person.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { stageTimes, timed } from '../../lib/project/stage-times.ts';
import { readRoutes, writeRenderPlan, type RenderRecord } from '../../lib/archive/render-plan.ts';
import { carryOver, forgetRecord, reusableRecord, siteFingerprint, writeRecord } from '../incremental.ts';
import { faultPoint } from '../../lib/fs/fault-point.ts';
import { lockFolders } from '../writer-lock.ts';
import { onCacheNotice } from '../../lib/fs/cache-notice.ts';
import { basename, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import type { SearchIndexProgress, SearchIndexStats } from '../../lib/search/write-search-index.ts';
import { renderCounts, resetRenderCounts } from '../../lib/progress/render-counter.ts';
import type { ExportStats } from '../../integrations/project-exports.ts';
import { siteSettingsOf, writeBuildContext } from '../../lib/config/build-context.ts';
import { agree } from '../../lib/text/agree.ts';
import { resolveSettings, settingsFingerprint, siteSettings, type SettingsFlags } from '../settings.ts';
import { fromCwd, PACKAGE_ROOT, packageVersion, workerExecArgv } from '../paths.ts';
import { recoverLeftovers, renderWithAstro, swapIn, withStaging } from '../staging.ts';
import { checkFolders } from '../folders.ts';
import { plural, printProblem, UsageError, type Output } from '../output.ts';
import { archiveProgress, progressTicker, renderProgressLine } from '../progress.ts';
import { nothingFoundLines, printFaults, printFound, printNextStep, strictExitCode, totals, viewLines } from '../summary.ts';
import { unmatchedRules } from '../../lib/config/forge-links.ts';
import { parseShard, shardLabel, shardOf, type ShardSpec } from '../../lib/shard/partition.ts';
import { writeShardData } from '../../lib/shard/write-shard.ts';
import { readArchiveIndex } from '../../lib/archive/model-store.ts';
import { SHARD_DATA } from '../../lib/shard/manifest.ts';
import { historyLimit, recordHistory, type HistoryFlags } from '../history.ts';
import { storeComparePairs } from '../compare.ts';
import { readBaseline } from '../baseline-file.ts';
import { baselineContextValue } from '../../lib/baseline/build-baseline.ts';
import { createHash } from 'node:crypto';

/** Options of `trailbook build` (flags override trailbook.config.*; see src/cli/settings.ts). */
export interface BuildOptions extends SettingsFlags, HistoryFlags {
  strict?: boolean;
  verbose?: boolean;
  /** Render every page, even when the previous output could be reused. */
  full?: boolean;
  /** Write stage times, peak memory and output sizes as JSON to this file (for benchmarks). */
  timings?: string;
  /** Set by `trailbook dev`, which serves the output itself: the closing line does not say how to serve it. */
  served?: boolean;
  /** `K/N`: build only shard K of N (src/lib/shard/partition.ts) and write its shard data for `trailbook merge`. */
  shard?: string;
  /** `--baseline FILE`: accepted flags, marked on the recaps (default: trailbook.baseline.json here or beside the configuration file). */
  baseline?: string;
}

/** The HTML pages under `dir`, as sorted `/`-separated relative paths. */
async function htmlPages(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(d, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.html')) out.push(`${prefix}${entry.name}`);
    }
  };
  await walk(dir, '');
  return out.sort();
}

/** Counts the files and pages under `dir`, and their bytes when `sizes` (a stat per file). */
export async function countFiles(dir: string, sizes = true): Promise<{ files: number; bytes: number; pages: number }> {
  let files = 0;
  let bytes = 0;
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = await countFiles(path, sizes);
      files += sub.files;
      bytes += sub.bytes;
      pages += sub.pages;
    } else {
      files++;
      if (sizes) bytes += (await stat(path)).size;
      if (entry.name.endsWith('.html')) pages++;
    }
  }
  return { files, bytes, pages };
}

/** What a search index run did, as the CLI says it: `search: N records from M projects; index merged from P parts`. */
export function searchLine(stats: SearchIndexStats): string {
  const words = stats.rebuiltMain ? `index merged from ${plural(stats.indexed, 'part')}` : stats.indexed === 0 ? 'index unchanged' : `index kept, ${plural(stats.indexed, 'changed part')} in its delta`;
  return `search: ${plural(stats.records, 'record')} from ${plural(stats.projects, 'project')}; ${words}`;
}

/** Writes the search indexes in a worker thread; resolves with its stats. */
function indexInWorker(cacheDir: string, outDir: string, base: string, siteUrl: string | undefined, title: string, recapHtml: boolean, onProgress: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats & { exports: ExportStats }> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('../search-worker.ts', import.meta.url), { workerData: { cacheDir, outDir, base, siteUrl, title, recapHtml }, execArgv: workerExecArgv() });
    worker.on('message', (message: { progress?: SearchIndexProgress; stats?: SearchIndexStats; exports?: ExportStats; error?: string }) => {
      if (message.progress) return onProgress(message.progress);
      if (message.stats && message.exports) resolvePromise({ ...message.stats, exports: message.exports });
      else reject(new Error(`search index: ${message.error ?? 'unknown failure'}`));
    });
    worker.once('error', reject);
  });
}

/** Moves every file under `from` to the same place under `to` (folders merged). */
async function moveTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true }).catch(() => [])) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true });
      await moveTree(source, target);
    } else await rename(source, target);
  }
}

/**
 * Runs the build command; returns the exit code. Holds the locks of the output and cache
 * folders while it runs (src/cli/writer-lock.ts: a second run into either stops, naming this one).
 */
export async function runBuild(dirs: string[], options: BuildOptions, out: Output): Promise<number> {
  let shard: ShardSpec | null = null;
  if (options.shard !== undefined) {
    try {
      shard = parseShard(options.shard);
    } catch (error) {
      throw new UsageError((error as Error).message, 'pass --shard K/N with 1 ≤ K ≤ N, e.g. --shard 1/4 … --shard 4/4 on four machines');
    }
  }
  const settings = await resolveSettings(dirs, options);
  const { outDir, cacheDir } = settings;
  await checkFolders(outDir, cacheDir, settings.roots);
  historyLimit(options.historyLimit);
  // `dev` (served) waits for another run into its folders; a build stops at once, naming it.
  const lock = await lockFolders(outDir, cacheDir, (line) => out.info(line), options.served === true);
  onCacheNotice((line) => out.info(line));
  try {
    // What a run stopped before (killed, the machine down) left beside the output goes first.
    await recoverLeftovers(outDir, (line) => out.info(line));
    return await buildLocked(settings, shard, options, out);
  } finally {
    onCacheNotice(null);
    await lock.release();
  }
}

async function buildLocked(settings: Awaited<ReturnType<typeof resolveSettings>>, shard: ShardSpec | null, options: BuildOptions, out: Output): Promise<number> {
  const { roots, outDir, cacheDir, base } = settings;
  const started = performance.now();
  out.info(`Trailbook: reading ${roots.map(fromCwd).join(', ')}`);
  const times = stageTimes();
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const select = shard ? (id: string): boolean => shardOf(id, (shard as ShardSpec).count) === (shard as ShardSpec).index : undefined;
  const archive = await analyseArchive({ onNotice: (line) => out.info(line), roots, cacheDir, onEvent: archiveProgress(out), times, run, repositoryRules: settings.repositories, bdExport: settings.bdExport, allowRepositories: settings.allowRepositories, secrets: settings.secrets, ...(settings.accept ? { accept: settings.accept } : {}), ...(select ? { select } : {}) });
  if (shard) out.info(`Shard ${shardLabel(shard)}: ${plural(archive.projects.length, 'project')} of the ${plural(archive.discovered.length, 'project')} found.`);
  const t = totals(archive.projects, archive.problems);
  printFound(out, t, archive.projects);
  faultPoint('analysed');
  // What is secret, for every step after the analysis: the history read back here, Astro's loaders (in the build context), shard data (in its manifest).
  const history = await timed(times, 'history', () => recordHistory(options, outDir, cacheDir, archive.projects, run, out, true, settings.secrets.redact ? archive.secrets : undefined, settings.secrets));
  await timed(times, 'history', () => storeComparePairs(settings.compare, archive.projects, cacheDir, run, out));
  faultPoint('history');

  const repositories = archive.projects.flatMap((p) => (p.repository.id === null ? [] : [{ id: p.repository.id, path: p.repository.path }]));
  const site = siteSettingsOf(siteSettings(settings, repositories));
  for (const rule of unmatchedRules(settings.repositories, repositories)) {
    const known = [...new Set(repositories.map((r) => r.path ?? r.id))].sort();
    out.info(`  warning: the configuration's repositories rule "${rule.match}" matches no repository of this archive, so it links nothing${known.length > 0 ? `; its repositories are: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''}` : ''}`);
  }
  out.info(`Rendering pages and the search index into ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}…`);
  const renderStarted = performance.now();
  const code = await siteFingerprint();
  // Accepted flags (trailbook.baseline.json) are marked on the recaps: a changed baseline renders them again.
  const baseline = await readBaseline(options.baseline, settings.loaded?.file ?? null);
  const baselineValue = baseline ? baselineContextValue(baseline) : null;
  // What Astro's loaders and pages are told, once (src/lib/config/build-context.ts); the search index and exports are written here, in a worker.
  writeBuildContext({ root: PACKAGE_ROOT, inputs: roots, cacheDir, run, site, filter: settings.filter, allowRepositories: settings.allowRepositories, searchIndex: 'external', secrets: settings.secrets, baseline: baselineValue });
  const fingerprint = `${code}-${settingsFingerprint(settings)}${baselineValue ? `-${createHash('sha256').update(JSON.stringify(baselineValue)).digest('hex').slice(0, 12)}` : ''}`;
  const reusable = options.full ? null : await reusableRecord(cacheDir, outDir, fingerprint, base);
  const previous: RenderRecord | null = reusable ? { site: reusable.site, base: reusable.base, pages: reusable.pages } : null;
  if (reusable && reusable.missing > 0) out.info(`  notice: ${plural(reusable.missing, 'entry', 'entries')} the previous build recorded ${agree(reusable.missing, 'has', 'have')} no page in ${fromCwd(outDir)}; rendering ${agree(reusable.missing, 'it', 'them')} again`);
  await writeRenderPlan(cacheDir, { previous });
  if (previous) out.info('  incremental: pages of unchanged projects, commits and files are kept from the previous build');
  let renderedPages: string[] = [];
  let keptFiles = 0;
  try {
    await withStaging(outDir, options.served === true, async (staging) => {
      const stagingOut = staging.site;
      const searchOut = join(staging.dir, 'search');
      // Progress (issue 30, scope 5): pages rendered of those planned, and the search index's parts and merge.
      let indexProgress: SearchIndexProgress | null = null;
      resetRenderCounts();
      const ticker = progressTicker(out, () => renderProgressLine(renderCounts(), indexProgress));
      const search = indexInWorker(cacheDir, searchOut, base, site.url ?? undefined, site.title, settings.recapHtml, (p) => (indexProgress = p));
      // Awaited after rendering; handled now so a failure while Astro renders is reported, not an unhandled rejection.
      search.catch(() => undefined);
      let stats: Awaited<typeof search>;
      try {
        await renderWithAstro(code, stagingOut, base, settings.siteUrl, options.verbose === true);
        faultPoint('rendered');
        times.render = performance.now() - renderStarted;
        stats = await search;
      } finally {
        ticker.stop();
      }
      const renderedIn = times.render ?? 0;
      times.index = stats.ms;
      for (const w of stats.warnings) out.info(`  warning: ${w}`);
      out.info(`  ${searchLine(stats)} in ${(stats.ms / 1000).toFixed(1)} s, alongside rendering (${(renderedIn / 1000).toFixed(1)} s)`);
      for (const name of ['search-index']) await rename(join(searchOut, name), join(stagingOut, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await moveTree(join(searchOut, 'p'), join(stagingOut, 'p'));
      faultPoint('indexed');
      await history.write(stagingOut);
      const pages = await readRoutes(cacheDir);
      renderedPages = await htmlPages(stagingOut);
      if (previous) keptFiles = await carryOver(outDir, stagingOut, pages, previous.pages);
      faultPoint('carried-over');
      const renderRecord: RenderRecord = { site: fingerprint, base, pages };
      // A shard's data is part of its output: written into the staged site, swapped in with it.
      if (shard) {
        const index = await readArchiveIndex(cacheDir);
        await writeShardData(
          cacheDir,
          stagingOut,
          {
            version: packageVersion(),
            code,
            options: { base, title: settings.title, siteUrl: settings.siteUrl, repositories: settings.repositories, filter: settings.filter, bdExport: settings.bdExport.run, allowRepositories: settings.allowRepositories, recapHtml: settings.recapHtml, secrets: settings.secrets },
            shard,
            roots: roots.map((r) => basename(r)),
            discovered: archive.discovered,
            inputs: archive.inputs ?? { projects: {}, repositories: {} },
            problems: index.problems ?? [],
            projects: index.projects,
            pages,
          },
          archive.repositories,
        );
      }
      // The swap (issue 28): the record of the previous pages goes first, the new one is
      // written once the new output is in place, then the previous output is removed.
      await forgetRecord(cacheDir);
      const aside = await swapIn(stagingOut, outDir);
      await writeRecord(cacheDir, outDir, renderRecord);
      faultPoint('recorded');
      await history.commit();
      if (aside !== null) await rm(aside, { recursive: true, force: true });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A full disk (issue 28): nothing of the previous archive was changed, and more rendering will not help.
    const fix = code === 'ENOSPC' || code === 'EDQUOT' ? `  fix: free space on the disk of ${fromCwd(outDir)} and its cache, then run again; the previous archive there is as it was` : "  fix: run again with --verbose to see Astro's log (and --full to render every page)";
    printProblem(out, [`rendering failed: ${(error as Error).message}`, fix]);
    return 2;
  }
  const wallMs = performance.now() - started;
  const written = await countFiles(outDir, options.timings !== undefined);
  const kept = previous ? `; kept the other ${plural(written.pages - renderedPages.length, 'page')} (${plural(keptFiles, 'file')}) from the previous build` : '';
  out.info(`Rendered ${plural(renderedPages.length, 'page')} in ${((performance.now() - renderStarted) / 1000).toFixed(1)} s${kept}. The archive has ${plural(written.pages, 'page')} and ${plural(written.files, 'file')}${options.timings !== undefined ? `, ${(written.bytes / 1024 / 1024).toFixed(1)} MB` : ''}.`);
  if (archive.projects.length > 0) printFaults(out, t, archive.projects);
  if (options.timings) {
    const searchBytes = (await countFiles(join(outDir, 'search-index'))).bytes;
    const report = {
      projects: t.projects,
      rows: t.rows,
      reanalysed: archive.changed.length,
      // The build's own time: counting the output's bytes for this report is not part of it.
      wallMs: Math.round(wallMs),
      stagesMs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v ?? 0)])),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      output: { files: written.files, bytes: written.bytes, pages: written.pages, searchIndexBytes: searchBytes },
      rendered: renderedPages,
    };
    await writeFile(resolve(options.timings), `${JSON.stringify(report, null, 2)}\n`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // Pages link from the base path (`/p/<id>/`), so the archive needs a web server; each recap.html (--recap-html) opens from disk.
  if (shard) out.info(`Done in ${seconds} s. Shard ${shardLabel(shard)} is in ${fromCwd(outDir)} (its data in ${SHARD_DATA}/); merge every shard into one archive with \`trailbook merge SHARD_DIR... --out DIR\`.`);
  else if (options.served) out.info(`Done in ${seconds} s.`);
  else if (archive.projects.length === 0) {
    out.info(`Done in ${seconds} s. The archive in ${fromCwd(outDir)} is empty.`);
    for (const line of nothingFoundLines(roots)) out.info(line);
  } else {
    out.info(`Done in ${seconds} s. The archive is in ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}.`);
    for (const line of viewLines(outDir, base, settings.recapHtml)) out.info(line);
    printNextStep(out, archive.projects, outDir, { built: true, recapHtml: settings.recapHtml, base });
  }
  return options.strict ? strictExitCode(out, t) : 0;
}
