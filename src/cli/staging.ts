/**
 * Rendering into a staging folder beside the output, then swapping it in: the previous
 * archive stays whole until the new one is complete, and concurrent builds never share
 * Astro's staging (Astro stages prerendered chunks under the working folder, which must
 * resolve Trailbook's node_modules: hence the link). Used by `build` and `merge`.
 */
import { rmSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dependenciesFolder } from './paths.ts';
import { siteRoot } from './site-root.ts';

/**
 * Runs `fn` with a fresh staging folder beside `outDir` as the working folder (`site` inside it
 * is where Astro writes), then returns to the working folder and removes the staging folder.
 * Unless `served`, a stop (Ctrl-C) while it runs removes the staging folder and exits 130.
 */
export async function withStaging<T>(outDir: string, served: boolean, fn: (staging: { dir: string; site: string }) => Promise<T>): Promise<T> {
  const dir = join(dirname(outDir), `.trailbook-staging-${process.pid}-${Date.now().toString(36)}`);
  const cwd = process.cwd();
  // Stopped while rendering (Ctrl-C), the build leaves nothing behind: the staging folder goes
  // (`dev` serves and stops on its own terms, src/cli/commands/dev.ts).
  const abandon = (): void => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  const stopSignals = served ? [] : (['SIGINT', 'SIGTERM', 'SIGHUP'] as const);
  for (const signal of stopSignals) process.on(signal, abandon);
  try {
    await mkdir(dir, { recursive: true });
    await symlink(dependenciesFolder(), join(dir, 'node_modules'), 'dir');
    process.chdir(dir);
    return await fn({ dir, site: join(dir, 'site') });
  } finally {
    for (const signal of stopSignals) process.off(signal, abandon);
    process.chdir(cwd);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Renders the site with Astro into `outDir` (from within {@link withStaging}); `code` is the site fingerprint. */
export async function renderWithAstro(code: string, outDir: string, base: string, siteUrl: string | null, verbose: boolean): Promise<void> {
  const cwd = process.cwd();
  const { build } = await import('astro');
  try {
    await build({ root: await siteRoot(code), outDir, base, ...(siteUrl ? { site: siteUrl } : {}), logLevel: verbose ? 'info' : 'error', mode: 'production' });
  } finally {
    process.chdir(cwd);
  }
  await rm(join(outDir, '.prerender'), { recursive: true, force: true });
}
