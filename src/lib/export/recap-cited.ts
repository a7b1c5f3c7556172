/**
 * The `cited` part of `recap.json` in `trailbook.recap/2` (issue 30, output size): a citation
 * of a decision row of the same document's `rows` gives only that row's `anchor` (and
 * `unresolved`), since its `rowId` and `decision` (the row's decision cut to 120 characters,
 * as src/lib/project/analyse-project.ts lists it) are the row's own. A citation of anything
 * else (an invalid record, a review finding) or one that differs from its row keeps every field.
 * In `trailbook.recap/1` each citation repeated the row's id and decision: about a quarter of
 * a real-shaped project's `recap.json.gz`. Pure.
 */
import type { Citation, Cited, TrailRow } from '../model/types.ts';

import type { CompactCited, CompactCitation } from './recap-cited-schema.ts';

export type { CompactCited, CompactCitation };

type RowFacts = Pick<TrailRow, 'id' | 'anchor' | 'decision'>;

/** The first row of each anchor (an anchor names one row). */
function rowsByAnchor(rows: readonly RowFacts[]): Map<string, RowFacts> {
  const map = new Map<string, RowFacts>();
  for (const r of rows) if (!map.has(r.anchor)) map.set(r.anchor, r);
  return map;
}

/** The decision a citation of `row` lists (the row's, cut to 120 characters). */
const listedDecision = (row: RowFacts): string => row.decision.slice(0, 120);

/** `cited` with each citation of a row of `rows` cut to its anchor (and `unresolved`). */
export function compactCited(cited: Cited, rows: readonly RowFacts[]): CompactCited {
  const byAnchor = rowsByAnchor(rows);
  const compact = (c: Citation): CompactCitation => {
    const row = byAnchor.get(c.anchor);
    if (!row || row.id !== c.rowId || listedDecision(row) !== c.decision) return c;
    const { rowId: _id, decision: _decision, ...rest } = c;
    return rest;
  };
  return {
    commits: cited.commits.map((e) => ({ ...e, by: e.by.map(compact) })),
    files: cited.files.map((e) => ({ ...e, by: e.by.map(compact) })),
  };
}

/**
 * The inverse of {@link compactCited}: each citation with its row's id and decision again.
 * Throws when a citation without them names no row of `rows` (a document not written by
 * {@link compactCited}).
 */
export function fullCited(cited: CompactCited, rows: readonly RowFacts[]): Cited {
  const byAnchor = rowsByAnchor(rows);
  const full = (c: CompactCitation): Citation => {
    if (c.rowId !== undefined && c.decision !== undefined) return c as Citation;
    const row = byAnchor.get(c.anchor);
    if (!row) throw new Error(`recap.json cites ${c.anchor}, which is not a row of its rows`);
    // Field order as analyse-project.ts writes a citation, so the JSON round trip is exact.
    const { anchor, unresolved } = c;
    return { rowId: c.rowId ?? row.id, anchor, decision: c.decision ?? listedDecision(row), ...(unresolved !== undefined ? { unresolved } : {}) };
  };
  return {
    commits: cited.commits.map((e) => ({ ...e, by: e.by.map(full) })),
    files: cited.files.map((e) => ({ ...e, by: e.by.map(full) })),
  };
}
