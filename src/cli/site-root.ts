/**
 * The folder Astro renders from. Astro writes `.astro/` (generated types and content modules)
 * into its root on every build, so an installed Trailbook, whose folder may belong to root
 * (`sudo npm install -g`) and sits inside node_modules, renders from a per-user copy of its site
 * sources instead: `<userCacheRoot>/site-<fingerprint>-<install>/` with `src/`, `public/`,
 * `astro.config.mjs`, `tsconfig.json` and `package.json`, and `node_modules` linked to the
 * folder its dependencies resolve from. A checkout renders from itself.
 *
 * An install stands alone (issue 28, scope 6): the copy is keyed by the install it belongs to
 * (its folder and its dependencies' folder), not only by the code, and is checked before each
 * use (its install named, its `node_modules` link leading to that install's dependencies, Astro
 * there): a copy whose install was removed or moved is made again, so installing, upgrading or
 * removing one install never breaks another. Copies of installs that no longer exist are removed.
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { dependenciesFolder, PACKAGE_ROOT } from './paths.ts';
import { userCacheRoot } from './user-cache.ts';

const SITE_SOURCES = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'];
const READY = '.trailbook-site-ready';

/** An install of Trailbook: its package folder and the folder its dependencies resolve from. */
export interface Install {
  root: string;
  deps: string;
}

/** This Trailbook's install. */
export function thisInstall(): Install {
  return { root: PACKAGE_ROOT, deps: dependenciesFolder() };
}

/** Whether this Trailbook is an installed package (inside a node_modules folder). */
export function isInstalled(root: string = PACKAGE_ROOT): boolean {
  return root.split(sep).includes('node_modules');
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

/** Whether the copy in `dir` belongs to `install` and what it links to is there. */
async function usable(dir: string, install: Install): Promise<boolean> {
  if ((await readFile(join(dir, READY), 'utf8').catch(() => null)) !== `${install.root}\n`) return false;
  if ((await readlink(join(dir, 'node_modules')).catch(() => null)) !== install.deps) return false;
  return exists(join(dir, 'node_modules', 'astro', 'package.json'));
}

/** Removes the site copies under `cacheRoot` of installs that no longer exist (their package.json gone). */
async function pruneCopies(cacheRoot: string, keep: string): Promise<void> {
  for (const name of await readdir(cacheRoot).catch(() => [] as string[])) {
    if (!/^site-[0-9a-f]+(-[0-9a-f]{8})?$/.test(name) || join(cacheRoot, name) === keep) continue;
    const owner = await readFile(join(cacheRoot, name, READY), 'utf8').catch(() => null);
    if (owner === null || (await exists(join(owner.trim(), 'package.json')))) continue;
    await rm(join(cacheRoot, name), { recursive: true, force: true });
  }
}

/**
 * The Astro root for a build, given the site fingerprint (src/lib/build/incremental.ts): the package
 * itself in a checkout, else the per-user copy of `install`, made when there is none it can
 * use (copied into a temporary folder and renamed, so concurrent builds never see half a copy).
 */
export async function siteRoot(fingerprint: string, cacheRoot: string = userCacheRoot(), install: Install = thisInstall()): Promise<string> {
  if (!isInstalled(install.root)) return install.root;
  const key = createHash('sha256').update(`${install.root}\0${install.deps}`).digest('hex').slice(0, 8);
  const dir = join(cacheRoot, `site-${fingerprint.slice(0, 16)}-${key}`);
  if (await usable(dir, install)) return dir;
  const temp = `${dir}.${process.pid}-${Date.now().toString(36)}`;
  await mkdir(temp, { recursive: true });
  try {
    for (const name of SITE_SOURCES) await cp(join(install.root, name), join(temp, name), { recursive: true });
    await symlink(install.deps, join(temp, 'node_modules'), 'dir');
    await writeFile(join(temp, READY), `${install.root}\n`);
    await rename(temp, dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      // Another build made the same copy first: use it; a copy that cannot be used is replaced.
      if (await usable(dir, install)) return;
      await rm(dir, { recursive: true, force: true });
      await rename(temp, dir);
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  await pruneCopies(cacheRoot, dir);
  return dir;
}
