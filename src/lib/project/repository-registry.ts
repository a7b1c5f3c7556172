/**
 * One {@link GitRepository} per real repository path for the whole archive, so every project
 * that cites the same repository shares one object cache (spec: "One shared git cache per
 * repository"). Ids are assigned in first-use order, which is deterministic because
 * projects are analysed in discovery order.
 */
import { realpath } from 'node:fs/promises';
import { basename, dirname, relative, sep } from 'node:path';
import { openRepository, type GitRepository } from '../git/repository.ts';
import { boundId, slugify } from '../text/slug.ts';
import { RepositoryAccess } from './repository-access.ts';

/** A repository opened for the archive, with its archive id and display path. */
export interface RegisteredRepository {
  id: string;
  displayPath: string;
  repository: GitRepository;
}

export class RepositoryRegistry {
  #byPath = new Map<string, Promise<RegisteredRepository | { problem: string }>>();
  #ids = new Set<string>();
  /** Which repositories projects may read (src/lib/project/repository-access.ts). */
  readonly access: RepositoryAccess;

  /** `access`: by default, a project may read only repositories inside its own input folder. */
  constructor(access: RepositoryAccess = new RepositoryAccess()) {
    this.access = access;
  }

  /**
   * Opens (once) the repository at `path`. `displayBase` is the folder display paths are
   * relative to (the input root's parent), so output never holds machine paths.
   */
  open(path: string, displayBase: string): Promise<RegisteredRepository | { problem: string }> {
    const key = path;
    let pending = this.#byPath.get(key);
    if (!pending) {
      pending = this.#open(path, displayBase);
      this.#byPath.set(key, pending);
    }
    return pending;
  }

  async #open(path: string, displayBase: string): Promise<RegisteredRepository | { problem: string }> {
    const real = await realpath(path).catch(() => path);
    for (const [other, pending] of this.#byPath) {
      if (other !== path && (await realpath(other).catch(() => other)) === real) {
        const found = await pending;
        if ('repository' in found) return found;
      }
    }
    let display = relative(displayBase, path).split(sep).join('/');
    if (display === '' || display.startsWith('..')) display = basename(path) || basename(dirname(path));
    const opened = await openRepository(path, display);
    if ('problem' in opened) return opened;
    const base = boundId(slugify(display));
    let id = base;
    for (let n = 2; this.#ids.has(id); n++) id = `${base}-${n}`;
    this.#ids.add(id);
    return { id, displayPath: display, repository: opened.repository };
  }

  /** Every repository opened so far, by archive id. */
  async opened(): Promise<Map<string, GitRepository>> {
    const out = new Map<string, GitRepository>();
    for (const pending of this.#byPath.values()) {
      const found = await pending;
      if ('repository' in found) out.set(found.id, found.repository);
    }
    return out;
  }
}
