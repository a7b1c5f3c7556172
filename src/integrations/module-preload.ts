/**
 * Adds `<link rel="modulepreload">` for the search page's imported chunks after Astro has
 * written the site (src/lib/site/module-preload.ts says why). Only the search page: its first
 * result waits on its script; a recap's script runs after the page is shown.
 */
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, posix } from 'node:path';
import { moduleScripts, staticImports, withModulePreloads } from '../lib/site/module-preload.ts';
import { normaliseBase } from '../lib/site/urls.ts';

/** Pages that get the preloads, relative to the output folder. */
const PAGES = ['search/index.html'];

/**
 * Every chunk `entry` (a URL path under `base`) imports, directly or through another chunk, as
 * URL paths; a chunk whose file is missing is left out.
 */
async function importedChunks(out: string, base: string, entry: string): Promise<string[]> {
  const seen: string[] = [];
  const visit = async (url: string): Promise<void> => {
    if (!url.startsWith(base)) return;
    const file = join(out, url.slice(base.length));
    if (!existsSync(file)) return;
    for (const spec of staticImports(await readFile(file, 'utf8'))) {
      const next = posix.join(posix.dirname(url), spec);
      if (seen.includes(next)) continue;
      seen.push(next);
      await visit(next);
    }
  };
  await visit(entry);
  return seen;
}

export default function modulePreload(): AstroIntegration {
  let base = '/';
  return {
    name: 'trailbook-module-preload',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = normaliseBase(config.base);
      },
      'astro:build:done': async ({ dir }) => {
        const out = fileURLToPath(dir);
        for (const page of PAGES) {
          const path = join(out, page);
          if (!existsSync(path)) continue;
          const html = await readFile(path, 'utf8');
          const chunks: string[] = [];
          for (const entry of moduleScripts(html)) for (const c of await importedChunks(out, base, entry)) if (!chunks.includes(c)) chunks.push(c);
          const next = withModulePreloads(html, chunks);
          if (next !== html) await writeFile(path, next);
        }
      },
    },
  };
}
