/**
 * The folder Astro renders from. Astro writes `.astro/` (generated types and content modules)
 * into its root on every build, so an installed Trailbook, whose folder may belong to root
 * (`sudo npm install -g`) and sits inside node_modules, renders from a per-user copy of its site
 * sources instead: `<userCacheRoot>/site-<fingerprint>/` with `src/`, `public/`,
 * `astro.config.mjs`, `tsconfig.json` and `package.json`, and `node_modules` linked to the
 * folder its dependencies resolve from. A checkout renders from itself.
 */
import { cp, mkdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { dependenciesFolder, PACKAGE_ROOT } from './paths.ts';
import { userCacheRoot } from './user-cache.ts';

const SITE_SOURCES = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'];
const READY = '.trailbook-site-ready';

/** Whether this Trailbook is an installed package (inside a node_modules folder). */
export function isInstalled(root: string = PACKAGE_ROOT): boolean {
  return root.split(sep).includes('node_modules');
}

/**
 * The Astro root for a build, given the site fingerprint (src/cli/incremental.ts): the package
 * itself in a checkout, else the per-user copy, made once per fingerprint (copied into a
 * temporary folder and renamed, so concurrent builds never see half a copy).
 */
export async function siteRoot(fingerprint: string, cacheRoot: string = userCacheRoot()): Promise<string> {
  if (!isInstalled()) return PACKAGE_ROOT;
  const dir = join(cacheRoot, `site-${fingerprint.slice(0, 16)}`);
  if (await stat(join(dir, READY)).then(() => true, () => false)) return dir;
  const temp = `${dir}.${process.pid}-${Date.now().toString(36)}`;
  await mkdir(temp, { recursive: true });
  try {
    for (const name of SITE_SOURCES) await cp(join(PACKAGE_ROOT, name), join(temp, name), { recursive: true });
    await symlink(dependenciesFolder(), join(temp, 'node_modules'), 'dir');
    await writeFile(join(temp, READY), `${PACKAGE_ROOT}\n`);
    await rename(temp, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another build made the same copy first: use it.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return dir;
}
