/**
 * `repository/head-not-on-default-branch`: the landed head named in trailbook.json (`head`) is on
 * a branch, but no default branch (`main`, `master`, `trunk`, local or remote-tracking, or the
 * remote's `HEAD`) holds it: an unmerged side branch (new-user trial, round 8). spec/input.md
 * section 1 makes that head the landed head, and every pointer is checked there; the seed's
 * audit runs "after the last phase is landed" (decision trail, Part 2), so this says, once, that
 * what was verified there has not landed where work lands. Low, as `evidence/commit-not-landed`
 * is for one cited commit (the same weakness: evidence, but not of what landed); a head on no
 * ref at all is the high `repository/head-not-landed`. The branches are found by
 * src/lib/git/default-branches.ts; a repository without any says nothing.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { countOf } from '../../site/words.ts';

export const REPOSITORY_HEAD_NOT_ON_DEFAULT_BRANCH: FlagKind = {
  kind: 'repository/head-not-on-default-branch',
  severity: 'low',
  layer: 'evidence',
  rule: "the landed head trailbook.json names is in the history of one of the repository's default branches (main, master, trunk, local or remote-tracking, or the remote's HEAD), when it has any",
  source: 'spec/input.md section 1; decision trail, Part 2 (after the last phase is landed)',
};

export const repositoryHeadNotOnDefaultBranch: Check = {
  id: 'repository/head-not-on-default-branch',
  kinds: [REPOSITORY_HEAD_NOT_ON_DEFAULT_BRANCH],
  run({ repository, rows }) {
    const branches = repository?.headOffDefaultBranches;
    if (branches === undefined || repository?.head == null) return [];
    const verified = rows.reduce((n, r) => n + r.evidence.filter((p) => p.status === 'VERIFIED').length, 0);
    const where = `${branches.join(', ')} of ${repository.path ?? 'the repository'}`;
    return [
      flagOf(
        REPOSITORY_HEAD_NOT_ON_DEFAULT_BRANCH,
        `the landed head ${repository.head.slice(0, 7)} named in trailbook.json is on a branch not merged into ${where}: the ${countOf(verified, 'pointer')} verified at it ${verified === 1 ? 'is' : 'are'} verified on that branch, not on what landed there`,
        [],
      ),
    ];
  },
};
