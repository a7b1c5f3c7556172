/**
 * `beads/*` kinds for lines of a `.beads/` JSONL file that could not be read (spec/input.md
 * section 7). Each stays an invalid record with its raw text; this check makes it a flag.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

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

const BY_KIND = new Map(INVALID_BEADS_KINDS.map((k) => [k.kind, k]));

export const invalidBeadsLine: Check = {
  id: 'beads/invalid-line',
  kinds: INVALID_BEADS_KINDS,
  run({ invalid }) {
    return invalid.flatMap((r) => {
      const k = BY_KIND.get(r.kind);
      return k ? [flagOf(k, `${r.file}:${r.line}: ${r.error}`, [], [{ file: r.file, line: r.line }])] : [];
    });
  },
};
