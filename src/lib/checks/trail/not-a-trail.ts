/**
 * `trail/not-a-trail`: a file found as a decision trail (`decisions.jsonl`, `decisions.tsv`)
 * none of whose lines has a trail row's shape — a routing log that happens to be called
 * `decisions.jsonl` — is reported once, "not a <format>: N lines of another shape", rather
 * than as one invalid row per line. Its lines stay invalid records with their raw text
 * (src/lib/adapters/parsed-row.ts, `notATrail`).
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const NOT_A_TRAIL: FlagKind = {
  kind: 'trail/not-a-trail',
  severity: 'medium',
  layer: 'trail',
  rule: 'a file read as a decision trail has lines of a trail row’s shape (bbs: a JSON object with a decision, why, evidence, result, supersedes or phase field; pstack: a header or 4 or more tab-separated cells); a file with none is reported once, its lines kept raw',
  source: 'decision trail, Part 1 (row schema); spec/input.md section 2',
};

export const notATrail: Check = {
  id: 'trail/not-a-trail',
  kinds: [NOT_A_TRAIL],
  run({ warnings }) {
    return warnings.filter((w) => w.kind === NOT_A_TRAIL.kind).map((w) => flagOf(NOT_A_TRAIL, w.message, [], [{ file: w.file, line: 1 }]));
  },
};
