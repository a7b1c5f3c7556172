/**
 * A path whose letters Unicode writes two ways (trial7). A tree committed on macOS may name
 * `docs/résumé.md` with `e` and a combining accent (NFD) while an agent writes the one-code-point
 * `é` (NFC): the same name to a person, and before, a high `evidence/path-not-found` for a file
 * that is there. Now the other form is looked up when the written one is not in the tree, and
 * the link opens the file as the tree names it. A name in neither form stays missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

const NFD = 'docs/r\u0065\u0301sum\u0065\u0301.md';
const NFC = 'docs/r\u00e9sum\u00e9.md';
let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('unicode-path-forms');
  await initRepo(dir);
  await writeFiles(dir, { [NFD]: '# CV\nline two\n' });
  commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', `${NFC}:2`, 'start'),
      row('2026-03-01T09:01:00Z', 'Past the end', `${NFC}:9`),
      row('2026-03-01T09:02:00Z', 'In neither form', 'docs/caf\u00e9.md'),
    ]),
  });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a path written in the other Unicode form', () => {
  it('the tree holds the NFD name, the row writes NFC', () => {
    expect(git(dir, ['-c', 'core.quotepath=false', 'ls-files']).split('\n')).toContain(NFD);
    expect(NFC).not.toBe(NFD);
  });

  it('is the file the tree holds, linked as the tree names it', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.status, p.reason, p.fault ?? '']))).toEqual([
      [['VERIFIED', 'line 2 of 2 exists at landed head', '']],
      [['NOT_VERIFIED', `line 9 is past the end of ${NFD} (2 lines at landed head)`, 'evidence/line-out-of-range']],
      [['NOT_VERIFIED', `docs/caf\u00e9.md not found at landed head ${head} nor in the project folder`, 'evidence/path-not-found']],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: NFD, origin: 'repository', from: 2, to: 2 });
  });
});
