/**
 * A commit of a submodule cited by its SHA (trust8). An agent that commits inside a submodule
 * and bumps it in the superproject cites the submodule's commit (`bumped vendor/lib to
 * a97d3eb`); the superproject's tree records that very SHA as the submodule's pinned commit.
 * It was a high `evidence/commit-not-found` ("no commit a97d3eb in app"): real evidence called
 * missing, where a path inside the same submodule is INCONCLUSIVE ("its content is in another
 * repository"). Now a SHA the landed head (or the commit that recorded the row) pins a
 * submodule at is INCONCLUSIVE, saying so, with no flag; a SHA pinned nowhere stays missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let pinned: string;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('submodule-commit');
  const lib = join(dir, 'lib');
  const app = join(dir, 'app');
  await initRepo(lib);
  await writeFiles(lib, { 'x.c': 'int x;\n' });
  pinned = commitAll(lib, 'Library', '2026-03-01T07:00:00Z');
  await initRepo(app);
  await writeFiles(app, { 'src/a.ts': 'export const a = 1;\n' });
  git(app, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'vendor/lib']);
  commitAll(app, 'Add the library', '2026-03-01T08:00:00Z');
  await writeFiles(app, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'Bumped the library', pinned.slice(0, 7)),
      row('2026-03-01T09:02:00Z', 'Bumped the library, in full', pinned),
      row('2026-03-01T09:03:00Z', 'A commit nowhere', 'deadbee'),
    ]),
  });
  head = commitAll(app, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(app);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a submodule’s pinned commit cited by its SHA', () => {
  it('is INCONCLUSIVE, in another repository, never a missing commit', () => {
    const [s, h] = [pinned.slice(0, 7), head.slice(0, 7)];
    const pinnedReason = `commit ${s} is the commit the submodule vendor/lib is pinned at, at the landed head ${h}; its content is in another repository`;
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['src/a.ts:1', 'path', 'VERIFIED', 'line 1 of 1 exists at landed head', '']],
      [[s, 'commit', 'INCONCLUSIVE', pinnedReason, '']],
      [[pinned, 'commit', 'INCONCLUSIVE', pinnedReason, '']],
      [['deadbee', 'commit', 'NOT_VERIFIED', 'no commit deadbee in app', 'evidence/commit-not-found']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-not-found').map((f) => f.rows)).toEqual([[model.rows[3]?.id]]);
  });
});
