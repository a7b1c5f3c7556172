/**
 * Worker thread of `trailbook merge` (issue 17, scope 2): writes the merged archive's search
 * index (src/lib/shard/merge-search.ts) while the main thread renders the pages that span
 * projects and copies the shards' pages, as a build writes its index beside Astro's render.
 * Receives {shards: [project id, {dir, display}][], storeDir, outDir, base}; posts {progress}
 * now and then, then {stats} or {error, hint} (hint: what a ShardError tells the user to do).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeMergedSearch } from '../lib/shard/merge-search.ts';
import { ShardError } from '../lib/shard/manifest.ts';
import type { GivenShard } from '../lib/shard/check-shards.ts';

const { shards, storeDir, outDir, base } = workerData as { shards: Array<[string, Pick<GivenShard, 'dir' | 'display'>]>; storeDir: string; outDir: string; base: string };
try {
  parentPort?.postMessage({ stats: await writeMergedSearch(new Map(shards), storeDir, outDir, base, (progress) => parentPort?.postMessage({ progress })) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message, ...(error instanceof ShardError ? { hint: error.hint } : {}) });
}
