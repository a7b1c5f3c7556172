/**
 * `repository/unavailable`: the canonical repository named in trailbook.json (or found as the
 * enclosing work tree) cannot be read, or its landed head cannot be resolved (spec/input.md
 * section 1). Every git-backed check is then INCONCLUSIVE; this flag says why, so a broken
 * configuration is never mistaken for a project without a repository.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const REPOSITORY_UNAVAILABLE: FlagKind = {
  kind: 'repository/unavailable',
  severity: 'high',
  layer: 'evidence',
  rule: 'the canonical repository a project names can be opened and its landed head resolved',
  source: 'spec/input.md section 1',
};

export const repositoryUnavailable: Check = {
  id: 'repository/unavailable',
  kinds: [REPOSITORY_UNAVAILABLE],
  run({ repository }) {
    if (!repository || repository.problem === null || repository.problem === 'no repository') return [];
    return [flagOf(REPOSITORY_UNAVAILABLE, `${repository.problem}; every git-backed evidence check is inconclusive`, [])];
  },
};
