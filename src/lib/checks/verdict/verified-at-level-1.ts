/**
 * `verdict/verified-at-level-1`: a criterion recorded VERIFIED states a rung above 1
 * (quality-and-design-controls.md, section 3: "VERIFIED: the check ran and the observed result
 * matches the expectation"; "Level 1 is never reported as evidence"). Level 1 is "claimed"
 * (src/lib/verdicts/ladder.ts): nothing ran, so the criterion is a claim recorded as verified.
 * The same weakness as a review's cleared check at level 1 (`finding/cleared-level-1`), so the
 * same severity. A criterion with no level stated is not flagged here (the level is optional).
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const VERIFIED_AT_LEVEL_1 = verdictKind('verdict/verified-at-level-1', 'medium', 'a criterion recorded VERIFIED is not at level 1 (claimed): a claim is never evidence', 'section 3');

export const verifiedAtLevel1: Check = {
  id: 'verdict/verified-at-level-1',
  kinds: [VERIFIED_AT_LEVEL_1],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      for (const c of v.criteria) {
        if (c.state !== 'VERIFIED' || c.level !== 1) continue;
        flags.push(flagOf(VERIFIED_AT_LEVEL_1, `${v.gate} gate of ${v.ticket}: ${c.kind} ${c.id} ${quote(c.text, 50)} is recorded VERIFIED at level 1 (claimed): nothing ran, and a claim is never evidence`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
