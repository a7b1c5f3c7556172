/** `trail/duplicate-id`: ids are unique (spec/input.md section 2; decision trail, Part 1: "Stable reference for supersedes"). */
import type { TrailRow } from '../../model/types.ts';
import { flagOf, quote, type Check, type FlagKind } from '../check.ts';

export const DUPLICATE_ID: FlagKind = {
  kind: 'trail/duplicate-id',
  severity: 'high',
  layer: 'trail',
  rule: 'row ids are unique in a trail',
  source: 'spec/input.md section 2; decision trail, Part 1',
};

export const duplicateId: Check = {
  id: 'trail/duplicate-id',
  kinds: [DUPLICATE_ID],
  run({ rows }) {
    const byId = new Map<string, TrailRow[]>();
    for (const r of rows) {
      const group = byId.get(r.id);
      if (group) group.push(r);
      else byId.set(r.id, [r]);
    }
    return [...byId.values()]
      .filter((group) => group.length > 1)
      .map((group) => {
        const first = group[0] as TrailRow;
        const lines = group.map((r) => r.line).join(', ');
        return flagOf(DUPLICATE_ID, `id ${first.id} is used by ${group.length} rows (lines ${lines}): ${quote(first.decision)}`, group);
      });
  },
};
