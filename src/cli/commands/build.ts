/**
 * `trailbook build [DIR...] [--out DIR] [--base PATH] [--strict] [--recap-html] [--decisions-csv]`: analyse every project
 * (reusing unchanged ones from the model store), render the site with Astro, index it with
 * Trailbook's search index, and print what was found and what needs a person. The steps and
 * their order are the core's (src/lib/build/build-archive.ts); this file parses the options,
 * hands the core Astro, the search worker and the staging folder, and words what it says.
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { lockFolders, unwritableInCache } from '../writer-lock.ts';
import { onCacheNotice, onceEach } from '../../lib/fs/cache-notice.ts';
import { repairCacheFolders } from '../../lib/fs/cache-files.ts';
import { isDiskFull } from '../../lib/fs/disk-full.ts';
import { diskFullWords } from '../../lib/text/error-words.ts';
import type { SearchIndexProgress, SearchIndexStats } from '../../lib/search/write-search-index.ts';
import { renderCounts } from '../../lib/progress/render-counter.ts';
import type { ExportStats } from '../../integrations/project-exports.ts';
import { agree } from '../../lib/text/agree.ts';
import { resolveSettings, type Settings, type SettingsFlags } from '../settings.ts';
import { fromCwd, PACKAGE_ROOT, packageVersion, workerExecArgv } from '../paths.ts';
import { discardAside, outputFolder, recoverLeftovers, renderWithAstro, swapIn, withStaging } from '../staging.ts';
import { checkFolders } from '../folders.ts';
import { plural, printProblem, UsageError, type Output } from '../output.ts';
import { archiveProgress, progressTicker, renderProgressLine } from '../progress.ts';
import { repositoryAboveLines } from '../repository-above.ts';
import { nothingFoundLines, printFaults, printFound, printNextStep, strictExitCode, totals, viewLines } from '../summary.ts';
import { parseShard, shardLabel, type ShardSpec } from '../../lib/shard/partition.ts';
import { SHARD_DATA } from '../../lib/shard/manifest.ts';
import { historyLimit, recordHistory, type HistoryFlags } from '../history.ts';
import { archiveRoot } from '../../lib/export/site-url.ts';
import { readBaseline } from '../baseline-file.ts';
import { buildArchive, type BuildEvent, type BuildRuntime, type CarryAheadRequest, type SearchIndexRequest } from '../../lib/build/build-archive.ts';
import type { CarriedAhead } from '../../lib/build/incremental.ts';
import { countFiles } from '../../lib/build/output-files.ts';

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
  /**
   * Where `out` and `cacheDir` were first given, when the caller passes them on as flags
   * (`trailbook dev` pins the folders its first run resolved): a refusal then names the
   * configuration's key, not a flag the user never typed (src/cli/folders.ts).
   */
  folderOrigins?: Settings['origins'];
}

export { countFiles } from '../../lib/build/output-files.ts';

/** What a search index run did, as the CLI says it: `search: N records from M projects; index merged from P parts`. */
export function searchLine(stats: SearchIndexStats): string {
  const words = stats.rebuiltMain ? `index merged from ${plural(stats.indexed, 'part')}` : stats.indexed === 0 ? 'index unchanged' : `index kept, ${plural(stats.indexed, 'changed part')} in its delta`;
  return `search: ${plural(stats.records, 'record')} from ${plural(stats.projects, 'project')}; ${words}`;
}

/**
 * How far V8 lets the heap grow past what its last full collection kept, while Astro renders
 * (issue 30, the build's peak memory): 1.5 times. Rendering allocates strings that live for one
 * page, and V8's own choice on a machine with room (up to 4 times the live heap) let them pile
 * up between collections: at 300 projects × 1,000 rows the render's heap reached 1.4-1.5 GiB
 * over about 370 MiB live, and the whole build peaked at 2.5 GiB (1.8 GiB bounded). Process-wide
 * (the search worker too), from the render on; the analysis before it keeps V8's default.
 */
function boundHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=50');
}

/** Writes the search indexes in a worker thread; resolves with its stats. */
function indexInWorker(request: SearchIndexRequest, onProgress: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats & { exports: ExportStats }> {
  const { cacheDir, outDir, base, siteUrl, title, recapHtml, decisionsCsv, baseline, published, mergeAll } = request;
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('../search-worker.ts', import.meta.url), { workerData: { cacheDir, outDir, base, siteUrl, title, recapHtml, decisionsCsv, baseline, published, mergeAll }, execArgv: workerExecArgv() });
    worker.on('message', (message: { progress?: SearchIndexProgress; stats?: SearchIndexStats; exports?: ExportStats; error?: string }) => {
      if (message.progress) return onProgress(message.progress);
      if (message.stats && message.exports) resolvePromise({ ...message.stats, exports: message.exports });
      else reject(new Error(`search index: ${message.error ?? 'unknown failure'}`));
    });
    worker.once('error', reject);
  });
}

/** Carries the previous output's untouched folders over in a worker thread (src/cli/carry-worker.ts); resolves with what it carried. */
function carryAheadInWorker(request: CarryAheadRequest): Promise<CarriedAhead> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('../carry-worker.ts', import.meta.url), { workerData: request, execArgv: workerExecArgv() });
    worker.once('message', (message: { carried?: CarriedAhead; error?: string }) => {
      if (message.carried) resolvePromise(message.carried);
      else reject(new Error(`carry-over: ${message.error ?? 'unknown failure'}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`carry-over: the worker stopped (${code})`)));
  });
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
  const given = await resolveSettings(dirs, options);
  // An output given as a symbolic link is built where it leads; the link stays (src/cli/staging.ts).
  const settings: Settings = { ...given, outDir: await outputFolder(given.outDir) };
  const { outDir, cacheDir } = settings;
  await checkFolders(outDir, cacheDir, settings.roots, options.folderOrigins ?? settings.origins);
  historyLimit(options.historyLimit);
  // `dev` (served) waits for another run into its folders; a build stops at once, naming it.
  const lock = await lockFolders(outDir, cacheDir, (line) => out.info(line), options.served === true);
  onCacheNotice(onceEach((line) => out.info(line)));
  // A run that fails may leave temporary files of cache writes (a worker stopped mid-write): the next run removes them.
  let finished = false;
  try {
    // What a run stopped before (killed, the machine down) left beside the output goes first.
    await recoverLeftovers(outDir, (line) => out.info(line));
    // A file where a folder of the cache goes (or a folder where a file of Astro's goes) is removed, with a notice.
    await repairCacheFolders(cacheDir);
    const code = await buildLocked(settings, shard, options, out, dirs);
    finished = code !== 2;
    return code;
  } catch (error) {
    // A full disk before the render (the model store, the history in the cache): the output was
    // not touched yet; it is the user's to free, not a bug in Trailbook (docs/reliability.md).
    // A cache file that cannot be written part-way (a folder of it made read-only): said, never as a bug.
    if (!isDiskFull(error)) throw unwritableInCache(error, cacheDir);
    printProblem(out, [`the build stopped: ${diskFullWords(error)}`, diskFullFix(outDir)]);
    return 2;
  } finally {
    onCacheNotice(null);
    await lock.release(finished);
  }
}

/** The archive's public address (src/lib/export/site-url.ts), or null when none is set or it is not a URL (which the build reports elsewhere). */
function siteRootOrNull(site: string | null, base: string): string | null {
  try {
    return archiveRoot(site, base);
  } catch {
    return null;
  }
}

/** The process's part of a build (src/lib/build/build-archive.ts): Astro, the worker, staging, the history it prints. */
function buildRuntime(settings: Settings, options: BuildOptions, out: Output): BuildRuntime {
  return {
    root: PACKAGE_ROOT,
    version: packageVersion(),
    baseline: () => readBaseline(options.baseline, settings.loaded?.file ?? null),
    history: (r) => recordHistory(options, settings.outDir, r.cacheDir, r.projects, r.run, out, r.projectViews, r.found, r.secretSettings, siteRootOrNull(settings.siteUrl, settings.base), r.accepted),
    stage: (fn) => withStaging(settings.outDir, options.served === true, fn),
    swapIn: (staged) => swapIn(staged, settings.outDir),
    discard: (aside) => discardAside(aside, settings.outDir),
    render: (code, site, onSynced) => {
      boundHeapGrowth();
      return renderWithAstro(code, site, settings.base, settings.siteUrl, options.verbose === true, onSynced);
    },
    carryAhead: carryAheadInWorker,
    indexSearch: indexInWorker,
    progress: (index) => progressTicker(out, () => renderProgressLine(renderCounts(), index())),
  };
}

/** Says a build's event (src/lib/build/build-archive.ts) as the CLI's lines. */
function sayBuildEvent(out: Output): (event: BuildEvent) => void {
  const archiveEvent = archiveProgress(out);
  return (event) => {
    switch (event.type) {
      case 'reading':
        return out.info(`Trailbook: reading ${event.roots.map(fromCwd).join(', ')}`);
      case 'notice':
        return out.info(event.line);
      case 'archive':
        return archiveEvent(event.event);
      case 'shard':
        return out.info(`Shard ${shardLabel(event.shard)}: ${plural(event.projects, 'project')} of the ${plural(event.discovered, 'project')} found.`);
      case 'analysed':
        return printFound(out, totals(event.projects), event.projects);
      case 'compare-problem':
        return out.info(`  warning: the configuration's ${event.problem}`);
      case 'unmatched-rule':
        return out.info(`  warning: the configuration's repositories rule "${event.match}" matches no repository of this archive, so it links nothing${event.known.length > 0 ? `; its repositories are: ${event.known.slice(0, 10).join(', ')}${event.known.length > 10 ? ', …' : ''}` : ''}`);
      case 'rendering':
        return out.info(`Rendering pages and the search index into ${fromCwd(event.outDir)}${event.base === '/' ? '' : ` (base ${event.base})`}…`);
      case 'output-changed':
        return out.info(`  notice: files of the previous output in ${fromCwd(event.outDir)} were changed, added or removed since the build that wrote them; rendering every page again`);
      case 'pages-missing':
        return out.info(`  notice: ${plural(event.missing, 'entry', 'entries')} the previous build recorded ${agree(event.missing, 'has', 'have')} no page in ${fromCwd(event.outDir)}; rendering ${agree(event.missing, 'it', 'them')} again`);
      case 'incremental':
        return out.info('  incremental: pages of unchanged projects, commits and files are kept from the previous build');
      case 'indexed':
        for (const w of event.stats.warnings) out.info(`  warning: ${w}`);
        return out.info(`  ${searchLine(event.stats)} in ${(event.stats.ms / 1000).toFixed(1)} s, alongside rendering (${(event.renderMs / 1000).toFixed(1)} s)`);
    }
  };
}

/** What a build stopped by a full disk tells the user to do: the previous archive in `outDir` is as it was. */
function diskFullFix(outDir: string): string {
  return `  fix: free space on the disk of ${fromCwd(outDir)} and its cache, then run again; the previous archive there is as it was`;
}

async function buildLocked(settings: Settings, shard: ShardSpec | null, options: BuildOptions, out: Output, dirs: readonly string[]): Promise<number> {
  const { roots, outDir, base } = settings;
  const started = performance.now();
  const { archive, times, renderStarted, incremental, renderedPages, keptFiles, output, failure, baseline, accepted } = await buildArchive({ settings, shard, full: options.full === true }, buildRuntime(settings, options, out), sayBuildEvent(out));
  if (failure) {
    // A full disk (issue 28): nothing of the previous archive was changed, and more rendering will not help.
    const fix = failure.code === 'disk-full' ? diskFullFix(outDir) : "  fix: run again with --verbose to see Astro's log (and --full to render every page)";
    printProblem(out, [`rendering failed: ${failure.message}`, fix]);
    return 2;
  }
  const t = totals(archive.projects, archive.problems);
  const wallMs = performance.now() - started;
  // The output's files and pages as the build counted them while staging and carrying over:
  // walking the output again took 1.5–3.5 s at 1,000 projects (issue 30). Its bytes (a stat per
  // file) only for --timings, whose report counts the output by a walk (tests compare the two).
  const written = options.timings !== undefined ? await countFiles(outDir) : null;
  const kept = incremental ? `; kept the other ${plural(output.pages - renderedPages.length, 'page')} (${plural(keptFiles, 'file')}) from the previous build` : '';
  out.info(`Rendered ${plural(renderedPages.length, 'page')} in ${((performance.now() - renderStarted) / 1000).toFixed(1)} s${kept}. The archive has ${plural(output.pages, 'page')} and ${plural(output.files, 'file')}${written ? `, ${(written.bytes / 1024 / 1024).toFixed(1)} MB` : ''}.`);
  // Flags the baseline accepts (issue 32), as the build counted them for every page: said apart in the flags summary, and no project is "Next:" for them.
  if (archive.projects.length > 0) printFaults(out, t, archive.projects, baseline ? { counts: accepted, file: baseline.file } : null);
  for (const line of await repositoryAboveLines(roots, archive.projects, archive.projectDirs, options.served === true ? 'dev' : 'build')) out.info(line);
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
      output: { files: written?.files ?? 0, bytes: written?.bytes ?? 0, pages: written?.pages ?? 0, searchIndexBytes: searchBytes },
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
    printNextStep(out, archive.projects, outDir, { built: true, recapHtml: settings.recapHtml, base }, accepted);
  }
  if (options.strict && archive.projects.length === 0 && shard === null) {
    // A gate that checked nothing must not pass (as `check --strict`): a mistyped folder would
    // turn CI green. A shard may hold none of a few projects: its merge sees them all.
    out.error('--strict: no project was found in the inputs, so nothing was checked');
    return 2;
  }
  return options.strict ? strictExitCode(out, t, [...dirs, ...(options.example ? ['--example'] : []), ...(options.config === undefined ? [] : ['--config', options.config])]) : 0;
}
