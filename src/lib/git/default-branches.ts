/**
 * A repository's default branches, where work lands (decision trail, Part 2: the audit runs
 * "after the last phase is landed"; spec/input.md section 1, the landed head): `main`, `master`
 * and `trunk`, local or remote-tracking (`origin/main`), and the branch a remote names as its
 * own default (`origin/HEAD`, which `git clone` sets). New-user trial, round 8: a `head` pinned in
 * trailbook.json on an unmerged side branch was taken as what landed, without a word.
 */
import type { GitRepository } from './repository.ts';
import { ancestryOf } from './ancestry.ts';

/** Branch names read as a default branch. */
export const DEFAULT_BRANCH_NAMES: readonly string[] = ['main', 'master', 'trunk'];

/** Remote-tracking refs read to find them (a repository with more remotes is read as far as that). */
const MAX_REMOTE_REFS = 2_000;

/** One default branch: its name as people write it (`main`, `origin/main`, `origin/HEAD`) and the commit at its tip. */
export interface BranchTip {
  name: string;
  oid: string;
}

/** The default branches the repository has, in a stable order (local first), one per tip commit. Never throws. */
export async function defaultBranchTips(repository: GitRepository): Promise<BranchTip[]> {
  const refs: Array<{ ref: string; name: string }> = DEFAULT_BRANCH_NAMES.map((b) => ({ ref: `refs/heads/${b}`, name: b }));
  for (const remote of await repository.refNames('refs/remotes', MAX_REMOTE_REFS)) {
    const branch = remote.slice(remote.indexOf('/') + 1);
    if (remote.includes('/') && (branch === 'HEAD' || DEFAULT_BRANCH_NAMES.includes(branch))) refs.push({ ref: `refs/remotes/${remote}`, name: remote });
  }
  const tips: BranchTip[] = [];
  for (const { ref, name } of refs) {
    const tip = await repository.resolveCommit(ref).catch(() => ({ problem: 'unreadable' }));
    if ('oid' in tip && !tips.some((t) => t.oid === tip.oid)) tips.push({ name, oid: tip.oid });
  }
  return tips;
}

/**
 * The default branches whose history does not hold `oid`, when none does; null when one does,
 * when the repository has none of them (nothing to tell), or when a history is too long or
 * incomplete to say: only a certain "no" is an answer.
 */
export async function defaultBranchesWithout(repository: GitRepository, oid: string): Promise<string[] | null> {
  const tips = await defaultBranchTips(repository);
  if (tips.length === 0) return null;
  for (const tip of tips) {
    if (tip.oid === oid) return null;
    if ((await ancestryOf(repository, tip.oid).contains(oid)) !== false) return null;
  }
  return tips.map((t) => t.name);
}
