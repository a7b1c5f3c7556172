/**
 * `verdict/pass-with-inconclusive`: a PASS gate's INCONCLUSIVE criteria are recorded as
 * nonblocking with a reason (quality-and-design-controls.md, section 3: "INCONCLUSIVE is not
 * a pass. It never becomes PASS by itself" and "or when a criterion is INCONCLUSIVE and the
 * owning gate records it as nonblocking with a reason").
 */
import type { Flag } from '../../model/types.ts';
import { nonblockingReason } from '../../verdicts/states.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const PASS_WITH_INCONCLUSIVE = verdictKind('verdict/pass-with-inconclusive', 'high', 'a gate whose verdict passes records every INCONCLUSIVE criterion as nonblocking, with a reason', 'section 3');

export const passWithInconclusive: Check = {
  id: 'verdict/pass-with-inconclusive',
  kinds: [PASS_WITH_INCONCLUSIVE],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.verdictClass !== 'pass') continue;
      for (const c of v.criteria.filter((x) => x.state === 'INCONCLUSIVE' && nonblockingReason(x) === null)) {
        flags.push(flagOf(PASS_WITH_INCONCLUSIVE, `${v.gate} gate of ${v.ticket} says ${v.verdict}, but ${c.kind} ${c.id} ${quote(c.text, 50)} is INCONCLUSIVE (not verified) with no nonblocking reason`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
