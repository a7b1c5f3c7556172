/**
 * `trailbook build [DIR...] [--out DIR] [--base PATH] [--strict] [--recap-html]`: analyse every project
 * (reusing unchanged ones from the model store), render the site with Astro, index it with
 * Trailbook's search index, and print what was found and what needs a person.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { stageTimes, timed } from '../../lib/archive/stage-times.ts';
import { readRoutes, writeRenderPlan, type RenderRecord } from '../../lib/archive/render-plan.ts';
import { carryOver, reusableRecord, siteFingerprint, writeRecord } from '../incremental.ts';
import { basename, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { analyseArchive } from '../../lib/archive/analyse-archive.ts';
import type { SearchIndexProgress, SearchIndexStats } from '../../lib/search/write-search-index.ts';
import { renderCounts, resetRenderCounts } from '../../lib/progress/render-counter.ts';
import type { ExportStats } from '../../integrations/project-exports.ts';
import { buildEnv } from '../../lib/archive/build-env.ts';
import { resolveSettings, settingsFingerprint, siteSettings, type SettingsFlags } from '../settings.ts';
import { fromCwd, PACKAGE_ROOT, packageVersion, workerExecArgv } from '../paths.ts';
import { renderWithAstro, withStaging } from '../staging.ts';
import { checkFolders } from '../folders.ts';
import { plural, printProblem, UsageError, type Output } from '../output.ts';
import { archiveProgress, progressTicker, renderProgressLine } from '../progress.ts';
import { nothingFoundLines, printFaults, printFound, printNextStep, strictExitCode, totals } from '../summary.ts';
import { unmatchedRules } from '../../lib/config/forge-links.ts';
import { parseShard, shardLabel, shardOf, type ShardSpec } from '../../lib/shard/partition.ts';
import { writeShardData } from '../../lib/shard/write-shard.ts';
import { readArchiveIndex } from '../../lib/archive/model-store.ts';
import { SHARD_DATA } from '../../lib/shard/manifest.ts';
import { historyLimit, recordHistory, type HistoryFlags } from '../history.ts';
import { storeComparePairs } from '../compare.ts';

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

/** The site settings the build hands to Astro (read back from the environment it set). */
function buildEnvironmentSite(): { url: string | undefined; title: string } {
  const site = buildEnv().site;
  return { url: site.url ?? undefined, title: site.title };
}

/** Runs the build command; returns the exit code. */
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
  const { roots, outDir, cacheDir, base } = settings;
  await checkFolders(outDir, cacheDir, roots);
  historyLimit(options.historyLimit);
  const started = performance.now();
  out.info(`Trailbook: reading ${roots.map(fromCwd).join(', ')}`);
  const times = stageTimes();
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const select = shard ? (id: string): boolean => shardOf(id, (shard as ShardSpec).count) === (shard as ShardSpec).index : undefined;
  const archive = await analyseArchive({ roots, cacheDir, onEvent: archiveProgress(out), times, run, repositoryRules: settings.repositories, bdExport: settings.bdExport, allowRepositories: settings.allowRepositories, ...(settings.accept ? { accept: settings.accept } : {}), ...(select ? { select } : {}) });
  if (shard) out.info(`Shard ${shardLabel(shard)}: ${plural(archive.projects.length, 'project')} of the ${plural(archive.discovered.length, 'project')} found.`);
  const t = totals(archive.projects);
  printFound(out, t, archive.projects);
  const history = await timed(times, 'history', () => recordHistory(options, outDir, cacheDir, archive.projects, run, out));
  await timed(times, 'history', () => storeComparePairs(settings.compare, archive.projects, cacheDir, run, out));

  process.env['TRAILBOOK_ROOT'] = PACKAGE_ROOT;
  process.env['TRAILBOOK_INPUTS'] = JSON.stringify(roots);
  process.env['TRAILBOOK_CACHE_DIR'] = cacheDir;
  process.env['TRAILBOOK_ANALYSIS_RUN'] = run;
  process.env['TRAILBOOK_FILTER'] = JSON.stringify(settings.filter);
  process.env['TRAILBOOK_ALLOW_REPOSITORIES'] = JSON.stringify(settings.allowRepositories);
  const repositories = archive.projects.flatMap((p) => (p.repository.id === null ? [] : [{ id: p.repository.id, path: p.repository.path }]));
  process.env['TRAILBOOK_SITE'] = JSON.stringify(siteSettings(settings, repositories));
  for (const rule of unmatchedRules(settings.repositories, repositories)) {
    const known = [...new Set(repositories.map((r) => r.path ?? r.id))].sort();
    out.info(`  warning: the configuration's repositories rule "${rule.match}" matches no repository of this archive, so it links nothing${known.length > 0 ? `; its repositories are: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ', …' : ''}` : ''}`);
  }
  out.info(`Rendering pages and the search index into ${fromCwd(outDir)}${base === '/' ? '' : ` (base ${base})`}…`);
  const renderStarted = performance.now();
  const code = await siteFingerprint();
  const site = `${code}-${settingsFingerprint(settings)}`;
  const previous = options.full ? null : await reusableRecord(cacheDir, outDir, site, base);
  await writeRenderPlan(cacheDir, { previous });
  if (previous) out.info('  incremental: pages of unchanged projects, commits and files are kept from the previous build');
  let renderRecord: RenderRecord | null = null;
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
      const search = indexInWorker(cacheDir, searchOut, base, buildEnvironmentSite().url, buildEnvironmentSite().title, settings.recapHtml, (p) => (indexProgress = p));
      // Awaited after rendering; handled now so a failure while Astro renders is reported, not an unhandled rejection.
      search.catch(() => undefined);
      process.env['TRAILBOOK_SEARCH_INDEX'] = 'external';
      let stats: Awaited<typeof search>;
      try {
        await renderWithAstro(code, stagingOut, base, settings.siteUrl, options.verbose === true);
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
      await history.write(stagingOut);
      const pages = await readRoutes(cacheDir);
      renderedPages = await htmlPages(stagingOut);
      if (previous) keptFiles = await carryOver(outDir, stagingOut, pages, previous.pages);
      renderRecord = { site, base, pages };
      await rm(outDir, { recursive: true, force: true });
      await rename(stagingOut, outDir);
      await writeRecord(cacheDir, outDir, renderRecord);
    });
  } catch (error) {
    printProblem(out, [`rendering failed: ${(error as Error).message}`, "  fix: run again with --verbose to see Astro's log (and --full to render every page)"]);
    return 2;
  }
  if (shard) {
    const index = await readArchiveIndex(cacheDir);
    await writeShardData(
      cacheDir,
      outDir,
      {
        version: packageVersion(),
        code,
        options: { base, title: settings.title, siteUrl: settings.siteUrl, repositories: settings.repositories, filter: settings.filter, bdExport: settings.bdExport.run, allowRepositories: settings.allowRepositories, recapHtml: settings.recapHtml },
        shard,
        roots: roots.map((r) => basename(r)),
        discovered: archive.discovered,
        problems: index.problems ?? [],
        projects: index.projects,
        pages: (renderRecord as RenderRecord | null)?.pages ?? {},
      },
      archive.repositories,
    );
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
    const offline = settings.recapHtml ? "each project's recap.html also opens from disk" : "each recap's Download list makes a recap.html that opens from disk (or build with --recap-html to write them all)";
    out.info(`Done in ${seconds} s. Serve ${fromCwd(outDir)} with any static web server (or run \`trailbook dev\`); ${offline}.`);
    printNextStep(out, archive.projects, outDir, { built: true, recapHtml: settings.recapHtml, base });
  }
  return options.strict ? strictExitCode(out, t) : 0;
}
