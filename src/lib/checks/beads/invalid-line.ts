/**
 * `beads/*` kinds for lines of a `.beads/` JSONL file that could not be read (spec/input.md
 * section 7). Each stays an invalid record with its raw text; this check makes it a flag.
 */
import type { Check, FlagKind } from '../check.ts';
import { invalidRecordCheck } from '../invalid-records.ts';

const kind = (k: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind: k, severity, layer: 'coordination', rule, source: 'spec/input.md section 7 (beads)' });

/** Every kind an invalid beads line can have. */
export const INVALID_BEADS_KINDS: readonly FlagKind[] = [
  kind('beads/not-json', 'high', 'each line of a beads JSONL file is one JSON object'),
  kind('beads/not-an-object', 'high', 'each line is a JSON object, not an array, string or number'),
  kind('beads/invalid-record', 'medium', 'a record of a known shape (issue, event, audit entry, comment, dependency, label, config, memory) has the fields that shape needs'),
  kind('beads/unknown-record', 'low', 'each record has a shape Trailbook knows; others are kept raw and not read'),
  kind('beads/invalid-utf8', 'medium', 'a beads file is UTF-8 text'),
  kind('beads/blank-line', 'low', 'a beads JSONL file has no blank lines'),
];

export const invalidBeadsLine: Check = invalidRecordCheck('beads/invalid-line', INVALID_BEADS_KINDS);
