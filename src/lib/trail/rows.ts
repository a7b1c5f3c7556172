/**
 * Row projections: stable anchors, supersede links, time order (decision trail, Part 1:
 * "A wrong row is corrected by a new row with `supersedes`"; Part 1, Where it is shown:
 * "Superseded rows are hidden and counted in a footnote").
 */
import type { EvidencePointer, TrailRow } from '../model/types.ts';
import type { ParsedRow } from '../adapters/parsed-row.ts';

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Gives each row a unique anchor: `row-<id>` when the id is URL-safe and not taken, else
 * `row-<id>-L<line>` (a duplicate) or `row-L<line>` (an id with odd characters).
 */
export function assignAnchors(rows: ReadonlyArray<Pick<TrailRow, 'id' | 'line' | 'file'>>): string[] {
  const used = new Set<string>();
  return rows.map((r) => {
    const base = SAFE_ID.test(r.id) ? `row-${r.id}` : `row-L${r.line}`;
    let anchor = used.has(base) ? `${base}-L${r.line}` : base;
    for (let n = 2; used.has(anchor); n++) anchor = `${base}-L${r.line}-${n}`;
    used.add(anchor);
    return anchor;
  });
}

/**
 * At most this many superseding ids are listed per row: a hostile trail could make every row
 * name one id held by every other row, which would need memory quadratic in the trail. The
 * superseding rows themselves are all kept and each shows what it supersedes.
 */
export const MAX_SUPERSEDED_BY = 50;

/**
 * Whether `row` is timestamped before `target`, the row it names in `supersedes`: it could not
 * have named a row that did not exist yet, so it hides nothing (checks/trail/supersedes.ts
 * flags it). Rows without a readable time are not judged.
 */
export function isBackdated(row: Pick<TrailRow, 'time'>, target: Pick<TrailRow, 'time'>): boolean {
  return row.time !== null && target.time !== null && row.time < target.time;
}

/** Targets a superseding id skipped as later in time, earliest first (a binary heap). */
class LaterTargets {
  readonly #heap: TrailRow[] = [];

  push(row: TrailRow): void {
    const h = this.#heap;
    h.push(row);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if ((h[parent] as TrailRow).time! <= (h[i] as TrailRow).time!) break;
      [h[parent], h[i]] = [h[i] as TrailRow, h[parent] as TrailRow];
      i = parent;
    }
  }

  /** Removes and returns every target timed at or before `time`. */
  takeUpTo(time: number): TrailRow[] {
    const h = this.#heap;
    const out: TrailRow[] = [];
    while (h.length > 0 && (h[0] as TrailRow).time! <= time) {
      out.push(h[0] as TrailRow);
      const last = h.pop() as TrailRow;
      if (h.length === 0) break;
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let min = i;
        if (l < h.length && (h[l] as TrailRow).time! < (h[min] as TrailRow).time!) min = l;
        if (r < h.length && (h[r] as TrailRow).time! < (h[min] as TrailRow).time!) min = r;
        if (min === i) break;
        [h[min], h[i]] = [h[i] as TrailRow, h[min] as TrailRow];
        i = min;
      }
    }
    return out;
  }
}

/**
 * Builds the final rows: anchors, resolved evidence and `supersededBy`. A row is superseded
 * only by a later row naming it that is not earlier in time ({@link isBackdated}: a forward,
 * missing or back-dated `supersedes` hides nothing). O(n log n) in the number of rows,
 * however many rows share an id.
 */
export function linkRows(parsed: readonly ParsedRow[], evidence: readonly EvidencePointer[][]): TrailRow[] {
  const anchors = assignAnchors(parsed);
  const rows: TrailRow[] = parsed.map((r, i) => ({ ...r, index: i, anchor: anchors[i] as string, evidence: evidence[i] ?? [], supersededBy: [] }));
  // Rows seen so far by id. Earlier rows of a group receive every id later ones do, so the rows
  // whose list is full form a prefix (`full`); `marked` says how many rows of a group already
  // were considered for a given superseding id, and `later` keeps the ones it skipped as
  // later in time, for a row of the same id that comes with a later time.
  const groups = new Map<string, { rows: TrailRow[]; full: number }>();
  const marked = new Map<string, number>();
  const later = new Map<string, LaterTargets>();
  const hide = (target: TrailRow, by: string): void => {
    if (target.supersededBy.length < MAX_SUPERSEDED_BY && !target.supersededBy.includes(by)) target.supersededBy.push(by);
  };
  for (const row of rows) {
    const group = row.supersedes === undefined ? undefined : groups.get(row.supersedes);
    if (group) {
      const key = `${row.supersedes}\u0000${row.id}`;
      for (const target of later.get(key)?.takeUpTo(row.time ?? Infinity) ?? []) hide(target, row.id);
      for (let i = Math.max(group.full, marked.get(key) ?? 0); i < group.rows.length; i++) {
        const target = group.rows[i] as TrailRow;
        if (isBackdated(row, target)) {
          let skipped = later.get(key);
          if (!skipped) later.set(key, (skipped = new LaterTargets()));
          skipped.push(target);
        } else hide(target, row.id);
      }
      marked.set(key, group.rows.length);
      while (group.full < group.rows.length && (group.rows[group.full] as TrailRow).supersededBy.length >= MAX_SUPERSEDED_BY) group.full++;
    }
    const same = groups.get(row.id);
    if (same) same.rows.push(row);
    else groups.set(row.id, { rows: [row], full: 0 });
  }
  return rows;
}

/** True when some row is earlier in time than a row above it. */
export function isOutOfTimeOrder(rows: readonly TrailRow[]): boolean {
  let latest = -Infinity;
  for (const r of rows) {
    if (r.time === null) continue;
    if (r.time < latest) return true;
    latest = r.time;
  }
  return false;
}

/** Rows in time order (stable: equal or missing times keep file order; missing times last). */
export function timeOrder<T extends Pick<TrailRow, 'time' | 'index'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity) || a.index - b.index);
}

/** The chain of rows a row replaced, newest first (follows `supersedes` backwards, cycle-safe). */
export function supersedeChain(row: TrailRow, byId: ReadonlyMap<string, TrailRow>): TrailRow[] {
  const chain: TrailRow[] = [];
  const seen = new Set<string>([row.id]);
  let next = row.supersedes === undefined ? undefined : byId.get(row.supersedes);
  while (next && !seen.has(next.id) && next.index < (chain[chain.length - 1] ?? row).index) {
    chain.push(next);
    seen.add(next.id);
    next = next.supersedes === undefined ? undefined : byId.get(next.supersedes);
  }
  return chain;
}
