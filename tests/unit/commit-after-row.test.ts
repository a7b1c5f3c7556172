/**
 * `evidence/commit-after-row` (trust10, finding 3): a row dated before the commit it cites was
 * flagged nowhere, though a row cannot cite a commit that did not exist yet (a back-filled or
 * fabricated row, or a wrong ts). Now it is a medium flag naming the commit and how long after
 * the row it was made. Not flagged: a commit up to 26 hours after the row (a clock or zone
 * slip), a commit rebased or amended after the row whose author time is before it (the earlier
 * of the two times counts), and a commit reached by a name rather than its SHA (a tag).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';
import { git } from '../history-fixtures.ts';

let dir: string;
let model: ProjectModel;
let c1: string;
let c2: string;
let c3: string;

/** Commits everything with an author time and a later committer time (a rebased or amended commit). */
function commitRebased(cwd: string, message: string, authored: string, committed: string): string {
  git(cwd, ['add', '-A']);
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Ada Example', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Example', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: authored, GIT_COMMITTER_DATE: committed };
  execFileSync('git', ['commit', '-q', '-m', message], { cwd, env });
  return git(cwd, ['rev-parse', 'HEAD']).trim();
}

beforeAll(async () => {
  dir = await fixtureDir('commit-after-row');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'a\n' });
  c1 = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, { 'src/b.ts': 'b\n' });
  c2 = commitAll(dir, 'Second', '2026-03-05T08:00:00Z');
  await writeFiles(dir, { 'src/c.ts': 'c\n' });
  c3 = commitRebased(dir, 'Third, rebased', '2026-03-01T09:00:00Z', '2026-03-06T08:00:00Z');
  git(dir, ['tag', 'v2', c2]);
  const s = (oid: string): string => oid.slice(0, 7);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'Before', s(c1)),
      row('2026-03-01T10:01:00Z', 'Time travel', s(c2)),
      row('2026-03-04T10:00:00Z', 'Clock slip', s(c2)),
      row('2026-03-01T10:02:00Z', 'Rebased since', s(c3)),
      row('2026-03-01T10:03:00Z', 'Path at a later commit', `src/b.ts:1 in ${s(c2)}`),
      row('2026-03-01T10:04:00Z', 'Range', `${s(c1)}..${s(c2)}`),
      row('2026-03-01T10:05:00Z', 'Tag', 'v2'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-10T08:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a row citing a commit made after it', () => {
  it('is a medium evidence/commit-after-row, naming the commit and how long after; its pointer stays VERIFIED', () => {
    const flags = model.flags.filter((f) => f.kind === 'evidence/commit-after-row');
    const id = (n: number): string => model.rows[n]?.id as string;
    const late = `${c2.slice(0, 7)} was made 2026-03-05T08:00:00Z, 3 days after the row`;
    expect(flags.map((f) => [f.severity, f.rows, f.summary])).toEqual([
      ['medium', [id(1)], `row ${id(1)} “Time travel” (ts 2026-03-01T10:01:00Z) cites a commit that did not exist yet: ${late} (author and committer time both later): back-filled, fabricated, or its ts is wrong`],
      ['medium', [id(4)], `row ${id(4)} “Path at a later commit” (ts 2026-03-01T10:03:00Z) cites a commit that did not exist yet: ${late} (author and committer time both later): back-filled, fabricated, or its ts is wrong`],
      ['medium', [id(5)], `row ${id(5)} “Range” (ts 2026-03-01T10:04:00Z) cites a commit that did not exist yet: ${late} (author and committer time both later): back-filled, fabricated, or its ts is wrong`],
    ]);
    expect(model.rows[1]?.evidence.map((p) => p.status)).toEqual(['VERIFIED']);
  });

  it('leaves a clock slip, a rebased commit and a tag alone', () => {
    // Rows 0, 2, 3 and 6: made before, 22 hours after, authored before (committed after), named by a tag.
    expect(model.rows.map((r) => r.evidence.map((p) => p.status).join())).toEqual(['VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED']);
    expect(c3).not.toBe('');
  });
});
