/**
 * `trail/bad-timestamp` and `trail/out-of-time-order`: `ts` is UTC ISO-8601 (decision trail,
 * Part 1, row schema); rows out of `ts` order are shown in both orders and the difference is
 * said (spec/input.md section 2, pstack: "say when the two differ").
 */
import type { Flag, TrailRow } from '../../model/types.ts';
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
    // A blank ts comes from a header without a ts column, said once by trail/tsv-missing-column.
    // The same drift in many rows (bare dates in a whole trail) is one flag per file, naming them all.
    const flags: Flag[] = [];
    const bad = new Map<string, TrailRow[]>();
    for (const r of rows) if (r.time === null && r.ts !== '') bad.set(r.file, [...(bad.get(r.file) ?? []), r]);
    for (const [file, list] of bad) {
      const first = list[0] as TrailRow;
      flags.push(
        list.length === 1
          ? flagOf(BAD_TIMESTAMP, `row ${first.id} has ts “${first.ts}”, which is not an ISO-8601 time with a zone`, list)
          : flagOf(BAD_TIMESTAMP, `${list.length} rows of ${file} have a ts that is not an ISO-8601 time with a zone (first: row ${first.id} at line ${first.line}, “${first.ts}”)`, list),
      );
    }
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
