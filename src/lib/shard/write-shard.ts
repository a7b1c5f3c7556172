/**
 * Writes a shard's data (src/lib/shard/manifest.ts) after `trailbook build --shard K/N` has
 * built its pages: the manifest, each project's summary, cited list, report details, build-history
 * state and search index part (linked from the model store and the search cache), and the full text of every
 * cited repository file too long to be shown whole, so a merge can cut its excerpt around the
 * lines other shards cite.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readCited, readModel, readSummary, storePaths } from '../archive/model-store.ts';
import { readProjectState } from '../build-history/history-store.ts';
import { projectState } from '../build-history/project-state.ts';
import { readCommitDetails, readKeyedExcerpt } from '../archive/evidence-store.ts';
import { gatherEvidence, type CitingProject } from '../archive/evidence-entries.ts';
import { isCutExcerpt, repositoryFileText } from '../git/file-excerpt.ts';
import type { GitRepository } from '../git/repository.ts';
import { cachedPartPath, PART_CACHE_VERSION } from '../search/write-search-index.ts';
import { linkOrCopy } from '../fs/link-files.ts';
import { SHARD_FORMAT, shardPaths, type ShardManifest } from './manifest.ts';

/** A long file's text as a shard keeps it. */
export interface LongFile {
  id: string;
  head: string;
  path: string;
  text: string;
}

/** The file name a long file entry is kept under. */
export const longFileName = (id: string): string => `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`;

/**
 * Writes `<outDir>/trailbook-shard/` for the shard described by `manifest`, from the model and
 * evidence stores in `cacheDir`. Throws (naming the file) when the store lacks a project.
 */
export async function writeShardData(cacheDir: string, outDir: string, manifest: Omit<ShardManifest, 'format' | 'files' | 'searchParts' | 'commits'>, repositories: ReadonlyMap<string, GitRepository>): Promise<ShardManifest> {
  const paths = shardPaths(outDir);
  await rm(paths.data, { recursive: true, force: true });
  await mkdir(paths.projects, { recursive: true });
  const projects: CitingProject[] = [];
  for (const { id } of manifest.projects) {
    const store = storePaths(cacheDir, id);
    await linkOrCopy(store.summary, join(paths.projects, `${id}.summary.json`));
    await linkOrCopy(store.cited, join(paths.projects, `${id}.cited.json`));
    await linkOrCopy(join(cacheDir, 'projects', `${id}.report.json`), join(paths.projects, `${id}.report.json`));
    await linkOrCopy(cachedPartPath(cacheDir, `p/${id}`), join(paths.search, `${id}.v8`));
    // Its build-history state, for the merge's history (src/lib/build-history/; stored at analysis).
    const state = (await readProjectState(cacheDir, id)) ?? projectState(await readModel(cacheDir, id));
    await writeFile(join(paths.projects, `${id}.state.json`), JSON.stringify(state));
    const summary = await readSummary(cacheDir, id);
    if (!summary) throw new Error(`Trailbook's model store has no readable summary of ${id} in ${cacheDir}; run the build again`);
    projects.push(summary);
  }
  const facts: ShardManifest['files'] = {};
  const { commits, files } = await gatherEvidence(projects, (id) => readCited(cacheDir, id));
  const parents: ShardManifest['commits'] = {};
  for (const entry of commits) {
    const details = await readCommitDetails(cacheDir, entry.repoId, entry.oid);
    parents[entry.id] = details !== null && 'parents' in details ? details.parents : [];
  }
  for (const entry of files) {
    if (entry.scope !== 'repository') continue;
    const stored = await readKeyedExcerpt(cacheDir, entry.id);
    const excerpt = stored?.excerpt ?? { problem: 'not read' };
    const item: ShardManifest['files'][string] = { facts: 'totalLines' in excerpt ? { totalLines: excerpt.totalLines, bytes: excerpt.bytes } : null };
    const repo = repositories.get(entry.owner);
    const text = entry.head !== null && isCutExcerpt(excerpt) && repo ? await repositoryFileText(repo, entry.head, entry.path) : null;
    if (text !== null && entry.head !== null) {
      item.long = longFileName(entry.id);
      await mkdir(paths.files, { recursive: true });
      await writeFile(join(paths.files, item.long), JSON.stringify({ id: entry.id, head: entry.head, path: entry.path, text } satisfies LongFile));
    }
    facts[entry.id] = item;
  }
  const full: ShardManifest = { format: SHARD_FORMAT, ...manifest, searchParts: PART_CACHE_VERSION, files: facts, commits: parents };
  await writeFile(paths.manifest, `${JSON.stringify(full)}\n`);
  return full;
}
