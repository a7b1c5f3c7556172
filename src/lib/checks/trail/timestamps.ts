/**
 * `trail/bad-timestamp` and `trail/out-of-time-order`: `ts` is UTC ISO-8601 (decision trail,
 * Part 1, row schema); rows out of `ts` order are shown in both orders and the difference is
 * said (spec/input.md section 2, pstack: "say when the two differ").
 */
import type { Flag, TrailRow } from '../../model/types.ts';
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { agree } from '../../text/agree.ts';
import { countOf } from '../../site/words.ts';

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
  rule: 'rows are appended in time order; the fewest rows whose removal leaves the rest in time order are reported',
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
          ? // Said at its file and line, as the other row flags are (new-user trial, round 8); the place is not part of the
            // flag's fingerprint (src/lib/baseline/flag-fingerprint.ts `summaryCause`), so a baseline that accepted it still does.
            flagOf(BAD_TIMESTAMP, `${file}:${first.line}: row ${first.id} has ts “${first.ts}”, which is not an ISO-8601 time with a zone`, list)
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
      const early = outOfPlace(fileRows.filter((r) => r.time !== null));
      if (early.length > 0) {
        const first = early[0] as TrailRow;
        flags.push(
          flagOf(
            OUT_OF_TIME_ORDER,
            `${countOf(early.length, 'row')} ${agree(early.length, 'is', 'are')} out of time order in ${first.file} (${agree(early.length, '', 'first: ')}line ${first.line}, ${first.ts}); without ${agree(early.length, 'it', 'them')}, file order and time order agree`,
            early,
          ),
        );
      }
    }
    return flags;
  },
};

/**
 * The fewest rows whose removal leaves the others in time order (equal times in order): the
 * rows outside one longest non-decreasing run of times, in file order. One hand-stamped row
 * late at the top of a trail is that one row, not every row below it (real corpus:
 * fenforce, SOURCES.md). O(n log n); ties broken the same way every time.
 */
export function outOfPlace(rows: readonly TrailRow[]): TrailRow[] {
  // Scanned from the end, times negated: a run kept here is non-decreasing in file order, and
  // among runs of the same length the one keeping earlier rows wins, so of two rows that
  // disagree the later one (appended with an earlier time) is named, as a reader expects.
  const times = rows.map((r) => -(r.time as number)).reverse();
  // tails[k]: index of the smallest last value of a non-decreasing run of length k + 1.
  const tails: number[] = [];
  const previous = new Array<number>(times.length).fill(-1);
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((times[tails[mid] as number] as number) <= t) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  const last = rows.length - 1;
  for (let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; i !== -1; i = previous[i] as number) kept.add(last - i);
  return rows.filter((_, i) => !kept.has(i));
}
