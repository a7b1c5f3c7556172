/**
 * The cache key of a `.beads/` folder without an export (src/lib/archive/project-digest.ts):
 * its metadata and the names inside it, which is all Trailbook reads of it; and, when bd is
 * to be run on it, the path, size and modification time of every file bd would read, so a
 * changed database is exported again. Bounded like the copy bd runs on.
 */
import { createHash } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readStoreFacts } from './beads-store.ts';
import { MAX_COPY_ENTRIES } from './export-copy.ts';

/** A hex digest standing for the folder at `path`. Never throws. */
export async function beadsStoreKey(path: string, runBdExport: boolean): Promise<string> {
  const hash = createHash('sha256');
  const facts = await readStoreFacts(path);
  hash.update(JSON.stringify(facts));
  if (runBdExport) {
    hash.update('\0bd-export\0');
    const stack = [''];
    let entries = 0;
    while (stack.length > 0 && entries <= MAX_COPY_ENTRIES) {
      const rel = stack.pop() as string;
      const list = await readdir(join(path, rel), { withFileTypes: true }).catch(() => []);
      list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of list) {
        entries++;
        const child = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) stack.push(child);
        else if (e.isFile()) {
          const info = await lstat(join(path, child), { bigint: true }).catch(() => null);
          hash.update(`${child}\0${info?.size ?? ''}\0${info?.mtimeNs ?? ''}\0`);
        }
      }
    }
  }
  return hash.digest('hex');
}
