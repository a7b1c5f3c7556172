/**
 * The header of a pstack trail (spec/input.md section 2): `trail/tsv-no-header` when a file
 * starts without one (its columns are then read in the seed's order), and
 * `trail/tsv-missing-column` when the header, read by name (src/lib/adapters/tsv-header.ts),
 * lacks one of the six fields: that field is blank in every row, said once for the file.
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

const HEADER_KINDS = [TSV_NO_HEADER, TSV_MISSING_COLUMN];

export const tsvHeader: Check = {
  id: 'trail/tsv-header',
  kinds: HEADER_KINDS,
  run({ warnings }) {
    return warnings.flatMap((w) => {
      const k = HEADER_KINDS.find((h) => h.kind === w.kind);
      return k ? [flagOf(k, w.message, [], [{ file: w.file, line: w.line }])] : [];
    });
  },
};
