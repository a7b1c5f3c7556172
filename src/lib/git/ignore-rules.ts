/**
 * Whether a path is ignored by the repository's own `.gitignore` rules at a commit (issue 26,
 * item 3): run output an agent cites (`artifacts/run-12.json`, `dist/index.js`) can never be in
 * git, so its absence from the landed head is not a sign the evidence was invented. The rules
 * are the committed `.gitignore` files of the commit's tree (the root's and each folder's on the
 * path's way), read with the `ignore` package, which follows git's pattern rules (a deeper file
 * overrides a shallower one; `!` re-includes; a file under an ignored folder stays ignored).
 * `.git/info/exclude` and the user's global rules are not the repository's: not read.
 */
import ignore, { type Ignore } from 'ignore';
import type { GitRepository } from './repository.ts';

/** A path's ignore status: the `.gitignore` whose rule decides it, or null when it is not ignored. */
export type IgnoredBy = { file: string } | null;

/** Largest `.gitignore` read (bytes of text); a larger one is not read. */
const MAX_IGNORE_TEXT = 256 * 1024;

/** The compiled rules of each folder's `.gitignore` at a commit (null: the folder has none). */
const compiled = new WeakMap<GitRepository, Map<string, Promise<Ignore | null>>>();

function rulesOf(repository: GitRepository, commit: string, folder: string): Promise<Ignore | null> {
  let byKey = compiled.get(repository);
  if (!byKey) compiled.set(repository, (byKey = new Map()));
  const key = `${commit}:${folder}`;
  let pending = byKey.get(key);
  if (!pending) {
    pending = (async () => {
      const found = await repository.lookupPath(commit, folder === '' ? '.gitignore' : `${folder}/.gitignore`);
      if (found.status !== 'blob') return null;
      const text = await repository.blobText(found.oid);
      if (text.status !== 'text' || text.text.length > MAX_IGNORE_TEXT) return null;
      return ignore().add(text.text);
    })();
    byKey.set(key, pending);
  }
  return pending;
}

/**
 * Which committed `.gitignore` of commit `commit` ignores `path` (`/`-separated, relative,
 * normalised), or null. Never throws: a tree that cannot be read ignores nothing.
 */
export async function ignoredAt(repository: GitRepository, commit: string, path: string): Promise<IgnoredBy> {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length === 0) return null;
  let decided: IgnoredBy = null;
  try {
    // Each folder from the root down: a deeper `.gitignore` overrides what a shallower one said.
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const rules = await rulesOf(repository, commit, folder);
      if (rules === null) continue;
      const rest = parts.slice(depth);
      // A folder on the way that is ignored keeps everything under it ignored, whatever is re-included (git's rule).
      for (let n = 1; n < rest.length; n++) {
        if (rules.ignores(`${rest.slice(0, n).join('/')}/`)) return { file: folder === '' ? '.gitignore' : `${folder}/.gitignore` };
      }
      const verdict = rules.test(rest.join('/'));
      if (verdict.ignored) decided = { file: folder === '' ? '.gitignore' : `${folder}/.gitignore` };
      else if (verdict.unignored) decided = null;
    }
  } catch {
    return null;
  }
  return decided;
}
