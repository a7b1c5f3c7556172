/**
 * `trail/id-mismatch`: a bbs row's `id` is the first 8 hex of sha256(ts + ticket + decision)
 * (decision trail, Part 1, row schema). pstack rows have no id column and get the computed id.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const ID_MISMATCH: FlagKind = {
  kind: 'trail/id-mismatch',
  severity: 'medium',
  layer: 'trail',
  rule: 'id equals the first 8 hex of sha256(ts + ticket + decision), empty ticket = ""',
  source: 'decision trail, Part 1 (row schema, id)',
};

export const idMismatch: Check = {
  id: 'trail/id-mismatch',
  kinds: [ID_MISMATCH],
  run({ rows }) {
    return rows
      .filter((r) => r.format === 'bbs-trail' && r.id !== r.computedId)
      .map((r) => flagOf(ID_MISMATCH, `row id ${r.id} should be ${r.computedId} (sha256 of ts + ticket + decision)`, [r]));
  },
};
