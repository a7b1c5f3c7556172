/**
 * Worker thread that writes what is derived from the model store while the main thread
 * renders pages with Astro (two cores): each changed
 * project's exports, then the search indexes. Receives {cacheDir, outDir, base, siteUrl,
 * title, recapHtml, decisionsCsv, baseline, published, mergeAll}; posts {progress} now and then (the search index's parts and merge), then
 * {stats, exports} or {error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeSearchIndex } from '../lib/search/write-search-index.ts';
import { archiveRoot } from '../lib/export/site-url.ts';
import { writeProjectExports } from '../integrations/project-exports.ts';
import { buildBaseline } from '../lib/baseline/build-baseline.ts';
import type { BuildContext } from '../lib/config/build-context.ts';

const { cacheDir, outDir, base, siteUrl, title, recapHtml, decisionsCsv, baseline, published, mergeAll } = workerData as { cacheDir: string; outDir: string; base: string; siteUrl: string | undefined; title: string; recapHtml: boolean; decisionsCsv: boolean; baseline?: BuildContext['baseline']; published: string | null; mergeAll?: boolean };
try {
  const accepted = buildBaseline(baseline);
  const exports = await writeProjectExports(cacheDir, outDir, { base, root: archiveRoot(siteUrl, base), title, recapHtml, decisionsCsv, baseline: accepted });
  parentPort?.postMessage({ stats: await writeSearchIndex(cacheDir, outDir, base, { baseline: accepted, onProgress: (progress) => parentPort?.postMessage({ progress }), ...(published ? { published } : {}), ...(mergeAll === true ? { mergeAll } : {}) }), exports });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
