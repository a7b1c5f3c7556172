/**
 * `finding/confirmed-without-checkout`: nothing is CONFIRMED on a target with no local
 * checkout (quality-and-design-controls.md, section 1: "PR target without a local checkout.
 * No execution. Such candidates stay PLAUSIBLE and name the repro that would confirm them").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';
import { findingName, isConfirmedCorrectness } from './scope.ts';

export const CONFIRMED_WITHOUT_CHECKOUT = verdictKind('finding/confirmed-without-checkout', 'high', 'a review with `checkout: false` has no CONFIRMED correctness finding (no run is allowed, so it stays PLAUSIBLE)', 'section 1');

export const confirmedWithoutCheckout: Check = {
  id: 'finding/confirmed-without-checkout',
  kinds: [CONFIRMED_WITHOUT_CHECKOUT],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      if (r.checkout !== false) continue;
      r.findings.forEach((f, i) => {
        if (isConfirmedCorrectness(f)) {
          flags.push(flagOf(CONFIRMED_WITHOUT_CHECKOUT, `${findingName(f, i)} ${quote(f.summary, 50)} is CONFIRMED on ${r.target ?? 'a target'} that has no local checkout, where no repro may run`, [], [{ file: f.file, line: f.line }]));
        }
      });
    }
    return flags;
  },
};
