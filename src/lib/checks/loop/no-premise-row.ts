/**
 * `loop/no-premise-row`: a repair loop that goes past attempt 2 has named and tested its
 * premise (quality-and-design-controls.md, section 4: "Before attempt 2, write one line in
 * the checkpoint: premise: the fix assumes <X>"; spec/input.md section 6: "a loop past
 * attempt 2 with no premise row").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const NO_PREMISE_ROW = verdictKind('loop/no-premise-row', 'medium', 'a repair loop that reaches attempt 3 has a premise row (a row naming `premise`)', 'section 4');

export const noPremiseRow: Check = {
  id: 'loop/no-premise-row',
  kinds: [NO_PREMISE_ROW],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const loop of verdicts?.loops ?? []) {
      if (loop.attempts <= 2 || loop.premiseRow !== null) continue;
      const past = loop.rows.find((r) => r.attempt > 2) ?? loop.rows[0];
      flags.push(flagOf(NO_PREMISE_ROW, `repair loop of ${loop.ticket || 'no ticket'} at gate ${loop.gate} reached attempt ${loop.attempts} without a premise row: no fix tested its assumption`, [], past ? [{ file: past.file, line: past.line }] : []));
    }
    return flags;
  },
};
