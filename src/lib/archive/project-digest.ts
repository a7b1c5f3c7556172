/**
 * The digest of everything a project's model depends on: Trailbook's core code, each record
 * file's bytes, the config, and the canonical repository's head and object set. Equal
 * digests mean the stored model can be reused without parsing or checking again.
 */
import { createHash } from 'node:crypto';
import type { DiscoveredProject } from '../model/discovered.ts';
import { FileHashes } from './file-hashes.ts';
import { readAhead } from '../fs/read-ahead.ts';
import { beadsStoreKey } from '../beads/store-key.ts';

/**
 * Digest of a project's inputs. `repositoryKey` describes the repository state (or its
 * absence); `files` hashes file contents (remembering them between builds when it can).
 * A `.beads` folder without an export stands for its store (`beadsStoreKey`), and, when
 * `runBdExport` is set, for every file bd would read from it. `configHash`: the sha256 hex of the
 * configuration's bytes as the analysis read them (`readProjectConfig`, src/lib/project/analyse-project.ts); without it, the
 * file is hashed here.
 */
export async function projectDigest(project: DiscoveredProject, code: string, repositoryKey: string, files: FileHashes = new FileHashes(null), runBdExport = false, configHash?: string | null): Promise<string> {
  const hashFile = (path: string): Promise<string> => files.hash(path);
  const hash = createHash('sha256');
  hash.update(`code:${code}\0id:${project.id}\0root:${project.displayRoot}\0repo:${repositoryKey}\0`);
  // The configuration's bytes as the analysis read them, when given (one read: a file saved
  // between two reads was sealed with the digest of bytes the entry was not made from).
  if (project.config) hash.update(`config:${configHash ?? (await hashFile(project.config))}\0`);
  // A refused link is never read, not even to hash it. Files are hashed a few ahead, in order.
  const digestOf = async (f: DiscoveredProject['files'][number]): Promise<string> => {
    if (f.refused !== undefined) return `refused:${f.refused}`;
    if (f.format === 'beads' && f.bytes === 0 && f.rel.endsWith('.beads')) return beadsStoreKey(f.path, runBdExport);
    return hashFile(f.path);
  };
  for await (const { item: file, result } of readAhead(project.files, digestOf)) {
    hash.update(`${file.rel}\0${file.format}\0`);
    hash.update(result);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}
