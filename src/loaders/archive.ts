/**
 * The archive as the loaders see it: the core pipeline run once per process (memoised),
 * with the model store in TRAILBOOK_CACHE_DIR, so unchanged projects are not re-parsed.
 */
import { analyseArchive, type ArchiveResult } from '../lib/archive/analyse-archive.ts';
import { buildEnv } from '../lib/archive/build-env.ts';
import { pathFilter } from '../lib/config/glob.ts';

let archive: Promise<ArchiveResult> | null = null;

/** The analysed archive (discovery, parse, check), computed once. */
export function loadArchive(): Promise<ArchiveResult> {
  archive ??= (async () => {
    const env = buildEnv();
    const accept = pathFilter(env.filter.include, env.filter.exclude);
    return analyseArchive({ roots: env.inputs, cacheDir: env.cacheDir, ...(accept ? { accept } : {}) });
  })();
  return archive;
}
