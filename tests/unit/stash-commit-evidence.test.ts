/**
 * A cited commit only the stash keeps (trust15, fault-injecting review): it was said to be "(an
 * abandoned branch, or an original rewritten away by a squash or rebase)", a guess that is wrong
 * for work set aside with `git stash` and never committed to a branch. The reason now says the
 * stash reaches it, as it names the branch or tag that reaches a commit not landed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let base: string;
let stash: string;
const s = (sha: string): string => sha.slice(0, 7);

beforeAll(async () => {
  dir = await fixtureDir('stash-commit-evidence');
  await initRepo(dir);
  await writeFiles(dir, { 'a.txt': 'a\n' });
  base = commitAll(dir, 'Base', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'a.txt': 'a\nb\n' });
  git(dir, ['stash', '-q'], '2026-03-01T08:30:00Z');
  stash = git(dir, ['rev-parse', 'stash@{0}']).trim();
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', s(base), 'start'),
      row('2026-03-01T09:01:00Z', 'The stashed work', s(stash)),
      row('2026-03-01T09:02:00Z', 'A line of it', `a.txt:2 in ${s(stash)}`),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a cited commit only the stash keeps', () => {
  it('says the stash keeps it, not that a branch was abandoned or rewritten', () => {
    const head = s(model.repository?.head as string);
    const why = '(kept only by the stash, refs/stash: work set aside, never committed to a branch)';
    expect(pointerVerdicts(model).slice(1)).toEqual([
      [[s(stash), 'VERIFIED', `commit ${s(stash)} exists: “WIP on main: ${s(base)} Base”; it is not an ancestor of the landed head ${head} ${why}`]],
      [[`a.txt:2 in ${s(stash)}`, 'VERIFIED', `line 2 of 2 exists at commit ${s(stash)}; commit ${s(stash)} is not an ancestor of the landed head ${head} ${why}`]],
    ]);
    expect(evidenceFlags(model).map(([k, sev]) => [k, sev])).toEqual([
      ['evidence/commit-not-landed', 'low'],
      ['evidence/commit-not-landed', 'low'],
    ]);
  });
});
