/**
 * Where a cited commit that the landed head does not reach is (trust14's fault-injecting trial).
 * Every such commit was said to be "(an abandoned branch, or an original rewritten away by a
 * squash or rebase)", a guess, though a commit of a branch still open (a pull request waiting)
 * is neither: the reason now names the branches, remote-tracking branches or tags that reach it,
 * and keeps the guess for a commit no ref reaches (an amended original the reflog keeps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
const sha: Record<string, string> = {};
const s = (name: string): string => (sha[name] as string).slice(0, 7);

beforeAll(async () => {
  dir = await fixtureDir('not-landed-where');
  await initRepo(dir);
  await writeFiles(dir, { 'a.txt': 'a\n' });
  sha['base'] = commitAll(dir, 'Base', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'a.txt': 'a\nb\n' });
  sha['v1'] = commitAll(dir, 'Feature v1', '2026-03-01T08:10:00Z');
  // Amended: v1 is left to the reflog, reached by no ref.
  git(dir, ['commit', '-q', '--amend', '-m', 'Feature v2'], '2026-03-01T08:20:00Z');
  sha['v2'] = git(dir, ['rev-parse', 'HEAD']).trim();
  git(dir, ['checkout', '-q', '-b', 'review/pr-7']);
  await writeFiles(dir, { 'b.txt': 'b\n' });
  sha['open'] = commitAll(dir, 'Open work', '2026-03-01T08:30:00Z');
  git(dir, ['branch', '-q', 'also-open']);
  git(dir, ['checkout', '-q', 'main']);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', sha['v2'] as string, 'start'),
      row('2026-03-01T09:01:00Z', 'The amended original', (sha['v1'] as string).slice(0, 7)),
      row('2026-03-01T09:02:00Z', 'A commit of branches still open', (sha['open'] as string).slice(0, 7)),
      row('2026-03-01T09:03:00Z', 'A path at it', `a.txt:1 in ${(sha['open'] as string).slice(0, 7)}`),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a cited commit the landed head does not reach', () => {
  it('names the branches that reach it', () => {
    const head = model.repository?.head?.slice(0, 7);
    expect(pointerVerdicts(model).slice(2)).toEqual([
      [[s('open'), 'VERIFIED', `commit ${s('open')} exists: “Open work”; it is not an ancestor of the landed head ${head} (on branches also-open and review/pr-7, not merged into the landed head)`]],
      [[`a.txt:1 in ${s('open')}`, 'VERIFIED', `line 1 of 2 exists at commit ${s('open')}; commit ${s('open')} is not an ancestor of the landed head ${head} (on branches also-open and review/pr-7, not merged into the landed head)`]],
    ]);
  });

  it('keeps the guess for a commit no ref reaches, an amended original', () => {
    const head = model.repository?.head?.slice(0, 7);
    expect(pointerVerdicts(model)[1]).toEqual([[s('v1'), 'VERIFIED', `commit ${s('v1')} exists: “Feature v1”; it is not an ancestor of the landed head ${head} (an abandoned branch, or an original rewritten away by a squash or rebase)`]]);
    // Each keeps its low notice.
    expect(evidenceFlags(model).map(([k, sev]) => [k, sev])).toEqual([
      ['evidence/commit-not-landed', 'low'],
      ['evidence/commit-not-landed', 'low'],
      ['evidence/commit-not-landed', 'low'],
    ]);
  });
});
