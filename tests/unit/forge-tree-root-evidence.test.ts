/**
 * A forge URL of the project's own repository that names a revision and no path (trust8):
 * `https://github.com/acme/app/tree/1793735`, `…/tree/release/2.0` — the repository's root at
 * that commit, as GitHub shows it. Trailbook said "the revision this URL names (1793735) is not
 * in app" of a commit that is there (a `commit/1793735` URL of it was VERIFIED). Now it is
 * checked as that commit: VERIFIED with its subject (the low not-landed notice when the
 * landed head does not reach it); a SHA the repository lacks is the high
 * `evidence/commit-not-found` a `commit/<sha>` URL is; a ref name it lacks stays INCONCLUSIVE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let side: string;

beforeAll(async () => {
  dir = await fixtureDir('forge-tree-root');
  await initRepo(dir);
  git(dir, ['remote', 'add', 'origin', 'https://github.com/acme/app.git']);
  await writeFiles(dir, { 'src/a.ts': 'export const a = 1;\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['checkout', '-q', '-b', 'release/2.0']);
  await writeFiles(dir, { 'src/b.ts': 'export const b = 1;\n' });
  side = commitAll(dir, 'Side', '2026-03-01T08:10:00Z');
  git(dir, ['checkout', '-q', 'main']);
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'The tree at the first commit', `https://github.com/acme/app/tree/${first.slice(0, 7)}`),
      row('2026-03-01T09:02:00Z', 'The tree of a branch', 'https://github.com/acme/app/tree/release/2.0'),
      row('2026-03-01T09:03:00Z', 'The tree at no commit', 'https://github.com/acme/app/tree/deadbee'),
      row('2026-03-01T09:04:00Z', 'The tree of no branch', 'https://github.com/acme/app/tree/nothing'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a forge tree URL naming only a revision', () => {
  it('is the commit it names', () => {
    const own = "github.com/acme/app is this project's repository: ";
    const [f, s] = [first.slice(0, 7), side.slice(0, 7)];
    const head = model.repository.head?.slice(0, 7);
    expect(model.rows.slice(1).map((r) => r.evidence.map((p) => [p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['url', 'VERIFIED', `${own}commit ${f} exists: “First”`, '']],
      [['url', 'VERIFIED', `${own}commit ${s} exists: “Side”; it is not an ancestor of the landed head ${head} (on branch release/2.0, not merged into the landed head)`, '']],
      [['url', 'NOT_VERIFIED', `${own}no commit deadbee in ${model.repository.path?.split('/').pop()}`, 'evidence/commit-not-found']],
      [['url', 'INCONCLUSIVE', `${own}the revision this URL names (nothing) is not in ${model.repository.path?.split('/').pop()}`, '']],
    ]);
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'commit', oid: first });
  });
});
