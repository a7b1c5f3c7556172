/**
 * Forge links as pages use them: the templates the CLI resolved for a repository (from the
 * build environment) bound to a landed head. Recap components know a project and its
 * repository id; the head comes from the project's stored summary (read once per project).
 */
import { buildContext } from '../config/build-context.ts';
import { readSummary } from './model-store.ts';
import { bindForge, type BoundForge } from '../config/forge-links.ts';

const heads = new Map<string, Promise<string | null>>();

/** The forge links of a repository at `head` (file links need a head), or null when no rule matched it. */
export function repositoryForge(repoId: string | null, head: string | null): BoundForge | null {
  if (repoId === null) return null;
  const templates = buildContext().site.forges[repoId];
  return templates ? bindForge(templates, head) : null;
}

/** The forge links of a project's canonical repository at its landed head, or null. */
export async function projectForge(projectId: string, repoId: string | null): Promise<BoundForge | null> {
  if (repoId === null || !buildContext().site.forges[repoId]) return null;
  let head = heads.get(projectId);
  if (!head) {
    head = readSummary(buildContext().cacheDir, projectId).then((s) => s?.repository.head ?? null, () => null);
    heads.set(projectId, head);
  }
  return repositoryForge(repoId, await head);
}
