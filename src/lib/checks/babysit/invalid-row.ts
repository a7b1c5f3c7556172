/**
 * `babysit/*` kinds for lines of a babysit `history.jsonl` / `timeline.jsonl` that could not
 * be read (spec/input.md section 7: `{ts, ticket, branch, event, actor}` and
 * `{ts, ticket, workflow, step, status, branch, note, actor}`).
 */
import type { Check, FlagKind } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';

const kind = (k: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind: k, severity, layer: 'coordination', rule, source: 'spec/input.md section 7 (babysit)' });

/** Every kind an invalid babysit line can have. */
export const INVALID_BABYSIT_KINDS: readonly FlagKind[] = [
  kind('babysit/not-json', 'high', 'each line of history.jsonl / timeline.jsonl is one JSON object'),
  kind('babysit/not-an-object', 'high', 'each line is a JSON object'),
  kind('babysit/invalid-row', 'medium', 'a history row has `ts` and `event`; a timeline row has `ts` and `step`; named fields are text'),
  kind('babysit/invalid-utf8', 'medium', 'a babysit file is UTF-8 text'),
  kind('babysit/blank-line', 'low', 'a babysit file has no blank lines'),
];

export const invalidBabysitRow: Check = invalidRecordCheck('babysit/invalid-row', INVALID_BABYSIT_KINDS);
