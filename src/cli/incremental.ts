/**
 * Incremental builds (issue 5): decide whether the previous output can be reused, and carry
 * its unchanged pages into the new one (by renaming: a project's folder moves in one step). See src/lib/archive/render-plan.ts for the plan the
 * pages read.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { RenderRecord } from '../lib/archive/render-plan.ts';
import { PACKAGE_ROOT } from './paths.ts';

const recordFile = (cacheDir: string): string => join(cacheDir, 'rendered.json');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of (await readdir(d, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(dir);
  return out;
}

/**
 * Fingerprint of everything that shapes rendered pages apart from the data: Trailbook's
 * sources (src/), the Astro config and the locked dependency versions.
 */
export async function siteFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const files = [...(await listFiles(join(PACKAGE_ROOT, 'src'))), join(PACKAGE_ROOT, 'astro.config.mjs'), join(PACKAGE_ROOT, 'package-lock.json')];
  for (const file of files) hash.update(relative(PACKAGE_ROOT, file)).update('\0').update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** The previous build's record when its pages can be reused for this build, else null. */
export async function reusableRecord(cacheDir: string, outDir: string, site: string, base: string): Promise<RenderRecord | null> {
  const hasSite = await stat(join(outDir, 'index.html')).then((s) => s.isFile(), () => false);
  if (!hasSite) return null;
  try {
    const record = JSON.parse(await readFile(recordFile(cacheDir), 'utf8')) as RenderRecord & { outDir?: string };
    if (record.site !== site || record.base !== base || record.outDir !== outDir) return null;
    return record;
  } catch {
    return null;
  }
}

/** Records what this build rendered, for the next one. */
export async function writeRecord(cacheDir: string, outDir: string, record: RenderRecord): Promise<void> {
  await writeFile(recordFile(cacheDir), JSON.stringify({ ...record, outDir }));
}

/** The render-plan key owning an output path (posix, relative to the site), or null for site-wide files. */
export function ownerKey(rel: string): string | null {
  const parts = rel.split('/');
  if (parts[0] === 'p' && parts.length >= 3) {
    if (parts[2] === 'file') return `file:p/${parts[1]}/${parts.slice(3, -1).join('/')}`;
    return `project:${parts[1]}`;
  }
  if (parts[0] === 'r' && parts.length >= 5) {
    if (parts[2] === 'commit') return `commit:${parts[1]}/${parts[3]}`;
    if (parts[2] === 'file') return `file:r/${parts[1]}/${parts.slice(3, -1).join('/')}`;
  }
  return null;
}

/**
 * The render-plan key owning a whole folder of the output, when everything under it belongs
 * to one entry: `p/<id>` (a project: its recap, exports, issue pages and cited artifacts, which
 * change only with the project's rows) and `r/<repo>/commit/<sha>`. Null otherwise.
 */
export function folderOwnerKey(rel: string): string | null {
  const parts = rel.split('/');
  if (parts.length === 2 && parts[0] === 'p') return `project:${parts[1]}`;
  if (parts.length === 4 && parts[0] === 'r' && parts[2] === 'commit') return `commit:${parts[1]}/${parts[3]}`;
  return null;
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/**
 * Moves into the new output everything of the previous output that this build did not write
 * again and whose entry still exists: whole folders where one entry owns them (one rename
 * for a project's pages), single pages elsewhere, and every asset under `_astro/`. The
 * previous output is consumed: the caller replaces it with the new one right after.
 * Returns how many files and folders were carried over.
 */
export async function carryOver(previousOut: string, newOut: string, pages: Readonly<Record<string, string>>, previousPages: Readonly<Record<string, string>> = {}): Promise<number> {
  let carried = 0;
  // A repository's whole folder moves in one step when none of its pages was written again
  // and none of its commits or files stopped being cited.
  const lostRepos = new Set<string>();
  for (const key of Object.keys(previousPages)) {
    if (key in pages) continue;
    const repo = /^commit:([^/]+)\//.exec(key)?.[1] ?? /^file:r\/([^/]+)\//.exec(key)?.[1];
    if (repo) lostRepos.add(repo);
  }
  const wholeRepo = (rel: string): boolean => {
    const parts = rel.split('/');
    return parts.length === 2 && parts[0] === 'r' && !lostRepos.has(parts[1] as string);
  };
  const visit = async (rel: string): Promise<void> => {
    const from = join(previousOut, rel);
    for (const entry of (await readdir(from, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      const target = join(newOut, childRel);
      if (entry.isDirectory()) {
        if (wholeRepo(childRel) && !(await exists(target))) {
          await mkdir(dirname(target), { recursive: true });
          await rename(join(from, entry.name), target);
          carried++;
          continue;
        }
        const owner = folderOwnerKey(childRel);
        if (owner !== null && !(await exists(target))) {
          if (owner in pages) {
            await mkdir(dirname(target), { recursive: true });
            await rename(join(from, entry.name), target);
            carried++;
          }
          continue;
        }
        await visit(childRel);
        continue;
      }
      if (!entry.isFile() || (await exists(target))) continue;
      const owner = ownerKey(childRel);
      if (owner === null ? !childRel.startsWith('_astro/') : !(owner in pages)) continue;
      await mkdir(dirname(target), { recursive: true });
      await rename(join(from, entry.name), target).catch(() => copyFile(join(from, entry.name), target));
      carried++;
    }
  };
  await visit('');
  return carried;
}
