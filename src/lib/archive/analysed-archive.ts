/**
 * The archive as an earlier analysis in the same build left it (`trailbook build` analyses,
 * then starts Astro): summaries from the model store, repositories reopened from their
 * recorded paths. Saves Astro's loaders a second pass over every input (docs/performance.md).
 */
import { GitRepository } from '../git/repository.ts';
import type { ArchiveResult } from './analyse-archive.ts';
import { readArchiveIndex, readSummary } from './model-store.ts';
import type { ProjectSummary } from './summary.ts';

/**
 * The archive recorded by analysis run `run`, or null when the index was written by another
 * run (or without one), or a summary is missing: the caller then analyses again.
 */
export async function analysedArchive(cacheDir: string, run: string): Promise<ArchiveResult | null> {
  const index = await readArchiveIndex(cacheDir).catch(() => null);
  if (!index || index.run !== run || !index.repositories || !index.projectDirs) return null;
  const projects: ProjectSummary[] = [];
  for (const { id, digest } of index.projects) {
    const summary = await readSummary(cacheDir, id);
    if (!summary || summary.digest !== digest) return null;
    projects.push(summary);
  }
  const repositories = new Map<string, GitRepository>();
  for (const [id, r] of Object.entries(index.repositories)) repositories.set(id, new GitRepository(r.dir, r.gitdir, r.headGitdir));
  return { projects, problems: [], changed: [], repositories, projectDirs: new Map(Object.entries(index.projectDirs)), discovered: index.projects.map((p) => p.id) };
}
