/**
 * `source/unreadable` and `config/invalid-file`: a record file that cannot be read at all, and
 * a trailbook.json / project.json that is not valid (spec/input.md section 1). The project is
 * still built from what could be read; these flags say what was not.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';

export const SOURCE_UNREADABLE: FlagKind = {
  kind: 'source/unreadable',
  severity: 'high',
  layer: 'trail',
  rule: 'every discovered record file can be read',
  source: 'spec/input.md section 1',
};

export const CONFIG_INVALID: FlagKind = {
  kind: 'config/invalid-file',
  severity: 'medium',
  layer: 'trail',
  rule: 'trailbook.json / project.json is JSON with optional `title`, `repo` and `head` strings; when it is not, the repository is looked for as if it were absent',
  source: 'spec/input.md section 1',
};

const BY_KIND = new Map([SOURCE_UNREADABLE, CONFIG_INVALID].map((k) => [k.kind, k]));

export const unreadable: Check = {
  id: 'source/unreadable',
  kinds: [SOURCE_UNREADABLE, CONFIG_INVALID],
  run({ invalid }) {
    return invalid.flatMap((r) => {
      const k = BY_KIND.get(r.kind);
      return k ? [flagOf(k, r.error, [], [{ file: r.file, line: r.line }])] : [];
    });
  },
};
