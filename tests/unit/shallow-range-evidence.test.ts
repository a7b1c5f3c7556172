/**
 * A range of commits in a shallow clone (trust12's fault-injecting review): a row first seen
 * where the history stops that cites `a..b`, both commits before the cut, was INCONCLUSIVE with
 * "…, but the repository is a shallow clone (older history is not in it)" said twice in its
 * reason, once for each end, and without the
 * mark that the shallow clone left it unjudged, so `repository/shallow-history` did not count it:
 * a clone whose only unjudged pointer was such a range raised no flag at all, and a person was
 * never told to fetch the history. One end missing, or both in a full repository older than the
 * row, read the same way. A single commit the clone lacks (a made-up `commit 1234abc`, on a row
 * first seen there) was not counted either: a depth-1 clone let it pass with no flag at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let shallow: ProjectModel;
let older: ProjectModel;
let olderDir: string;
let first: string;
let second: string;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('shallow-range');
  const origin = join(dir, 'origin');
  await initRepo(origin);
  await writeFiles(origin, { 'src/a.ts': 'one\n' });
  first = commitAll(origin, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(origin, { 'src/a.ts': 'one\ntwo\n' });
  second = commitAll(origin, 'Second', '2026-03-01T08:30:00Z');
  await writeFiles(origin, {
    'decisions.jsonl': trailText([row('2026-03-01T09:00:00Z', 'start', `${first.slice(0, 7)}..${second.slice(0, 7)}`, 'start'), row('2026-03-01T09:01:00Z', 'Made up', 'commit 1234abc')]),
  });
  commitAll(origin, 'Trail', '2026-03-01T10:00:00Z');
  git(dir, ['clone', '-q', '--depth', '1', `file://${origin}`, 'clone']);
  head = git(join(dir, 'clone'), ['rev-parse', '--short=7', 'HEAD']).trim();
  shallow = await analyseProject(join(dir, 'clone'));
  // A repository older than its trail: the trail is not committed, its row dated after the head.
  olderDir = await fixtureDir('older-range');
  await initRepo(olderDir);
  await writeFiles(olderDir, { 'src/a.ts': 'one\n', '.gitignore': 'decisions.jsonl\n' });
  commitAll(olderDir, 'First', '2026-03-01T06:00:00Z');
  await writeFiles(olderDir, { 'decisions.jsonl': trailText([row('2026-03-02T07:00:00Z', 'start', 'abcdef1..abcdef2', 'start')]) });
  older = await analyseProject(olderDir);
}, 60_000);

afterAll(async () => {
  await removeFixture(dir);
  await removeFixture(olderDir);
});

describe('a range of commits the shallow clone lacks', () => {
  it('names both ends once, with the shallow clone said once', () => {
    const a = first.slice(0, 7);
    const b = second.slice(0, 7);
    expect(shallow.rows[0]?.evidence.map((p) => [p.status, p.reason, p.fault ?? ''])).toEqual([
      [
        'INCONCLUSIVE',
        `no commit ${a} or ${b} in ${shallow.repository.path}, but the repository is a shallow clone (older history is not in it)`,
        '',
      ],
    ]);
  });

  it('is counted by the shallow clone flag, as a single commit the clone lacks is', () => {
    const cut = git(join(dir, 'clone'), ['rev-parse', 'HEAD']).trim();
    expect(shallow.rows[0]?.evidence[0]?.reasonKind).toEqual({ kind: 'history-cut', at: cut });
    expect(shallow.rows[1]?.evidence.map((p) => [p.status, p.reason, p.reasonKind])).toEqual([
      ['INCONCLUSIVE', `no commit 1234abc in ${shallow.repository.path}, but the repository is a shallow clone (older history is not in it)`, { kind: 'history-cut', at: cut }],
    ]);
    expect(shallow.flags.filter((f) => f.kind === 'repository/shallow-history').map((f) => [f.severity, f.summary, f.rows])).toEqual([
      [
        'medium',
        `${shallow.repository.path} is a shallow clone whose history stops at ${head}: 2 pointers of 2 rows first seen there could not be judged (what the head lacks may have been there when the row was written, or never); fetch the whole history (\`git fetch --unshallow\`, or \`fetch-depth: 0\` in CI) and build again`,
        [shallow.rows[0]?.id, shallow.rows[1]?.id],
      ],
    ]);
  });

  it('names both ends once in a repository older than the row, with its cause said once', () => {
    const headTs = '2026-03-01T06:00:00Z';
    const head = older.repository.head?.slice(0, 7) ?? '';
    expect(older.rows[0]?.evidence.map((p) => [p.status, p.reason])).toEqual([
      ['INCONCLUSIVE', `no commit abcdef1 or abcdef2 in ${older.repository.path}; the landed head ${head} (committed ${headTs}) predates this row, which is not committed with the repository`],
    ]);
  });
});
