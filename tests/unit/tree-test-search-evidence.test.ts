/**
 * A test named without its file, looked for in the whole tree (trust10, hunt): the first file
 * that held the name decided, so `parses_empty_rows`, named only in a plan (`docs/plan.md`:
 * "write parses_empty_rows"), was VERIFIED "test found in docs/plan.md at line 1" though no such
 * test was written. Now the file that defines it wins (`fn parses_empty_rows`), wherever it is in
 * tree order; a test only named somewhere is INCONCLUSIVE, saying where it is named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('tree-test-search');
  await initRepo(dir);
  await writeFiles(dir, {
    'docs/plan.md': 'write parses_empty_rows and keeps_row_order_stable next\n',
    'src/parse.rs': 'fn parse() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn parses_empty_rows() {}\n}\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'parses_empty_rows', 'start'),
      row('2026-03-01T09:01:00Z', 'Planned only', 'keeps_row_order_stable'),
    ]),
  });
  head = commitAll(dir, 'Plan, code and trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a test looked for in the whole tree', () => {
  it('is found where it is defined; one only named somewhere is not found', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason]))).toEqual([
      [['parses_empty_rows', 'test', 'VERIFIED', 'test found in src/parse.rs at line 6']],
      [['keeps_row_order_stable', 'test', 'INCONCLUSIVE', `test “keeps_row_order_stable” is named in docs/plan.md at line 1, but defined nowhere in the tree at landed head ${head.slice(0, 7)}`]],
    ]);
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/parse.rs', origin: 'repository', from: 6, to: 6 });
  });
});
