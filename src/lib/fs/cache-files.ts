/**
 * Files of the cache folder (the model store, the evidence store, the search index's parts and
 * state): written atomically, read back as JSON or as nothing.
 */
import { lstat, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { cacheNotice } from './cache-notice.ts';
import { dirname, join } from 'node:path';

/**
 * Writes `data` to `path` through a temporary file beside it and a rename, so a reader (or a
 * build stopped half-way) never sees a half-written file. Creates the folder. Raises what the
 * file system raises.
 */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, data);
    try {
      await rename(tmp, path);
    } catch (error) {
      // A folder where the file goes (a damaged cache): it is replaced, as a damaged file is (a
      // fault-injecting trial: every later build failed with "EISDIR … rename" and a stack trace).
      if (!FOLDER_IN_PLACE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await removeCacheFile(path);
      await rename(tmp, path);
    }
  } catch (error) {
    // A write that failed part-way (a full disk) leaves no temporary file behind: its pid-named
    // file was never removed, and kept the space a full disk lacks (rel14: search/parts/….v8.<pid>.tmp).
    await rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** The name {@link writeAtomic} gives a file while it writes it: `<name>.<pid>.tmp`. */
const TEMPORARY = /\.\d+\.tmp$/;

/** Folders of the cache written by Astro and Vite, not by {@link writeAtomic}: their files are theirs. */
const TOOL_FOLDERS = new Set(['astro', 'vite']);

/**
 * Removes the temporary files of {@link writeAtomic} (`<name>.<pid>.tmp`) under `cacheDir`, but
 * not inside Astro's and Vite's folders: what a build stopped mid-write (`kill -9`, SIGTERM) left
 * (they were never removed, and held their space for good). Only for a run that holds the cache
 * folder's lock, so no other run is writing them; it lists the whole cache (40 ms at 1,000
 * projects), so the lock calls it only after a run that did not finish (src/cli/writer-lock.ts).
 * Returns how many it removed; a folder that cannot be listed is passed over.
 */
export async function sweepTemporaryFiles(cacheDir: string): Promise<number> {
  let removed = 0;
  const walk = async (dir: string, top: boolean): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!(top && TOOL_FOLDERS.has(entry.name))) await walk(join(dir, entry.name), false);
      } else if (TEMPORARY.test(entry.name)) {
        await unlink(join(dir, entry.name)).then(
          () => removed++,
          () => undefined,
        );
      }
    }
  };
  await walk(cacheDir, true);
  return removed;
}

/** What `rename` of a file onto a folder raises (Linux: EISDIR; a folder not empty elsewhere: ENOTEMPTY, EEXIST). */
const FOLDER_IN_PLACE = new Set(['EISDIR', 'ENOTEMPTY', 'EEXIST']);

/**
 * Removes the cache file `path`, or a folder found in its place (a damaged cache: `rm` of a file
 * raised EISDIR, and every later build failed); nothing when it is missing. Raises what the file
 * system raises.
 */
export async function removeCacheFile(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

/**
 * The JSON in `path`, or null when the file is missing or not JSON (a cache entry that is not
 * there yet, or was cut short). The shape is the caller's: it is not validated.
 */
export async function readJsonOrNull<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The JSON in `path`, or null when the file is missing; when it is there but not JSON (cut
 * short, altered), also null, and `onDamage` is told (issue 28: a damaged cache entry is made
 * again with a notice). The shape is the caller's.
 */
export async function readCacheJson<T>(path: string, onDamage: (problem: string) => void): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // Missing: not made yet. Anything else is damage, said as such (the file is replaced when
    // written): a folder in its place, a file that cannot be read (permissions, a link loop).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') onDamage('a folder, not a file');
    else if (code !== 'ENOENT') onDamage(`it cannot be read (${code ?? (error as Error).message})`);
    return null;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    onDamage(text.length === 0 ? 'empty' : 'not JSON: cut short or altered');
    return null;
  }
}

/**
 * The folders of a build's cache (Astro's and Vite's, the model store, the search index, the
 * evidence store, the history), and the files of Astro's there, in the order they are checked.
 */
const CACHE_FOLDERS = ['astro', 'vite', 'projects', 'search', 'search/parts', 'search/docs', 'search/main', 'evidence', 'history', 'compare', 'routes'] as const;
const CACHE_TOOL_FILES = ['astro/data-store.json'] as const;

/**
 * Removes, before a build uses its cache, a file found where one of its folders goes and a
 * folder where Astro's content store goes, each with a notice (`the cache's search is damaged (a
 * file, not a folder); made again from the input`); what they held is made again. A fault-injecting
 * trial: every later build failed, with "EEXIST … mkdir", "ENOTDIR", or Astro's or Vite's
 * stack trace. Raises what the file system raises (a cache folder that cannot be read or written).
 */
export async function repairCacheFolders(cacheDir: string): Promise<void> {
  const kind = (path: string) => lstat(path).then((s) => (s.isDirectory() ? 'folder' : s.isFile() ? 'file' : 'other'), () => 'missing');
  for (const folder of CACHE_FOLDERS) {
    const path = join(cacheDir, ...folder.split('/'));
    const found = await kind(path);
    if (found === 'folder' || found === 'missing') continue;
    await removeCacheFile(path);
    cacheNotice(folder, found === 'file' ? 'a file, not a folder' : 'not a folder');
  }
  for (const file of CACHE_TOOL_FILES) {
    const path = join(cacheDir, ...file.split('/'));
    const found = await kind(path);
    if (found === 'file' || found === 'missing') continue;
    await removeCacheFile(path);
    cacheNotice(file, found === 'folder' ? 'a folder, not a file' : 'not a file');
  }
}
