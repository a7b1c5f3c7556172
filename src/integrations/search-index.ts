/**
 * Writes the per-project exports and builds the search indexes after Astro has written the
 * site. `trailbook build` writes them itself, in a worker thread while Astro renders, and says
 * so in the build context (`searchIndex: 'external'`, src/lib/config/build-context.ts): this
 * hook then stands aside.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { buildContext } from '../lib/config/build-context.ts';
import { writeSearchIndex } from '../lib/search/write-search-index.ts';
import { normaliseBase } from '../lib/site/urls.ts';
import { archiveRoot } from '../lib/export/site-url.ts';
import { writeProjectExports } from './project-exports.ts';
import { buildBaseline } from '../lib/baseline/build-baseline.ts';

export default function searchIndex(): AstroIntegration {
  let base = '/';
  let site: string | undefined;
  return {
    name: 'trailbook-search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = normaliseBase(config.base);
        site = config.site;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const env = buildContext();
        if (env.searchIndex === 'external') return;
        const baseline = buildBaseline(env.baseline);
        await writeProjectExports(env.cacheDir, fileURLToPath(dir), { base, root: archiveRoot(env.site.url ?? site, base), title: env.site.title, recapHtml: env.site.recapHtml, decisionsCsv: env.site.decisionsCsv, baseline });
        const stats = await writeSearchIndex(env.cacheDir, fileURLToPath(dir), base, { baseline });
        for (const w of stats.warnings) logger.warn(w);
        logger.info(`search: ${stats.records} records from ${stats.projects} projects, ${stats.files} index files, in ${Math.round(stats.ms)} ms`);
      },
    },
  };
}
