/**
 * The archive as the loaders see it: the core pipeline run once per process (memoised),
 * with the model store of the build context (src/lib/config/build-context.ts), so unchanged
 * projects are not re-parsed.
 */
import type { ArchiveResult } from '../lib/archive/analyse-archive.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { pathFilter } from '../lib/config/glob.ts';
import { readCited } from '../lib/archive/model-store.ts';
import { analysedArchive } from '../lib/archive/analysed-archive.ts';
import type { ProjectModel } from '../lib/model/types.ts';

let archive: Promise<ArchiveResult> | null = null;

/** The analysed archive (discovery, parse, check), computed once. */
export function loadArchive(): Promise<ArchiveResult> {
  archive ??= (async () => {
    const env = buildContext();
    // `trailbook build` has just analysed the archive: take its record instead of a second pass.
    const recorded = env.run ? await analysedArchive(env.cacheDir, env.run) : null;
    if (recorded) return recorded;
    // Imported only here (issue 30): Astro's loaders run through Vite, which transforms every
    // module they import, and the analysis's are more than 200 that a build run by the CLI
    // (which has analysed already) never calls.
    const { analyseArchive } = await import('../lib/archive/analyse-archive.ts');
    const accept = pathFilter(env.filter.include, env.filter.exclude);
    return analyseArchive({ roots: env.inputs, cacheDir: env.cacheDir, allowRepositories: env.allowRepositories, secrets: env.secrets, ...(accept ? { accept } : {}) });
  })();
  return archive;
}

/**
 * A project's cited commits and files, read from the model store. Not memoised: the evidence
 * loaders gather them once (src/loaders/evidence-loaders.ts), and a memo held every project's
 * lists through the render (issue 30, the build's peak memory).
 */
export function citedOf(id: string): Promise<ProjectModel['cited']> {
  return readCited(buildContext().cacheDir, id);
}
