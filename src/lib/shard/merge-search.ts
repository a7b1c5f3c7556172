/**
 * The merged archive's search index (issue 17, scope 2; the index of issue 11): one index over
 * every shard's projects, with every filter, equal to a single build's.
 *
 * Each shard keeps the search index part of each of its projects (`trailbook-shard/search/<id>.v8`,
 * its doc store in the shard's `search-index/docs/p/<id>/`). A part holds everything analysed
 * about a project's records and depends on that project alone, so the merge takes it as it is;
 * a repository's part (its commit and file pages, cited from projects of several shards) is
 * made again from every project's cited list, as the single build makes it. The parts are then
 * merged as a build merges its own (src/lib/search/write-search-index.ts, index/merge.ts): no
 * record is analysed again, and the index files are byte for byte the single build's.
 *
 * Chosen over merging the shards' finished indexes: an index numbers its documents across all
 * its parts (severity tier first), so two indexes cannot be joined without decoding every
 * posting, which is what merging parts does anyway. Measured in docs/performance.md.
 */
import { join } from 'node:path';
import { readCachedPart, writeSearchIndex, type SearchIndexProgress, type SearchIndexStats } from '../search/write-search-index.ts';
import type { GivenShard } from './check-shards.ts';
import type { MergePlan } from './merge.ts';
import { shardPaths, ShardError } from './manifest.ts';

/**
 * Writes `search-index/` of the merged archive into `outDir`, from the merge's model store in
 * `storeDir` (prepareMergeStore, src/lib/shard/merge.ts) and each project's part in its shard
 * (`shardOf`: project id → its shard's folder and name, {@link MergePlan.shardOf}); the merge's
 * search cache (`storeDir/search/`) keeps parts and the main index for the next merge, which
 * reuses them as an incremental build does. Throws {@link ShardError} naming the shard whose
 * part of a project is missing or unreadable. `onProgress` is told how far the parts and the
 * merge are.
 */
export async function writeMergedSearch(shardOf: ReadonlyMap<string, Pick<GivenShard, 'dir' | 'display'>>, storeDir: string, outDir: string, base: string, onProgress?: (progress: SearchIndexProgress) => void): Promise<SearchIndexStats> {
  return writeSearchIndex(storeDir, outDir, base, {
    ...(onProgress ? { onProgress } : {}),
    projectPart: async (id) => {
      const shard = shardOf.get(id) as Pick<GivenShard, 'dir' | 'display'>;
      const path = join(shardPaths(shard.dir).search, `${id}.v8`);
      try {
        return { part: await readCachedPart(path, `p/${id}`), file: path, docsDir: join(shard.dir, 'search-index', 'docs', 'p', id) };
      } catch (error) {
        throw new ShardError(`shard ${shard.display} has no readable search index part of ${id} (${(error as Error).message})`, 'build the shard again');
      }
    },
  });
}
