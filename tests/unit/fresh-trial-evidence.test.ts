/**
 * Evidence shapes a new user's trial (2026-12-02) found misread, each resolved against a
 * repository built here:
 * - `src/a.ts (lines 40-50)`: the lines were a note, so a 5-line file showed VERIFIED ("file
 *   exists") and the link landed on the whole file;
 * - `<sha>:src/a.ts:2` (git's `<commit>:<path>`, as `git show` takes it): real evidence read as
 *   prose (`evidence/prose`), while a fabricated SHA in the same shape raised nothing specific;
 * - `src/` + `**` + `/*.ts`: a globstar matched no file directly in `src/`, so a glob naming a real
 *   file was a high `evidence/path-not-found`;
 * - `src/old.ts:2` in a row recorded before `git mv src/old.ts src/new.ts`: INCONCLUSIVE
 *   ("deleted or moved since") although the same lines are at the head under the new name;
 * - `docs/spec.md#3-evidence`: a heading anchor was read as part of the file name (a high
 *   `evidence/path-not-found` for a real file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let trail: string;
const verdicts = (): string[][][] => pointerVerdicts(model);

beforeAll(async () => {
  dir = await fixtureDir('fresh-trial');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  const s = first.slice(0, 7);
  await writeFiles(dir, {
    'src/a.ts': 'one\ntwo\nthree\nfour\nfive\n',
    'docs/spec.md': '# Spec\n\n## 3. Evidence\n',
    'src/old.ts': 'alpha\nbeta\ngamma\n',
    'src/edited.ts': 'alpha\nbeta\ndelta\n',
    'runs/decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1'),
      row('2026-03-01T09:01:00Z', 'Lines in parentheses', 'src/a.ts (lines 40-50)'),
      row('2026-03-01T09:02:00Z', 'Lines in parentheses that exist', 'src/a.ts (lines 4-5)'),
      row('2026-03-01T09:03:00Z', 'At a commit, as git writes it', `${s}:src/a.ts:2`),
      row('2026-03-01T09:04:00Z', 'Past the end at that commit', `${s}:src/a.ts:5`),
      row('2026-03-01T09:05:00Z', 'At a commit that does not exist', 'deadbee:src/a.ts'),
      row('2026-03-01T09:06:00Z', 'Named in a command', `git show ${s}:src/a.ts`),
      row('2026-03-01T09:07:00Z', 'A globstar over no folder', 'src/**/*.ts'),
      row('2026-03-01T09:08:00Z', 'A heading anchor', 'docs/spec.md#3-evidence, docs/gone.md#usage'),
      row('2026-03-01T09:09:00Z', 'A file moved since', 'src/old.ts:2, src/edited.ts:2'),
      row('2026-03-01T09:10:00Z', 'A sentence ending in a fabricated SHA', 'commit deadbeefcafe.'),
      row('2026-03-01T09:11:00Z', "Git's own files", '.git/config'),
    ]),
  });
  trail = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  // Moved unchanged (`git mv`), and moved with an edit.
  git(dir, ['mv', 'src/old.ts', 'src/new.ts']);
  git(dir, ['mv', 'src/edited.ts', 'src/reworked.ts']);
  await writeFiles(dir, { 'src/reworked.ts': 'alpha\nbeta\nepsilon\n' });
  commitAll(dir, 'Move', '2026-03-01T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('evidence shapes of the fresh trial', () => {
  it('reads a heading anchor after a file as that file', () => {
    expect(verdicts()[8]).toEqual([
      ['docs/spec.md#3-evidence', 'VERIFIED', 'file exists at landed head; 3 lines'],
      ['docs/gone.md#usage', 'NOT_VERIFIED', `docs/gone.md not found at landed head ${git(dir, ['rev-parse', '--short=7', 'HEAD']).trim()} nor in the project folder`],
    ]);
  });

  it('follows a file moved unchanged since the row, and only then', () => {
    const [t, head] = [trail.slice(0, 7), git(dir, ['rev-parse', '--short=7', 'HEAD']).trim()];
    expect(verdicts()[9]).toEqual([
      ['src/old.ts:2', 'VERIFIED', `cited line 2 at ${t}; now the same line 2 of src/new.ts at the landed head ${head}, as src/old.ts was moved there unchanged`],
      ['src/edited.ts:2', 'INCONCLUSIVE', `line 2 of src/edited.ts was there at ${t}, the commit that recorded this row; src/edited.ts is not a file at the landed head ${head} (deleted or moved since)`],
    ]);
    // The link lands on the lines as the row cited them, at that commit.
    expect(model.rows[9]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/old.ts', origin: 'repository', from: 2, to: 2, at: trail });
  });

  it('reads a globstar as zero or more folders', () => {
    expect(verdicts()[7]).toEqual([['src/**/*.ts', 'VERIFIED', '3 files at landed head match: src/a.ts, src/new.ts, src/reworked.ts']]);
  });

  it('checks lines written in parentheses after a path', () => {
    expect(verdicts()[1]).toEqual([['src/a.ts (lines 40-50)', 'NOT_VERIFIED', 'lines 40–50 are past the end of src/a.ts (5 lines at landed head)']]);
    expect(verdicts()[2]).toEqual([['src/a.ts (lines 4-5)', 'VERIFIED', 'lines 4–5 of 5 exist at landed head']]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 4, to: 5 });
  });

  it('reads `<sha>:<path>` as the path at that commit', () => {
    const s = first.slice(0, 7);
    expect(verdicts()[3]).toEqual([[`${s}:src/a.ts:2`, 'VERIFIED', `line 2 of 3 exists at commit ${s}`]]);
    // The link lands on the file at that commit, the line marked (it was the commit's page).
    expect(model.rows[3]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 2, to: 2, at: first });
    expect(model.cited.files.filter((f) => f.at === first).map((f) => [f.path, f.ranges])).toEqual([['src/a.ts', [{ from: 2, to: 2 }]]]);
    expect(verdicts()[4]).toEqual([[`${s}:src/a.ts:5`, 'NOT_VERIFIED', `line 5 is past the end of src/a.ts (3 lines at commit ${s})`]]);
    expect(verdicts()[5]?.map(([raw, status]) => [raw, status])).toEqual([['deadbee:src/a.ts', 'NOT_VERIFIED']]);
    expect(verdicts()[6]).toEqual([
      [`git show ${s}:src/a.ts`, 'INCONCLUSIVE', 'a command is not evidence of its result'],
      [`${s}:src/a.ts`, 'VERIFIED', `file exists at commit ${s}; 3 lines`],
    ]);
    const kinds = model.flags.filter((f) => f.layer === 'evidence').map((f) => [f.kind, f.rows]);
    expect(kinds).toEqual([
      ['evidence/line-out-of-range', [model.rows[1]?.id]],
      ['evidence/line-out-of-range', [model.rows[4]?.id]],
      ['evidence/commit-not-found', [model.rows[5]?.id]],
      ['evidence/path-not-found', [model.rows[8]?.id]],
      ['evidence/commit-not-found', [model.rows[10]?.id]],
      ['evidence/path-not-found', [model.rows[11]?.id]],
    ]);
    // A file of git's own folder is there on disk: the reason says why it is no evidence, not that it is missing.
    expect(verdicts()[11]).toEqual([['.git/config', 'NOT_VERIFIED', ".git/config is inside a .git folder, git's own bookkeeping: never a file of the repository's tree, not evidence"]]);
    // A full stop after the SHA: the commit, checked and flagged high (it was a command: a low notice).
    expect(verdicts()[10]).toEqual([['commit deadbeefcafe', 'NOT_VERIFIED', `no commit deadbeefcafe in ${dir.split('/').pop()}`]]);
  });
});
