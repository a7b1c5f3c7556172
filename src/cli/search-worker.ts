/**
 * Worker thread that writes the search indexes while the main thread renders pages
 * (two cores: pagefind and Astro run side by side). Receives {cacheDir, outDir, base};
 * posts {stats} or {error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeSearchIndex } from '../lib/search/write-search-index.ts';

const { cacheDir, outDir, base } = workerData as { cacheDir: string; outDir: string; base: string };
try {
  parentPort?.postMessage({ stats: await writeSearchIndex(cacheDir, outDir, base) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
