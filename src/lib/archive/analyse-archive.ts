/**
 * The archive pipeline: discover → (digest; reuse the stored model when unchanged) → parse →
 * check → model, one project at a time so memory stays bounded by the largest project.
 */
import { resolve } from 'node:path';
import { discoverProjects, type DiscoverOptions } from '../discover/discover.ts';
import type { WalkProblem } from '../fs/walk.ts';
import type { ProjectModel } from '../model/types.ts';
import { analyseProject, prepareProject, readProjectConfig, registerProjectRepository } from '../project/analyse-project.ts';
import { RepositoryRegistry } from '../project/repository-registry.ts';
import { RepositoryAccess } from '../project/repository-access.ts';
import { codeDigest } from './code-digest.ts';
import { readModel, writeArchiveIndex, writeProject } from './model-store.ts';
import { checkStored, consultedKey, entryDigest, sealedConsulted, writeSeal } from './store-seal.ts';
import type { ConsultedPaths } from '../evidence/artifacts.ts';
import { projectDigest } from './project-digest.ts';
import { FileHashes } from './file-hashes.ts';
import { summarise, type ProjectSummary } from './summary.ts';
import type { GitRepository } from '../git/repository.ts';
import { timed, type StageTimes } from '../project/stage-times.ts';
import { displayPath } from './display-path.ts';
import type { RepositoryRule } from '../config/config-schema.ts';
import type { BdExportOptions } from '../beads/run-export.ts';
import { projectState } from '../build-history/project-state.ts';
import { writeProjectState } from '../build-history/history-store.ts';
import { faultPoint } from '../fs/fault-point.ts';
import { inputsIdentity, type InputsIdentity } from './inputs-digest.ts';
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from '../config/secret-settings.ts';
import { secretSettingsKey } from '../secrets/detect.ts';
import type { CommitStore } from '../secrets/project-secrets.ts';
import type { FoundSecret } from '../secrets/found-secrets.ts';
import { Redaction } from '../secrets/redaction.ts';
import { useScanMemo } from '../secrets/project-secrets.ts';
import { ScanMemo } from '../secrets/scan-memo.ts';
import { nameRedactor } from '../secrets/redacted-names.ts';
import { ensureEvidenceStore, hasCommitDetails, writeCommitDetails } from './evidence-store.ts';

/** Progress events, for the CLI to print. */
export type ArchiveEvent =
  | { type: 'discovered'; projects: number; problems: WalkProblem[] }
  | { type: 'project'; index: number; total: number; id: string; reused: boolean; ms: number };

/** Options of {@link analyseArchive}. */
export interface ArchiveOptions {
  /** Input folders (absolute or relative to the working directory). */
  roots: string[];
  /** Model store folder; null analyses without storing (and without reuse). */
  cacheDir: string | null;
  onEvent?: (event: ArchiveEvent) => void;
  /** Told, one line each, of cache entries found damaged and analysed again (issue 28). */
  onNotice?: (line: string) => void;
  /**
   * Called with each project's full model, in discovery order. For reused projects the
   * model is read back from the store only when this is given.
   */
  onModel?: (model: ProjectModel) => void | Promise<void>;
  /** Accumulates time per stage (discover, prepare, parse, resolve, check, store). */
  times?: StageTimes;
  /** Recorded in the archive index so a later reader in the same build can trust it (see ArchiveIndex.run). */
  run?: string;
  /** The configuration's include/exclude filter, applied in discovery ({@link DiscoverOptions}). */
  accept?: DiscoverOptions['accept'];
  /** The configuration's forge rules: a forge URL of a project's own repository in evidence is checked locally. */
  repositoryRules?: readonly RepositoryRule[];
  /** Run `bd export` for `.beads/` folders without an export (configuration `beads`; off when absent). */
  bdExport?: BdExportOptions;
  /**
   * Analyse only the projects this accepts (a shard's, src/lib/shard/partition.ts). The others
   * are discovered and their repositories registered, so ids are those of the whole archive;
   * they are left out of the result and the archive index.
   */
  select?: (projectId: string) => boolean;
  /**
   * Folders outside `roots` (absolute) whose repositories projects may name: the archive
   * configuration's `allowRepositories`. Without them a project reads only repositories inside
   * the input folders (src/lib/project/repository-access.ts).
   */
  allowRepositories?: string[];
  /** What is secret and whether it is redacted (src/lib/secrets/); default: the built-in rules, redacted. */
  secrets?: SecretSettings;
}

/** The archive after analysis: summaries in discovery order, and discovery problems. */
export interface ArchiveResult {
  projects: ProjectSummary[];
  problems: WalkProblem[];
  /** Ids of projects analysed in this run (not reused from the store). */
  changed: string[];
  /** The opened canonical repositories, by archive id (for evidence pages). */
  repositories: Map<string, GitRepository>;
  /** Absolute project folders, by project id (for artifact pages). */
  projectDirs: Map<string, string>;
  /** Every discovered project id in discovery order, selected or not. */
  discovered: string[];
  /** With `select` (a shard's build): the identity of every discovered project's inputs, for the merge to compare. */
  inputs?: InputsIdentity;
  /**
   * The secrets found in the projects analysed in this run (values in memory only, never
   * stored), for what is published again from before it: the previous build's history.
   */
  secrets?: Redaction;
}

/**
 * Analyses every project under `roots`. Throws only for an unusable invocation (an input
 * folder that does not exist); every fault in the records becomes data.
 */
export async function analyseArchive(options: ArchiveOptions): Promise<ArchiveResult> {
  const roots = options.roots.map((r) => resolve(r));
  const discovery = await timed(options.times, 'discover', () => discoverProjects(roots, { ...(options.accept ? { accept: options.accept } : {}), redactNames: (names) => nameRedactor(names, options.secrets ?? DEFAULT_SECRET_SETTINGS), skip: options.cacheDir ? [resolve(options.cacheDir)] : [] }));
  options.onEvent?.({ type: 'discovered', projects: discovery.projects.length, problems: discovery.problems });
  // The secret settings change every model (what is redacted), so they are part of every digest.
  const secretsKey = secretSettingsKey(options.secrets ?? DEFAULT_SECRET_SETTINGS);
  const code = `${await codeDigest()}:${secretsKey}`;
  // A cited commit read for its secrets is stored, redacted, in the evidence store, where the
  // commit pages read it (src/loaders/evidence-loaders.ts): it is read from git once per build.
  const cacheDir = options.cacheDir;
  let commits: CommitStore | undefined;
  if (cacheDir) {
    await ensureEvidenceStore(cacheDir, secretsKey);
    commits = { has: (repoId, oid) => hasCommitDetails(cacheDir, repoId, oid), write: (repoId, oid, details) => writeCommitDetails(cacheDir, repoId, oid, details) };
  }
  const fileHashes = new FileHashes(options.cacheDir);
  await fileHashes.load();
  // Cited commits and files an earlier build scanned and found clean (src/lib/secrets/scan-memo.ts).
  const scanMemo = cacheDir ? await ScanMemo.open(cacheDir, code) : null;
  // Set for this analysis; a stale one (after a throw) holds only entries keyed by what was read, so it is sound.
  useScanMemo(scanMemo);
  const registry = new RepositoryRegistry(new RepositoryAccess(roots, (options.allowRepositories ?? []).map((r) => resolve(r))));
  const projects: ProjectSummary[] = [];
  const changed: string[] = [];
  const secrets = new Redaction();
  const onSecrets = (found: readonly FoundSecret[]): void => {
    for (const f of found) secrets.add(f.value, f.kind);
  };
  let index = 0;
  const selected = options.select ? discovery.projects.filter((p) => options.select?.(p.id)) : discovery.projects;
  // Each project is prepared (its config read, its repository opened: in discovery order, which
  // gives repositories their ids), then digested and checked against the store, a few projects
  // ahead of the one analysed (issue 30: a rebuild's thousand reused projects were a thousand
  // rounds of small sequential reads, the disk waited on one file at a time).
  let preparing: Promise<unknown> = Promise.resolve();
  const prepareAhead = (project: (typeof discovery.projects)[number]) => {
    // The configuration is read at once; the repository is registered in discovery order.
    const configRead = readProjectConfig(project);
    configRead.catch(() => undefined);
    const prepared = preparing.then(() => prepareProject(project, registry, options.repositoryRules, configRead));
    preparing = prepared.catch(() => undefined);
    const checked = prepared.then(async (p) => {
      const base = await projectDigest(project, code, p.repositoryKey, fileHashes, options.bdExport?.run === true, p.configHash);
      // The stored entry, when its seal holds for these inputs and its files (src/lib/archive/store-seal.ts).
      const stored = options.cacheDir ? await checkStored(options.cacheDir, project.id, base, project.dir, fileHashes) : { status: 'absent' as const };
      return { prepared: p, base, stored };
    });
    // Awaited in order below; a failure is thrown there, not left unhandled meanwhile.
    checked.catch(() => undefined);
    return checked;
  };
  const AHEAD = 16;
  // Discovery positions being prepared (at most AHEAD selected ones); a project another shard
  // analyses is only registered, in its turn.
  const ahead = new Map<number, ReturnType<typeof prepareAhead>>();
  let next = 0;
  const fill = (): void => {
    while (next < discovery.projects.length && ahead.size < AHEAD) {
      const at = next++;
      const project = discovery.projects[at] as (typeof discovery.projects)[number];
      if (options.select && !options.select(project.id)) {
        const registered = preparing.then(() => registerProjectRepository(project, registry));
        preparing = registered.catch(() => undefined);
        continue;
      }
      ahead.set(at, prepareAhead(project));
    }
  };
  for (const [at, project] of discovery.projects.entries()) {
    if (options.select && !options.select(project.id)) continue;
    const started = performance.now();
    fill();
    const pending = ahead.get(at) as ReturnType<typeof prepareAhead>;
    ahead.delete(at);
    const { prepared, base, stored } = await timed(options.times, 'prepare', () => pending);
    fill();
    if (stored.status === 'damaged') options.onNotice?.(`  notice: the cache entry of ${project.id} is damaged (${stored.problem}); analysing it again`);
    let summary = stored.status === 'valid' ? stored.summary : null;
    const reused = summary !== null;
    if (reused && summary) {
      if (options.onModel) await options.onModel(await readModel(options.cacheDir as string, project.id));
    } else {
      let consulted: ConsultedPaths = { paths: [], folders: [] };
      let holdsSecret: (path: string) => boolean = () => false;
      const model = await analyseProject(prepared, options.times, {
        ...(options.bdExport ? { bdExport: options.bdExport } : {}),
        ...(options.secrets ? { secrets: options.secrets } : {}),
        ...(commits ? { commits } : {}),
        onSecrets,
        onConsulted: (c, holds) => {
          consulted = c;
          holdsSecret = holds;
        },
      });
      // The entry's digest covers the artifacts its verdicts read, as they are now.
      const digest = entryDigest(base, await consultedKey(project.dir, consulted, fileHashes));
      summary = summarise(model, digest);
      const cacheDir = options.cacheDir;
      if (cacheDir) await timed(options.times, 'store', () => writeProject(cacheDir, model, summary as ProjectSummary));
      if (cacheDir) await timed(options.times, 'history', () => writeProjectState(cacheDir, model.id, projectState(model)));
      if (cacheDir) await timed(options.times, 'store', () => writeSeal(cacheDir, model.id, base, digest, sealedConsulted(consulted, holdsSecret)));
      faultPoint('stored');
      changed.push(project.id);
      if (options.onModel) await options.onModel(model);
    }
    projects.push(summary as ProjectSummary);
    options.onEvent?.({ type: 'project', index: ++index, total: selected.length, id: project.id, reused, ms: performance.now() - started });
  }
  // Projects of other shards after the last selected one are registered too, before the list is read.
  fill();
  await preparing;
  const repositories = await registry.opened();
  const inputs = options.select ? await timed(options.times, 'prepare', () => inputsIdentity(discovery.projects, repositories, fileHashes)) : undefined;
  await fileHashes.save();
  await scanMemo?.save();
  useScanMemo(null);
  const projectDirs = new Map(selected.map((p) => [p.id, p.dir]));
  if (options.cacheDir) {
    await writeArchiveIndex(options.cacheDir, {
      projects: projects.map((p) => ({ id: p.id, digest: p.digest })),
      problems: discovery.problems.map((p) => ({ path: displayPath(roots, p.path), problem: p.problem })),
      ...(options.run
        ? {
            run: options.run,
            repositories: Object.fromEntries([...repositories].map(([id, r]) => [id, { dir: r.dir, gitdir: r.gitdir, headGitdir: r.headGitdir }])),
            projectDirs: Object.fromEntries(projectDirs),
          }
        : {}),
    });
  }
  return { projects, problems: discovery.problems, changed, repositories, projectDirs, discovered: discovery.projects.map((p) => p.id), secrets, ...(inputs ? { inputs } : {}) };
}
