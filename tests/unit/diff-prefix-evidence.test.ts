/**
 * A path copied from a diff, with the prefix `git diff` puts on each side (`a/src/a.ts`,
 * `b/src/a.ts:12`; trust10, hunt): a file that is there was a high `evidence/path-not-found`. Now
 * it is the path after the prefix, checked as that, the reason saying how it was read. A path
 * missing after the prefix too, or under a real root folder `a/`, stays what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('diff-prefix');
  await initRepo(dir);
  await writeFiles(dir, {
    'src/a.ts': Array.from({ length: 30 }, (_, i) => `const x${i + 1} = ${i + 1};\n`).join(''),
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'b/src/a.ts:12', 'start'),
      row('2026-03-01T09:01:00Z', 'Old side', 'a/src/a.ts'),
      row('2026-03-01T09:02:00Z', 'Past the end', 'b/src/a.ts:40'),
      row('2026-03-01T09:03:00Z', 'Missing after it too', 'b/src/gone.ts'),
    ]),
  });
  head = commitAll(dir, 'File and trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe("a path with git diff's a/ or b/ prefix", () => {
  it('is the path after it, said so; a path missing after it too stays missing', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['b/src/a.ts:12', 'VERIFIED', "written with git diff's b/ prefix, read as src/a.ts: line 12 of 30 exists at landed head", '']],
      [['a/src/a.ts', 'VERIFIED', "written with git diff's a/ prefix, read as src/a.ts: file exists at landed head; 30 lines", '']],
      [['b/src/a.ts:40', 'NOT_VERIFIED', "written with git diff's b/ prefix, read as src/a.ts: line 40 is past the end of src/a.ts (30 lines at landed head)", 'evidence/line-out-of-range']],
      [['b/src/gone.ts', 'NOT_VERIFIED', `b/src/gone.ts not found at landed head ${head.slice(0, 7)} nor in the project folder`, 'evidence/path-not-found']],
    ]);
  });
});
