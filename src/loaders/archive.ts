/**
 * The archive as the loaders see it: the core pipeline run once per process (memoised),
 * with the model store in TRAILBOOK_CACHE_DIR, so unchanged projects are not re-parsed.
 */
import { analyseArchive, type ArchiveResult } from '../lib/archive/analyse-archive.ts';
import { buildEnv } from '../lib/archive/build-env.ts';

let archive: Promise<ArchiveResult> | null = null;

/** The analysed archive (discovery, parse, check), computed once. */
export function loadArchive(): Promise<ArchiveResult> {
  archive ??= (async () => {
    const env = buildEnv();
    return analyseArchive({ roots: env.inputs, cacheDir: env.cacheDir });
  })();
  return archive;
}
