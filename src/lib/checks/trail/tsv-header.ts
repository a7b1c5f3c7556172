/** `trail/tsv-no-header`: a pstack trail starts with its header line (spec/input.md section 2). */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const TSV_NO_HEADER: FlagKind = {
  kind: 'trail/tsv-no-header',
  severity: 'low',
  layer: 'trail',
  rule: 'a pstack trail starts with the header `ts phase decision why evidence result`',
  source: 'spec/input.md section 2 (pstack trail)',
};

export const tsvHeader: Check = {
  id: 'trail/tsv-no-header',
  kinds: [TSV_NO_HEADER],
  run({ warnings }) {
    return warnings.filter((w) => w.kind === TSV_NO_HEADER.kind).map((w) => flagOf(TSV_NO_HEADER, w.message, [], [{ file: w.file, line: w.line }]));
  },
};
