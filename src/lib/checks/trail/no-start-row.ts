/**
 * `trail/no-start-row`: a bbs trail has a `start` row (spec/input.md section 2; decision
 * trail, Part 1, Writer: "A resumed lead ... first appends a `start` row"). pstack trails
 * have no start phase and are not checked.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const NO_START_ROW: FlagKind = {
  kind: 'trail/no-start-row',
  severity: 'medium',
  layer: 'trail',
  rule: 'a bbs trail has a row with phase `start`; a resumed lead adds another',
  source: 'decision trail, Part 1 (Writer); spec/input.md section 2',
};

export const startRow: Check = {
  id: 'trail/no-start-row',
  kinds: [NO_START_ROW],
  run({ rows }) {
    const bbs = rows.filter((r) => r.format === 'bbs-trail');
    if (bbs.length === 0 || bbs.some((r) => r.phase === 'start')) return [];
    const first = bbs[0];
    return [flagOf(NO_START_ROW, `the trail has no start row: nobody recorded the session that began it`, [], first ? [{ file: first.file, line: first.line }] : [])];
  },
};
