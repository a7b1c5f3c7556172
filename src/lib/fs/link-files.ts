/**
 * Putting files that already exist into an output folder: hard links where the file system
 * allows (a merge on the machine that downloaded the shards, or a search index taken from the
 * cache, writes no byte twice), copies elsewhere.
 */
import { constants, copyFileSync, linkSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Hard-links `from` to `to` (which must not exist), or copies it where links cannot be made. */
async function linkFile(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to, constants.COPYFILE_FICLONE));
}

/**
 * {@link linkFile} with synchronous calls. A source that does not exist raises its ENOENT
 * error (a copy would fail the same way); other link failures fall back to a copy.
 */
export function linkFileSync(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** Links (or copies) one file to `to`, replacing what is there; creates its folder. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rm(to, { force: true });
  await linkFile(from, to);
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
      await linkFile(source, target);
      n++;
    }
  }
  return n;
}

/**
 * {@link linkOrCopy} with synchronous calls, for a worker thread that owns its core (the search
 * index's): an awaited call per small file waits on the thread pool the main thread's writes use.
 */
export function linkOrCopySync(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  rmSync(to, { force: true });
  linkFileSync(from, to);
}

/**
 * {@link linkTree} with synchronous calls (see {@link linkOrCopySync}); returns how many files.
 * `pages`, when given, counts the HTML files among them (`pages.n`).
 */
export function linkTreeSync(from: string, to: string, pages?: { n: number }): number {
  let entries;
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch {
    return 0;
  }
  mkdirSync(to, { recursive: true });
  let n = 0;
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) n += linkTreeSync(source, target, pages);
    else if (entry.isFile()) {
      linkFileSync(source, target);
      n++;
      if (pages && entry.name.endsWith('.html')) pages.n++;
    }
  }
  return n;
}
