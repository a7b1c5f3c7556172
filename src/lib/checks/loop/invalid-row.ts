/**
 * `loop/invalid-row`: each line of premises.jsonl is a premise row `{ts, ticket, gate,
 * fingerprint, attempt, premise, premise_result, check}` (spec/input.md section 6). Invalid
 * lines are kept raw; this check turns each into a flag.
 */
import type { Check } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';
import { verdictKind } from '../verdict/kinds.ts';

export const INVALID_PREMISE_ROW = verdictKind('loop/invalid-row', 'high', 'each line of premises.jsonl is a JSON object with `gate` and a whole-number `attempt` of 1 or more', 'section 4');

export const invalidPremiseRow: Check = invalidRecordCheck('loop/invalid-row', [INVALID_PREMISE_ROW], (r) => r.error);
