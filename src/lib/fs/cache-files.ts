/**
 * Files of the cache folder (the model store, the evidence store, the search index's parts and
 * state): written atomically, read back as JSON or as nothing.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` to `path` through a temporary file beside it and a rename, so a reader (or a
 * build stopped half-way) never sees a half-written file. Creates the folder. Raises what the
 * file system raises.
 */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
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
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    onDamage(text.length === 0 ? 'empty' : 'not JSON: cut short or altered');
    return null;
  }
}
