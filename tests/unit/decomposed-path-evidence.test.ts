/**
 * A path written with its accents decomposed (NFD: `u` + U+0308 for `ü`, as macOS file systems
 * give names to `ls` and the tools an agent copies them from) was prose to the classifier: its
 * combining marks were no path characters. So `src/über.ts:1`, a committed file, was a medium
 * `evidence/prose` (real evidence called no pointer), and a missing one the same medium flag
 * instead of the high `evidence/path-not-found` (trust16, fault-injecting review). Now the marks
 * are read with the letters they mark, and the path is looked for in either form (the tree holds
 * it composed here), linked to the file the tree holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { committedProject, evidenceFlags, pointerVerdicts, removeFixture, rowIdOf, trailRow as row, trailText } from '../trail-fixtures.ts';

const NFC = 'src/\u00fcber.ts';
const NFD = 'src/u\u0308ber.ts';
let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  ({ dir, model, sha: head } = await committedProject(
    'decomposed-path',
    {
      [NFC]: 'one\ntwo\n',
      'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'start', `${NFD}:2`, 'start'), row('2026-03-01T09:01:00Z', 'Missing', 'docs/cafe\u0301.md'), row('2026-03-01T09:02:00Z', 'Composed', `${NFC}:2`)]),
    },
    'All',
    '2026-03-01T10:00:00Z',
  ));
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path written decomposed', () => {
  it('is a path: the committed file VERIFIED and linked, a missing one the high path-not-found', () => {
    expect(pointerVerdicts(model, 'fault')).toEqual([
      [[`${NFD}:2`, 'VERIFIED', 'line 2 of 2 exists at landed head', '']],
      [['docs/cafe\u0301.md', 'NOT_VERIFIED', `docs/cafe\u0301.md not found at landed head ${head.slice(0, 7)} nor in the project folder`, 'evidence/path-not-found']],
      [[`${NFC}:2`, 'VERIFIED', 'line 2 of 2 exists at landed head', '']],
    ]);
    const t = model.rows[0]?.evidence[0]?.target;
    expect(t?.type === 'file' ? [t.path, t.from, t.to] : t).toEqual([NFC, 2, 2]);
    expect(evidenceFlags(model)).toEqual([['evidence/path-not-found', 'high', [rowIdOf(model, 1)]]]);
  });
});
