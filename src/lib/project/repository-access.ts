/**
 * Which repositories a project may read evidence from (docs/security.md, "Nothing escapes the
 * root"; docs/configuration.md, "allowRepositories"). A project's `trailbook.json` is written
 * by the agents whose work it describes: it is input, so its `repo` may name only a repository
 * whose git data really lies inside the input folders, or inside a folder the archive's own
 * configuration (trailbook.config.json / .mjs, written by the person running the build) lists
 * in `allowRepositories`. The same rule holds for a repository found as the project's
 * enclosing work tree. "Really" means by real path: a `.git` file (`gitdir: /outside/.git`),
 * a `.git` link, a `commondir` or a `repo` that is itself a link are followed to the git
 * directory they lead to, and that is what is judged.
 *
 * One exception, as git itself has it: a linked worktree in the input, whose own git directory
 * lies outside and names this work tree back in its `gitdir` file (`git worktree add` wrote
 * both), belongs to that repository and is read. Its back-pointer counts only when that
 * directory is itself outside the input (written by git, not by the input).
 */
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { GitRepository } from '../git/repository.ts';

const within = (root: string, target: string): boolean => target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
const real = (p: string): Promise<string> => realpath(p).catch(() => resolve(p));

/** Where repositories may lie: the input folders, and the folders the archive configuration allows. */
export class RepositoryAccess {
  readonly #inputRoots: readonly string[] | null;
  readonly #allowed: readonly string[];
  #roots: Promise<string[]> | null = null;

  /**
   * @param inputRoots - The archive's input folders (absolute); null: each project's own input folder only.
   * @param allowed - Folders (absolute) outside them whose repositories projects may name (`allowRepositories`).
   */
  constructor(inputRoots: readonly string[] | null = null, allowed: readonly string[] = []) {
    this.#inputRoots = inputRoots;
    this.#allowed = allowed;
  }

  async #allowedRoots(inputRoot: string): Promise<string[]> {
    if (this.#inputRoots === null) return Promise.all([inputRoot, ...this.#allowed].map(real));
    this.#roots ??= Promise.all([...this.#inputRoots, ...this.#allowed].map(real));
    return this.#roots;
  }

  /**
   * Why `repository` may not be read for a project of `inputRoot`, or null when it may.
   * `workTree` is the folder whose `.git` led to it (null when a git directory was named
   * directly); `named` is the `repo` of the project's configuration as written, or null for the
   * enclosing work tree (whose reasons name it). Reasons hold no machine path.
   */
  async refusal(repository: GitRepository, workTree: string | null, inputRoot: string, named: string | null): Promise<string | null> {
    const roots = await this.#allowedRoots(inputRoot);
    const inside = async (p: string): Promise<boolean> => {
      const r = await real(p);
      return roots.some((root) => within(root, r));
    };
    const gitdirs = [...new Set([repository.gitdir, repository.headGitdir])];
    if ((await Promise.all(gitdirs.map(inside))).every(Boolean)) return null;
    if (await inside(repository.headGitdir)) return named === null ? "the enclosing repository's git directory is in the input folder but its objects (commondir) lead out of it; not read" : 'its git directory is in the input folder but its objects (commondir) lead out of it; not read';
    if (workTree !== null) {
      const back = (await repository.files.readFile(join(repository.headGitdir, 'gitdir'), 'utf8').catch(() => '')).trim();
      if (back !== '' && (await real(resolve(repository.headGitdir, back))) === (await real(join(workTree, '.git')))) return null;
    }
    if (named === null) return `the enclosing repository's .git leads out of the input folder (to a git directory that is not this work tree's own); not read`;
    return 'its git data lies outside the input folders; not read (a project may name only a repository inside them, unless the archive configuration lists a folder holding it in "allowRepositories")';
  }
}
