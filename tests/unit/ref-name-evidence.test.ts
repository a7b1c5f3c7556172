/**
 * A tag or branch cited by a name that is not version-shaped, or by its full ref name
 * (trust8). Agents tag checkpoints (`p7-launch`, `checkpoint-3`, `v1`) and paste git's own
 * names (`refs/tags/v1.0`, `origin/main`). `refs/tags/v1.0` and `origin/main`, both in the
 * repository, were a high `evidence/path-not-found` ("not found at landed head"): real evidence
 * called missing; `p7-launch` and `v1`, tags of the repository, a medium `evidence/prose`. Now a
 * full tag ref is that tag, checked as `v1.0` is (a missing one the high
 * `evidence/commit-not-found` a missing tag is); a word alone that the repository has as a tag
 * is that tag; a branch is INCONCLUSIVE: it exists, but moves, so it names no fixed commit.
 * A word the repository has no tag of stays what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basename } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;

const cells = ['refs/tags/v1.0', 'p7-launch', '`v1`', 'checkpoint-3', 'refs/heads/main', 'origin/main', 'refs/tags/v9.9', 'p8-launch', 'origin/nothing', 'upstream/feature-x', 'mirror/main'];

beforeAll(async () => {
  dir = await fixtureDir('ref-name');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'export const a = 1;\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1.0']);
  git(dir, ['tag', '-a', 'p7-launch', '-m', 'Phase 7 launched'], '2026-03-01T08:01:00Z');
  git(dir, ['tag', 'v1']);
  git(dir, ['tag', 'checkpoint-3']);
  // A remote-tracking branch, as a clone has it.
  git(dir, ['update-ref', 'refs/remotes/origin/main', first]);
  // A remote configured but never fetched: the clone holds no ref of it.
  git(dir, ['remote', 'add', 'upstream', 'https://example.com/acme/app.git']);
  await writeFiles(dir, { 'decisions.jsonl': trailText(cells.map((c, i) => row(`2026-03-01T09:0${i}:00Z`, `cites ${c}`, c, i === 0 ? 'start' : 'build'))) });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a tag or branch cited by its ref name', () => {
  it('is checked as the tag, or said to be a branch', () => {
    const repo = basename(dir);
    const a = first.slice(0, 7);
    const head = model.repository.head?.slice(0, 7);
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['refs/tags/v1.0', 'commit', 'VERIFIED', `tag v1.0 names commit ${a}: “First”`, '']],
      [['p7-launch', 'commit', 'VERIFIED', `tag p7-launch names commit ${a}: “First”`, '']],
      [['v1', 'commit', 'VERIFIED', `tag v1 names commit ${a}: “First”`, '']],
      [['checkpoint-3', 'commit', 'VERIFIED', `tag checkpoint-3 names commit ${a}: “First”`, '']],
      [['refs/heads/main', 'path', 'INCONCLUSIVE', `refs/heads/main is a branch of ${repo}, not a file (now at commit ${head}: “Trail”): a branch moves, so it names no fixed commit`, '']],
      [['origin/main', 'path', 'INCONCLUSIVE', `origin/main is a branch of ${repo}, not a file (now at commit ${a}: “First”): a branch moves, so it names no fixed commit`, '']],
      [['refs/tags/v9.9', 'commit', 'NOT_VERIFIED', `no tag v9.9 in ${repo}`, 'evidence/commit-not-found']],
      [['p8-launch', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose', 'evidence/prose']],
      // A branch of a remote the clone has no ref of (trust9: a high path-not-found): not a file, not checked.
      [['origin/nothing', 'path', 'INCONCLUSIVE', 'origin/nothing names branch nothing of the remote origin, which this clone holds no ref of (fetched without it, or deleted after a merge), not a file: a branch moves, so it names no fixed commit; not checked', '']],
      [['upstream/feature-x', 'path', 'INCONCLUSIVE', 'upstream/feature-x names branch feature-x of the remote upstream, which this clone holds no ref of (fetched without it, or deleted after a merge), not a file: a branch moves, so it names no fixed commit; not checked', '']],
      // No remote of that name: a path, and not there.
      [['mirror/main', 'path', 'NOT_VERIFIED', `mirror/main not found at landed head ${head} nor in the project folder`, 'evidence/path-not-found']],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'commit', oid: first });
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'commit', oid: first });
  });
});
