/** What a build's output holds, and moving a folder's files into it. */
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The HTML pages under `dir`, as sorted `/`-separated relative paths. */
export async function htmlPages(dir: string): Promise<string[]> {
  return (await stagedFiles(dir)).pages;
}

/**
 * The HTML pages under `dir` (sorted `/`-separated relative paths) and how many files it holds
 * in all: one walk, which with the carry-over's own count gives the new output's totals without
 * walking the whole output again after the build (issue 30: 1.5–3.5 s at 1,000 projects).
 */
export async function stagedFiles(dir: string): Promise<{ pages: string[]; files: number }> {
  const pages: string[] = [];
  let files = 0;
  const walk = async (d: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(d, entry.name), `${prefix}${entry.name}/`);
      else {
        files++;
        if (entry.name.endsWith('.html')) pages.push(`${prefix}${entry.name}`);
      }
    }
  };
  await walk(dir, '');
  return { pages: pages.sort(), files };
}

/** Counts the files and pages under `dir`, and their bytes when `sizes` (a stat per file; else `bytes` is 0). */
export async function countFiles(dir: string, sizes = true): Promise<{ files: number; bytes: number; pages: number }> {
  let files = 0;
  let bytes = 0;
  let pages = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = await countFiles(path, sizes);
      files += sub.files;
      bytes += sub.bytes;
      pages += sub.pages;
    } else {
      files++;
      if (sizes) bytes += (await stat(path)).size;
      if (entry.name.endsWith('.html')) pages++;
    }
  }
  return { files, bytes, pages };
}

/** Moves every file under `from` to the same place under `to` (folders merged); a missing `from` moves nothing. */
export async function moveTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true }).catch(() => [])) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true });
      await moveTree(source, target);
    } else await rename(source, target);
  }
}
