/**
 * `repository/shallow-history`: the project's repository is a shallow clone whose history stops
 * where rows are first seen, so what those rows cite and the head lacks could not be judged
 * (trial7: src/lib/evidence/resolve.ts `predated` makes each such pointer INCONCLUSIVE, with
 * `reasonKind` `history-cut`, instead of the high `evidence/path-not-found` or
 * `evidence/line-out-of-range` a moved file would wrongly get). Each pointer says why; this says
 * it once for the project, with the fix, because the cause is the checkout, not the row: a
 * depth-1 clone (what CI checkouts make by default) would otherwise let a made-up path pass
 * `trailbook check --fail-on high` with no flag at all. Medium: claims that could be fabricated
 * went unjudged, for a reason a person can remove (`git fetch --unshallow`, `fetch-depth: 0`).
 * The canonical repository holds the landed work (spec/input.md section 1); evidence is checked
 * in it (decision trail, Part 2 layer 1).
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { countOf } from '../../site/words.ts';

export const REPOSITORY_SHALLOW_HISTORY: FlagKind = {
  kind: 'repository/shallow-history',
  severity: 'medium',
  layer: 'evidence',
  rule: "the repository holds the history the trail's rows were written in: a shallow clone whose history stops where rows are first seen leaves what they cite and the head lacks unjudged",
  source: 'spec/input.md section 1; decision trail, Part 2 layer 1',
};

export const repositoryShallowHistory: Check = {
  id: 'repository/shallow-history',
  kinds: [REPOSITORY_SHALLOW_HISTORY],
  run({ repository, rows }) {
    // (Only rows with evidence to judge; a row's evidence list is read as it is.)
    const held = rows.filter((r) => Array.isArray(r.evidence) && r.evidence.some((p) => p.reasonKind?.kind === 'history-cut'));
    if (held.length === 0) return [];
    const pointers = held.reduce((n, r) => n + r.evidence.filter((p) => p.reasonKind?.kind === 'history-cut').length, 0);
    const first = held[0]?.evidence.find((p) => p.reasonKind?.kind === 'history-cut')?.reasonKind;
    const at = first?.kind === 'history-cut' ? first.at.slice(0, 7) : '';
    return [
      flagOf(
        REPOSITORY_SHALLOW_HISTORY,
        `${repository?.path ?? 'the repository'} is a shallow clone whose history stops at ${at}: ${countOf(pointers, 'pointer')} of ${countOf(held.length, 'row')} first seen there could not be judged (what the head lacks may have been there when the row was written, or never); fetch the whole history (\`git fetch --unshallow\`, or \`fetch-depth: 0\` in CI) and build again`,
        held,
      ),
    ];
  },
};
