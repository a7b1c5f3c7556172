/**
 * `path@<sha>` (trust9's fault-injecting trial): a file cited at a commit the way many tools
 * write it (`src/a.ts@175a435`) was read as one path named `src/a.ts@175a435`, a high
 * `evidence/path-not-found` for a file that is there. It is the path at that commit, as git's
 * `<sha>:<path>` is.
 *
 * Lines written after the commit (trust12): `src/a.ts@175a435:2` was still one path named
 * `src/a.ts@175a435`, a high `evidence/path-not-found` ("src/a.ts@175a435 not found at landed
 * head … nor in the project folder") for a file whose line 2 is there at that commit, while
 * `src/a.ts:2@175a435` was VERIFIED. Both orders are the path's lines at the commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
const verdicts = (): string[][][] => pointerVerdicts(model, 'kind');

beforeAll(async () => {
  dir = await fixtureDir('path-at-revision');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': '1\n2\n', 'src/old.ts': 'x\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['rm', '-q', 'src/old.ts']);
  commitAll(dir, 'Second', '2026-03-01T09:00:00Z');
  const s = first.slice(0, 7);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T08:30:00Z', 'start', `src/a.ts@${s}`),
      row('2026-03-01T08:31:00Z', 'Deleted since', `src/old.ts@${first}`),
      row('2026-03-01T08:32:00Z', 'With a line', `src/a.ts:2@${s}`),
      row('2026-03-01T08:33:00Z', 'At a commit that does not exist', 'src/a.ts@deadbee1'),
      row('2026-03-01T08:34:00Z', 'At HEAD', 'src/a.ts:2@HEAD'),
      row('2026-03-01T08:35:00Z', 'Line after the commit', `src/a.ts@${s}:2`),
      row('2026-03-01T08:36:00Z', 'Range after the commit', `src/old.ts@${first}#L1-L1`),
      row('2026-03-01T08:37:00Z', 'Past the end after the commit', `src/a.ts@${s}:3`),
      row('2026-03-01T08:38:00Z', 'Line after HEAD', 'src/a.ts@HEAD:2'),
    ]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path at a commit written path@sha', () => {
  it('is checked at that commit', () => {
    const s = first.slice(0, 7);
    expect(verdicts()[0]).toEqual([[`src/a.ts@${s}`, 'path', 'VERIFIED', `file exists at commit ${s}; 2 lines`]]);
    expect(verdicts()[1]).toEqual([[`src/old.ts@${first}`, 'path', 'VERIFIED', `file exists at commit ${s}; 1 line`]]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/old.ts', origin: 'repository', at: first });
    expect(verdicts()[2]).toEqual([[`src/a.ts:2@${s}`, 'path', 'VERIFIED', `line 2 of 2 exists at commit ${s}`]]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', at: first, from: 2, to: 2 });
  });

  it('reads a path at HEAD or a default branch as a path, at the landed head', () => {
    expect(verdicts()[4]).toEqual([['src/a.ts:2@HEAD', 'path', 'VERIFIED', 'line 2 of 2 exists at landed head']]);
  });

  it('names the commit that is not there', () => {
    expect(verdicts()[3]).toEqual([['src/a.ts@deadbee1', 'path', 'NOT_VERIFIED', `no commit deadbee1 in ${model.repository?.path ?? ''}; src/a.ts is at the landed head ${(model.repository?.head ?? '').slice(0, 7)}: the commit may have been squashed or rebased away, or the SHA mistyped`]]);
    expect(model.flags.filter((f) => f.kind.startsWith('evidence/')).map((f) => [f.kind, f.severity])).toEqual([['evidence/commit-not-found', 'high'], ['evidence/line-out-of-range', 'high']]);
  });

  it('reads lines written after the commit as the lines of the path at that commit', () => {
    const s = first.slice(0, 7);
    expect(verdicts()[5]).toEqual([[`src/a.ts@${s}:2`, 'path', 'VERIFIED', `line 2 of 2 exists at commit ${s}`]]);
    expect(model.rows[5]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', at: first, from: 2, to: 2 });
    expect(verdicts()[6]).toEqual([[`src/old.ts@${first}#L1-L1`, 'path', 'VERIFIED', `line 1 of 1 exists at commit ${s}`]]);
    expect(verdicts()[7]).toEqual([[`src/a.ts@${s}:3`, 'path', 'NOT_VERIFIED', `line 3 is past the end of src/a.ts (2 lines at commit ${s})`]]);
    expect(verdicts()[8]).toEqual([['src/a.ts@HEAD:2', 'path', 'VERIFIED', 'line 2 of 2 exists at landed head']]);
  });
});
