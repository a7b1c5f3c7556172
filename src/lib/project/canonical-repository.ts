/**
 * Finds a project's canonical repository and landed head (spec/input.md section 1): `repo`
 * and `head` in trailbook.json / project.json, else the enclosing git work tree — looked
 * for from the project folder up to the input root, never above it — else none.
 */
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { RepositoryInfo } from '../model/types.ts';
import type { ProjectConfig } from '../schemas/project-config.ts';
import type { GitRepository } from '../git/repository.ts';
import type { RepositoryRegistry } from './repository-registry.ts';

/** The resolved canonical repository of one project. */
export interface CanonicalRepository {
  repository: GitRepository | null;
  info: RepositoryInfo;
  /** The repository's work tree (absolute), or null for a bare repository or none. */
  workTree: string | null;
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

const within = (root: string, target: string): boolean => target === root || target.startsWith(root + sep);

/**
 * Why a repository found as the enclosing work tree leads out of the input folder, or null
 * (docs/security.md, "Nothing escapes the root"). Its `.git` may be a link, or a file naming
 * any git directory on the machine; that directory must be inside the input folder, or be
 * a linked worktree's own directory whose `gitdir` file points back at this `.git` (as git
 * itself checks), else a stranger's tree could make Trailbook read and publish another
 * repository of the machine. The back-pointer counts only when that worktree directory is
 * itself outside the input folder (written by git, not by the input): a worktree directory
 * inside the input whose `commondir` leads out is the input's own forgery.
 */
async function leavesInputRoot(workTree: string, repository: GitRepository, inputRoot: string): Promise<string | null> {
  const real = (p: string): Promise<string> => realpath(p).catch(() => p);
  const root = await real(inputRoot);
  const dotgit = join(workTree, '.git');
  const gitdirs = [...new Set([repository.gitdir, repository.headGitdir])];
  const inside = await Promise.all(gitdirs.map(async (d) => within(root, await real(d))));
  if (inside.every(Boolean)) return null;
  if (within(root, await real(repository.headGitdir))) return `the enclosing repository's git directory is in the input folder but its objects (commondir) lead out of it; not read`;
  const back = (await repository.files.readFile(join(repository.headGitdir, 'gitdir'), 'utf8').catch(() => '')).trim();
  if (back !== '' && (await real(resolve(repository.headGitdir, back))) === (await real(dotgit))) return null;
  return `the enclosing repository's .git leads out of the input folder (to a git directory that is not this work tree's own); not read`;
}

/**
 * Resolves the canonical repository. Never throws; problems become `info.problem`, which
 * makes every git-backed check INCONCLUSIVE with that reason.
 */
export async function resolveCanonicalRepository(
  project: { dir: string; inputRoot: string },
  config: { value: ProjectConfig; path: string } | null,
  registry: RepositoryRegistry,
): Promise<CanonicalRepository> {
  const none = (problem: string): CanonicalRepository => ({
    repository: null,
    info: { id: null, path: null, head: null, headSource: null, problem },
    workTree: null,
  });
  let path: string | null;
  if (config?.value.repo !== undefined) path = resolve(dirname(config.path), config.value.repo);
  else path = await findEnclosingWorkTree(project.dir, project.inputRoot);
  if (path === null) return none('no repository');
  const opened = await registry.open(path, dirname(project.inputRoot));
  if ('problem' in opened) {
    return none(config?.value.repo !== undefined ? `repository ${config.value.repo} (from ${config.path.split('/').pop()}): ${opened.problem}` : opened.problem);
  }
  if (config?.value.repo === undefined) {
    const escape = await leavesInputRoot(path, opened.repository, project.inputRoot);
    if (escape) return none(escape);
  }
  const workTree = resolve(opened.repository.gitdir) === resolve(path) ? null : resolve(path);
  const headRef = config?.value.head ?? 'HEAD';
  const head = await opened.repository.resolveCommit(headRef);
  if ('problem' in head) {
    return {
      repository: opened.repository,
      info: { id: opened.id, path: opened.displayPath, head: null, headSource: null, problem: `landed head unknown: ${head.problem}` },
      workTree,
    };
  }
  return {
    repository: opened.repository,
    info: { id: opened.id, path: opened.displayPath, head: head.oid, headSource: config?.value.head !== undefined ? 'config' : 'HEAD', problem: null },
    workTree,
  };
}
