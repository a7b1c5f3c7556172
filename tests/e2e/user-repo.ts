/**
 * A user's own repository, as someone who installed Trailbook has it: a git work tree with a
 * committed file and a bbs decision trail (`runs/<name>/decisions.jsonl`, or at the top) whose
 * rows cite that commit and a line of that file; `fault` adds a row citing a file that does
 * not exist (a high-severity `evidence/path-not-found` flag on line 3 of the trail).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface UserRepo {
  dir: string;
  /** The commit the trail cites. */
  sha: string;
  /** The trail file, relative to the repository. */
  trail: string;
}

const GIT_ENV = { GIT_AUTHOR_NAME: 'Ada Example', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Example', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: '2026-04-01T09:00:00Z', GIT_COMMITTER_DATE: '2026-04-01T09:00:00Z' };

/** Runs git in `dir`; returns what it printed. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
}

function row(ts: string, phase: string, ticket: string, decision: string, evidence: string, result: string): Record<string, string> {
  const id = createHash('sha256').update(ts + ticket + decision).digest('hex').slice(0, 8);
  return { id, ts, phase, ...(ticket ? { ticket } : {}), actor: 'lead', decision, why: 'the user repository of the install test', evidence, result };
}

/** Makes the repository in `dir` (created); the trail is committed with the rest. */
export async function makeUserRepo(dir: string, options: { under?: string; fault?: boolean } = {}): Promise<UserRepo> {
  await mkdir(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  await writeFile(join(dir, 'README.md'), '# My project\n\nIt parses rows.\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Initial commit');
  const sha = git(dir, 'rev-parse', 'HEAD').trim();
  const folder = options.under ? join(dir, options.under) : dir;
  await mkdir(folder, { recursive: true });
  const rows = [
    row('2026-04-01T09:00:00Z', 'start', '', 'Open the trail', sha, 'verified'),
    row('2026-04-01T09:10:00Z', 'phase-1', 'T-1', 'Document the parser', 'README.md:3', 'verified'),
    ...(options.fault ? [row('2026-04-01T09:20:00Z', 'phase-1', 'T-2', 'Ship the parser', 'src/parser.ts:10', 'verified')] : []),
  ];
  const trail = join(options.under ?? '', 'decisions.jsonl');
  await writeFile(join(dir, trail), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Add the decision trail');
  return { dir, sha, trail };
}
