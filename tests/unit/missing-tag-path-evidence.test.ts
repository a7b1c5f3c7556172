/**
 * A path cited at a tag the repository does not have (trust16, fault-injecting review). A tag
 * cited alone (`v9.9`) was the high `evidence/commit-not-found`, but at a path the same missing tag
 * was three other verdicts: `src/a.ts:2 in v9.9` VERIFIED at the landed head (the tag left in the
 * note), `src/a.ts@v9.9:2` the high `evidence/path-not-found` of a path named `src/a.ts@v9.9`, and
 * `v9.9:src/a.ts:2` the medium `evidence/prose`. Now each is the missing tag's high
 * `evidence/commit-not-found`, its reason saying whether the lines are at the landed head. A word
 * that is not surely a tag (`in v2`), and a version in brackets (`(v9.9)`, a remark on the line
 * as often), stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { committedProject, evidenceFlags, pointerVerdicts, removeFixture, rowIdOf, trailRow as row, trailText } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  ({ dir, model, sha: head } = await committedProject(
    'missing-tag-path',
    {
      'src/a.ts': 'one\ntwo\nthree\n',
      'decisions.jsonl': trailText([
        row('2026-03-01T09:00:00Z', 'start', 'v9.9', 'start'),
        row('2026-03-01T09:01:00Z', 'In words', 'src/a.ts:2 in v9.9'),
        row('2026-03-01T09:02:00Z', 'At', 'src/a.ts@v9.9:2'),
        row('2026-03-01T09:03:00Z', 'As git writes it', 'v9.9:src/a.ts:2'),
        row('2026-03-01T09:04:00Z', 'Past the end too', 'src/a.ts:9 in release-3.0'),
        row('2026-03-01T09:05:00Z', 'Not surely a tag', 'src/a.ts:2 in v2'),
        row('2026-03-01T09:06:00Z', 'A version in brackets', 'src/a.ts:2 (v9.9)'),
      ]),
    },
    'All',
    '2026-03-01T10:00:00Z',
  ));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path at a tag the repository lacks', () => {
  it('is the missing tag, as the tag cited alone is', () => {
    const repo = (model.rows[0]?.evidence[0]?.reason ?? '').replace(/^no tag v9\.9 in /, '');
    const atHead = `line 2 of src/a.ts is at the landed head ${head.slice(0, 7)}: the tag may have been deleted or not fetched (\`git fetch --tags\`), or its name mistyped`;
    expect(pointerVerdicts(model, 'fault')).toEqual([
      [['v9.9', 'NOT_VERIFIED', `no tag v9.9 in ${repo}`, 'evidence/commit-not-found']],
      [['src/a.ts:2 in v9.9', 'NOT_VERIFIED', `no tag v9.9 in ${repo}; ${atHead}`, 'evidence/commit-not-found']],
      [['src/a.ts@v9.9:2', 'NOT_VERIFIED', `no tag v9.9 in ${repo}; ${atHead}`, 'evidence/commit-not-found']],
      [['v9.9:src/a.ts:2', 'NOT_VERIFIED', `no tag v9.9 in ${repo}; ${atHead}`, 'evidence/commit-not-found']],
      [['src/a.ts:9 in release-3.0', 'NOT_VERIFIED', `no tag release-3.0 in ${repo}`, 'evidence/commit-not-found']],
      [['src/a.ts:2', 'VERIFIED', 'line 2 of 3 exists at landed head', '']],
      [['src/a.ts:2', 'VERIFIED', 'line 2 of 3 exists at landed head', '']],
    ]);
    expect(model.rows.slice(5).map((r) => r.evidence[0]?.note)).toEqual(['in v2', '(v9.9)']);
    expect(evidenceFlags(model).map(([kind, severity, rows]) => [kind, severity, rows.length])).toEqual(Array.from({ length: 5 }, () => ['evidence/commit-not-found', 'high', 1]));
    expect(evidenceFlags(model).flatMap(([, , rows]) => rows)).toEqual([0, 1, 2, 3, 4].map((n) => rowIdOf(model, n)));
  });
});
