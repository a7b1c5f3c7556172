/**
 * The output and cache folders a build may replace: refused when replacing them would destroy
 * input, the tool, the working folder, the model store or a folder of the user's, with a fix
 * that works (a folder beside the records, never among them).
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { UsageError } from './output.ts';
import { fromCwd, PACKAGE_ROOT, within } from './paths.ts';
import { defaultSiteDir } from './user-cache.ts';

/** The real path of `path`, resolving links in the part that exists. */
async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    const real = await realpath(current).catch(() => null);
    if (real !== null) return join(real, ...rest.reverse());
    const parent = dirname(current);
    if (parent === current) return path;
    rest.push(basename(current));
    current = parent;
  }
}

/** Whether a folder holds a Trailbook archive (so replacing it loses nothing of the user's). */
async function isArchive(dir: string): Promise<boolean> {
  const has = (p: string): Promise<boolean> => stat(join(dir, p)).then(() => true, () => false);
  // manifest.json since the search index of issue 11; facets.json before it.
  return (await has('index.html')) && ((await has('search-index/manifest.json')) || (await has('search-index/facets.json')));
}

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

/** Refuses output and cache folders whose replacement would lose something (links resolved first). Throws {@link UsageError}. */
export async function checkFolders(outDir: string, cacheDir: string, roots: string[]): Promise<void> {
  const hint = `pass --out a folder of its own outside the records, e.g. --out ${asTyped(suggestOut(roots))}`;
  const out = await realPathOf(outDir);
  const cache = await realPathOf(cacheDir);
  for (const given of roots) {
    const root = await realPathOf(given);
    if (within(out, root)) throw new UsageError(`--out ${fromCwd(outDir)} contains the input folder ${fromCwd(given)}; the output folder is replaced on every build`, hint);
    if (within(root, out)) throw new UsageError(`--out ${fromCwd(outDir)} is inside the input folder ${fromCwd(given)}; the archive would be read as input next time`, hint);
  }
  if (within(out, PACKAGE_ROOT) || within(out, process.cwd())) throw new UsageError(`--out ${fromCwd(outDir)} would replace ${within(out, process.cwd()) ? 'the working folder' : "Trailbook's own folder"}`, hint);
  if (within(out, cache) || within(cache, out)) {
    throw new UsageError(`--cache-dir ${fromCwd(cacheDir)} and --out ${fromCwd(outDir)} overlap; the output folder is replaced on every build`, 'leave --cache-dir out to keep the cache in the per-user cache folder, or give it a folder of its own');
  }
  const kind = await stat(outDir).catch(() => null);
  if (kind !== null && !kind.isDirectory()) {
    throw new UsageError(`--out ${fromCwd(outDir)} is a file, not a folder; it would be replaced`, 'pass a new or empty folder');
  }
  const entries = await readdir(outDir).catch(() => [] as string[]);
  if (entries.length > 0 && !(await isArchive(outDir))) {
    throw new UsageError(`--out ${fromCwd(outDir)} is not empty and does not hold a Trailbook archive; it would be replaced`, 'pass a new or empty folder, or delete that one first');
  }
}
