/**
 * A test cited by its title in a file that is there but holds no such test (new-user trial,
 * round 8): it was INCONCLUSIVE and counted "not checkable", though it was looked for and not
 * found. It is NOT_VERIFIED with the medium `evidence/test-not-found` and counted as evidence
 * that did not resolve; it stays INCONCLUSIVE where absence proves nothing: a file that names
 * tests at run time (`it.each`), a title the commit that recorded the row held (renamed since),
 * and a test name looked for in the whole tree (spec/input.md section 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionRowHtml, type RowContext } from '../../src/components/html/decision-row.ts';
import type { ProjectModel, TrailRow } from '../../src/lib/model/types.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles, pointerVerdicts } from '../trail-fixtures.ts';

const cells = [
  'tests/a.test.ts > rejects empty rows',
  'tests/a.test.ts > parse > keeps order',
  'tests/a.test.ts > rejects nothing at all',
  'tests/each.test.ts > adds 1 and 2',
  'lib::tests::nothing_here',
  'tests/r.test.ts > old title',
  'tests/tpl.test.ts > adds 1',
];

let dir: string;
let model: ProjectModel;
let recorded: string;
let head: string;
const verdicts = (): string[][][] => pointerVerdicts(model, 'fault');

beforeAll(async () => {
  dir = await fixtureDir('test-titles');
  await initRepo(dir);
  await writeFiles(dir, {
    'tests/a.test.ts': "it('rejects empty rows', () => {});\ndescribe('parse', () => {\n  it('keeps order', () => {});\n});\n",
    'tests/each.test.ts': "it.each([[1, 2, 3]])('adds %i and %i', (a, b, c) => {});\n",
    'tests/r.test.ts': "it('old title', () => {});\n",
    'tests/tpl.test.ts': 'for (const n of [1]) test.skip(  `adds ${n}`, () => {});\n',
    'runs/decisions.jsonl': trailText(cells.map((c, i) => row(`2026-03-01T09:0${i}:00Z`, `cites test ${i}`, c))),
  });
  recorded = commitAll(dir, 'Tests and trail', '2026-03-01T10:00:00Z');
  await writeFiles(dir, { 'tests/r.test.ts': "it('new title', () => {});\n" });
  head = commitAll(dir, 'Rename a test', '2026-03-01T11:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a test cited by its title in a named file', () => {
  it('is NOT_VERIFIED when the file holds no such title, INCONCLUSIVE where absence proves nothing', () => {
    expect(verdicts()).toEqual([
      [[cells[0], 'VERIFIED', 'test found in tests/a.test.ts at line 1', '']],
      // A describe block's title, then its test's, as reporters join them.
      [[cells[1], 'VERIFIED', 'test found in tests/a.test.ts at line 3', '']],
      [[cells[2], 'NOT_VERIFIED', 'test “rejects nothing at all” not found in tests/a.test.ts at landed head', 'evidence/test-not-found']],
      [[cells[3], 'INCONCLUSIVE', 'test “adds 1 and 2” not found as written in tests/each.test.ts, which names some of its tests at run time (`.each`, a template title)', '']],
      [[cells[4], 'INCONCLUSIVE', `test “nothing_here” not found in the tree at landed head ${head.slice(0, 7)}`, '']],
      [[cells[5], 'INCONCLUSIVE', `test “old title” was in tests/r.test.ts at ${recorded.slice(0, 7)}, the commit that recorded this row; it is not there at the landed head ${head.slice(0, 7)} (renamed or removed since)`, '']],
      [[cells[6], 'INCONCLUSIVE', 'test “adds 1” not found as written in tests/tpl.test.ts, which names some of its tests at run time (`.each`, a template title)', '']],
    ]);
    expect(model.flags.filter((f) => f.layer === 'evidence').map((f) => [f.kind, f.severity, f.rows])).toEqual([['evidence/test-not-found', 'medium', [model.rows[2]?.id]]]);
  });

  it('counts it as evidence that did not resolve, in check and on the row card', async () => {
    expect(model.counts.pointers).toEqual({ verified: 2, failed: 1, unresolved: 1, prose: 0, notCheckable: 4 });
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', dir], out)).toBe(0);
    const text = results.join('\n');
    expect(text).toContain('  evidence: 7 pointers: 2 verified, 1 did not resolve, 0 prose (no pointer), 4 not checkable;');
    expect(results.filter((l) => l.includes('evidence/test-not-found'))).toEqual([
      `  medium evidence/test-not-found  decisions.jsonl:3  row ${model.rows[2]?.id} “cites test 2” — tests/a.test.ts > rejects nothing at all: test “rejects nothing at all” not found in tests/a.test.ts at landed head`,
    ]);
    const ctx: RowContext = { base: '/', projectId: model.id, repoId: 'r1', anchorOf: () => undefined, chainOf: () => [] };
    expect(decisionRowHtml(model.rows[2] as TrailRow, ctx).value).toContain(
      '<li data-status=NOT_VERIFIED><code>tests/a.test.ts &gt; rejects nothing at all</code> <i>test</i> <b>not verified</b> <small>test “rejects nothing at all” not found in tests/a.test.ts at landed head</small></ul>',
    );
  });
});
