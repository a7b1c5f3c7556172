/**
 * `check --json` says what the recap says once (fresh trial, 2026-12-02): a repository older
 * than its trail. The pointers' reasons said "the landed head … predates this row", but the
 * document had no field for the count the recap's header gives ("the repository's head
 * predates 1 of 2 rows"). Built on a repository made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkReportProject } from '../../src/lib/report/check-report.ts';
import { git } from '../history-fixtures.ts';

function row(ts: string, decision: string, evidence: string): string {
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
}

let dir: string;
const models = new Map<string, ProjectModel>();
let head: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-check-predates-'));
  const repo = join(dir, 'repo');
  await mkdir(repo);
  git(repo, ['init', '-q', '-b', 'main']);
  await writeFile(join(repo, 'a.txt'), 'a\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Start'], '2026-03-01T09:00:00Z');
  head = git(repo, ['rev-parse', 'HEAD']).trim();
  for (const [name, rows] of [
    ['later', [row('2026-03-01T08:00:00Z', 'start', 'a.txt:1'), row('2026-03-09T08:00:00Z', 'After the head', 'src/later.ts')]],
    ['before', [row('2026-03-01T08:00:00Z', 'start', 'a.txt:1')]],
  ] as const) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
    await writeFile(join(dir, name, 'decisions.jsonl'), rows.join('\n') + '\n');
  }
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.set(m.root.split('/').pop() as string, m) });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('check --json: a repository older than its trail', () => {
  it('gives the count the recap says once, and nothing when the head does not predate a row', () => {
    expect(checkReportProject(models.get('later') as ProjectModel).headPredates).toEqual({ rows: 1, of: 2, head, headTs: '2026-03-01T09:00:00Z' });
    expect('headPredates' in checkReportProject(models.get('before') as ProjectModel)).toBe(false);
  });
});
