/**
 * The header of a pstack trail (spec/input.md section 2): `trail/tsv-no-header` when a file
 * starts without one (its columns are then read in the seed's order), and
 * `trail/tsv-missing-column` when the header, read by name (src/lib/adapters/tsv-header.ts),
 * lacks one of the six fields: that field is blank in every row, said once for the file;
 * `trail/tsv-header-grew` when rows were read with trailing cells blank because the header
 * gained a column after they were written (src/lib/adapters/pstack-trail.ts) and the trail's
 * history does not show it (issue 26, scope 4).
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

const SOURCE = 'spec/input.md section 2 (pstack trail)';

export const TSV_NO_HEADER: FlagKind = {
  kind: 'trail/tsv-no-header',
  severity: 'low',
  layer: 'trail',
  rule: 'a pstack trail starts with the header `ts phase decision why evidence result`',
  source: SOURCE,
};

export const TSV_MISSING_COLUMN: FlagKind = {
  kind: 'trail/tsv-missing-column',
  severity: 'medium',
  layer: 'trail',
  rule: 'a pstack trail’s header names all six fields (ts phase decision why evidence result, or a synonym such as timestamp, unit, what, reason, rationale); a field it lacks is blank in every row',
  source: SOURCE,
};

export const TSV_HEADER_GREW: FlagKind = {
  kind: 'trail/tsv-header-grew',
  severity: 'low',
  layer: 'trail',
  rule: 'every row of a pstack trail has a cell per header column; a row a trailing column or more short of a header that grew (a column such as `resolves` added later) is read with those cells blank and said once for the file, unless the trail’s git history shows the header it was written under',
  source: `${SOURCE}; issue 26, scope 4`,
};

const HEADER_KINDS = [TSV_NO_HEADER, TSV_MISSING_COLUMN, TSV_HEADER_GREW];

export const tsvHeader: Check = {
  id: 'trail/tsv-header',
  kinds: HEADER_KINDS,
  run({ warnings, recordHistory }) {
    return warnings.flatMap((w) => {
      const k = HEADER_KINDS.find((h) => h.kind === w.kind);
      if (!k) return [];
      if (k === TSV_HEADER_GREW && writtenUnderTheirHeader(w.rows ?? [], recordHistory?.find((h) => h.file === w.file)?.rowHeaders ?? [])) return [];
      return [flagOf(k, w.message, [], [{ file: w.file, line: w.line }])];
    });
  },
};

/** Whether the history shows every short row committed under a header exactly as wide as the row: then it was read by its own header, and there is nothing to say. */
function writtenUnderTheirHeader(rows: ReadonlyArray<{ line: number; cells: number }>, headers: ReadonlyArray<{ line: number; columns: number }>): boolean {
  if (rows.length === 0 || headers.length === 0) return false;
  const width = new Map(headers.map((h) => [h.line, h.columns]));
  return rows.every((r) => width.get(r.line) === r.cells);
}
