/**
 * `finding/confirmed-below-level-4`: a CONFIRMED correctness finding stands on level 4 or 5 of
 * the evidence ladder (quality-and-design-controls.md, section 3: "A review-pr finding is
 * CONFIRMED only at level 4 or 5"; acceptance: "A review-pr finding supported only by reading
 * (level 2): not CONFIRMED").
 */
import type { Flag } from '../../model/types.ts';
import { levelText } from '../../verdicts/ladder.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';
import { findingName, isConfirmedCorrectness } from './scope.ts';

export const CONFIRMED_BELOW_LEVEL_4 = verdictKind('finding/confirmed-below-level-4', 'high', 'a CONFIRMED correctness finding states evidence level 4 or 5 (a run), never 1–3 or none', 'sections 1 and 3');

export const confirmedBelowLevel4: Check = {
  id: 'finding/confirmed-below-level-4',
  kinds: [CONFIRMED_BELOW_LEVEL_4],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      r.findings.forEach((f, i) => {
        if (isConfirmedCorrectness(f) && (f.level === null || f.level < 4)) {
          flags.push(flagOf(CONFIRMED_BELOW_LEVEL_4, `${findingName(f, i)} ${quote(f.summary, 50)} is CONFIRMED at ${levelText(f.level)}; CONFIRMED needs level 4 or 5, so it is PLAUSIBLE at most`, [], [{ file: f.file, line: f.line }]));
        }
      });
    }
    return flags;
  },
};
