/**
 * A commit cited as a pull or merge request shows it, in the project's own repository (trial7):
 * GitHub's `pull/12/commits/<sha>` and GitLab's `merge_requests/12/diffs?commit_id=<sha>`. Before,
 * such a URL was recorded unchecked ("URL recorded, not fetched"), so a made-up SHA in it raised
 * nothing while the same SHA in a `commit/<sha>` URL was the high `evidence/commit-not-found`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basename } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { parseForgeUrl } from '../../src/lib/evidence/forge-url.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

const FAKE = 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef';
let dir: string;
let model: ProjectModel;
let first: string;

beforeAll(async () => {
  dir = await fixtureDir('forge-request-commit');
  await initRepo(dir);
  git(dir, ['remote', 'add', 'origin', 'https://github.com/acme/app.git']);
  await writeFiles(dir, { 'README.md': '# app\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'README.md', 'start'),
      row('2026-03-01T09:01:00Z', 'The commit in the pull request', `https://github.com/acme/app/pull/3/commits/${first}`),
      row('2026-03-01T09:02:00Z', 'A made-up commit in the pull request', `https://github.com/acme/app/pull/3/commits/${FAKE}`),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a commit URL of a pull or merge request', () => {
  it('is read as the commit it shows', () => {
    expect(parseForgeUrl(`https://github.com/acme/app/pull/3/commits/${first}`)?.target).toEqual({ type: 'commit', rev: first });
    expect(parseForgeUrl(`https://gitlab.com/acme/app/-/merge_requests/3/diffs?commit_id=${first}`)?.target).toEqual({ type: 'commit', rev: first });
    // The pull request itself, or its files, names no commit.
    expect(parseForgeUrl('https://github.com/acme/app/pull/3')?.target).toEqual({ type: 'other' });
    expect(parseForgeUrl('https://github.com/acme/app/pull/3/files')?.target).toEqual({ type: 'other' });
  });

  it('is checked against the project’s own repository: VERIFIED, or the high commit-not-found', () => {
    expect(model.rows.slice(1).map((r) => r.evidence.map((p) => [p.status, p.reason, p.fault ?? '']))).toEqual([
      [['VERIFIED', `github.com/acme/app is this project's repository: commit ${first.slice(0, 7)} exists: “First”`, '']],
      [['NOT_VERIFIED', `github.com/acme/app is this project's repository: no commit ${FAKE} in ${basename(dir)}`, 'evidence/commit-not-found']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-not-found').map((f) => f.severity)).toEqual(['high']);
  });
});
