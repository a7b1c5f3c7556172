/**
 * The output and cache folders a build or merge may replace (issue 31, scope 6: the core's
 * problems as codes with data, worded by the CLI in src/cli/folders.ts): refused when replacing
 * them would destroy input, the tool, the working folder, the model store or a folder of the
 * user's. Links are resolved first, so a link to an input is refused as the input is.
 */
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';

/** Whether `child` is `parent` or lies under it (absolute paths). */
function within(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/**
 * Why an output or cache folder is refused; paths as given (absolute, links not resolved).
 * - `out-holds-input`: the output folder contains the input folder `input`.
 * - `out-inside-input`: the output folder is inside the input folder `input`.
 * - `out-replaces-working-folder`, `out-replaces-trailbook`: it is, or holds, the working folder or Trailbook's own folder.
 * - `cache-overlaps-out`: the cache and output folders hold one another.
 * - `out-is-a-file`: it names a file, not a folder (replacing it would delete the file).
 * - `out-not-an-archive`: it holds files and no Trailbook archive.
 */
export type FolderRefusal =
  | { code: 'out-holds-input'; out: string; input: string }
  | { code: 'out-inside-input'; out: string; input: string }
  | { code: 'out-replaces-working-folder'; out: string }
  | { code: 'out-replaces-trailbook'; out: string }
  | { code: 'cache-overlaps-out'; out: string; cache: string }
  | { code: 'out-is-a-file'; out: string }
  | { code: 'out-not-an-archive'; out: string };

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

/** Files only Trailbook writes at the root of an archive, each known by the version its first bytes name. */
const ARCHIVE_FILES: ReadonlyArray<[string, RegExp]> = [
  ['archive.json', /"version"\s*:\s*"trailbook\.archive\//],
  ['report.json', /"version"\s*:\s*"trailbook\.report\//],
  ['history.json', /"version"\s*:\s*"trailbook\.history\//],
  // Not a page alone, even one of Trailbook's (its theme script): a person may have saved one
  // into a folder of their own, which a build must never replace.
];

/** The first bytes of a file (at most 2 KiB), or null when it cannot be read. */
async function headOf(path: string): Promise<string | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (handle === null) return null;
  try {
    const buffer = Buffer.alloc(2048);
    const { bytesRead } = await handle.read(buffer, 0, 2048, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Whether a folder holds a Trailbook archive (so replacing it loses nothing of the user's): its
 * index page and search index, or, for an archive that lost files (half of it deleted, its
 * index.html gone), one of the files only Trailbook writes ({@link ARCHIVE_FILES}). A
 * fault-injecting trial: such an archive was refused on every later build ("is not empty and
 * does not hold a Trailbook archive"), and served damaged until the user deleted it.
 */
async function isArchive(dir: string): Promise<boolean> {
  const has = (p: string): Promise<boolean> => stat(join(dir, p)).then(() => true, () => false);
  // manifest.json since the search index of issue 11; facets.json before it.
  if ((await has('index.html')) && ((await has('search-index/manifest.json')) || (await has('search-index/facets.json')))) return true;
  for (const [file, version] of ARCHIVE_FILES) if (version.test((await headOf(join(dir, file))) ?? '')) return true;
  return false;
}

/**
 * The first reason the output folder `outDir` and cache folder `cacheDir` cannot be used with
 * the input folders `roots`, or null when they can. `packageRoot` is Trailbook's folder, `cwd`
 * the working folder (both absolute).
 */
export async function refuseFolders(outDir: string, cacheDir: string, roots: readonly string[], where: { packageRoot: string; cwd: string }): Promise<FolderRefusal | null> {
  const out = await realPathOf(outDir);
  const cache = await realPathOf(cacheDir);
  for (const given of roots) {
    const root = await realPathOf(given);
    if (within(out, root)) return { code: 'out-holds-input', out: outDir, input: given };
    if (within(root, out)) return { code: 'out-inside-input', out: outDir, input: given };
  }
  if (within(out, where.cwd)) return { code: 'out-replaces-working-folder', out: outDir };
  if (within(out, where.packageRoot)) return { code: 'out-replaces-trailbook', out: outDir };
  if (within(out, cache) || within(cache, out)) return { code: 'cache-overlaps-out', out: outDir, cache: cacheDir };
  const kind = await stat(outDir).catch(() => null);
  if (kind !== null && !kind.isDirectory()) return { code: 'out-is-a-file', out: outDir };
  const entries = await readdir(outDir).catch(() => [] as string[]);
  if (entries.length > 0 && !(await isArchive(outDir))) return { code: 'out-not-an-archive', out: outDir };
  return null;
}
