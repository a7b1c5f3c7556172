/**
 * Finds a project's canonical repository and landed head (spec/input.md section 1): `repo`
 * and `head` in trailbook.json / project.json, else the enclosing git work tree — looked
 * for from the project folder up to the input root, never above it — else none.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RepositoryInfo } from '../model/types.ts';
import type { ProjectConfig } from '../schemas/project-config.ts';
import type { GitRepository } from '../git/repository.ts';
import type { RepositoryRegistry } from './repository-registry.ts';

/** The resolved canonical repository of one project. */
export interface CanonicalRepository {
  repository: GitRepository | null;
  info: RepositoryInfo;
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
  });
  let path: string | null;
  if (config?.value.repo !== undefined) path = resolve(dirname(config.path), config.value.repo);
  else path = await findEnclosingWorkTree(project.dir, project.inputRoot);
  if (path === null) return none('no repository');
  const opened = await registry.open(path, dirname(project.inputRoot));
  if ('problem' in opened) {
    return none(config?.value.repo !== undefined ? `repository ${config.value.repo} (from ${config.path.split('/').pop()}): ${opened.problem}` : opened.problem);
  }
  const headRef = config?.value.head ?? 'HEAD';
  const head = await opened.repository.resolveCommit(headRef);
  if ('problem' in head) {
    return {
      repository: opened.repository,
      info: { id: opened.id, path: opened.displayPath, head: null, headSource: null, problem: `landed head unknown: ${head.problem}` },
    };
  }
  return {
    repository: opened.repository,
    info: { id: opened.id, path: opened.displayPath, head: head.oid, headSource: config?.value.head !== undefined ? 'config' : 'HEAD', problem: null },
  };
}
