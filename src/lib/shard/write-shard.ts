/**
 * Writes a shard's data (src/lib/shard/manifest.ts) after `trailbook build --shard K/N` has
 * built its pages: the manifest, each project's summary, cited list, report details, build-history
 * state and search index part (copied from the model store and the search cache: a shard is an
 * output, never hard links into the cache), the full text of every cited repository file too
 * long to be shown whole, so a merge can cut its excerpt around the lines other shards cite,
 * and last the list of every file of the shard with its size and sha256 (issue 28).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readCited, readModel, readSummary, storePaths } from '../archive/model-store.ts';
import { readProjectState } from '../build-history/history-store.ts';
import { projectState } from '../build-history/project-state.ts';
import { readCommitDetails, readKeyedExcerpt } from '../archive/evidence-store.ts';
import { gatherEvidence, shownAt, type CitingProject } from '../archive/evidence-entries.ts';
import { isCutExcerpt, repositoryFileText } from '../git/file-excerpt.ts';
import { repositoryFolderNames, unredactedPath } from '../secrets/redacted-names.ts';
import { redactFileText } from '../secrets/evidence-secrets.ts';
import type { GitRepository } from '../git/repository.ts';
import { cachedPartPath, PART_CACHE_VERSION } from '../search/write-search-index.ts';
import { SHARD_FORMAT, shardPaths, type ShardManifest } from './manifest.ts';
import { contentSum, listContents } from './verify-shard.ts';

/** Copies a cache file into the shard: a shard is an output, never hard links into the cache (issue 28). */
async function copyIn(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await copyFile(from, to);
}

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
export async function writeShardData(cacheDir: string, outDir: string, manifest: Omit<ShardManifest, 'format' | 'files' | 'searchParts' | 'commits' | 'contents'> & Required<Pick<ShardManifest, 'accepted'>>, repositories: ReadonlyMap<string, GitRepository>): Promise<ShardManifest> {
  const paths = shardPaths(outDir);
  await rm(paths.data, { recursive: true, force: true });
  await mkdir(paths.projects, { recursive: true });
  const projects: CitingProject[] = [];
  for (const { id } of manifest.projects) {
    const store = storePaths(cacheDir, id);
    await copyIn(store.summary, join(paths.projects, `${id}.summary.json`));
    await copyIn(store.cited, join(paths.projects, `${id}.cited.json`));
    await copyIn(join(cacheDir, 'projects', `${id}.report.json`), join(paths.projects, `${id}.report.json`));
    await copyIn(cachedPartPath(cacheDir, `p/${id}`), join(paths.search, `${id}.v8`));
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
    const at = shownAt(entry);
    // A file whose name holds a secret is read by its real name (src/lib/secrets/redacted-names.ts).
    const real = at !== null && isCutExcerpt(excerpt) && repo ? await unredactedPath(entry.path, repositoryFolderNames(repo, at), manifest.options.secrets).catch(() => null) : null;
    const read = at !== null && real !== null && repo ? await repositoryFileText(repo, at, real) : null;
    // Published by the merge's file page: redacted as the excerpt was (src/lib/secrets/).
    const text = read === null ? null : await redactFileText(entry.path, read, manifest.options.secrets);
    if (text !== null && at !== null) {
      item.long = longFileName(entry.id);
      await mkdir(paths.files, { recursive: true });
      await writeFile(join(paths.files, item.long), JSON.stringify({ id: entry.id, head: at, path: entry.path, text } satisfies LongFile));
    }
    facts[entry.id] = item;
  }
  // Every file of the shard with its size and sha256, then the manifest naming that list, last.
  const contents = Buffer.from(`${JSON.stringify(await listContents(outDir))}\n`);
  await writeFile(paths.contents, contents);
  const full: ShardManifest = { format: SHARD_FORMAT, ...manifest, searchParts: PART_CACHE_VERSION, files: facts, commits: parents, contents: contentSum(contents) };
  await writeFile(paths.manifest, `${JSON.stringify(full)}\n`);
  return full;
}
