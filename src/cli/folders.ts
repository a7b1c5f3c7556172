/**
 * The output and cache folders a build may replace, as the CLI says it: the core decides
 * (src/lib/build/output-folders.ts), this file words its refusals with a fix that works (a
 * folder beside the records, never among them).
 */
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { refuseFolders, type FolderRefusal } from '../lib/build/output-folders.ts';
import { UsageError } from './output.ts';
import { fromCwd, PACKAGE_ROOT, within } from './paths.ts';
import { defaultSiteDir } from './user-cache.ts';

/** Whether `out` is a usable output folder for these inputs: not among them, holding none of them, nor the working folder or Trailbook. */
function usableOut(out: string, roots: readonly string[], cwd: string): boolean {
  return roots.every((r) => !within(r, out) && !within(out, r)) && !within(out, cwd) && !within(out, PACKAGE_ROOT);
}

/**
 * An output folder to suggest when the one given cannot be used: `trailbook-site` beside the
 * input folder that holds the working folder (else beside the first input), so `build .` is
 * told `--out ../trailbook-site`; when that is no better, the per-user default.
 */
export function suggestOut(roots: readonly string[], cwd: string = process.cwd()): string {
  const home = roots.find((r) => within(r, cwd)) ?? roots[0] ?? cwd;
  const beside = join(dirname(home), 'trailbook-site');
  return usableOut(beside, roots, cwd) ? beside : defaultSiteDir(roots);
}

/** A folder as a user would type it: relative to the working folder when at most two levels up, else absolute. */
function asTyped(path: string): string {
  const rel = relative(process.cwd(), path);
  return !isAbsolute(rel) && rel.split(sep).filter((s) => s === '..').length <= 2 ? rel : path;
}

/** A refused output or cache folder (src/lib/build/output-folders.ts) as the CLI says it; `hint`: the fix for a folder among the records. */
export function folderError(refusal: FolderRefusal, hint: string): UsageError {
  switch (refusal.code) {
    case 'out-holds-input':
      return new UsageError(`--out ${fromCwd(refusal.out)} contains the input folder ${fromCwd(refusal.input)}; the output folder is replaced on every build`, hint);
    case 'out-inside-input':
      return new UsageError(`--out ${fromCwd(refusal.out)} is inside the input folder ${fromCwd(refusal.input)}; the archive would be read as input next time`, hint);
    case 'out-replaces-working-folder':
      return new UsageError(`--out ${fromCwd(refusal.out)} would replace the working folder`, hint);
    case 'out-replaces-trailbook':
      return new UsageError(`--out ${fromCwd(refusal.out)} would replace Trailbook's own folder`, hint);
    case 'cache-overlaps-out':
      return new UsageError(`--cache-dir ${fromCwd(refusal.cache)} and --out ${fromCwd(refusal.out)} overlap; the output folder is replaced on every build`, 'leave --cache-dir out to keep the cache in the per-user cache folder, or give it a folder of its own');
    case 'out-not-an-archive':
      return new UsageError(`--out ${fromCwd(refusal.out)} is not empty and does not hold a Trailbook archive; it would be replaced`, 'pass a new or empty folder, or delete that one first');
    case 'out-is-a-file':
      return new UsageError(`--out ${fromCwd(refusal.out)} is a file, not a folder; it would be replaced`, 'pass a new or empty folder');
  }
}

/** Refuses output and cache folders whose replacement would lose something (links resolved first). Throws {@link UsageError}. */
export async function checkFolders(outDir: string, cacheDir: string, roots: string[]): Promise<void> {
  const refusal = await refuseFolders(outDir, cacheDir, roots, { packageRoot: PACKAGE_ROOT, cwd: process.cwd() });
  if (refusal) throw folderError(refusal, `pass --out a folder of its own outside the records, e.g. --out ${asTyped(suggestOut(roots))}`);
}
