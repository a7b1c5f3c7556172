/**
 * `verdict/pass-with-not-verified`: a PASS gate has no NOT_VERIFIED criterion
 * (quality-and-design-controls.md, section 3: "A gate passes only when every criterion it
 * covers is VERIFIED ..."; spec/input.md section 6: "PASS with a criterion that is
 * NOT_VERIFIED").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';
import { isKnownState } from '../../verdicts/states.ts';

export const PASS_WITH_NOT_VERIFIED = verdictKind('verdict/pass-with-not-verified', 'high', 'a gate whose verdict passes (PASS, FIXED(N)) has no criterion that is NOT_VERIFIED, or in a state that is none of the three (which never counts as verified)', 'section 3');

export const passWithNotVerified: Check = {
  id: 'verdict/pass-with-not-verified',
  kinds: [PASS_WITH_NOT_VERIFIED],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.verdictClass !== 'pass') continue;
      for (const c of v.criteria.filter((x) => x.state === 'NOT_VERIFIED' || !isKnownState(x.state))) {
        const state = c.state === 'NOT_VERIFIED' ? 'is NOT_VERIFIED' : `is in state ${quote(c.state, 30)}, none of VERIFIED, NOT_VERIFIED, INCONCLUSIVE`;
        flags.push(flagOf(PASS_WITH_NOT_VERIFIED, `${v.gate} gate of ${v.ticket} says ${v.verdict}, but ${c.kind} ${c.id} ${quote(c.text, 50)} ${state}`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
