/**
 * Worker thread of `trailbook merge` (issue 17, scope 3): writes the merged archive's commit
 * and repository file pages (src/integrations/merged-evidence-pages.ts) while the main thread
 * renders the pages that span projects, beside the search index's worker. Receives
 * {projects, shards: [project id, shard][], storeDir, outDir, base, forges, previousPages};
 * posts {result} or {error}. A page is kept when the previous merge wrote it with the same
 * digest (`previousPages`, by render-plan key; null for a first merge).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { gatherEvidence } from '../lib/archive/evidence-entries.ts';
import { readCited } from '../lib/archive/model-store.ts';
import type { ProjectSummary } from '../lib/archive/summary.ts';
import type { ForgeTemplates } from '../lib/config/forge-styles.ts';
import type { GivenShard } from '../lib/shard/check-shards.ts';
import { writeEvidencePages } from '../integrations/merged-evidence-pages.ts';

const { projects, shards, storeDir, outDir, base, forges, previousPages } = workerData as {
  projects: ProjectSummary[];
  shards: Array<[string, GivenShard]>;
  storeDir: string;
  outDir: string;
  base: string;
  forges: Record<string, ForgeTemplates>;
  previousPages: Record<string, string> | null;
};
try {
  const entries = await gatherEvidence(projects, (id) => readCited(storeDir, id));
  const kept = (key: string, digest: string): boolean => previousPages?.[key] === digest;
  parentPort?.postMessage({ result: await writeEvidencePages({ entries, shardOf: new Map(shards), outDir, base, forges, kept }) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
