/**
 * A file the repository's `.gitignore` ignores, cited while it is in the work tree (trust8):
 * `out/report.txt:2`, `coverage/summary.json` — a run's output, which git never keeps. Cited
 * when the file is gone, it was INCONCLUSIVE with no flag ("not kept in git (ignored by
 * .gitignore …)", issue 26, item 3); cited while the file is there, it was the high
 * `evidence/path-not-found` ("in the work tree but not committed at the landed head: an
 * uncommitted file is not evidence"): the same pointer got a high flag for existing. Now both
 * are INCONCLUSIVE, saying which `.gitignore` ignores it; a file that is neither committed nor
 * ignored stays the high flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('ignored-artifact');
  await initRepo(dir);
  await writeFiles(dir, {
    '.gitignore': 'out/\n',
    'src/a.ts': 'export const a = 1;\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'The run wrote its report', 'out/report.txt:2'),
      row('2026-03-01T09:02:00Z', 'A report the run did not keep', 'out/gone.txt'),
      row('2026-03-01T09:03:00Z', 'A file never committed', 'src/draft.ts'),
    ]),
  });
  head = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z').slice(0, 7);
  await writeFiles(dir, { 'out/report.txt': 'report\nall green\n' });
  await writeFile(join(dir, 'src', 'draft.ts'), 'export const draft = 1;\n');
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('an ignored file cited while it is in the work tree', () => {
  it('is INCONCLUSIVE, as the same file gone is', () => {
    expect(model.rows.slice(1).map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason, p.fault ?? '']))).toEqual([
      [['out/report.txt:2', 'INCONCLUSIVE', `out/report.txt is in the work tree, not kept in git (ignored by .gitignore at the landed head ${head}): a run's output, not checked`, '']],
      [['out/gone.txt', 'INCONCLUSIVE', `out/gone.txt is not kept in git (ignored by .gitignore at the landed head ${head}) and is not in the project folder`, '']],
      [['src/draft.ts', 'NOT_VERIFIED', 'src/draft.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence', 'evidence/path-not-found']],
    ]);
    expect(model.flags.filter((f) => f.kind === 'evidence/path-not-found').map((f) => f.rows)).toEqual([[model.rows[3]?.id]]);
  });
});
