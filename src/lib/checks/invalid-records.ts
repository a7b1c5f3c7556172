/**
 * The one body of every invalid-record check: a reader keeps a line (or a file) it could not
 * read as an invalid record with its raw text (spec/input.md: "bad input loses nothing"); a
 * check of its kinds turns each such record into a flag at its place, so it reaches Attention.
 */
import type { InvalidRecord } from '../model/types.ts';
import { flagOf, type Check, type FlagKind } from './check.ts';

/** How a record's flag reads by default: `decisions.jsonl:3: not JSON: …`. */
const atPlace = (r: InvalidRecord): string => `${r.file}:${r.line}: ${r.error}`;

/**
 * A check with id `id` that flags every invalid record of one of `kinds` (each with its own
 * severity and rule), worded by `summary`, at the record's file and line.
 */
export function invalidRecordCheck(id: string, kinds: readonly FlagKind[], summary: (record: InvalidRecord) => string = atPlace): Check {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  return {
    id,
    kinds,
    run({ invalid }) {
      return invalid.flatMap((r) => {
        const k = byKind.get(r.kind);
        return k ? [flagOf(k, summary(r), [], [{ file: r.file, line: r.line }])] : [];
      });
    },
  };
}
