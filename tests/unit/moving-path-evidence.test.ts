/**
 * A path cited at a revision relative to a ref that moves (trust16, fault-injecting review).
 * `HEAD~2` alone is INCONCLUSIVE (which commit it named when the row was written is not known),
 * but at a path the same revision was three other verdicts: `src/a.ts:2 in HEAD~1` and
 * `src/a.ts:2 (HEAD~1)` VERIFIED at the landed head (lines of a version the row never cited, the
 * revision a pointer of its own or a note), `src/a.ts@HEAD~1` the high `evidence/path-not-found`
 * of a path named so, `HEAD~1:src/a.ts:2` the medium `evidence/prose`. Now each is INCONCLUSIVE,
 * saying why, with no flag; `src/a.ts@HEAD` stays the path at the landed head.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { committedProject, evidenceFlags, pointerVerdicts, removeFixture, trailRow as row, trailText } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;

const CELLS = ['src/a.ts:2 in HEAD~1', 'src/a.ts:2 (HEAD~1)', 'src/a.ts@HEAD~1', 'src/a.ts:2@main^', 'HEAD~1:src/a.ts:2', 'src/p.ts parseRow at main~2'];

beforeAll(async () => {
  ({ dir, model } = await committedProject(
    'moving-path',
    {
      'src/a.ts': 'one\ntwo\nthree\n',
      'src/p.ts': 'export function parseRow() {}\n',
      'decisions.jsonl': trailText([...CELLS, 'src/a.ts@HEAD:2'].map((cell, i) => row(`2026-03-01T09:0${i}:00Z`, `d${i}`, cell, i === 0 ? 'start' : 'build'))),
    },
    'All',
    '2026-03-01T10:00:00Z',
  ));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path at a revision relative to a ref that moves', () => {
  it('is INCONCLUSIVE, saying why, as the revision alone is; never checked at the landed head', () => {
    const why = (path: string, rev: string): string => `${path} is cited at ${rev}, a revision relative to a ref that moves (HEAD or a branch): which commit it named when the row was written is not known; not checked`;
    expect(pointerVerdicts(model, 'kind')).toEqual([
      [['src/a.ts:2 in HEAD~1', 'path', 'INCONCLUSIVE', why('src/a.ts', 'HEAD~1')]],
      [['src/a.ts:2 (HEAD~1)', 'path', 'INCONCLUSIVE', why('src/a.ts', 'HEAD~1')]],
      [['src/a.ts@HEAD~1', 'path', 'INCONCLUSIVE', why('src/a.ts', 'HEAD~1')]],
      [['src/a.ts:2@main^', 'path', 'INCONCLUSIVE', why('src/a.ts', 'main^')]],
      [['HEAD~1:src/a.ts:2', 'path', 'INCONCLUSIVE', why('src/a.ts', 'HEAD~1')]],
      [['src/p.ts parseRow at main~2', 'symbol', 'INCONCLUSIVE', why('src/p.ts', 'main~2')]],
      [['src/a.ts@HEAD:2', 'path', 'VERIFIED', 'line 2 of 3 exists at landed head']],
    ]);
    expect(model.rows.flatMap((r) => r.evidence.map((p) => p.target ?? null))).toEqual([null, null, null, null, null, null, { type: 'file', path: 'src/a.ts', origin: 'repository', from: 2, to: 2 }]);
    expect(evidenceFlags(model)).toEqual([]);
  });
});
