/**
 * `trail/*` kinds for lines that failed validation (spec/input.md section 2: "row is valid
 * JSON, under 4 KiB, required fields present and non-empty"). The adapters keep the line as
 * an invalid record; this check turns each into a flag so it reaches Attention.
 */
import type { Check, FlagKind } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';

const SOURCE = 'decision trail, Part 1 (row schema); spec/input.md section 2';
const kind = (k: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind: k, severity, layer: 'trail', rule, source: SOURCE });

/** Every kind an invalid trail line can have. */
export const INVALID_ROW_KINDS: readonly FlagKind[] = [
  kind('trail/not-json', 'high', 'each line of decisions.jsonl is one JSON object'),
  kind('trail/not-an-object', 'high', 'each line is a JSON object, not an array, string or number'),
  kind('trail/missing-field', 'high', 'required fields (id ts phase actor decision why evidence result) are present and non-empty'),
  kind('trail/wrong-type', 'high', 'each field has the type the row schema gives it (text)'),
  kind('trail/tsv-cell-count', 'high', 'each TSV row has as many tab-separated cells as the header'),
  kind('trail/invalid-utf8', 'medium', 'a trail is UTF-8 text'),
  kind('trail/blank-line', 'low', 'a trail has no blank lines'),
];

export const invalidRow: Check = invalidRecordCheck('trail/invalid-row', INVALID_ROW_KINDS);
