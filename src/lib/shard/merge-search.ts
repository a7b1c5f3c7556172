/**
 * The merged archive's search index, from the shards' indexes without reading a model: each
 * project's facet shard is taken from its shard's output, and `facets.json` is summed from
 * them in the archive's order (src/lib/search/facet-index.ts). The word index is not merged
 * yet: search by words needs the row-level index of issue 11, whose parts merge by design.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mergeSummary, shardContribution, type FacetShard } from '../search/facet-index.ts';
import { urls } from '../site/urls.ts';
import type { MergePlan } from './merge.ts';
import { linkOrCopy } from './files.ts';

/** Writes `search-index/` of the merged archive into `outDir`. Throws naming a shard's missing file. */
export async function writeMergedSearch(plan: MergePlan, outDir: string, base: string): Promise<void> {
  await mkdir(join(outDir, 'search-index', 'p'), { recursive: true });
  const projects = [];
  for (const p of plan.projects) {
    const shard = plan.shardOf.get(p.id);
    if (!shard) continue;
    const from = join(shard.dir, 'search-index', 'p', `${p.id}.json`);
    const facetShard = JSON.parse(await readFile(from, 'utf8').catch(() => {
      throw new Error(`shard ${shard.display} has no search-index/p/${p.id}.json; build the shard again`);
    })) as FacetShard;
    await linkOrCopy(from, join(outDir, 'search-index', 'p', `${p.id}.json`));
    projects.push({ id: p.id, title: p.title, url: urls.project(base, p.id), contribution: shardContribution(facetShard) });
  }
  await writeFile(join(outDir, 'search-index', 'facets.json'), JSON.stringify(mergeSummary(projects, { delta: false, stale: [] })));
}
