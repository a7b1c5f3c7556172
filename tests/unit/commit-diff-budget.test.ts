/**
 * A commit page shows at most MAX_DIFF_LINES_PER_COMMIT lines of diff (issue 30, output size:
 * an initial import cited by every project was 330 KB of page): files past the budget are
 * listed with their counts and folded (no diff, no note), the file where it runs out is cut.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import { describeCommit, MAX_DIFF_LINES_PER_COMMIT, MAX_DIFF_LINES_PER_FILE } from '../../src/lib/git/commit-details.ts';

let tmp = '';
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("a commit's diff budget", () => {
  it('shows 1,000 lines in all: files in full up to it, the next one cut, the rest folded with their counts', async () => {
    expect([MAX_DIFF_LINES_PER_FILE, MAX_DIFF_LINES_PER_COMMIT]).toEqual([400, 1000]);
    tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-budget-'));
    const dir = path.join(tmp, 'repo');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    // Five files of 300 lines: each diff is a hunk header and 300 added lines.
    for (const name of ['a', 'b', 'c', 'd', 'e']) await writeFile(path.join(dir, `${name}.txt`), Array.from({ length: 300 }, (_, i) => `${name} ${i + 1}`).join('\n') + '\n');
    await writeFile(path.join(dir, 'f.txt'), '');
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'import'], { GIT_AUTHOR_DATE: '2026-03-02T09:00:00Z', GIT_COMMITTER_DATE: '2026-03-02T09:00:00Z' });
    const opened = await openRepository(dir, 'repo');
    if ('problem' in opened) throw new Error(opened.problem);
    const details = await describeCommit(opened.repository, git(dir, ['rev-parse', 'HEAD']));
    if ('problem' in details && !('changes' in details)) throw new Error(String(details.problem));
    expect(details.changes.map((c) => [c.path, c.patch?.split('\n').length ?? null, c.note, c.additions, c.folded ?? false])).toEqual([
      ['a.txt', 301, null, 300, false],
      ['b.txt', 301, null, 300, false],
      ['c.txt', 301, null, 300, false],
      ['d.txt', 97, 'diff cut at 97 of 301 lines', 300, false],
      ['e.txt', null, null, 300, true],
      // An empty file has no diff lines: nothing to fold.
      ['f.txt', null, null, 0, false],
    ]);
  });
});
