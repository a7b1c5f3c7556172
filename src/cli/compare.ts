/**
 * The configuration's `compare` pairs in `trailbook build` (issue 15, scope 6): resolved against
 * the archive and stored for the compare pages; a pair naming no project is a warning.
 */
import type { ProjectSummary } from '../lib/archive/summary.ts';
import { resolvePairs, writePairs } from '../lib/compare/compare-pairs.ts';
import type { Output } from './output.ts';

/** Resolves and stores this build's pairs. */
export async function storeComparePairs(wanted: ReadonlyArray<{ a: string; b: string }>, projects: readonly ProjectSummary[], cacheDir: string, run: string, out: Output): Promise<void> {
  const { pairs, problems } = resolvePairs(wanted, projects);
  for (const p of problems) out.info(`  warning: the configuration's ${p}`);
  await writePairs(cacheDir, run, pairs);
}
