/**
 * `check --json` says what the recap says once (fresh trial, 2026-12-02): a repository older
 * than its trail. The pointers' reasons said "the landed head … predates this row", but the
 * document had no field for the count the recap's header gives ("the repository's head
 * predates 1 of 2 rows"). Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkReportProject } from '../../src/lib/report/check-report.ts';
import { analyseProjects, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let models = new Map<string, ProjectModel>();
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('check-predates');
  const repo = join(dir, 'repo');
  await initRepo(repo);
  await writeFiles(repo, { 'a.txt': 'a\n' });
  head = commitAll(repo, 'Start', '2026-03-01T09:00:00Z');
  for (const [name, rows] of [
    ['later', [row('2026-03-01T08:00:00Z', 'start', 'a.txt:1'), row('2026-03-09T08:00:00Z', 'After the head', 'src/later.ts')]],
    ['before', [row('2026-03-01T08:00:00Z', 'start', 'a.txt:1')]],
  ] as const) {
    await writeFiles(join(dir, name), { 'trailbook.json': JSON.stringify({ repo: '../repo' }), 'decisions.jsonl': trailText(rows) });
  }
  models = await analyseProjects(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('check --json: a repository older than its trail', () => {
  it('gives the count the recap says once, and nothing when the head does not predate a row', () => {
    expect(checkReportProject(models.get('later') as ProjectModel).headPredates).toEqual({ rows: 1, of: 2, head, headTs: '2026-03-01T09:00:00Z' });
    expect('headPredates' in checkReportProject(models.get('before') as ProjectModel)).toBe(false);
  });
});
