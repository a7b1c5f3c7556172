/**
 * The merge of a sharded build (issue 17, scope 2): every shard's projects become one archive
 * without analysing any of them again.
 *
 * 1. {@link planMerge}: read and check the shards (check-shards.ts); the archive's projects in
 *    discovery order, each from its shard.
 * 2. {@link prepareMergeStore}: a model store holding what the pages that span projects read
 *    (summaries, cited lists, report details, the archive index) and a render plan for those
 *    pages only. Astro renders them from it as it would for a single build.
 * 3. {@link writeProjectPages}: each project's folder (`p/<id>/`: recap, exports, issue and
 *    artifact pages) copied from its shard; src/integrations/merged-evidence-pages.ts writes
 *    the commit and file pages.
 *
 * A merge into the output of a previous merge keeps what did not change: a project whose
 * digest is the one it had, and an evidence page whose data is, stay where they are
 * ({@link MergeRecord}), so a shard whose inputs did not change costs the next merge nothing
 * but reading its manifest.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectSummary } from '../archive/summary.ts';
import { writeArchiveIndex } from '../archive/model-store.ts';
import { writeArchiveAccepted, type AcceptedCounts, type AcceptedOf, type ArchiveAccepted } from '../archive/accepted-counts.ts';
import { writeRenderPlan } from '../archive/render-plan.ts';
import { checkShards, type GivenShard } from './check-shards.ts';
import { verifyShard } from './verify-shard.ts';
import { runBounded } from '../fs/bounded-tasks.ts';
import { linkOrCopy, linkTree } from '../fs/link-files.ts';
import { outputSeal, type OutputSeal } from '../fs/output-seal.ts';
import { writeAtomic } from '../fs/cache-files.ts';
import { isSafeId, readShardManifest, shardDigest, shardPaths, ShardError, SHARD_FORMAT_2 } from './manifest.ts';

/** Projects whose files are linked at once (each is a few small files). */
const LINKS_AT_ONCE = 8;

/** The archive a merge composes. */
export interface MergePlan {
  /** The shards, by index. */
  shards: GivenShard[];
  /** Every project, in the archive's (discovery) order. */
  projects: ProjectSummary[];
  /** The shard of each project. */
  shardOf: Map<string, GivenShard>;
  /**
   * The flags the shards' baseline accepts, from their manifests (count16): what the home, the
   * report and the exports count apart, as a single build does; null without a baseline.
   */
  accepted: ArchiveAccepted | null;
  /** Shards whose manifest does not say which flags are accepted (`trailbook-shard/2`): their projects' flags are counted as open. */
  acceptanceUnknown: GivenShard[];
}

const SEVERITIES = ['high', 'medium', 'low'] as const;
const isCount = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isSeverities = (v: unknown): boolean => v !== null && typeof v === 'object' && SEVERITIES.every((s) => isCount((v as Record<string, unknown>)[s]));

/** Whether `a` is a project's accepted flags as a shard's manifest holds them (src/lib/archive/accepted-counts.ts `AcceptedOf`). */
function isAcceptedOf(a: unknown): a is AcceptedOf {
  const v = a as Partial<AcceptedOf> | null;
  return isSeverities(v) && v !== null && typeof v.open === 'object' && v.open !== null && isSeverities(v.open.flags) && isSeverities(v.open.problems) && isCount(v.open.problems.citesMissing) && Array.isArray(v.places) && v.places.every((n) => isCount(n) && n > 0);
}

/**
 * The archive's accepted flags from the shards' manifests: each project's from its shard. The
 * shards read one baseline (check-shards.ts compares it); its file as the first shard named it.
 * Throws {@link ShardError} when a manifest names a project it does not hold, or counts that are not counts.
 */
export function acceptedOfShards(shards: readonly GivenShard[]): { accepted: ArchiveAccepted | null; unknown: GivenShard[] } {
  const unknown = shards.filter((s) => s.manifest.format === SHARD_FORMAT_2 || s.manifest.accepted === undefined);
  const file = shards.map((s) => s.manifest.accepted?.file ?? null).find((f) => f !== null) ?? null;
  if (file === null) return { accepted: null, unknown };
  const counts: AcceptedCounts = new Map();
  for (const s of shards) {
    const own = new Set(s.manifest.projects.map((p) => p.id));
    for (const [id, a] of Object.entries(s.manifest.accepted?.projects ?? {})) {
      if (!own.has(id) || !isAcceptedOf(a)) throw new ShardError(`shard ${s.display}'s manifest counts accepted flags of ${JSON.stringify(id).slice(0, 80)} that are not a project of the shard or not counts; the shard was not written by Trailbook`, 'build the shard again');
      counts.set(id, a);
    }
  }
  return { accepted: { file, counts }, unknown };
}

/**
 * Reads the shards in `dirs` (`display`: as the user wrote them) and plans the archive. Throws
 * ShardMismatchError when they cannot be merged (check-shards.ts), {@link ShardError} when one
 * is unreadable or incomplete.
 */
export async function planMerge(dirs: ReadonlyArray<{ dir: string; display: string }>): Promise<MergePlan> {
  const given: GivenShard[] = [];
  for (const d of dirs) given.push({ ...d, manifest: await readShardManifest(d.dir, d.display) });
  const shards = checkShards(given);
  // Each shard whole and as written (src/lib/shard/verify-shard.ts), before anything is read from it.
  for (const s of shards) await verifyShard(s);
  const owner = new Map<string, GivenShard>();
  for (const s of shards) for (const p of s.manifest.projects) owner.set(p.id, s);
  const discovered = (shards[0] as GivenShard).manifest.discovered;
  const unsafe = (where: string, id: unknown): ShardError => new ShardError(`${where} names a project or repository ${JSON.stringify(id).slice(0, 80)} that is not an id Trailbook writes; the shard was not written by Trailbook`, 'build the shard again');
  for (const s of shards) {
    for (const id of [...s.manifest.discovered, ...s.manifest.projects.map((p) => p.id)]) if (!isSafeId(id)) throw unsafe(`shard ${s.display}`, id);
    for (const f of Object.values(s.manifest.files)) if (f.long !== undefined && !/^[0-9a-f]{32}\.json$/.test(f.long)) throw unsafe(`shard ${s.display}`, f.long);
  }
  const projects: ProjectSummary[] = [];
  const shardOf = new Map<string, GivenShard>();
  const { accepted: acceptedByShard, unknown: acceptanceUnknown } = acceptedOfShards(shards);
  for (const id of discovered) {
    const s = owner.get(id);
    if (!s) throw new ShardError(`project ${id} was found in the inputs but no shard holds it`, 'build every shard again from the same inputs');
    const path = join(shardPaths(s.dir).projects, `${id}.summary.json`);
    let summary: ProjectSummary;
    try {
      summary = JSON.parse(await readFile(path, 'utf8')) as ProjectSummary;
    } catch (error) {
      throw new ShardError(`shard ${s.display} has no readable summary of ${id} (${(error as Error).message})`, 'build the shard again');
    }
    if (summary.id !== id || (summary.repository.id !== null && !isSafeId(summary.repository.id))) throw unsafe(`${s.display}/trailbook-shard/projects/${id}.summary.json`, summary.repository.id);
    projects.push(summary);
    shardOf.set(id, s);
  }
  // In the archive's order, as a single build counts them.
  const accepted = acceptedByShard && { file: acceptedByShard.file, counts: new Map(projects.flatMap((p) => (acceptedByShard.counts.has(p.id) ? [[p.id, acceptedByShard.counts.get(p.id) as AcceptedOf] as const] : []))) };
  return { shards, projects, shardOf, accepted, acceptanceUnknown };
}

/**
 * Writes the model store the merge's Astro run reads, in `storeDir`: each project's summary,
 * cited list, report details and build-history state (linked from its shard), the archive index of analysis run
 * `run`, the accepted flags the shards counted (for run `run`), and a render plan for the pages that span projects only.
 */
export async function prepareMergeStore(plan: MergePlan, storeDir: string, run: string): Promise<void> {
  const projectsDir = join(storeDir, 'projects');
  await mkdir(projectsDir, { recursive: true });
  // Four small files a project, linked a few projects at a time (src/lib/fs/bounded-tasks.ts).
  await runBounded(plan.projects.length, LINKS_AT_ONCE, async (i) => {
    const p = plan.projects[i] as ProjectSummary;
    const from = shardPaths((plan.shardOf.get(p.id) as GivenShard).dir).projects;
    for (const suffix of ['summary', 'cited', 'report', 'state']) await linkOrCopy(join(from, `${p.id}.${suffix}.json`), join(projectsDir, `${p.id}.${suffix}.json`));
  });
  const first = (plan.shards[0] as GivenShard).manifest;
  await writeArchiveIndex(storeDir, { projects: plan.projects.map((p) => ({ id: p.id, digest: p.digest })), problems: first.problems, run, repositories: {}, projectDirs: {} });
  await writeArchiveAccepted(storeDir, run, plan.accepted);
  await writeRenderPlan(storeDir, { previous: null, spanningOnly: true });
}

/**
 * The digest a project's pages were rendered under in its shard: its model's, with its recap's
 * build-history view when it has one (src/lib/build-history/history-store.ts `recapDigest`); null
 * when the shard has no pages of this model.
 */
export function projectPagesDigest(plan: MergePlan, p: ProjectSummary): string | null {
  const rendered = (plan.shardOf.get(p.id) as GivenShard).manifest.pages[`project:${p.id}`];
  return rendered !== undefined && (rendered === p.digest || rendered.startsWith(`${p.digest}-`)) ? rendered : null;
}

/**
 * Copies each project's folder (`p/<id>/`) from its shard into `outDir`, except those `kept`
 * (carried over from the previous merge). Returns how many folders were copied. Throws when a
 * shard's pages of a project are not those of the digest it lists.
 */
export async function writeProjectPages(plan: MergePlan, outDir: string, kept: (key: string, digest: string) => boolean): Promise<number> {
  const copies: Array<{ from: string; to: string }> = [];
  for (const p of plan.projects) {
    const key = `project:${p.id}`;
    const digest = projectPagesDigest(plan, p);
    if (digest !== null && kept(key, digest)) continue;
    const shard = plan.shardOf.get(p.id) as GivenShard;
    if (digest === null) throw new ShardError(`shard ${shard.display} lists ${p.id} but has no pages of it`, 'build the shard again');
    copies.push({ from: join(shard.dir, 'p', p.id), to: join(outDir, 'p', p.id) });
  }
  await runBounded(copies.length, LINKS_AT_ONCE, (i) => linkTree((copies[i] as { from: string }).from, (copies[i] as { to: string }).to));
  return copies.length;
}

/** What a merge leaves for the next one (in its store folder). */
export interface MergeRecord {
  /** Trailbook's code fingerprint and the base path the merged pages were written for. */
  code: string;
  base: string;
  /**
   * The shards' baseline (manifest.ts `ShardOptions.baseline`): the recaps copied mark the flags
   * it accepts, so a merge of shards of another baseline copies every project again (count16),
   * as a build renders every recap again. Absent in merges before.
   */
  baseline?: string;
  outDir: string;
  /** Each shard's digest (manifest.ts `shardDigest`), by index. */
  shards: Record<string, string>;
  /** Each entry's digest by render-plan key (`project:`, `commit:`, `file:`). */
  pages: Record<string, string>;
  /** The seal of the output's files as this merge wrote them (src/lib/fs/output-seal.ts); a string in merges before rel10's, never trusted. */
  seal?: OutputSeal | string;
}

const recordPath = (storeDir: string): string => join(storeDir, 'merged.json');

/** The baseline a merge of `plan` records ({@link MergeRecord.baseline}): `unknown` for shards that do not say it (`trailbook-shard/2`). */
export function mergeBaseline(plan: MergePlan): string {
  return (plan.shards[0] as GivenShard).manifest.options.baseline ?? 'unknown';
}

/** The previous merge's record when its output can be reused by a merge of `code`, `base` and `baseline` ({@link mergeBaseline}) into `outDir`, else null. */
export async function previousMerge(storeDir: string, outDir: string, code: string, base: string, baseline: string): Promise<MergeRecord | null> {
  try {
    const record = JSON.parse(await readFile(recordPath(storeDir), 'utf8')) as MergeRecord;
    return record.code === code && record.base === base && record.outDir === outDir && record.baseline === baseline ? record : null;
  } catch {
    return null;
  }
}

/** Forgets the previous merge's record, before its output is replaced (a merge stopped after the swap leaves no record of pages the output does not hold). */
export async function forgetMergeRecord(storeDir: string): Promise<void> {
  await rm(recordPath(storeDir), { recursive: true, force: true });
}

/** Records this merge for the next one. */
export async function writeMergeRecord(storeDir: string, plan: MergePlan, outDir: string, pages: Record<string, string>): Promise<void> {
  const first = (plan.shards[0] as GivenShard).manifest;
  const record: MergeRecord = { code: first.code, base: first.options.base, baseline: mergeBaseline(plan), outDir, shards: Object.fromEntries(plan.shards.map((s) => [String(s.manifest.shard.index), shardDigest(s.manifest)])), pages, seal: outputSeal(outDir) };
  await writeAtomic(recordPath(storeDir), JSON.stringify(record));
}
