/**
 * `coord/*` kinds for lines of a coord.v1 file that could not be read as envelopes
 * (bd-audit-coordination-schema.md, "Event Envelope (v1)"). The adapter keeps each line as an
 * invalid record; this check turns it into a flag so it reaches Attention.
 */
import type { Check } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';
import { coordKind } from './describe.ts';

const SECTION = '"Event Envelope (v1)"';

/** Every kind an invalid coord line can have. */
export const INVALID_COORD_KINDS = [
  coordKind('coord/not-json', 'high', 'each line of a coord.v1 file is one JSON object', SECTION),
  coordKind('coord/not-an-object', 'high', 'each line is a JSON object, not an array, string or number', SECTION),
  coordKind('coord/not-an-envelope', 'medium', 'each line of a coordination.jsonl carries "version":"coord.v1"', SECTION),
  coordKind('coord/wrong-type', 'high', 'envelope fields are text, `data` and `payload` are objects', SECTION),
  coordKind('coord/invalid-utf8', 'medium', 'a coord.v1 file is UTF-8 text', SECTION),
  coordKind('coord/blank-line', 'low', 'a coord.v1 file has no blank lines', SECTION),
] as const;

export const invalidCoordLine: Check = invalidRecordCheck('coord/invalid-line', INVALID_COORD_KINDS);
