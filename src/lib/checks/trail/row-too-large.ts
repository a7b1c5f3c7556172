/** `trail/row-too-large`: a row is under 4 KiB (decision trail, Part 1: "One JSON object per line, under 4 KiB"). */
import { MAX_ROW_BYTES } from '../../schemas/decision-row.ts';
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const ROW_TOO_LARGE: FlagKind = {
  kind: 'trail/row-too-large',
  severity: 'medium',
  layer: 'trail',
  rule: `a row is under 4 KiB (${MAX_ROW_BYTES} bytes); the writer rejects larger rows, so a larger one was not written by it`,
  source: 'decision trail, Part 1 (row schema, writer)',
};

export const rowTooLarge: Check = {
  id: 'trail/row-too-large',
  kinds: [ROW_TOO_LARGE],
  run({ rows }) {
    return rows
      .filter((r) => r.bytes >= MAX_ROW_BYTES)
      .map((r) => flagOf(ROW_TOO_LARGE, `row ${r.id} is ${r.bytes} bytes; rows must be under ${MAX_ROW_BYTES} bytes`, [r]));
  },
};
