/**
 * `finding/cleared-level-1`: a cleared check at level 1 is dropped, not reported
 * (quality-and-design-controls.md, section 3: "Level 1 is never reported as evidence" and "A
 * cleared check at level 1 is dropped, not reported").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const CLEARED_LEVEL_1 = verdictKind('finding/cleared-level-1', 'medium', 'a review reports no cleared check at level 1 (a claim is never evidence)', 'section 3');

export const clearedLevel1: Check = {
  id: 'finding/cleared-level-1',
  kinds: [CLEARED_LEVEL_1],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      for (const c of r.cleared) {
        if (c.level === 1) flags.push(flagOf(CLEARED_LEVEL_1, `${r.file} reports ${quote(c.check, 50)} as cleared at level 1 (claimed); a level-1 clearance is dropped, not reported`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
