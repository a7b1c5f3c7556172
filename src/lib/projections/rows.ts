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
 * Builds the final rows: anchors, resolved evidence and `supersededBy`. A row is superseded
 * only by a later row naming it (a forward or missing `supersedes` hides nothing).
 */
export function linkRows(parsed: readonly ParsedRow[], evidence: readonly EvidencePointer[][]): TrailRow[] {
  const anchors = assignAnchors(parsed);
  const rows: TrailRow[] = parsed.map((r, i) => ({ ...r, index: i, anchor: anchors[i] as string, evidence: evidence[i] ?? [], supersededBy: [] }));
  const seen = new Map<string, TrailRow[]>();
  for (const row of rows) {
    if (row.supersedes !== undefined) for (const target of seen.get(row.supersedes) ?? []) if (!target.supersededBy.includes(row.id)) target.supersededBy.push(row.id);
    seen.set(row.id, [...(seen.get(row.id) ?? []), row]);
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
