/**
 * `loop/invalid-row`: each line of premises.jsonl is a premise row `{ts, ticket, gate,
 * fingerprint, attempt, premise, premise_result, check}` (spec/input.md section 6). Invalid
 * lines are kept raw; this check turns each into a flag.
 */
import { flagOf, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const INVALID_PREMISE_ROW = verdictKind('loop/invalid-row', 'high', 'each line of premises.jsonl is a JSON object with `gate` and a whole-number `attempt` of 1 or more', 'section 4');

export const invalidPremiseRow: Check = {
  id: 'loop/invalid-row',
  kinds: [INVALID_PREMISE_ROW],
  run({ invalid }) {
    return invalid.filter((r) => r.kind === INVALID_PREMISE_ROW.kind).map((r) => flagOf(INVALID_PREMISE_ROW, r.error, [], [{ file: r.file, line: r.line }]));
  },
};
