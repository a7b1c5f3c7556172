/**
 * `evidence/commit-after-row`: a row cites, by its SHA, a commit made after the row's own time
 * (trust10). A row cannot cite a commit that did not exist yet: the row was back-filled or
 * fabricated, or its time is wrong. The commit's time is the earlier of its author and
 * committer times (a rebase, an amend or a cherry-pick moves the committer time, never the
 * author time back), and a slip of up to {@link CLOCK_SLIP_MS} is allowed (a clock off, local
 * time written with a `Z`: a zone is at most 14 hours off UTC, and a day more for a row written
 * near midnight). Medium, as the other "resolves, but cannot be what the row claims" flags are
 * (docs/checks.md, the severity rule): the commit is real, the row's account of it is not.
 * The commit times are read after resolution (src/lib/evidence/commit-times.ts).
 */
import type { Flag, TrailRow } from '../../model/types.ts';
import { commitsNamedBySha } from '../../evidence/commit-times.ts';
import { flagOf, rowNamer, type Check, type FlagKind } from '../check.ts';

/** How far after a row its cited commit may be made and still be a clock or zone slip: 26 hours. */
export const CLOCK_SLIP_MS = 26 * 60 * 60 * 1000;

export const COMMIT_AFTER_ROW: FlagKind = {
  kind: 'evidence/commit-after-row',
  severity: 'medium',
  layer: 'evidence',
  rule: 'a commit a row cites by its SHA was made before the row (its author or committer time, whichever is earlier, at most 26 hours after the row’s `ts`: a clock or zone slip)',
  source: 'decision trail, Part 1 (row schema, ts; evidence); Part 2 layer 1',
};

/** `3 days`, `30 hours`: how long after. */
function span(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

export const commitAfterRow: Check = {
  id: 'evidence/commit-after-row',
  kinds: [COMMIT_AFTER_ROW],
  run({ rows, commitTimes }) {
    if (!commitTimes || commitTimes.size === 0) return [];
    const flags: Flag[] = [];
    const name = rowNamer(rows);
    for (const row of rows as TrailRow[]) {
      if (row.time === null) continue;
      const late: string[] = [];
      const seen = new Set<string>();
      for (const p of row.evidence) {
        for (const oid of commitsNamedBySha(p)) {
          const t = commitTimes.get(oid);
          if (t === undefined || seen.has(oid)) continue;
          const made = Math.min(t.author, t.committer);
          if (made - row.time <= CLOCK_SLIP_MS) continue;
          seen.add(oid);
          late.push(`${oid.slice(0, 7)} was made ${iso(made)}, ${span(made - row.time)} after the row`);
        }
      }
      if (late.length > 0) {
        flags.push(flagOf(COMMIT_AFTER_ROW, `${name(row)} (ts ${row.ts}) cites a commit that did not exist yet: ${late.join('; ')} (author and committer time both later): back-filled, fabricated, or its ts is wrong`, [row]));
      }
    }
    return flags;
  },
};
