/**
 * A `head` pinned in trailbook.json on an unmerged side branch (new-user trial, round 8): it was
 * taken as the landed head without a word, every pointer checked there. spec/input.md section 1
 * makes it the landed head, so it stays so; the low `repository/head-not-on-default-branch` says,
 * once, that no default branch (`main`, `master`, `trunk`, or a remote's) holds it. A head that a
 * default branch holds (an older commit, a merged branch) says nothing, nor does a repository
 * without a default branch. Repositories built here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { git } from '../history-fixtures.ts';
import { analyseProjects, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let models = new Map<string, ProjectModel>();
let side: string;
let first: string;

async function project(name: string, repo: string, head: string, evidence: string[]): Promise<void> {
  await writeFiles(join(dir, name), {
    'trailbook.json': JSON.stringify({ repo: `../${repo}`, head }),
    'decisions.jsonl': trailText([row('2026-03-01T08:00:00Z', 'start', evidence.join('; '), 'start')]),
  });
}

beforeAll(async () => {
  dir = await fixtureDir('head-off-default');
  const repo = join(dir, 'repo');
  await initRepo(repo);
  await writeFiles(repo, { 'a.txt': 'a\n' });
  first = commitAll(repo, 'First', '2026-03-01T09:00:00Z');
  git(repo, ['checkout', '-q', '-b', 'feature']);
  await writeFiles(repo, { 'c.txt': 'c\n' });
  side = commitAll(repo, 'Side work', '2026-03-01T10:00:00Z');
  git(repo, ['checkout', '-q', '-b', 'merged', 'main']);
  await writeFiles(repo, { 'd.txt': 'd\n' });
  const merged = commitAll(repo, 'Merged work', '2026-03-01T10:30:00Z');
  git(repo, ['checkout', '-q', 'main']);
  git(repo, ['merge', '-q', '--no-ff', '-m', 'Merge merged', 'merged'], '2026-03-01T11:00:00Z');
  // A repository whose only branch is `develop`: no default branch to ask.
  const other = join(dir, 'other');
  await initRepo(other);
  git(other, ['checkout', '-q', '-b', 'develop']);
  await writeFiles(other, { 'e.txt': 'e\n' });
  const develop = commitAll(other, 'Develop', '2026-03-01T09:00:00Z');
  // Git flow: work lands on `develop`, which the remote names as its default (`origin/HEAD`), ahead of `main`.
  const flow = join(dir, 'flow');
  await initRepo(flow);
  await writeFiles(flow, { 'f.txt': 'f\n' });
  commitAll(flow, 'Release', '2026-03-01T09:00:00Z');
  git(flow, ['checkout', '-q', '-b', 'develop']);
  await writeFiles(flow, { 'g.txt': 'g\n' });
  commitAll(flow, 'Next', '2026-03-01T10:00:00Z');
  git(dir, ['clone', '-q', flow, 'flow-clone']);
  await project('pinned-side', 'repo', 'feature', ['c.txt:1', 'a.txt']);
  await project('pinned-flow', 'flow', 'develop', ['g.txt:1']);
  await project('pinned-flow-clone', 'flow-clone', 'origin/develop', ['g.txt:1']);
  await project('pinned-older', 'repo', first, ['a.txt:1']);
  await project('pinned-merged', 'repo', merged, ['d.txt:1']);
  await project('pinned-develop', 'other', develop, ['e.txt:1']);
  models = await analyseProjects(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

const flagsOf = (name: string): string[][] => (models.get(name)?.flags ?? []).filter((f) => f.kind.startsWith('repository/')).map((f) => [f.severity, f.kind, f.summary]);
const summary = `the landed head ${'x'.repeat(7)} named in trailbook.json is on a branch not merged into main of `;

describe('a landed head pinned on an unmerged side branch', () => {
  it('stays the landed head, its evidence verified there, and is said once, low', () => {
    const m = models.get('pinned-side') as ProjectModel;
    expect(m.repository.head).toBe(side);
    expect(m.repository.headOffDefaultBranches).toEqual(['main']);
    expect(m.rows[0]?.evidence.map((p) => [p.raw, p.status])).toEqual([
      ['c.txt:1', 'VERIFIED'],
      ['a.txt', 'VERIFIED'],
    ]);
    expect(flagsOf('pinned-side')).toEqual([
      ['low', 'repository/head-not-on-default-branch', `${summary.replace('x'.repeat(7), side.slice(0, 7))}${dir.split('/').pop()}/repo: the 2 pointers verified at it are verified on that branch, not on what landed there`],
    ]);
  });

  it("asks the branch a remote names as its default (origin/HEAD): a clone of a git-flow repository says nothing", () => {
    // Without a remote, `develop` ahead of `main` is a branch main has not merged.
    expect(models.get('pinned-flow')?.repository.headOffDefaultBranches).toEqual(['main']);
    const clone = models.get('pinned-flow-clone') as ProjectModel;
    expect([clone.repository.problem, clone.rows[0]?.evidence[0]?.status]).toEqual([null, 'VERIFIED']);
    expect(clone.repository.headOffDefaultBranches).toBeUndefined();
    expect(flagsOf('pinned-flow-clone')).toEqual([]);
  });

  it('says nothing when a default branch holds the head, or there is none', () => {
    for (const name of ['pinned-older', 'pinned-merged', 'pinned-develop']) {
      expect(models.get(name)?.repository.headOffDefaultBranches, name).toBeUndefined();
      expect(flagsOf(name), name).toEqual([]);
    }
    expect(models.get('pinned-older')?.repository.head).toBe(first);
  });

  it('is printed by check', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', dir], out)).toBe(0);
    expect(results.filter((l) => l.includes('repository/') && l.includes('/repo:'))).toEqual([
      `  low    repository/head-not-on-default-branch  the landed head ${side.slice(0, 7)} named in trailbook.json is on a branch not merged into main of ${dir.split('/').pop()}/repo: the 2 pointers verified at it are verified on that branch, not on what landed there`,
    ]);
  });
});
