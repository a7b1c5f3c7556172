/**
 * The `rows` of `recap.json` in `trailbook.recap/2` (issue 30, output size): a row leaves out
 * what the rest of it says — `computedId` when it is the row's `id`, `anchor` when it is
 * `row-<id>`, `index` when it is the row's position among the rows of its `file` in `rows` —
 * about 6% of a real-shaped project's `recap.json.gz`. A row whose fields differ keeps them.
 * Readers ({@link fullRows}: recap.html and decisions.csv in the browser, `trailbook diff`, the
 * compare page) put them back. Pure.
 */
import type { TrailRow } from '../model/types.ts';

/** A row as `trailbook.recap/2` writes it. */
export type CompactRow = Omit<TrailRow, 'computedId' | 'anchor' | 'index'> & { computedId?: string; anchor?: string; index?: number };

/** Each row's position among the rows of its file, in order. */
function positions(rows: ReadonlyArray<{ file: string }>): number[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const n = seen.get(r.file) ?? 0;
    seen.set(r.file, n + 1);
    return n;
  });
}

/** `rows` as `trailbook.recap/2` writes them. */
export function compactRows(rows: readonly TrailRow[]): CompactRow[] {
  const at = positions(rows);
  return rows.map((row, i) => {
    const { computedId, anchor, index, ...rest } = row;
    return {
      ...rest,
      ...(computedId !== row.id ? { computedId } : {}),
      ...(anchor !== `row-${row.id}` ? { anchor } : {}),
      ...(index !== at[i] ? { index } : {}),
    };
  });
}

/** The inverse of {@link compactRows}; rows of a `trailbook.recap/1` document (every field there) come back as they are. */
export function fullRows(rows: readonly CompactRow[]): TrailRow[] {
  const at = positions(rows);
  return rows.map((row, i) => ({ ...row, computedId: row.computedId ?? row.id, anchor: row.anchor ?? `row-${row.id}`, index: row.index ?? (at[i] as number) }));
}
