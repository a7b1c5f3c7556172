/**
 * Builds the pagefind index after Astro has written the site (as Starlight does, through the
 * Node API): one set of generated documents per project, read from the model store. The
 * rendered pages themselves are not indexed; the documents carry the rows and their filters.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildEnv } from '../lib/archive/build-env.ts';
import { readArchiveIndex, readModel } from '../lib/archive/model-store.ts';
import { searchDocuments } from '../lib/search/search-documents.ts';
import { normaliseBase } from '../lib/site/urls.ts';

export default function searchIndex(): AstroIntegration {
  let base = '/';
  return {
    name: 'trailbook-search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = normaliseBase(config.base);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const pagefind = await import('pagefind');
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
        const env = buildEnv();
        const archive = await readArchiveIndex(env.cacheDir);
        let documents = 0;
        for (const { id } of archive.projects) {
          const model = await readModel(env.cacheDir, id);
          for (const doc of searchDocuments(model, base)) {
            const added = await index.addHTMLFile({ url: doc.url, content: doc.html });
            if (added.errors.length > 0) logger.warn(`search record ${doc.url}: ${added.errors.join('; ')}`);
            documents++;
          }
        }
        const written = await index.writeFiles({ outputPath: join(fileURLToPath(dir), 'pagefind') });
        if (written.errors.length > 0) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
        await pagefind.close();
        logger.info(`search index: ${documents} documents from ${archive.projects.length} projects in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
