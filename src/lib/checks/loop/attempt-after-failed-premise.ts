/**
 * `loop/attempt-after-failed-premise`: once a premise `fails`, the loop stops
 * (quality-and-design-controls.md, section 4, step 3: "fails: stop fixing. Hand the blocker
 * to investigate with the premise and its result").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const ATTEMPT_AFTER_FAILED_PREMISE = verdictKind('loop/attempt-after-failed-premise', 'high', 'no repair attempt follows a premise row whose result is `fails`', 'section 4');

export const attemptAfterFailedPremise: Check = {
  id: 'loop/attempt-after-failed-premise',
  kinds: [ATTEMPT_AFTER_FAILED_PREMISE],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const loop of verdicts?.loops ?? []) {
      const failed = loop.rows.findIndex((r) => r.premiseResult === 'fails');
      if (failed < 0) continue;
      const premise = loop.rows[failed];
      for (const row of loop.rows.slice(failed + 1)) {
        flags.push(flagOf(ATTEMPT_AFTER_FAILED_PREMISE, `repair loop of ${loop.ticket || 'no ticket'} at gate ${loop.gate}: attempt ${row.attempt} (line ${row.line}) was made after the premise ${quote(premise?.premise ?? '', 50)} failed at line ${premise?.line}; the loop should have stopped`, [], [{ file: row.file, line: row.line }]));
      }
    }
    return flags;
  },
};
