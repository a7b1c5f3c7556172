/**
 * The seal of a built output (rel9): what a rebuild or a second merge checks before it carries
 * the previous output's pages into the new one. The previous output is a cache, and nothing read
 * from a cache is trusted unchecked.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folders of an output whose files a rebuild carries over (the pages of projects, commits and files, and the assets). */
const SEALED_FOLDERS = ['p', 'r', '_astro'] as const;

/**
 * The seal of the files a rebuild may carry over from `outDir` ({@link SEALED_FOLDERS}): a
 * SHA-256 (32 hex digits) of every file's path, size and modification time (whole seconds), in
 * path order. Carried files are hard links, so the seal of an output holds until a file in it is
 * written, cut, added or removed; not inodes, nor times finer than a second: an output and its
 * cache restored by a copy or an archive that keeps times (a CI cache) stay sealed (rel9: a page cut to 3 bytes in the output was
 * carried into every later build; the previous output is a cache, and nothing read from a cache
 * is trusted unchecked). Synchronous: one `stat` a file (tens of thousands at 1,000 projects).
 */
export function outputSeal(outDir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(join(outDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const childRel = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(childRel);
      else {
        const st = statSync(join(outDir, childRel), { throwIfNoEntry: false });
        hash.update(`${childRel}\0${st ? `${st.size}\0${Math.floor(st.mtimeMs / 1000)}` : '-'}\n`);
      }
    }
  };
  for (const folder of SEALED_FOLDERS) walk(folder);
  return hash.digest('hex').slice(0, 32);
}
