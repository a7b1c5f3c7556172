/**
 * Whether a commit is an ancestor of (or is) the landed head (issue 15: a cited commit that
 * exists but is not of the landed history — an abandoned branch, or an original rewritten away
 * by a squash merge or a rebase — is evidence, but not of what landed). The history of each
 * head is walked once, breadth-first and only as far as a question needs, through the
 * repository's memoised commit reads; every repository and head shares one walk.
 */
import type { GitRepository } from './repository.ts';

/** Commits walked per head at most; past that, ancestry is unknown. */
export const MAX_ANCESTRY_COMMITS = 200_000;

/** The commits reachable from one head, found as far as questions have needed. */
export class Ancestry {
  readonly #repository: GitRepository;
  readonly #seen = new Set<string>();
  readonly #queue: string[] = [];
  #at = 0;
  /** Set when a parent could not be read (a shallow clone, a missing object): "no" cannot be asserted. */
  #incomplete = false;
  /**
   * The walk in progress: questions take turns. Two at once shared the queue, and the second,
   * finding it empty while the first awaited a commit, answered "not an ancestor" for a commit
   * of a linear history (issue 30: a cell citing two SHAs of a monorepo, in one build of two).
   */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(repository: GitRepository, head: string) {
    this.#repository = repository;
    this.#seen.add(head);
    this.#queue.push(head);
  }

  /**
   * True when `oid` (a full commit SHA) is the head or one of its ancestors, false when it is
   * not, null when that cannot be told (history incomplete or too long).
   */
  contains(oid: string): Promise<boolean | null> {
    if (this.#seen.has(oid)) return Promise.resolve(true);
    const answer = this.#turn.then(() => this.#walk(oid));
    this.#turn = answer.catch(() => undefined);
    return answer;
  }

  /** Walks on until `oid` is found or the history ends (one question at a time: {@link contains}). */
  async #walk(oid: string): Promise<boolean | null> {
    if (this.#seen.has(oid)) return true;
    while (this.#at < this.#queue.length) {
      if (this.#seen.size > MAX_ANCESTRY_COMMITS) return null;
      const next = this.#queue[this.#at++] as string;
      const commit = await this.#repository.commit(next);
      if ('problem' in commit) {
        this.#incomplete = true;
        continue;
      }
      let found = false;
      for (const parent of commit.parents) {
        if (this.#seen.has(parent)) continue;
        this.#seen.add(parent);
        this.#queue.push(parent);
        if (parent === oid) found = true;
      }
      if (found) return true;
    }
    if (this.#incomplete || (await this.#repository.incompleteness()) !== null) return null;
    return false;
  }
}

const walks = new WeakMap<GitRepository, Map<string, Ancestry>>();

/** The one {@link Ancestry} of `head` in `repository`. */
export function ancestryOf(repository: GitRepository, head: string): Ancestry {
  let byHead = walks.get(repository);
  if (!byHead) {
    byHead = new Map();
    walks.set(repository, byHead);
  }
  let walk = byHead.get(head);
  if (!walk) {
    walk = new Ancestry(repository, head);
    byHead.set(head, walk);
  }
  return walk;
}
