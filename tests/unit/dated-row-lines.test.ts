/**
 * Lines of a file that changed after the row, in a trail never committed with its repository
 * (trust14's fault-injecting trial). The row's time places it on the landed head's first-parent
 * line (trust9, tests/unit/dated-row-evidence.test.ts), but that place was only used for what is
 * missing at the head: `src/a.ts:3-4`, written when the file's lines 3–4 were `line 3` and
 * `line 4`, was VERIFIED as "lines 3–4 of 12 exist at landed head" after two lines were added at
 * the file's top the next day: a green mark landing on `line 1` and `line 2`, lines the row never
 * cited, while a committed row's lines were followed. Now followed the same way when every change
 * since came after the row; a change the row may have seen (a merge of a branch, a commit
 * authored before the row and committed after it) leaves the lines checked at the head as written.
 * A test title renamed after such a row was a medium `evidence/test-not-found`, where a committed
 * row's is INCONCLUSIVE ("was in … at <c>, the commit that recorded this row"): now said the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts, evidenceFlags } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let first: string;
let head: string;
const lines = (name: string, n: number): string => Array.from({ length: n }, (_, i) => `${name} ${i + 1}`).join('\n') + '\n';

beforeAll(async () => {
  dir = await fixtureDir('dated-row-lines');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': lines('a', 10), 'src/b.ts': lines('b', 10), 'src/c.ts': lines('c', 10), 'src/d.ts': lines('d', 4), 'tests/a.test.ts': "it('reads a row', () => {});\n", 'src/e.ts': 'e1\ne2\ne3\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  // A branch, its commit made before the rows, merged after them: the rows may have been written on it.
  git(dir, ['checkout', '-q', '-b', 'feature']);
  await writeFiles(dir, { 'src/b.ts': 'new\nnewer\n' + lines('b', 10) });
  commitAll(dir, 'Feature', '2026-03-01T09:00:00Z');
  git(dir, ['checkout', '-q', 'main']);
  // On the main line, after the rows: two lines added at a.ts's top; d.ts rewritten.
  await writeFiles(dir, { 'src/a.ts': 'new\nnewer\n' + lines('a', 10), 'src/d.ts': 'x\ny\nz\nw\n', 'tests/a.test.ts': "it('reads one row', () => {});\n", 'src/e.ts': 'e1\ne2\nchanged\n' });
  commitAll(dir, 'Later', '2026-03-02T12:00:00Z');
  // A commit authored before the rows and committed after them (rebased, cherry-picked).
  await writeFiles(dir, { 'src/c.ts': 'new\nnewer\n' + lines('c', 10) });
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Rebased', '--date', '2026-03-01T09:30:00Z'], '2026-03-02T12:10:00Z');
  git(dir, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature'], '2026-03-02T12:30:00Z');
  head = git(dir, ['rev-parse', 'HEAD']).trim();
  // The trail is written elsewhere and never committed.
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T10:00:00Z', 'start', 'src/a.ts:3-4', 'start'),
      row('2026-03-01T10:01:00Z', 'A line of a file changed on a branch merged since', 'src/b.ts:5'),
      row('2026-03-01T10:02:00Z', 'A line of a file changed by a commit authored before the row', 'src/c.ts:5'),
      row('2026-03-01T10:03:00Z', 'Lines rewritten since', 'src/d.ts:2-3'),
      row('2026-03-01T10:04:00Z', 'A test renamed since', 'tests/a.test.ts > reads a row'),
      row('2026-03-01T10:05:00Z', 'A test never there', 'tests/a.test.ts > reads no row'),
      row('2026-03-01T10:06:00Z', 'Lines where they were, the file changed below them', 'src/e.ts:1-2'),
    ]),
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('lines of a file changed after a row of a trail never committed', () => {
  const then = (): string => `${first.slice(0, 7)}, the landed head's line when this row was written (committed 2026-03-01T08:00:00Z; the trail is not committed with the repository, so its time tells)`;

  it('follows the cited lines to where they are now, and links to them as the row saw them', () => {
    expect(pointerVerdicts(model)[0]).toEqual([['src/a.ts:3-4', 'VERIFIED', `cited 3–4 at ${then()}; now 5–6 at the landed head ${head.slice(0, 7)}, as src/a.ts changed since`]]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 3, to: 4, at: first });
  });

  it('says lines changed since were there, with no flag', () => {
    expect(pointerVerdicts(model)[3]).toEqual([['src/d.ts:2-3', 'INCONCLUSIVE', `cited 2–3 at ${then()}; they were changed or deleted since: none is at the landed head ${head.slice(0, 7)}`]]);
    expect(evidenceFlags(model)).toEqual([['evidence/test-not-found', 'medium', [model.rows[5]?.id]]]);
  });

  it('says a test renamed since was there, as for a committed row, with no flag (it was the medium evidence/test-not-found)', () => {
    expect(pointerVerdicts(model)[4]).toEqual([
      ['tests/a.test.ts > reads a row', 'INCONCLUSIVE', `test “reads a row” was in tests/a.test.ts at ${then()}; it is not there at the landed head ${head.slice(0, 7)} (renamed or removed since)`],
    ]);
    expect(pointerVerdicts(model)[5]).toEqual([['tests/a.test.ts > reads no row', 'NOT_VERIFIED', 'test “reads no row” not found in tests/a.test.ts at landed head']]);
  });

  it('checks at the head, as before, lines that are where they were, unchanged', () => {
    expect(pointerVerdicts(model)[6]).toEqual([['src/e.ts:1-2', 'VERIFIED', 'lines 1–2 of 3 exist at landed head']]);
    expect(model.rows[6]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/e.ts', origin: 'repository', from: 1, to: 2 });
  });

  it('checks at the head as written a file a merge or an earlier-authored commit changed', () => {
    expect(pointerVerdicts(model)[1]).toEqual([['src/b.ts:5', 'VERIFIED', 'line 5 of 12 exists at landed head']]);
    expect(pointerVerdicts(model)[2]).toEqual([['src/c.ts:5', 'VERIFIED', 'line 5 of 12 exists at landed head']]);
  });
});
