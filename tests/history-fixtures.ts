/**
 * Generated git repositories whose committed trail has a history (issue 15): an honest,
 * append-only one, and a tampered twin whose trail was later edited (one row's decision
 * changed), shortened (one row removed) and given a row inserted above older ones. Commits
 * have fixed authors and dates, so the same call gives the same SHAs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Runs git in `cwd` with a fixed identity and date; returns stdout. */
export function git(cwd: string, args: string[], date = '2026-03-02T09:00:00Z'): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Ada Example',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Example',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
}

/** A trail row as a bbs `decisions.jsonl` line, with its correct id. */
export function bbsRow(n: number, decision = `Decision number ${n}`, extra: Record<string, string> = {}): string {
  const ts = `2026-03-02T09:${String(n).padStart(2, '0')}:00Z`;
  const ticket = 'T-1';
  const id = createHash('sha256').update(ts + ticket + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket, actor: 'lead', decision, why: `because ${n}`, evidence: 'README.md', result: 'verified', ...extra });
}

/** The id of {@link bbsRow}(n). */
export const bbsRowId = (n: number, decision = `Decision number ${n}`): string => (JSON.parse(bbsRow(n, decision)) as { id: string }).id;

/** Paths of a generated repository. */
export interface TrailRepository {
  /** The work tree (the input root to build). */
  dir: string;
  /** The trail, relative to the work tree. */
  trail: string;
  /** Commit SHAs, oldest first. */
  commits: string[];
}

async function commitAll(dir: string, message: string, minute: number): Promise<string> {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], `2026-03-02T1${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}:00Z`);
  return git(dir, ['rev-parse', 'HEAD']).trim();
}

const lines = (rows: string[]): string => rows.map((r) => `${r}\n`).join('');

/**
 * Writes a repository at `dir` whose trail `runs/ticket-1/decisions.jsonl` grew over three
 * commits. `tampered`: commit 3 changes row 2's decision (id and time kept), commit 4 removes
 * row 4, and the work tree (uncommitted) inserts a row between rows 5 and 6. Otherwise each
 * step only appends, and the work tree appends one uncommitted row.
 */
export async function makeTrailRepository(dir: string, tampered: boolean): Promise<TrailRepository> {
  await mkdir(join(dir, 'runs', 'ticket-1'), { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
  await writeFile(join(dir, 'README.md'), '# Example\n\nA repository with a committed trail.\n');
  const trail = 'runs/ticket-1/decisions.jsonl';
  const path = join(dir, trail);
  const commits: string[] = [];
  let rows = [1, 2, 3, 4, 5].map((n) => bbsRow(n));
  await writeFile(path, lines(rows));
  commits.push(await commitAll(dir, 'Start the trail', 1));
  rows = [...rows, bbsRow(6), bbsRow(7)];
  await writeFile(path, lines(rows));
  commits.push(await commitAll(dir, 'Log rows 6 and 7', 2));
  if (tampered) {
    const rewritten = JSON.stringify({ ...(JSON.parse(rows[1] as string) as Record<string, string>), decision: 'Decision number 2, said better' });
    rows = rows.map((r, i) => (i === 1 ? rewritten : r));
    await writeFile(path, lines(rows));
    commits.push(await commitAll(dir, 'Reword row 2', 3));
    rows = rows.filter((_, i) => i !== 3);
    await writeFile(path, lines(rows));
    commits.push(await commitAll(dir, 'Drop row 4', 4));
    // Uncommitted: a row slipped in between rows 5 and 6.
    rows = [...rows.slice(0, 4), bbsRow(8, 'A row slipped in above older ones'), ...rows.slice(4)];
    await writeFile(path, lines(rows));
  } else {
    await appendFile(path, lines([bbsRow(8)]));
    commits.push(await commitAll(dir, 'Log row 8', 3));
    await appendFile(path, lines([bbsRow(9)]));
  }
  return { dir, trail, commits };
}
