/**
 * A path at a tag or branch written `path@ref` (trust12's fault-injecting review), as `path@sha`
 * (trust9) and git's `ref:path` (trial7) are read: `src/a.ts@v1` and `src/a.ts@v1:3` were one path
 * named `src/a.ts@v1`, a high `evidence/path-not-found` ("src/a.ts@v1 not found at landed head …")
 * for a file that tag holds, and `src/a.ts:3@v1` was prose, a medium `evidence/prose`. Each is the
 * path at the commit the ref names now, checked there and linked to it; a word after `@` that names
 * no ref of the repository (`logo@2x.png`, a tag that does not exist) leaves the text as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, evidenceFlags, fixtureDir, initRepo, removeFixture, rowIdOf, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let tagged: string;
const CELLS = [
  'src/a.ts@v1', // 0
  'src/a.ts@v1:3', // 1
  'src/a.ts:3@v1', // 2
  'src/a.ts@release-2#L2-L3', // 3
  'src/a.ts@v1:5', // 4
  'src/a.ts@v9', // 5
];

beforeAll(async () => {
  dir = await fixtureDir('path-at-ref');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': '1\n2\n3\n4\n' });
  tagged = commitAll(dir, 'First', '2026-03-01T06:00:00Z');
  git(dir, ['tag', 'v1']);
  git(dir, ['tag', 'release-2']);
  await writeFiles(dir, {
    'src/a.ts': '1\n',
    'decisions.jsonl': trailText(CELLS.map((c, i) => row(`2026-03-01T07:0${i}:00Z`, `decision ${i}`, c))),
  });
  commitAll(dir, 'Second', '2026-03-01T08:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path at a tag or branch written path@ref', () => {
  it('is checked at the commit the ref names', () => {
    const s = tagged.slice(0, 7);
    const v = pointerVerdicts(model, 'kind');
    expect(v[0]).toEqual([['src/a.ts@v1', 'path', 'VERIFIED', `file exists at commit ${s}; 4 lines`]]);
    expect(v[1]).toEqual([['src/a.ts@v1:3', 'path', 'VERIFIED', `line 3 of 4 exists at commit ${s}`]]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', at: tagged, from: 3, to: 3 });
    expect(v[2]).toEqual([['src/a.ts:3@v1', 'path', 'VERIFIED', `line 3 of 4 exists at commit ${s}`]]);
    expect(v[3]).toEqual([['src/a.ts@release-2#L2-L3', 'path', 'VERIFIED', `lines 2–3 of 4 exist at commit ${s}`]]);
  });

  it('flags lines the ref does not hold, and a ref the repository does not have, as before', () => {
    const v = pointerVerdicts(model, 'kind');
    expect(v[4]).toEqual([['src/a.ts@v1:5', 'path', 'NOT_VERIFIED', `line 5 is past the end of src/a.ts (4 lines at commit ${tagged.slice(0, 7)})`]]);
    expect(v[5]?.[0]?.slice(0, 3)).toEqual(['src/a.ts@v9', 'path', 'NOT_VERIFIED']);
    expect(evidenceFlags(model)).toEqual([
      ['evidence/line-out-of-range', 'high', [rowIdOf(model, 4)]],
      ['evidence/path-not-found', 'high', [rowIdOf(model, 5)]],
    ]);
  });
});
