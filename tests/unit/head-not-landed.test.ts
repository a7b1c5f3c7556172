/**
 * A landed head no branch reaches (fresh trial, 2026-12-02): trailbook.json beside the records
 * may pin `head`, and the records' author writes that file too. Pinned to a commit made with
 * `git commit-tree` (reached by no branch, tag or remote-tracking branch), every path of the
 * tree invented there was VERIFIED "at landed head" with no word. Repositories built here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProjects, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let models = new Map<string, ProjectModel>();
let invented: string;
let first: string;

async function project(name: string, head: string, evidence: string): Promise<void> {
  await writeFiles(join(dir, name), {
    'trailbook.json': JSON.stringify({ repo: '../repo', head }),
    'decisions.jsonl': trailText([row('2026-03-01T08:00:00Z', 'start', evidence, 'start')]),
  });
}

beforeAll(async () => {
  dir = await fixtureDir('head-not-landed');
  const repo = join(dir, 'repo');
  await initRepo(repo);
  await writeFiles(repo, { 'a.txt': 'a\n' });
  first = commitAll(repo, 'First', '2026-03-01T09:00:00Z');
  await writeFiles(repo, { 'b.txt': 'b\n' });
  commitAll(repo, 'Second', '2026-03-01T10:00:00Z');
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, input: 'invented feature\n', encoding: 'utf8' }).trim();
  const tree = execFileSync('git', ['mktree'], { cwd: repo, input: `100644 blob ${blob}\tinvented.ts\n`, encoding: 'utf8' }).trim();
  invented = git(repo, ['commit-tree', tree, '-m', 'Invented'], '2026-03-01T11:00:00Z').trim();
  await project('pinned-invented', invented, 'invented.ts:1');
  // An older commit of main, and a branch name: both landed.
  await project('pinned-older', first, 'a.txt:1');
  await project('pinned-branch', 'main', 'b.txt:1');
  models = await analyseProjects(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

const flagsOf = (name: string): string[][] => (models.get(name)?.flags ?? []).filter((f) => f.kind.startsWith('repository/')).map((f) => [f.severity, f.kind, f.summary]);

describe('a landed head pinned in trailbook.json', () => {
  it('is flagged high when no branch, tag or remote-tracking branch reaches it', () => {
    expect(models.get('pinned-invented')?.repository.headOnNoRef).toBe(true);
    expect(flagsOf('pinned-invented')).toEqual([
      ['high', 'repository/head-not-landed', `the landed head ${invented.slice(0, 7)} named in trailbook.json is on no branch or tag of ${dir.split('/').pop()}/repo: the evidence verified at it is not evidence of what landed`],
    ]);
  });

  it('raises nothing when it is an older commit of a branch, or a branch', () => {
    expect(models.get('pinned-older')?.repository.head).toBe(first);
    expect(models.get('pinned-older')?.repository.headOnNoRef).toBeUndefined();
    expect(flagsOf('pinned-older')).toEqual([]);
    expect(flagsOf('pinned-branch')).toEqual([]);
  });
});
