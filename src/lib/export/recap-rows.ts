/**
 * The `rows` of `recap.json`.
 *
 * `trailbook.recap/2` (issue 30, output size): a row leaves out what the rest of it says —
 * `computedId` when it is the row's `id`, `anchor` when it is `row-<id>`, `index` when it is
 * the row's position among the rows of its `file` in `rows` — about 6% of a real-shaped
 * project's `recap.json.gz`. A row whose fields differ keeps them.
 *
 * `trailbook.recap/3` (issue 30, output size): the same rows by column ({@link RowColumns}):
 * one array per field, a value per row in file order, so gzip meets each field's values side
 * by side (decisions with decisions, SHAs with SHAs) and a field's name once, not once a row:
 * a real-shaped project's `recap.json.gz` 198 → about 165 bytes a row.
 *
 * `trailbook.recap/4` (issue 30, output size): the same columns, without `time` when every
 * row's is what its `ts` gives (src/lib/text/time.ts `rowTime`, as the trail adapters read it);
 * a trail whose times were written otherwise (a redacted `ts`) keeps the column.
 *
 * Readers ({@link fullRows}: recap.html and decisions.csv in the browser, `trailbook diff`, the
 * compare page) take all four layouts and put the left-out fields back. Pure.
 */
import type { TrailRow } from '../model/types.ts';
import { rowTime } from '../text/time.ts';
import { exportedPointers } from './exported-pointers.ts';

/** A row as `trailbook.recap/2` writes it. */
export type CompactRow = Omit<TrailRow, 'computedId' | 'anchor' | 'index'> & { computedId?: string; anchor?: string; index?: number };

/** A row field whose column holds `null` where the row has no value (the field is absent). */
type OptionalField = { [K in keyof CompactRow]-?: undefined extends CompactRow[K] ? K : never }[keyof CompactRow];

/**
 * `rows` as `trailbook.recap/3` writes them: per field of {@link CompactRow}, its values in
 * row order. Every column is as long as `id`. A column of an optional field (`supersedes`,
 * `computedId`, `anchor`, `index`) is there only when some row has that field, with `null`
 * for each row that has not; `time` is `null` where the row's is (a time that does not parse).
 */
export type RowColumns = { [K in Exclude<keyof CompactRow, OptionalField>]: Array<CompactRow[K]> } & { [K in OptionalField]?: Array<NonNullable<CompactRow[K]> | null> };

/** The columns every recap/3 `rows` has, in the order written. */
const REQUIRED = ['id', 'format', 'file', 'line', 'ts', 'time', 'phase', 'ticket', 'actor', 'decision', 'why', 'evidenceText', 'evidence', 'result', 'resultClass', 'supersededBy', 'bytes', 'extra'] as const satisfies ReadonlyArray<Exclude<keyof CompactRow, OptionalField>>;

/** The columns a recap/3 `rows` has when a row has that field. */
const OPTIONAL = ['supersedes', 'computedId', 'anchor', 'index'] as const satisfies readonly OptionalField[];

// Every field of a row is in one of the two lists (a field added to TrailRow must be added here).
type Listed = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
const _everyField: [Exclude<keyof CompactRow, Listed>] extends [never] ? true : never = true;
void _everyField;

/** Each row's position among the rows of its file, in order. */
function positions(rows: ReadonlyArray<{ file: string }>): number[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const n = seen.get(r.file) ?? 0;
    seen.set(r.file, n + 1);
    return n;
  });
}

/** `rows` as `trailbook.recap/2` writes them; their evidence without the card's `reasonKind` (src/lib/export/exported-pointers.ts). */
export function compactRows(rows: readonly TrailRow[]): CompactRow[] {
  const at = positions(rows);
  return rows.map((row, i) => {
    const { computedId, anchor, index, ...rest } = row;
    return {
      ...rest,
      evidence: exportedPointers(rest.evidence),
      ...(computedId !== row.id ? { computedId } : {}),
      ...(anchor !== `row-${row.id}` ? { anchor } : {}),
      ...(index !== at[i] ? { index } : {}),
    };
  });
}

/** Whether every row's `time` is what its `ts` gives ({@link rowTime}): recap/4 then leaves the column out. */
export function timeFromTs(rows: ReadonlyArray<Pick<TrailRow, 'ts' | 'time'>>): boolean {
  return rows.every((r) => rowTime(r.ts) === r.time);
}

/**
 * `rows` as `trailbook.recap/3` writes them: {@link compactRows} by column; as recap/4 writes
 * them (`leaveOutTime`) without the `time` column when {@link timeFromTs} says it gives nothing.
 */
export function rowColumns(rows: readonly TrailRow[], leaveOutTime = false): RowColumns {
  const compact = compactRows(rows);
  const out: Record<string, unknown[]> = {};
  const withoutTime = leaveOutTime && timeFromTs(rows);
  for (const field of REQUIRED) if (!(withoutTime && field === 'time')) out[field] = compact.map((r) => r[field]);
  for (const field of OPTIONAL) if (compact.some((r) => r[field] !== undefined)) out[field] = compact.map((r) => r[field] ?? null);
  return out as unknown as RowColumns;
}

/**
 * What is wrong with recap/3 or recap/4 columns, in words (`its rows have no decision column`, `its rows'
 * evidence column has 1 value for 2 rows`), or null: every column of {@link REQUIRED} an array
 * as long as `id`, and each optional one present that long too.
 */
export function rowColumnsProblem(columns: RowColumns): string | null {
  const cols = columns as unknown as Record<string, unknown>;
  const n = columns.id.length;
  for (const field of [...REQUIRED, ...OPTIONAL]) {
    const column = cols[field];
    // recap/4 leaves out `time` when `ts` gives it (rowColumns).
    if (column === undefined && ((OPTIONAL as readonly string[]).includes(field) || field === 'time')) continue;
    if (!Array.isArray(column)) return `its rows have no ${field} column`;
    if (column.length !== n) return `its rows' ${field} column has ${column.length} ${column.length === 1 ? 'value' : 'values'} for ${n} ${n === 1 ? 'row' : 'rows'}`;
  }
  return null;
}

/** The rows of recap/3 columns, as recap/2 writes them (a `null` of an optional column: the field absent). Throws {@link rowColumnsProblem}'s words. */
function columnRows(columns: RowColumns): CompactRow[] {
  const problem = rowColumnsProblem(columns);
  if (problem !== null) throw new Error(`recap.json: ${problem}`);
  const cols = columns as unknown as Record<string, unknown[] | undefined>;
  const n = columns.id.length;
  const rows: CompactRow[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    for (const field of REQUIRED) row[field] = field === 'time' && cols['time'] === undefined ? rowTime(columns.ts[i] as string) : (cols[field] as unknown[])[i];
    for (const field of OPTIONAL) {
      const v = cols[field]?.[i];
      if (v !== undefined && v !== null) row[field] = v;
    }
    rows.push(row as unknown as CompactRow);
  }
  return rows;
}

/** Whether `rows` of a recap.json is recap/3's columns (an object with an `id` array), not an array of rows. */
export function isRowColumns(rows: unknown): rows is RowColumns {
  return typeof rows === 'object' && rows !== null && !Array.isArray(rows) && Array.isArray((rows as { id?: unknown }).id);
}

/**
 * The inverse of {@link rowColumns} and {@link compactRows}: the rows of any recap.json's
 * `rows` — recap/4's or recap/3's columns, recap/2's compact rows, or recap/1's rows (every field there,
 * which come back as they are).
 */
export function fullRows(rows: readonly CompactRow[] | RowColumns): TrailRow[] {
  const list = isRowColumns(rows) ? columnRows(rows) : rows;
  const at = positions(list);
  return list.map((row, i) => ({ ...row, computedId: row.computedId ?? row.id, anchor: row.anchor ?? `row-${row.id}`, index: row.index ?? (at[i] as number) }));
}
