/**
 * `source/unreadable` and `config/invalid-file`: a record file that cannot be read at all, and
 * a trailbook.json / project.json that is not valid (spec/input.md section 1). The project is
 * still built from what could be read; these flags say what was not. `config/mistyped-key`: a
 * key of that file one edit from one Trailbook reads (its value is not read).
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

export const CONFIG_MISTYPED_KEY: FlagKind = {
  kind: 'config/mistyped-key',
  severity: 'low',
  layer: 'trail',
  rule: 'a key of trailbook.json / project.json one edit from `title`, `repo` or `head` (`titel`, `Repo`, `haed`) is a mistyped key: its value is not read, the file\'s other keys are (keys further from them are another tool\'s, and left alone)',
  source: 'spec/input.md section 1',
};

const BY_KIND = new Map([SOURCE_UNREADABLE, CONFIG_INVALID].map((k) => [k.kind, k]));

export const unreadable: Check = {
  id: 'source/unreadable',
  kinds: [SOURCE_UNREADABLE, CONFIG_INVALID, CONFIG_MISTYPED_KEY],
  run({ invalid, warnings }) {
    return [
      ...invalid.flatMap((r) => {
        const k = BY_KIND.get(r.kind);
        return k ? [flagOf(k, r.error, [], [{ file: r.file, line: r.line }])] : [];
      }),
      ...warnings.filter((w) => w.kind === CONFIG_MISTYPED_KEY.kind).map((w) => flagOf(CONFIG_MISTYPED_KEY, w.message, [], [{ file: w.file, line: w.line }])),
    ];
  },
};
