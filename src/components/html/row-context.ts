/**
 * What a decision row's markup needs to know about its project (decision-row.ts,
 * RowContext): flags per row, rows by id, supersede chains, forge links. Made once per
 * project's rows and kept while that rows array lives: a recap and its row pages (issue 30)
 * render the same model's rows, and rebuilding these per page of 100 rows cost O(rows) a page.
 */
import type { Flag, TrailRow } from '../../lib/model/types.ts';
import { flagsByRow } from '../../lib/projections/flags.ts';
import { supersedeChain } from '../../lib/trail/rows.ts';
import { projectForge } from '../../lib/archive/page-forge.ts';
import type { RowContext } from './decision-row.ts';
import { rowPagesByAnchor } from '../../lib/site/row-pages.ts';

const made = new WeakMap<readonly TrailRow[], Map<string, Promise<RowContext>>>();

/**
 * The row context of `rows` (with their `flags`) on pages under `base`, made once per rows
 * array, base and project. `accepted`: per flag, the baseline's reason or null (issue 32; one
 * baseline per build, so it is not part of the key).
 */
export function rowContext(rows: readonly TrailRow[], flags: readonly Flag[], base: string, projectId: string, repoId: string | null, accepted: ReadonlyArray<string | null> = []): Promise<RowContext> {
  let byKey = made.get(rows);
  if (!byKey) made.set(rows, (byKey = new Map()));
  const key = `${base}\u0000${projectId}\u0000${repoId ?? ''}`;
  let ctx = byKey.get(key);
  if (!ctx) {
    ctx = (async () => {
      const rowFlags = flagsByRow(flags, rows, accepted);
      const byId = new Map<string, TrailRow>();
      for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, r);
      return { base, projectId, repoId, forge: await projectForge(projectId, repoId), anchorOf: (id: string) => byId.get(id)?.anchor, chainOf: (row: TrailRow) => supersedeChain(row, byId), flagsOf: (row: TrailRow) => rowFlags.get(row.anchor) ?? [] };
    })();
    byKey.set(key, ctx);
  }
  return ctx;
}

const pagesMade = new WeakMap<readonly TrailRow[], ReadonlyMap<string, number>>();

/**
 * The page of each of `rows`' shown rows past the recap's first (src/lib/site/row-pages.ts
 * `rowPagesByAnchor`), made once per rows array: the recap and each of its row pages link rows
 * through it (`rowHref`), not a scan of the rows per page or per link.
 */
export function rowPagesOf(rows: readonly TrailRow[]): ReadonlyMap<string, number> {
  let pages = pagesMade.get(rows);
  if (!pages) pagesMade.set(rows, (pages = rowPagesByAnchor(rows)));
  return pages;
}
