/**
 * The orchestration of `trailbook merge` (issue 31, scope 5): compose the shards of a sharded
 * build into one archive without analysing any project again (src/lib/shard/merge.ts holds the
 * steps). The CLI (src/cli/commands/merge.ts) checks the folders it is given, hands over a
 * {@link MergeRuntime} for what needs Astro, a worker thread or the process, says the
 * {@link MergeEvent}s as lines and reports the {@link MergeOutcome}; a merge this Trailbook
 * refuses throws a {@link MergeRefusal} (a code and its data; the CLI words it).
 */
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gatherEvidence, type EvidenceEntries } from '../archive/evidence-entries.ts';
import { readCited } from '../archive/model-store.ts';
import { siteSettingsOf, writeBuildContext } from '../config/build-context.ts';
import { resolveForges } from '../config/forge-links.ts';
import type { ForgeTemplates } from '../config/forge-styles.ts';
import { faultPoint } from '../fs/fault-point.ts';
import { diskFullWords, errorWords } from '../text/error-words.ts';
import { isDiskFull } from '../fs/disk-full.ts';
import { PART_CACHE_VERSION, type SearchIndexProgress, type SearchIndexStats } from '../search/write-search-index.ts';
import { ShardMismatchError, type GivenShard, type ShardMismatch } from '../shard/check-shards.ts';
import { ShardError } from '../shard/manifest.ts';
import { forgetMergeRecord, mergeBaseline, planMerge, prepareMergeStore, previousMerge, projectPagesDigest, writeMergeRecord, writeProjectPages, type MergePlan } from '../shard/merge.ts';
import type { ShardSpec } from '../shard/partition.ts';
import { ShardDamageError, type ShardDamage } from '../shard/verify-shard.ts';
import { codedErrorClass, type CodedError } from '../text/coded-error.ts';
import type { HistoryRequest, PendingHistory } from './build-archive.ts';
import { carryOver, presentPages, siteFingerprint } from './incremental.ts';
import { sealHolds } from '../fs/output-seal.ts';

/** Why a merge is refused before it writes anything; the CLI words each code. */
export type MergeRefusalReason =
  /** The shards are not every shard of one build (src/lib/shard/check-shards.ts): what differs, as a code and data. */
  | { code: 'shards-mismatch'; mismatch: ShardMismatch }
  /** A shard does not hold what it wrote (src/lib/shard/verify-shard.ts): which file, as a code and data. */
  | { code: 'shard-damaged'; damage: ShardDamage }
  /** A shard is unreadable, incomplete or altered (src/lib/shard/manifest.ts, verify-shard.ts, merge.ts), in the shard reader's own words. */
  | { code: 'shards-unusable'; message: string; hint: string }
  /** The shards were built by other code than this Trailbook's: `version` theirs, fingerprints (32 hex digits) theirs and this one's. */
  | { code: 'other-code'; version: string; shardsFingerprint: string; fingerprint: string }
  /** The shards' search index parts are of another format (`parts`: theirs, as their manifest holds it) than this Trailbook reads (`reads`). */
  | { code: 'other-search-parts'; parts: unknown; reads: string };

/** A merge refused before it wrote anything: a {@link CodedError} whose {@link MergeRefusalReason} reads also as `reason`; message `merge refused: <code>`. */
export const MergeRefusal = codedErrorClass<MergeRefusalReason, 'reason'>('MergeRefusal', 'merge refused', 'reason');
/** An error of {@link MergeRefusal}. */
export type MergeRefusal = InstanceType<typeof MergeRefusal>;

/** What the process runs for a merge: Astro, the worker threads, staging, the history step. */
export interface MergeRuntime {
  /** Trailbook's package folder: the build context's root, the files of the site fingerprint. */
  root: string;
  /** Reads the previous build history and appends this merge (it prints its own lines). */
  history(request: HistoryRequest): Promise<PendingHistory>;
  /** Runs `fn` in a fresh staging folder beside the output (`site`: where Astro writes); removes it after. */
  stage<T>(fn: (staging: { dir: string; site: string }) => Promise<T>): Promise<T>;
  /** Puts the staged site in place of the output; returns the previous output set aside (to remove), or null. */
  swapIn(staged: string): Promise<string | null>;
  /** Renders the pages that span projects with Astro into `site`; `code` is the site fingerprint. */
  render(code: string, site: string, base: string, siteUrl: string | null): Promise<void>;
  /** A folder of this run beside the output for the search index, removed by `remove` (and when the process exits before). */
  scratch(): { dir: string; remove(): Promise<void> };
  /** Writes the merged search index into `outDir/search-index` (in a worker thread); rejects with a {@link ShardError} when a shard's part is unreadable. */
  mergeSearch(plan: MergePlan, storeDir: string, outDir: string, base: string, onProgress: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats>;
  /** Starts saying the search index's progress; stopped when the index is written (or failed). */
  progress(index: () => SearchIndexProgress | null): { stop(): void };
  /** Writes the evidence pages of the merged site (src/integrations/merged-evidence-pages.ts). */
  writeEvidencePages(merge: { entries: EvidenceEntries; shardOf: ReadonlyMap<string, GivenShard>; outDir: string; base: string; forges: Readonly<Record<string, ForgeTemplates>>; kept: (key: string, digest: string) => boolean }): Promise<{ pages: Record<string, string>; copied: number; combined: number }>;
}

/** What a merge says while it runs, in order. */
export type MergeEvent =
  | { type: 'merging'; shards: ReadonlyArray<{ shard: ShardSpec; display: string }>; projects: number }
  /**
   * Shards whose manifest does not say which flags the baseline accepts (`trailbook-shard/2`,
   * before count16): the home, the report and the exports count their projects' flags as open.
   */
  | { type: 'acceptance-unknown'; shards: ReadonlyArray<{ shard: ShardSpec; display: string }> }
  /** How many entries the previous merge recorded have no page in the output (they are written again). */
  | { type: 'pages-missing'; missing: number; outDir: string }
  /** The previous output's files are not those the last merge wrote (src/lib/fs/output-seal.ts): every page is written again. */
  | { type: 'output-changed'; outDir: string }
  /** Astro rendered the pages that span projects, in `ms`. */
  | { type: 'rendered'; ms: number };

/** What a merge did. */
export interface MergeOutcome {
  plan: MergePlan;
  /** The shards' options: base path and whether recap.html files were written. */
  base: string;
  recapHtml: boolean;
  /** Null when the merged output is in place; else the error's message. */
  /** `diskFull`: ENOSPC or EDQUOT (the previous output is as it was). */
  failure: { message: string; diskFull: boolean } | null;
  /** Whether the previous merge's pages could be kept. */
  incremental: boolean;
  projectsCopied: number;
  evidence: { copied: number; combined: number };
  keptFiles: number;
  /** The search index's stats, once written. */
  search: SearchIndexStats | null;
  /** Milliseconds per stage: render, projects, evidence, search (its wait beyond the pages). */
  stages: Record<string, number>;
}

/**
 * Merges the shards `given` (`display`: as the user wrote them) into `outDir`, with the merge's
 * store under `cacheDir`. Called with the output's and cache's locks held. Throws a
 * {@link MergeRefusal} for shards it will not merge; a failure while writing the output is the
 * outcome's `failure` (the previous output is as it was).
 */
export async function mergeShards(request: { given: ReadonlyArray<{ dir: string; display: string }>; outDir: string; cacheDir: string }, runtime: MergeRuntime, say: (event: MergeEvent) => void): Promise<MergeOutcome> {
  const { given, outDir, cacheDir } = request;
  const storeDir = join(cacheDir, 'merge');
  let plan;
  try {
    plan = await planMerge(given);
  } catch (error) {
    if (error instanceof ShardDamageError) throw new MergeRefusal({ code: 'shard-damaged', damage: error.damage });
    if (error instanceof ShardMismatchError) throw new MergeRefusal({ code: 'shards-mismatch', mismatch: error.mismatch });
    if (error instanceof ShardError) throw new MergeRefusal({ code: 'shards-unusable', message: error.message, hint: error.hint });
    throw error;
  }
  const manifest = (plan.shards[0] as (typeof plan.shards)[number]).manifest;
  const code = await siteFingerprint(runtime.root);
  if (manifest.code !== code) throw new MergeRefusal({ code: 'other-code', version: manifest.version, shardsFingerprint: manifest.code, fingerprint: code });
  if (manifest.searchParts !== PART_CACHE_VERSION) throw new MergeRefusal({ code: 'other-search-parts', parts: manifest.searchParts, reads: PART_CACHE_VERSION });
  const { base, title, siteUrl } = manifest.options;
  const recapHtml = manifest.options.recapHtml === true;
  say({ type: 'merging', shards: plan.shards.map((s) => ({ shard: s.manifest.shard, display: s.display })), projects: plan.projects.length });
  if (plan.acceptanceUnknown.length > 0) say({ type: 'acceptance-unknown', shards: plan.acceptanceUnknown.map((s) => ({ shard: s.manifest.shard, display: s.display })) });

  const run = `merge-${process.pid}-${Date.now().toString(36)}`;
  await rm(join(storeDir, 'projects'), { recursive: true, force: true });
  await prepareMergeStore(plan, storeDir, run);
  // The search index in a worker thread from here on, beside the history, the render and the
  // copies (two cores), as a build writes its own; into a folder of its own beside the output
  // (so it moves into the staged site in one rename), removed whatever happens.
  const searchOut = runtime.scratch();
  // Progress (issue 30, scope 5): the search index's parts and merge, beside the pages.
  let indexProgress: SearchIndexProgress | null = null;
  const ticker = runtime.progress(() => indexProgress);
  const search = runtime.mergeSearch(plan, storeDir, searchOut.dir, base, (p) => (indexProgress = p));
  search.then(() => ticker.stop(), () => ticker.stop());
  // Awaited after the pages; handled now so a failure while Astro renders is reported, not an unhandled rejection.
  search.catch(() => undefined);
  try {
    // The archive's build history (the home's "since the last build", history.json), from the
    // shards' project states: what a single build of every project records (docs/history.md).
    // The shards' secret settings (all equal: src/lib/shard/check-shards.ts), for the history read back.
    // Which flags are accepted, from the shards' manifests (count16): the history says which are newly accepted, as a single build's does.
    const history = await runtime.history({ cacheDir: storeDir, projects: plan.projects, run, projectViews: false, found: undefined, secretSettings: manifest.options.secrets, accepted: plan.accepted?.counts ?? new Map() });
    const hasArchive = await stat(join(outDir, 'index.html')).then((s) => s.isFile(), () => false);
    const found = hasArchive ? await previousMerge(storeDir, outDir, code, base, mergeBaseline(plan)) : null;
    // The previous output is a cache: its pages are kept only while its files are those the last merge wrote (rel9).
    const unchanged = found !== null && sealHolds(outDir, found.seal);
    if (found !== null && !unchanged) say({ type: 'output-changed', outDir });
    const recorded = unchanged ? found : null;
    // The record is trusted only as far as the pages it promises are in the output (issue 28).
    const present = recorded ? await presentPages(outDir, recorded.pages) : null;
    if (present && present.missing > 0) say({ type: 'pages-missing', missing: present.missing, outDir });
    const previous = recorded && present ? { ...recorded, pages: present.pages } : null;
    faultPoint('merge-planned');
    const kept = (key: string, digest: string): boolean => previous?.pages[key] === digest;

    const repositories = plan.projects.flatMap((p) => (p.repository.id === null ? [] : [{ id: p.repository.id, path: p.repository.path }]));
    const forges = resolveForges(manifest.options.repositories, repositories);
    // What Astro's pages are told, once (src/lib/config/build-context.ts): no inputs (nothing is analysed again), the merge's store.
    // The shards' recap.html files, when they wrote them, are in their p/<id>/ folders, copied whole.
    const site = siteSettingsOf({ title, url: siteUrl, forges, recapHtml, decisionsCsv: manifest.options.decisionsCsv === true });
    writeBuildContext({ root: runtime.root, inputs: [], cacheDir: storeDir, run, site, filter: manifest.options.filter, allowRepositories: [], searchIndex: 'external', secrets: manifest.options.secrets, baseline: null });

    const outcome: MergeOutcome = { plan, base, recapHtml, failure: null, incremental: previous !== null, projectsCopied: 0, evidence: { copied: 0, combined: 0 }, keptFiles: 0, search: null, stages: {} };
    const stages = outcome.stages;
    try {
      await runtime.stage(async (staging) => {
        let at = performance.now();
        const lap = (stage: string): void => {
          stages[stage] = Math.round(performance.now() - at);
          at = performance.now();
        };
        await runtime.render(code, staging.site, base, siteUrl);
        faultPoint('rendered');
        lap('render');
        say({ type: 'rendered', ms: stages['render'] ?? 0 });
        outcome.projectsCopied = await writeProjectPages(plan, staging.site, kept);
        faultPoint('merge-projects');
        lap('projects');
        const entries = await gatherEvidence(plan.projects, (id) => readCited(storeDir, id));
        const evidence = await runtime.writeEvidencePages({ entries, shardOf: plan.shardOf, outDir: staging.site, base, forges, kept });
        outcome.evidence = { copied: evidence.copied, combined: evidence.combined };
        faultPoint('merge-evidence');
        lap('evidence');
        outcome.search = await search;
        await rename(join(searchOut.dir, 'search-index'), join(staging.site, 'search-index'));
        faultPoint('indexed');
        // What the index took beyond the pages (it ran beside them): the merge's wait for it.
        lap('search');
        const pages: Record<string, string> = { ...Object.fromEntries(plan.projects.map((p) => [`project:${p.id}`, projectPagesDigest(plan, p) ?? p.digest])), ...evidence.pages };
        await history.write(staging.site);
        if (previous) outcome.keptFiles = (await carryOver(outDir, staging.site, pages, previous.pages)).items;
        faultPoint('carried-over');
        // The swap, as a build's (src/lib/build/build-archive.ts): record forgotten, output in, record written.
        await forgetMergeRecord(storeDir);
        const aside = await runtime.swapIn(staging.site);
        await writeMergeRecord(storeDir, plan, outDir, pages);
        faultPoint('recorded');
        await history.commit();
        if (aside !== null) await rm(aside, { recursive: true, force: true });
      });
    } catch (error) {
      outcome.failure = isDiskFull(error) ? { message: diskFullWords(error), diskFull: true } : { message: errorWords(error), diskFull: false };
    }
    return outcome;
  } finally {
    // The worker is done (or failed) once the merge awaited it; a merge that stopped before leaves its folder to this.
    await search.catch(() => undefined);
    await searchOut.remove();
  }
}
