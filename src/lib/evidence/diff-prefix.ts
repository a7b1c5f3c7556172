/**
 * A path written with the prefix `git diff` puts on the two sides of a change (`a/src/a.ts`,
 * `b/src/a.ts`, as in `--- a/src/a.ts` / `+++ b/src/a.ts`), which agents copy from a diff
 * (trust10: a file that is there was a high `evidence/path-not-found`). Only when the path is not
 * in the tree as written, the repository has no root folder of that one letter, and the path
 * after the prefix is a file or folder at the landed head: never a guess about a path that is
 * simply missing.
 */
import type { GitRepository } from '../git/repository.ts';

/** The path after a diff side's prefix (`src/a.ts` for `b/src/a.ts`), when the rule applies; else null. */
export async function diffPrefixed(path: string, repository: GitRepository | null, head: string | null): Promise<string | null> {
  const m = /^([ab])\/(.+)$/.exec(path);
  if (m === null || repository === null || head === null) return null;
  if ((await repository.lookupPath(head, m[1] as string)).status !== 'missing') return null;
  const rest = m[2] as string;
  const there = await repository.lookupPath(head, rest);
  return there.status === 'blob' || there.status === 'tree' ? rest : null;
}
