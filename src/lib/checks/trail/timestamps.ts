/**
 * `trail/bad-timestamp` and `trail/out-of-time-order`: `ts` is UTC ISO-8601 (decision trail,
 * Part 1, row schema); rows out of `ts` order are shown in both orders and the difference is
 * said (spec/input.md section 2, pstack: "say when the two differ").
 */
import type { TrailRow } from '../../model/types.ts';
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const BAD_TIMESTAMP: FlagKind = {
  kind: 'trail/bad-timestamp',
  severity: 'low',
  layer: 'trail',
  rule: '`ts` is an ISO-8601 timestamp with a zone',
  source: 'decision trail, Part 1 (row schema, ts)',
};

export const OUT_OF_TIME_ORDER: FlagKind = {
  kind: 'trail/out-of-time-order',
  severity: 'low',
  layer: 'trail',
  rule: 'rows are appended in time order; a row earlier than the row before it is reported',
  source: 'spec/input.md section 2 (pstack trail)',
};

export const timestamps: Check = {
  id: 'trail/timestamps',
  kinds: [BAD_TIMESTAMP, OUT_OF_TIME_ORDER],
  run({ rows }) {
    const flags = rows.filter((r) => r.time === null).map((r) => flagOf(BAD_TIMESTAMP, `row ${r.id} has ts “${r.ts}”, which is not an ISO-8601 time with a zone`, [r]));
    const byFile = new Map<string, TrailRow[]>();
    for (const r of rows) {
      const list = byFile.get(r.file);
      if (list) list.push(r);
      else byFile.set(r.file, [r]);
    }
    for (const fileRows of byFile.values()) {
      let latest: TrailRow | null = null;
      const early: TrailRow[] = [];
      for (const r of fileRows) {
        if (r.time === null) continue;
        if (latest && latest.time !== null && r.time < latest.time) early.push(r);
        else latest = r;
      }
      if (early.length > 0) {
        const first = early[0] as TrailRow;
        flags.push(
          flagOf(
            OUT_OF_TIME_ORDER,
            `${early.length} row${early.length === 1 ? ' is' : 's are'} earlier than a row above ${early.length === 1 ? 'it' : 'them'} in ${first.file} (first: line ${first.line}, ${first.ts}); file order and time order differ`,
            early,
          ),
        );
      }
    }
    return flags;
  },
};
