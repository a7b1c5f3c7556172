/**
 * Putting files that already exist into an output folder: hard links where the file system
 * allows (a merge on the machine that downloaded the shards, or a search index taken from the
 * cache, writes no byte twice), copies elsewhere.
 */
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Links (or copies) one file to `to`, replacing what is there; creates its folder. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rm(to, { force: true });
  await link(from, to).catch(() => copyFile(from, to, constants.COPYFILE_FICLONE));
}

/** Links (or copies) every file under `from` to the same place under `to`; returns how many. Folders that do not exist hold nothing. */
export async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return 0;
  }
  await mkdir(to, { recursive: true });
  let n = 0;
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) n += await linkTree(source, target);
    else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target, constants.COPYFILE_FICLONE));
      n++;
    }
  }
  return n;
}
