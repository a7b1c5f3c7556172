/**
 * `repository/head-not-landed`: the landed head named in trailbook.json (`head`) is reached by
 * none of the repository's branches, tags or remote-tracking branches — a commit made with
 * `git commit-tree`, or one a rewrite left behind. Every pointer is checked at that head, so a
 * tree invented there makes every path in it VERIFIED "at landed head" (fresh trial,
 * 2026-12-02). The seed's landed head is what landed; this says it did not (src/lib/project/
 * canonical-repository.ts finds it; the same question evidence/commit-not-landed asks of a cited
 * commit).
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const REPOSITORY_HEAD_NOT_LANDED: FlagKind = {
  kind: 'repository/head-not-landed',
  severity: 'high',
  layer: 'evidence',
  rule: "the landed head trailbook.json names is reached by one of the repository's branches, tags or remote-tracking branches",
  source: 'spec/input.md section 1',
};

export const repositoryHeadNotLanded: Check = {
  id: 'repository/head-not-landed',
  kinds: [REPOSITORY_HEAD_NOT_LANDED],
  run({ repository }) {
    if (!repository?.headOnNoRef || repository.head === null) return [];
    const head = repository.head.slice(0, 7);
    return [flagOf(REPOSITORY_HEAD_NOT_LANDED, `the landed head ${head} named in trailbook.json is on no branch or tag of ${repository.path ?? 'the repository'}: the evidence verified at it is not evidence of what landed`, [])];
  },
};
