/**
 * Worker thread that carries over, while Astro bundles and renders on the main thread, the
 * folders of the previous output that nothing of this build writes into (issue 30; see
 * src/lib/build/incremental.ts `aheadFolders` and `carryAhead`). Receives {cacheDir,
 * previousOut, into, previousPages} (src/lib/build/build-archive.ts `CarryAheadRequest`) once
 * Astro's loaders have recorded the routes; posts {carried} (`CarriedAhead`) or {error}.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readRoutes } from '../lib/archive/render-plan.ts';
import { aheadFolders, carryAhead } from '../lib/build/incremental.ts';
import type { CarryAheadRequest } from '../lib/build/build-archive.ts';

const { cacheDir, previousOut, into, previousPages } = workerData as CarryAheadRequest;
try {
  const pages = await readRoutes(cacheDir);
  parentPort?.postMessage({ carried: carryAhead(previousOut, into, aheadFolders(previousOut, pages, previousPages)) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
