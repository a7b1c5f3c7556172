/**
 * The identity of a build's inputs (issue 28, scope 3): what a sharded build's shards must
 * share besides their folder names, so a merge refuses a shard built from other records or at
 * another commit. Portable between machines: content hashes of record files and each
 * repository's checked-out commit, never file times, inode numbers or pack names.
 */
import { createHash } from 'node:crypto';
import type { DiscoveredProject } from '../model/discovered.ts';
import type { GitRepository } from '../git/repository.ts';
import type { FileHashes } from './file-hashes.ts';

/** Each project's and each repository's part of the inputs' identity. */
export interface InputsIdentity {
  /** Project id → 16 hex of sha256 over its record files (path, format, content hash) and configuration. */
  projects: Record<string, string>;
  /** Repository id → the commit its HEAD names (40 hex), or null when it names none. */
  repositories: Record<string, string | null>;
}

/** The identity of every discovered project's records and every opened repository's checkout. */
export async function inputsIdentity(projects: readonly DiscoveredProject[], repositories: ReadonlyMap<string, GitRepository>, files: FileHashes): Promise<InputsIdentity> {
  const out: InputsIdentity = { projects: {}, repositories: {} };
  for (const project of projects) {
    const hash = createHash('sha256').update(`${project.displayRoot}\0`);
    if (project.config) hash.update(`config\0${await files.hash(project.config)}\0`);
    for (const f of project.files) hash.update(`${f.rel}\0${f.format}\0${f.refused !== undefined ? `refused:${f.refused}` : await files.hash(f.path)}\0`);
    out.projects[project.id] = hash.digest('hex').slice(0, 16);
  }
  for (const id of [...repositories.keys()].sort()) {
    const head = await (repositories.get(id) as GitRepository).resolveCommit('HEAD').catch(() => ({ problem: 'unreadable' }));
    out.repositories[id] = 'oid' in head ? head.oid : null;
  }
  return out;
}
