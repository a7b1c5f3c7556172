/**
 * A cited repository's refs changed between two builds (rel16's trial, /tmp/lead/rel16-refs.sh):
 * a branch deleted or moved, a tag removed, a packed-refs rewrite. No object changes, so the
 * object set alone does not say it; the verdict's reason names the branch or tag that reaches a
 * commit not landed, so a build with the kept cache must give what a clean build gives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { openRepository, repositoryStateKey, type GitRepository } from '../../src/lib/git/repository.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

const ENV = { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com', GIT_AUTHOR_DATE: '2025-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2025-01-01T00:00:00Z' };

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

/** A repository `in/app` whose trail cites a commit only branch `feature` reaches, and one only tag `v1` reaches. */
async function repository(): Promise<{ app: string; feature: string; tagged: string }> {
  root = await mkdtemp(join(tmpdir(), 'tb-refs-'));
  const app = join(root, 'in', 'app');
  await mkdir(join(app, 'trail'), { recursive: true });
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: app, env: ENV, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main', '.');
  await writeFile(join(app, 'a.ts'), 'a\n');
  git('add', '.');
  git('commit', '-qm', 'Add a');
  git('checkout', '-qb', 'feature');
  await writeFile(join(app, 'f.ts'), 'f\n');
  git('add', '.');
  git('commit', '-qm', 'Feature f');
  const feature = git('rev-parse', 'HEAD');
  git('checkout', '-q', '--detach', 'main');
  await writeFile(join(app, 't.ts'), 't\n');
  git('add', '.');
  git('commit', '-qm', 'Tagged only');
  const tagged = git('rev-parse', 'HEAD');
  git('tag', 'v1');
  git('checkout', '-q', 'main');
  const row = (id: string, evidence: string): string => `${JSON.stringify({ id, ts: '2025-01-02T00:00:00Z', phase: 'start', ticket: '', actor: 'lead', decision: `Decision ${id}`, why: 'w', evidence, result: 'verified' })}\n`;
  await writeFile(join(app, 'trail', 'decisions.jsonl'), row('r0000001', feature) + row('r0000002', tagged));
  git('add', 'trail');
  git('commit', '-qm', 'Trail');
  return { app, feature, tagged };
}

/** Each evidence pointer's status and reason, as the archive shows them. */
async function reasons(cacheDir: string): Promise<string[]> {
  const models: ProjectModel[] = [];
  await analyseArchive({ roots: [join(root, 'in')], cacheDir, onModel: (m) => void models.push(m) });
  return models.flatMap((m) => m.rows.flatMap((r) => r.evidence.map((p) => `${p.status} ${p.reason ?? ''}`)));
}

const gitIn = (app: string, ...args: string[]): string => execFileSync('git', args, { cwd: app, env: ENV, encoding: 'utf8' });

describe('refs changed between two builds with a kept cache', () => {
  it.each([
    ['the branch deleted', (app: string) => gitIn(app, 'branch', '-q', '-D', 'feature')],
    ['the branch moved to the landed head', (app: string) => gitIn(app, 'branch', '-q', '-f', 'feature', 'main')],
    ['the tag deleted', (app: string) => gitIn(app, 'tag', '-d', 'v1')],
    ['the tag dropped by a packed-refs rewrite', async (app: string) => {
      gitIn(app, 'pack-refs', '--all');
      const packed = join(app, '.git', 'packed-refs');
      await writeFile(packed, (await readFile(packed, 'utf8')).split('\n').filter((l) => !l.endsWith('refs/tags/v1')).join('\n'));
    }],
  ])('%s: the next build says what a clean build says (before: "on branch feature" / "reached by tag v1" kept from the cache)', async (_, change) => {
    const { app } = await repository();
    const cacheDir = join(root, 'cache');
    const before = await reasons(cacheDir);
    expect(before.join('\n')).toContain('(on branch feature, not merged into the landed head)');
    expect(before.join('\n')).toContain('v1');
    await change(app);
    const clean = await reasons(join(root, `clean-${Date.now()}`));
    expect(clean).not.toEqual(before);
    expect(await reasons(cacheDir)).toEqual(clean);
  });

  it('the state key names the refs: a deleted branch changes it, a repository untouched keeps it', async () => {
    const { app } = await repository();
    const key = async (): Promise<string> => {
      const opened = await openRepository(app);
      return repositoryStateKey((opened as { repository: GitRepository }).repository);
    };
    const first = await key();
    expect(await key()).toBe(first);
    gitIn(app, 'branch', '-q', '-D', 'feature');
    expect(await key()).not.toBe(first);
  });
});
