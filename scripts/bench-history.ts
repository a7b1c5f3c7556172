/**
 * The history and comparison parts of `npm run bench` (issue 15, scope 7):
 * - the records' own git history: one repository whose 100 trails of 1,000 rows were committed
 *   over 20 commits (50 rows a trail each), read by `readRecordHistories` as a build reads them;
 *   an honest history and one whose every trail had a row rewritten, one deleted and one
 *   inserted in the last commit;
 * - comparing two 1,000-row trails: `compareRuns` on two models of the built archive, and
 *   `trailbook diff` on their recap.json files (a whole CLI run).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { discoverProjects } from '../src/lib/discover/discover.ts';
import { openRepository } from '../src/lib/git/repository.ts';
import { readRecordHistories } from '../src/lib/trail/record-history.ts';
import { inputConfinement } from '../src/lib/project/analyse-project.ts';
import { readModel } from '../src/lib/archive/model-store.ts';
import { compareRuns } from '../src/lib/compare/compare-runs.ts';

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' };
const git = (cwd: string, args: string[]): string => execFileSync('git', args, { cwd, env, encoding: 'utf8' });

const row = (t: number, r: number, decision = `Decision ${r} of trail ${t}`): string =>
  JSON.stringify({ id: `${t.toString(16).padStart(3, '0')}${r.toString(16).padStart(5, '0')}`, ts: `2026-01-01T00:00:${String(r % 60).padStart(2, '0')}Z`, phase: 'build', ticket: `T-${t}`, actor: 'lead', decision, why: 'bench', evidence: 'README.md', result: 'verified' });

/** Writes the repository; `tampered` edits every trail in the last commit. */
export async function trailRepository(dir: string, trails: number, rows: number, commits: number, tampered: boolean): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
  await writeFile(join(dir, 'README.md'), 'bench\n');
  const per = rows / commits;
  for (let c = 1; c <= commits; c++) {
    for (let t = 0; t < trails; t++) {
      const lines = Array.from({ length: c * per }, (_, r) => row(t, r));
      if (tampered && c === commits) {
        lines[10] = row(t, 10, 'rewritten');
        lines.splice(20, 1);
        lines.splice(30, 0, row(t, 99_999));
      }
      await mkdir(join(dir, 'runs', `t${t}`), { recursive: true });
      await writeFile(join(dir, 'runs', `t${t}`, 'decisions.jsonl'), `${lines.join('\n')}\n`);
    }
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', `commit ${c}`]);
  }
}

/** Reads every trail's history as a build does; ms in all, and the changes found. */
export async function readAll(dir: string): Promise<{ ms: number; changes: number; projects: number }> {
  const { projects } = await discoverProjects([dir]);
  const opened = await openRepository(dir);
  if ('problem' in opened) throw new Error(opened.problem);
  const started = performance.now();
  let changes = 0;
  for (const p of projects) for (const h of await readRecordHistories(p.files, opened.repository, dir, inputConfinement(p))) changes += h.changes.length;
  return { ms: performance.now() - started, changes, projects: projects.length };
}

/** The records' git history: per project, for an honest and a tampered history. */
export async function trailHistoryBench(dir: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const tampered of [false, true]) {
    const repo = join(dir, tampered ? 'trail-history-tampered' : 'trail-history-honest');
    await trailRepository(repo, 100, 1000, 20, tampered);
    const r = await readAll(repo);
    out[tampered ? 'tamperedMsPerProject' : 'honestMsPerProject'] = Math.round((r.ms / r.projects) * 10) / 10;
    out[tampered ? 'tamperedChanges' : 'honestChanges'] = r.changes;
    await rm(repo, { recursive: true, force: true });
  }
  return out;
}

/** Comparing two 1,000-row projects of a built archive: in process, and through the CLI. */
export async function compareBench(cache: string, out: string, cli: string, a = 'projects-project-0000', b = 'projects-project-0001'): Promise<{ rows: [number, number]; inProcessMs: number; cliMs: number }> {
  const [ma, mb] = [await readModel(cache, a), await readModel(cache, b)];
  let started = performance.now();
  compareRuns(ma, mb);
  const inProcessMs = performance.now() - started;
  started = performance.now();
  execFileSync(process.execPath, [cli, 'diff', join(out, 'p', a, 'recap.json.gz'), join(out, 'p', b, 'recap.json.gz'), '--json'], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 28 });
  const cliMs = performance.now() - started;
  return { rows: [ma.rows.length, mb.rows.length], inProcessMs: Math.round(inProcessMs), cliMs: Math.round(cliMs) };
}
