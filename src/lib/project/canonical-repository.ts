/**
 * Finds a project's canonical repository and landed head (spec/input.md section 1): `repo`
 * and `head` in trailbook.json / project.json, else the enclosing git work tree — looked
 * for from the project folder up to the input root, never above it — else none. Either way
 * the repository must be one the project may read (src/lib/project/repository-access.ts).
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { RepositoryInfo } from '../model/types.ts';
import type { ProjectConfig } from '../schemas/project-config.ts';
import type { GitRepository } from '../git/repository.ts';
import { ancestryOf } from '../git/ancestry.ts';
import { defaultBranchesWithout } from '../git/default-branches.ts';
import type { RepositoryRegistry } from './repository-registry.ts';

/** The resolved canonical repository of one project. */
export interface CanonicalRepository {
  repository: GitRepository | null;
  info: RepositoryInfo;
  /**
   * Folders (absolute real paths) that are the repository's work tree: where a file not
   * committed at the landed head is an uncommitted file, never evidence. Empty for a bare
   * repository or none.
   */
  workTrees: string[];
}

async function findEnclosingWorkTree(dir: string, inputRoot: string): Promise<string | null> {
  let current = resolve(dir);
  const root = resolve(inputRoot);
  for (;;) {
    if (await stat(join(current, '.git')).then(() => true, () => false)) return current;
    if (current === root || !current.startsWith(root)) return null;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** `core.bare` and `core.worktree` of a git directory's `config`, read through its confinement. */
async function coreSettings(repository: GitRepository): Promise<{ bare: boolean | null; worktree: string | null }> {
  const text = await repository.files.readFile(join(repository.headGitdir, 'config'), 'utf8').catch(() => '');
  let section = '';
  const out: { bare: boolean | null; worktree: string | null } = { bare: null, worktree: null };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      // `[core]`, or `[remote "origin"]` (a subsection: not core).
      const close = line.indexOf(']');
      const inner = line.slice(1, close === -1 ? line.length : close).trim();
      section = inner.includes('"') ? 'subsection' : inner.toLowerCase();
      continue;
    }
    if (section !== 'core') continue;
    const eq = line.indexOf('=');
    const key = (eq === -1 ? line : line.slice(0, eq)).trim().toLowerCase();
    let value = eq === -1 ? 'true' : line.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (key === 'bare') out.bare = /^(true|yes|on|1)$/i.test(value);
    if (key === 'worktree' && value !== '') out.worktree = value;
  }
  return out;
}

/**
 * The work trees (absolute real paths) of a repository reached at `path`. A folder whose `.git`
 * led to the repository is its work tree. A git directory named directly (`"repo": ".git"`)
 * has the folder holding it, as git's discovery would (for a `.git` always, whatever its
 * `config` says; for another name unless `core.bare` is set), and the folder `core.worktree`
 * names (relative to the git directory). Both are counted, so a `config` written by the input
 * cannot move the work tree away from the files beside it.
 */
async function workTreesOf(repository: GitRepository, path: string): Promise<string[]> {
  const real = (p: string): Promise<string> => realpath(p).catch(() => resolve(p));
  const reached = await real(path);
  if (reached !== (await real(repository.headGitdir)) && reached !== (await real(repository.gitdir))) return [reached];
  const core = await coreSettings(repository);
  const out: string[] = [];
  if (basename(reached) === '.git' || core.bare !== true) out.push(dirname(reached));
  if (core.worktree !== null) out.push(await real(resolve(repository.headGitdir, core.worktree)));
  return [...new Set(out)];
}

/** Where a project's canonical repository is looked for: `repo` of its config, else the enclosing work tree, else null. */
async function canonicalRepositoryPath(project: { dir: string; inputRoot: string }, config: { value: ProjectConfig; path: string } | null): Promise<string | null> {
  if (config?.value.repo !== undefined) return resolve(dirname(config.path), config.value.repo);
  return findEnclosingWorkTree(project.dir, project.inputRoot);
}

/**
 * Opens a project's canonical repository in `registry` without resolving anything else, so
 * that it takes its archive id in discovery order even when the project itself is not
 * analysed (a sharded build registers every project's repository: ids are then those of the
 * whole archive, src/lib/shard/partition.ts). Never throws.
 */
export async function registerCanonicalRepository(project: { dir: string; inputRoot: string }, config: { value: ProjectConfig; path: string } | null, registry: RepositoryRegistry): Promise<void> {
  const path = await canonicalRepositoryPath(project, config);
  if (path !== null) await registry.open(path, dirname(project.inputRoot));
}

/**
 * What each registry (one per build) has resolved, by everything the answer depends on: the
 * repository's path, the project's input folder, the configuration's file name, `repo` and
 * `head`. Projects sharing a repository (a thousand projects citing one monorepo) read its
 * work trees, access, head and tags once per build instead of once each (issue 30: the
 * one-row rebuild's `prepare` was a few thousand sequential file reads of the same git files).
 */
const resolvedBy = new WeakMap<RepositoryRegistry, Map<string, Promise<CanonicalRepository>>>();

/** A copy the caller may change without changing what other projects of the build are given. */
const copyOf = (c: CanonicalRepository): CanonicalRepository => ({ ...c, info: { ...c.info }, workTrees: [...c.workTrees] });

/**
 * Resolves the canonical repository. Never throws; problems become `info.problem`, which
 * makes every git-backed check INCONCLUSIVE with that reason. Resolved once per registry for
 * the same repository, input folder and configuration (each caller gets its own copy).
 */
export async function resolveCanonicalRepository(
  project: { dir: string; inputRoot: string },
  config: { value: ProjectConfig; path: string } | null,
  registry: RepositoryRegistry,
): Promise<CanonicalRepository> {
  const path = await canonicalRepositoryPath(project, config);
  if (path === null) return readCanonicalRepository(project, config, registry, null);
  const key = JSON.stringify([path, project.inputRoot, config?.path.split('/').pop() ?? null, config?.value.repo ?? null, config?.value.head ?? null]);
  let known = resolvedBy.get(registry);
  if (!known) {
    known = new Map();
    resolvedBy.set(registry, known);
  }
  let pending = known.get(key);
  if (!pending) {
    pending = readCanonicalRepository(project, config, registry, path);
    known.set(key, pending);
  }
  return copyOf(await pending);
}

async function readCanonicalRepository(
  project: { dir: string; inputRoot: string },
  config: { value: ProjectConfig; path: string } | null,
  registry: RepositoryRegistry,
  path: string | null,
): Promise<CanonicalRepository> {
  const none = (problem: string): CanonicalRepository => ({
    repository: null,
    info: { id: null, path: null, head: null, headSource: null, problem },
    workTrees: [],
  });
  const named = config?.value.repo;
  const from = (problem: string): string => (named !== undefined && config ? `repository ${named} (from ${config.path.split('/').pop()}): ${problem}` : problem);
  if (path === null) return none('no repository');
  const opened = await registry.open(path, dirname(project.inputRoot));
  if ('problem' in opened) return none(from(opened.problem));
  const repository = opened.repository;
  const workTrees = await workTreesOf(repository, path);
  const refused = await registry.access.refusal(repository, repository.dir === null ? null : path, project.inputRoot, named ?? null);
  if (refused !== null) return none(from(refused));
  const headRef = config?.value.head ?? 'HEAD';
  const head = await repository.resolveCommit(headRef);
  if ('problem' in head) {
    return {
      repository,
      info: { id: opened.id, path: opened.displayPath, head: null, headSource: null, problem: `landed head unknown: ${head.problem}` },
      workTrees,
    };
  }
  const pinned = config?.value.head !== undefined;
  const onNoRef = pinned && (await onNoBranchOrTag(repository, head.oid));
  // A pinned head on a branch, but one no default branch has merged (new-user trial, round 8).
  const offDefault = pinned && !onNoRef ? await defaultBranchesWithout(repository, head.oid) : null;
  return {
    repository,
    info: {
      id: opened.id,
      path: opened.displayPath,
      head: head.oid,
      headSource: pinned ? 'config' : 'HEAD',
      problem: null,
      ...(onNoRef ? { headOnNoRef: true as const } : {}),
      ...(offDefault !== null ? { headOffDefaultBranches: offDefault } : {}),
    },
    workTrees,
  };
}

/** Refs read to place a pinned head (a repository with more is not asked: the answer stays "landed"). */
const MAX_REF_TIPS = 500;

/**
 * Whether `oid` is certainly reached by none of the repository's branches, tags and
 * remote-tracking branches: a head pinned in trailbook.json to a commit made with
 * `git commit-tree` (fresh trial: every path of that invented tree was VERIFIED "at landed
 * head"). False when a ref reaches it, when there are no refs or too many, or when a history
 * is too long to walk: only a certain "no" raises the flag.
 */
async function onNoBranchOrTag(repository: GitRepository, oid: string): Promise<boolean> {
  const { tips, truncated } = await repository.refTips(MAX_REF_TIPS);
  if (tips.length === 0 || truncated) return false;
  for (const tip of tips) {
    if (tip === oid) return false;
    const reached = await ancestryOf(repository, tip).contains(oid);
    if (reached !== false) return false;
  }
  return true;
}
