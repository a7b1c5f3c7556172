/**
 * `trail/supersedes-missing`, `trail/supersedes-forward`, `trail/supersedes-backdated`,
 * `trail/supersedes-cycle`: `supersedes` names an existing row that comes earlier, in the
 * file and in time, and chains have no cycles (decision trail, Part 1: "`--supersedes` must
 * name an existing row at write time"; Part 2 layer 1: "`supersedes` names an `id` that
 * exists and is earlier"). A superseder timestamped before the row it replaces could not have
 * named it when written: it hides nothing (src/lib/trail/rows.ts `isBackdated`), so a
 * back-dated row cannot hide a failure quietly, and the flag links both rows.
 */
import type { TrailRow } from '../../model/types.ts';
import { isBackdated } from '../../trail/rows.ts';
import { flagOf, type Check, type FlagKind } from '../check.ts';

const SOURCE = 'decision trail, Part 1 and Part 2 layer 1; spec/input.md section 2';

export const SUPERSEDES_MISSING: FlagKind = { kind: 'trail/supersedes-missing', severity: 'high', layer: 'trail', rule: 'supersedes names a row that exists', source: SOURCE };
export const SUPERSEDES_FORWARD: FlagKind = { kind: 'trail/supersedes-forward', severity: 'high', layer: 'trail', rule: 'supersedes names a row that comes earlier in the file', source: SOURCE };
export const SUPERSEDES_BACKDATED: FlagKind = { kind: 'trail/supersedes-backdated', severity: 'high', layer: 'trail', rule: 'a row supersedes only rows that are not later in time than itself (a back-dated superseder hides nothing)', source: SOURCE };
export const SUPERSEDES_CYCLE: FlagKind = { kind: 'trail/supersedes-cycle', severity: 'high', layer: 'trail', rule: 'supersede chains have no cycles', source: SOURCE };

/** Finds each cycle in the supersedes graph once: its rows along the links, from the first in file order. */
export function supersedeCycles(rows: readonly TrailRow[]): TrailRow[][] {
  const byId = new Map<string, TrailRow>();
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, r);
  const cycles: TrailRow[][] = [];
  const done = new Set<string>();
  for (const start of rows) {
    if (done.has(start.id)) continue;
    const path: TrailRow[] = [];
    const onPath = new Map<string, number>();
    let current: TrailRow | undefined = start;
    while (current && !done.has(current.id) && !onPath.has(current.id)) {
      onPath.set(current.id, path.length);
      path.push(current);
      current = current.supersedes === undefined ? undefined : byId.get(current.supersedes);
    }
    if (current && onPath.has(current.id) && path.length - (onPath.get(current.id) as number) > 1) {
      const cycle = path.slice(onPath.get(current.id));
      // Along the supersedes links, starting at the row that comes first in the file.
      const first = cycle.reduce((min, r, i) => (r.index < (cycle[min] as TrailRow).index ? i : min), 0);
      cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
    }
    for (const r of path) done.add(r.id);
  }
  return cycles;
}

export const supersedes: Check = {
  id: 'trail/supersedes',
  kinds: [SUPERSEDES_MISSING, SUPERSEDES_FORWARD, SUPERSEDES_BACKDATED, SUPERSEDES_CYCLE],
  run({ rows }) {
    const firstIndex = new Map<string, number>();
    for (const r of rows) if (!firstIndex.has(r.id)) firstIndex.set(r.id, r.index);
    // The latest-timed row of each id seen so far, in file order: what a superseder would hide.
    const latest = new Map<string, TrailRow>();
    const flags = [];
    for (const r of rows) {
      const newest = r.supersedes === undefined ? undefined : latest.get(r.supersedes);
      if (newest && isBackdated(r, newest)) {
        flags.push(flagOf(SUPERSEDES_BACKDATED, `row ${r.id} (line ${r.line}, ${r.ts}) supersedes row ${newest.id} (line ${newest.line}, ${newest.ts}), which is later in time: it is not hidden`, [r, newest]));
      }
      const seen = latest.get(r.id);
      if (r.time !== null && (seen === undefined || seen.time === null || r.time > seen.time)) latest.set(r.id, r);
      if (r.supersedes === undefined) continue;
      const target = firstIndex.get(r.supersedes);
      if (target === undefined) {
        flags.push(flagOf(SUPERSEDES_MISSING, `row ${r.id} supersedes ${r.supersedes}, which is not in the trail`, [r]));
      } else if (target >= r.index) {
        const targetRow = rows[target] as TrailRow;
        const what = target === r.index ? 'itself' : `row ${r.supersedes} (line ${targetRow.line}), which comes later`;
        flags.push(flagOf(SUPERSEDES_FORWARD, `row ${r.id} (line ${r.line}) supersedes ${what}`, [r]));
      }
    }
    for (const cycle of supersedeCycles(rows)) {
      flags.push(flagOf(SUPERSEDES_CYCLE, `supersedes cycle: ${cycle.map((r) => r.id).join(' → ')} → ${(cycle[0] as TrailRow).id}`, cycle));
    }
    return flags;
  },
};
