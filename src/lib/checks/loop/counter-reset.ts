/**
 * `loop/counter-reset`: a repair loop's attempt counter never goes down
 * (quality-and-design-controls.md, section 4: "Resume never resets the counter"; "The counter
 * is still 3 at the end, whatever the premise result").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const COUNTER_RESET = verdictKind('loop/counter-reset', 'high', "a repair loop's attempt numbers never go down in file order (resume never resets the counter)", 'section 4');

export const counterReset: Check = {
  id: 'loop/counter-reset',
  kinds: [COUNTER_RESET],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const loop of verdicts?.loops ?? []) {
      let highest = 0;
      for (const row of loop.rows) {
        if (row.attempt < highest) {
          flags.push(flagOf(COUNTER_RESET, `repair loop of ${loop.ticket || 'no ticket'} at gate ${loop.gate}: attempt ${row.attempt} (line ${row.line}) comes after attempt ${highest}; the counter was reset`, [], [{ file: row.file, line: row.line }]));
        }
        highest = Math.max(highest, row.attempt);
      }
    }
    return flags;
  },
};
