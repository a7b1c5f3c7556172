/**
 * The output and cache folders a build may replace, as the CLI says it: the core decides
 * (src/lib/build/output-folders.ts), this file words its refusals with a fix that works (a
 * folder beside the records, never among them).
 */
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { refuseFolders, type FolderRefusal } from '../lib/build/output-folders.ts';
import { UsageError } from './output.ts';
import { fromCwd, PACKAGE_ROOT, within } from './paths.ts';
import type { FolderOrigin } from './settings.ts';
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

/** The output and cache folders of a refusal as the user gave them: a flag (`--out dist`) or a configuration key (`trailbook.config.json: out: dist`, the value relative to the file's folder). */
export interface FolderNames {
  /** The output folder, e.g. `--out dist`. */
  out: (path: string) => string;
  /** The cache folder, e.g. `--cache-dir .cache`. */
  cache: (path: string) => string;
  /** How to stop giving the cache folder: `leave --cache-dir out`, or `remove cacheDir from FILE`. */
  dropCache: string;
}

/** How a folder from `origin` is named: `--flag PATH`, or `FILE: key: PATH` with PATH as the file would hold it. */
function namer(origin: FolderOrigin, flag: string, key: string): (path: string) => string {
  if (origin.from === 'flag') return (path) => `${flag} ${fromCwd(path)}`;
  return (path) => `${origin.file}: ${key}: ${relative(origin.dir, path) || '.'}`;
}

/** Folder names for origins (src/cli/settings.ts); both flags when none are given. */
export function folderNames(origins?: { out: FolderOrigin; cacheDir: FolderOrigin }): FolderNames {
  const cache = origins?.cacheDir ?? { from: 'flag' };
  return {
    out: namer(origins?.out ?? { from: 'flag' }, '--out', 'out'),
    cache: namer(cache, '--cache-dir', 'cacheDir'),
    dropCache: cache.from === 'flag' ? 'leave --cache-dir out' : `remove cacheDir from ${cache.file}`,
  };
}

/**
 * A refused output or cache folder (src/lib/build/output-folders.ts) as the CLI says it; `hint`:
 * the fix for a folder among the records; `names`: how to name the folders (default: as the
 * flags `--out` and `--cache-dir`; a configuration file's `out` is named by the file and key).
 */
export function folderError(refusal: FolderRefusal, hint: string, names: FolderNames = folderNames()): UsageError {
  const out = 'out' in refusal ? names.out(refusal.out) : '';
  switch (refusal.code) {
    case 'out-holds-input':
      return refusal.out === refusal.input
        ? new UsageError(`${out} is the input folder; the output folder is replaced on every build`, hint)
        : new UsageError(`${out} contains the input folder ${fromCwd(refusal.input)}; the output folder is replaced on every build`, hint);
    case 'out-inside-input':
      return new UsageError(`${out} is inside the input folder ${fromCwd(refusal.input)}; the archive would be read as input next time`, hint);
    case 'out-replaces-working-folder':
      return new UsageError(`${out} would replace the working folder`, hint);
    case 'out-replaces-trailbook':
      return new UsageError(`${out} would replace Trailbook's own folder`, hint);
    case 'cache-overlaps-out':
      return new UsageError(`${names.cache(refusal.cache)} and ${out} overlap; the output folder is replaced on every build`, `${names.dropCache} to keep the cache in the per-user cache folder, or give it a folder of its own`);
    case 'out-not-an-archive':
      return new UsageError(`${out} is not empty and does not hold a Trailbook archive; it would be replaced`, 'pass a new or empty folder, or delete that one first');
    case 'out-is-a-file':
      return new UsageError(`${out} is a file, not a folder; it would be replaced`, 'pass a new or empty folder');
  }
}

/**
 * Refuses output and cache folders whose replacement would lose something (links resolved
 * first). `origins`: where the folders were given (src/cli/settings.ts); an `out` from the
 * configuration file is named by its file and key, and the fix says to change it there
 * (found by use7: `"out": "."` was refused as `--out .`, a flag the user never typed).
 * Throws {@link UsageError}.
 */
export async function checkFolders(outDir: string, cacheDir: string, roots: string[], origins?: { out: FolderOrigin; cacheDir: FolderOrigin }): Promise<void> {
  const refusal = await refuseFolders(outDir, cacheDir, roots, { packageRoot: PACKAGE_ROOT, cwd: process.cwd() });
  if (!refusal) return;
  const origin = origins?.out;
  const hint = origin?.from === 'config'
    ? `change out in ${origin.file} to a folder of its own outside the records, e.g. ${relative(origin.dir, suggestOut(roots)).split(sep).join('/')}`
    : `pass --out a folder of its own outside the records, e.g. --out ${asTyped(suggestOut(roots))}`;
  throw folderError(refusal, hint, folderNames(origins));
}
