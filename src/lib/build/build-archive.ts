/**
 * The orchestration of `trailbook build` (issue 31, scope 5): the steps of a build, their
 * inputs and outputs, and its decisions — which projects to analyse (a shard's), whether the
 * previous output's pages can be kept, the order of the swap — beside `lib/shard`. The CLI
 * (src/cli/commands/build.ts) parses the options, hands over a {@link BuildRuntime} for what
 * needs Astro, a worker thread or the process (staging, rendering, the search index, the build
 * history it prints), says the {@link BuildEvent}s as lines and reports the {@link BuildOutcome}.
 */
import { rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { analyseArchive, type ArchiveEvent, type ArchiveResult } from '../archive/analyse-archive.ts';
import { readArchiveIndex } from '../archive/model-store.ts';
import { readRoutes, writeRenderPlan, type RenderRecord } from '../archive/render-plan.ts';
import type { ProjectSummary } from '../archive/summary.ts';
import type { Baseline } from '../baseline/accepted-flags.ts';
import { acceptedCounts, writeArchiveAccepted, type AcceptedCounts } from '../archive/accepted-counts.ts';
import { baselineContextValue } from '../baseline/build-baseline.ts';
import { resolvePairs, writePairs } from '../compare/compare-pairs.ts';
import { siteSettingsOf, writeBuildContext, type BuildContext } from '../config/build-context.ts';
import { unmatchedRules } from '../config/forge-links.ts';
import type { SecretSettings } from '../config/secret-settings.ts';
import { isDiskFull } from '../fs/disk-full.ts';
import { diskFullWords, errorWords } from '../text/error-words.ts';
import { faultPoint } from '../fs/fault-point.ts';
import { resetRenderCounts } from '../progress/render-counter.ts';
import { stageTimes, timed, type StageTimes } from '../project/stage-times.ts';
import type { SearchIndexProgress, SearchIndexStats } from '../search/write-search-index.ts';
import type { Redaction } from '../secrets/redaction.ts';
import { shardOf, type ShardSpec } from '../shard/partition.ts';
import { writeShardData } from '../shard/write-shard.ts';
import { baselineOption, shardPaths } from '../shard/manifest.ts';
import { freshHandles } from '../git/repository.ts';
import { createHash } from 'node:crypto';
import { settingsFingerprint, siteSettings, type BuildSettings } from './build-settings.ts';
import { aheadFolders, carryOver, forgetRecord, moveAheadIn, reusableRecord, siteFingerprint, writeRecord, type CarriedAhead } from './incremental.ts';
import { moveTree, stagedFiles } from './output-files.ts';

/** What a build's (or merge's) history step is asked: src/cli/history.ts `recordHistory` does it. */
export interface HistoryRequest {
  /** The model store the views are written into. */
  cacheDir: string;
  projects: readonly ProjectSummary[];
  run: string;
  /** false: the home's views only (a merge, whose recaps come from their shards). */
  projectViews: boolean;
  /** The secret values this run found, replaced in the history read back; undefined under `--no-redact`. */
  found: Redaction | undefined;
  /** The secret settings the history read back is redacted under. */
  secretSettings: SecretSettings;
  /** Each project's flags the baseline accepts (src/lib/archive/accepted-counts.ts): the history remembers which are accepted. */
  accepted: AcceptedCounts;
}

/** What the history step leaves to do once the output is rendered. */
export interface PendingHistory {
  /** Writes `history.json` and its states file into the new (staged) output folder. */
  write(newOut: string): Promise<void>;
  /** Writes `--history FILE` (and its states file), once the new output is in place. */
  commit(): Promise<void>;
}

/** What the search index worker is asked to write (src/cli/search-worker.ts). */
export interface SearchIndexRequest {
  cacheDir: string;
  /** The folder its `search-index/` and `p/<id>/` exports go into. */
  outDir: string;
  base: string;
  siteUrl: string | undefined;
  title: string;
  recapHtml: boolean;
  /** Whether each project's `decisions.csv.gz` is written (`--decisions-csv`); else the Download lists make it. */
  decisionsCsv: boolean;
  /** The accepted flags marked in recap.json and recap.html (trailbook.baseline.json), or null. */
  baseline: BuildContext['baseline'];
  /**
   * The previous output folder when this cache built it (an incremental build), else null: its
   * search index files of the same bytes are linked, not copied again (src/lib/search/write-search-index.ts).
   */
  published: string | null;
  /**
   * `--full`: the search index merged whole from every part (no delta index beside a reused main
   * one), so the output is the one a clean build writes (src/lib/search/write-search-index.ts).
   */
  mergeAll: boolean;
}

/** What the carry-over ahead is asked (src/cli/carry-worker.ts): the routes are read from `cacheDir`. */
export interface CarryAheadRequest {
  cacheDir: string;
  /** The previous output, left as it is. */
  previousOut: string;
  /** The folder the carried folders go into (in the staging folder, beside the site). */
  into: string;
  /** The previous build's record of pages (its digests). */
  previousPages: Record<string, string>;
}

/** What the process runs for the core: Astro, worker threads, the staging folder, the history step. */
export interface BuildRuntime {
  /** Trailbook's package folder: the build context's root, the files of the site fingerprint. */
  root: string;
  /** Trailbook's version, recorded in a shard's manifest. */
  version: string;
  /** The accepted flags the recaps mark, or null without a baseline file (read after the analysis, as its errors are). */
  baseline(): Promise<Baseline | null>;
  /** Reads the previous build history and appends this build (it prints its own lines). */
  history(request: HistoryRequest): Promise<PendingHistory>;
  /** Runs `fn` in a fresh staging folder beside the output (`site`: where Astro writes); removes it after. */
  stage<T>(fn: (staging: { dir: string; site: string }) => Promise<T>): Promise<T>;
  /** Puts the staged site in place of the output; returns the previous output set aside (to remove), or null. */
  swapIn(staged: string): Promise<string | null>;
  /** Removes the previous output {@link BuildRuntime.swapIn} set aside, once the new one and its record are in place (the CLI: without waiting, src/cli/staging.ts `discardAside`). */
  discard(aside: string): Promise<void>;
  /**
   * Renders the site with Astro into `site`; `code` is the site fingerprint. `onSynced`, when
   * given, is called once Astro's loaders have run (the routes are recorded: src/lib/archive/render-plan.ts
   * `writeRoutes`), before Vite bundles and the pages render.
   */
  render(code: string, site: string, onSynced?: () => void): Promise<void>;
  /**
   * Carries the folders of the previous output that nothing of this build writes into
   * (src/lib/build/incremental.ts `aheadFolders`, `carryAhead`) under `request.into`, beside
   * the render (the CLI: in a worker thread); resolves with what it carried. Absent: the
   * carry-over runs after the render only.
   */
  carryAhead?(request: CarryAheadRequest): Promise<CarriedAhead>;
  /** Writes the search index and the exports (in a worker thread); resolves with its stats. */
  indexSearch(request: SearchIndexRequest, onProgress: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats>;
  /** Starts saying progress while pages render and the index is written; `index` reads the index's. */
  progress(index: () => SearchIndexProgress | null): { stop(): void };
}

/** What a build says while it runs, in order; the CLI makes each a line (src/cli/commands/build.ts). */
export type BuildEvent =
  | { type: 'reading'; roots: readonly string[] }
  /** A cache entry found damaged and analysed again. */
  | { type: 'notice'; line: string }
  | { type: 'archive'; event: ArchiveEvent }
  | { type: 'shard'; shard: ShardSpec; projects: number; discovered: number }
  | { type: 'analysed'; projects: readonly ProjectSummary[] }
  /** A configured compare pair that names no project (src/lib/compare/compare-pairs.ts wording). */
  | { type: 'compare-problem'; problem: string }
  /** A configured repositories rule that matches no repository; `known`: the archive's repositories, sorted. */
  | { type: 'unmatched-rule'; match: string; known: readonly string[] }
  | { type: 'rendering'; outDir: string; base: string }
  /** How many entries the previous build recorded have no page in the output (they are rendered again). */
  | { type: 'pages-missing'; missing: number; outDir: string }
  /** The previous output's files are not those its build wrote (incremental.ts `outputSeal`): every page is rendered again. */
  | { type: 'output-changed'; outDir: string }
  | { type: 'incremental' }
  /** The search index is written; `renderMs`: how long Astro rendered. */
  | { type: 'indexed'; stats: SearchIndexStats; renderMs: number };

/** Why rendering failed: `disk-full` (ENOSPC, EDQUOT: the previous output is as it was) or `render-failed`. */
export interface RenderFailure {
  code: 'disk-full' | 'render-failed';
  /** The error's own message. */
  message: string;
}

/** What a build did. */
export interface BuildOutcome {
  archive: ArchiveResult;
  /** Milliseconds per stage (`render`, `index` included). */
  times: StageTimes;
  /** `performance.now()` when rendering began. */
  renderStarted: number;
  /** Whether the previous output's pages could be kept (an incremental build). */
  incremental: boolean;
  /** The HTML pages Astro wrote, sorted. */
  renderedPages: string[];
  /** Files carried over from the previous output. */
  keptFiles: number;
  /** The new output's files and HTML pages, counted as they were staged and carried over (no walk of the output after the build). */
  output: { files: number; pages: number };
  /** Null when the new output is in place. */
  failure: RenderFailure | null;
  /** The accepted flags (trailbook.baseline.json) the build read, or null without one. */
  baseline: Baseline | null;
  /** Each project's flags that baseline accepts, as every page and the history count them (empty without one). */
  accepted: AcceptedCounts;
}

/** What the CLI asks of a build. */
export interface BuildRequest {
  settings: BuildSettings;
  /** `--shard K/N`: analyse and render only that shard's projects, and write its shard data. */
  shard: ShardSpec | null;
  /** `--full`: render every page, even when the previous output could be kept. */
  full: boolean;
}

/**
 * Builds the archive of `request.settings.roots` into its output folder: analyses every project
 * (reusing unchanged ones from the model store), records the build history, renders the site
 * (keeping the previous output's pages of unchanged entries) beside the search index, and swaps
 * the new output in. Called with the output's and cache's locks held. A rendering failure is
 * the outcome's `failure`; analysis problems throw (an input folder that does not exist).
 */
export async function buildArchive(request: BuildRequest, runtime: BuildRuntime, say: (event: BuildEvent) => void): Promise<BuildOutcome> {
  const { settings, shard } = request;
  const { roots, outDir, cacheDir, base } = settings;
  say({ type: 'reading', roots });
  const times = stageTimes();
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const select = shard ? (id: string): boolean => shardOf(id, shard.count) === shard.index : undefined;
  const archive = await analyseArchive({ onNotice: (line) => say({ type: 'notice', line }), roots, cacheDir, onEvent: (event) => say({ type: 'archive', event }), times, run, repositoryRules: settings.repositories, bdExport: settings.bdExport, allowRepositories: settings.allowRepositories, secrets: settings.secrets, ...(settings.accept ? { accept: settings.accept } : {}), ...(select ? { select } : {}) });
  if (shard) say({ type: 'shard', shard, projects: archive.projects.length, discovered: archive.discovered.length });
  say({ type: 'analysed', projects: archive.projects });
  faultPoint('analysed');
  // Accepted flags (trailbook.baseline.json): read after the analysis (as its errors are), and
  // counted once (count16), for the history (which flags are newly accepted), every page that
  // counts them (stored for this run), the shard's manifest and the build's summary.
  const baseline = await runtime.baseline();
  const accepted = baseline && archive.projects.length > 0 ? await acceptedCounts(cacheDir, baseline, archive.projects.map((p) => p.id)) : (new Map() as AcceptedCounts);
  await writeArchiveAccepted(cacheDir, run, baseline ? { file: baseline.file, counts: accepted } : null);
  // What is secret, for every step after the analysis: the history read back here, Astro's loaders (in the build context), shard data (in its manifest).
  const history = await timed(times, 'history', () => runtime.history({ cacheDir, projects: archive.projects, run, projectViews: true, found: settings.secrets.redact ? archive.secrets : undefined, secretSettings: settings.secrets, accepted }));
  await timed(times, 'history', async () => {
    const { pairs, problems } = resolvePairs(settings.compare, archive.projects);
    for (const problem of problems) say({ type: 'compare-problem', problem });
    await writePairs(cacheDir, run, pairs);
  });
  faultPoint('history');

  // The analysis's repository handles hold every object it read (memoised commits, trees and
  // blobs, isomorphic-git's packs); Astro's loaders open their own, so the build keeps fresh
  // handles past this point and the analysis's reads are not held through the render (issue 30).
  archive.repositories = freshHandles(archive.repositories);

  const repositories = archive.projects.flatMap((p) => (p.repository.id === null ? [] : [{ id: p.repository.id, path: p.repository.path }]));
  const site = siteSettingsOf(siteSettings(settings, repositories));
  for (const rule of unmatchedRules(settings.repositories, repositories)) say({ type: 'unmatched-rule', match: rule.match, known: [...new Set(repositories.map((r) => r.path ?? r.id))].sort() });
  say({ type: 'rendering', outDir, base });
  const renderStarted = performance.now();
  const code = await siteFingerprint(runtime.root);
  // Accepted flags (trailbook.baseline.json) are marked on the recaps: a changed baseline renders them again.
  const baselineValue = baseline ? baselineContextValue(baseline) : null;
  // What Astro's loaders and pages are told, once (src/lib/config/build-context.ts); the search index and exports are written by the runtime, in a worker.
  writeBuildContext({ root: runtime.root, inputs: roots, cacheDir, run, site, filter: settings.filter, allowRepositories: settings.allowRepositories, searchIndex: 'external', secrets: settings.secrets, baseline: baselineValue });
  const fingerprint = `${code}-${settingsFingerprint(settings)}${baselineValue ? `-${createHash('sha256').update(JSON.stringify(baselineValue)).digest('hex').slice(0, 12)}` : ''}`;
  const found = request.full ? null : await reusableRecord(cacheDir, outDir, fingerprint, base);
  if (found !== null && 'outputChanged' in found) say({ type: 'output-changed', outDir });
  const reusable = found !== null && 'pages' in found ? found : null;
  const previous: RenderRecord | null = reusable ? { site: reusable.site, base: reusable.base, pages: reusable.pages } : null;
  if (reusable && reusable.missing > 0) say({ type: 'pages-missing', missing: reusable.missing, outDir });
  await writeRenderPlan(cacheDir, { previous, ...(shard ? { shard: true } : {}) });
  if (previous) say({ type: 'incremental' });
  const outcome: BuildOutcome = { archive, times, renderStarted, incremental: previous !== null, renderedPages: [], keptFiles: 0, output: { files: 0, pages: 0 }, failure: null, baseline, accepted };
  try {
    await runtime.stage(async (staging) => {
      const stagingOut = staging.site;
      const searchOut = join(staging.dir, 'search');
      // Progress (issue 30, scope 5): pages rendered of those planned, and the search index's parts and merge.
      let indexProgress: SearchIndexProgress | null = null;
      resetRenderCounts();
      const ticker = runtime.progress(() => indexProgress);
      const search = runtime.indexSearch({ cacheDir, outDir: searchOut, base, siteUrl: site.url ?? undefined, title: site.title, recapHtml: settings.recapHtml, decisionsCsv: settings.decisionsCsv, baseline: baselineValue, published: previous ? outDir : null, mergeAll: request.full }, (p) => (indexProgress = p));
      // Awaited after rendering; handled now so a failure while Astro renders is reported, not an unhandled rejection.
      search.catch(() => undefined);
      let stats: SearchIndexStats;
      // The carry-over of whole folders starts once the routes are known, beside Vite and the
      // pages (issue 30: after them, it was 1-1.7 s of a one-row rebuild, mostly creating folders).
      const aheadDir = join(staging.dir, 'carry');
      // A failed carry-over ahead (null) leaves everything to the carry-over after the render.
      const ahead: { run: Promise<CarriedAhead | null> | null } = { run: null };
      const carryAhead = runtime.carryAhead?.bind(runtime);
      const startAhead = previous && carryAhead
        ? (): void => {
            ahead.run ??= carryAhead({ cacheDir, previousOut: outDir, into: aheadDir, previousPages: previous.pages }).catch(() => null);
          }
        : undefined;
      try {
        await runtime.render(code, stagingOut, startAhead);
        faultPoint('rendered');
        times.render = performance.now() - renderStarted;
        stats = await search;
      } finally {
        ticker.stop();
        // Never left writing into the staging folder once this step ends (it is removed).
        await ahead.run;
      }
      times.index = stats.ms;
      say({ type: 'indexed', stats, renderMs: times.render ?? 0 });
      await rename(join(searchOut, 'search-index'), join(stagingOut, 'search-index')).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await moveTree(join(searchOut, 'p'), join(stagingOut, 'p'));
      faultPoint('indexed');
      // The history's files are its stage's too (--timings: reading and writing the history).
      await timed(times, 'history', () => history.write(stagingOut));
      const pages = await readRoutes(cacheDir);
      const staged = await stagedFiles(stagingOut);
      outcome.renderedPages = staged.pages;
      // The folders carried over ahead are moved in (those the routes still name), the rest carried over now.
      const early = await ahead.run;
      const movedIn = previous && early ? moveAheadIn(aheadDir, stagingOut, early, new Set(aheadFolders(outDir, pages, previous.pages))) : { items: 0, files: 0, pages: 0, done: new Set<string>() };
      const rest = previous ? await carryOver(outDir, stagingOut, pages, previous.pages, movedIn.done) : { items: 0, files: 0, pages: 0 };
      const carried = { files: movedIn.files + rest.files, pages: movedIn.pages + rest.pages };
      outcome.keptFiles = carried.files;
      outcome.output = { files: staged.files + carried.files, pages: staged.pages.length + carried.pages };
      faultPoint('carried-over');
      const renderRecord: RenderRecord = { site: fingerprint, base, pages };
      // A shard's data is part of its output: written into the staged site, swapped in with it.
      if (shard) {
        const index = await readArchiveIndex(cacheDir);
        await writeShardData(
          cacheDir,
          stagingOut,
          {
            version: runtime.version,
            code,
            options: { base, title: settings.title, siteUrl: settings.siteUrl, repositories: settings.repositories, filter: settings.filter, bdExport: settings.bdExport.run, allowRepositories: settings.allowRepositories, recapHtml: settings.recapHtml, decisionsCsv: settings.decisionsCsv, secrets: settings.secrets, baseline: baselineOption(baseline ? baseline.entries : null) },
            shard,
            roots: roots.map((r) => basename(r)),
            discovered: archive.discovered,
            inputs: archive.inputs ?? { projects: {}, repositories: {} },
            problems: index.problems ?? [],
            projects: index.projects,
            pages,
            // The flags the baseline accepts, as this build counted them: the merge counts from them (count16).
            accepted: { file: baseline?.file ?? null, projects: Object.fromEntries(accepted) },
          },
          archive.repositories,
        );
        outcome.output.files += (await stagedFiles(shardPaths(stagingOut).data)).files;
      }
      // The swap (issue 28): the record of the previous pages goes first, the new one is
      // written once the new output is in place, then the previous output is removed.
      await forgetRecord(cacheDir);
      const aside = await runtime.swapIn(stagingOut);
      await writeRecord(cacheDir, outDir, renderRecord);
      faultPoint('recorded');
      await timed(times, 'history', () => history.commit());
      // Not waited for (issue 30): the new output and its record are in place; a removal stopped part-way is finished by the next run.
      if (aside !== null) await runtime.discard(aside);
    });
  } catch (error) {
    // A full disk (issue 28): nothing of the previous archive was changed, and more rendering will not help.
    outcome.failure = isDiskFull(error) ? { code: 'disk-full', message: diskFullWords(error) } : { code: 'render-failed', message: errorWords(error) };
  }
  return outcome;
}
