/**
 * Cited commits and the landed history (issue 15): a commit that exists but is not an ancestor
 * of the landed head (an abandoned branch; a squash-merged original) stays VERIFIED, says so in
 * its reason, and raises one low `evidence/commit-not-landed` notice on its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';

function row(n: number, evidence: string): string {
  const ts = `2026-03-02T10:0${n}:00Z`;
  const decision = `Decision ${n}`;
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result: 'verified' });
}

describe('cited commits and the landed head', () => {
  let dir: string;
  let model: ProjectModel;
  const sha: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-landed-'));
    const repo = join(dir, 'repo');
    await mkdir(repo);
    git(repo, ['init', '-q', '-b', 'main']);
    const commit = async (name: string, file: string, text: string): Promise<void> => {
      await writeFile(join(repo, file), text);
      git(repo, ['add', '-A']);
      git(repo, ['commit', '-q', '-m', `Commit ${name}`]);
      sha[name] = git(repo, ['rev-parse', 'HEAD']).trim();
    };
    await commit('A', 'a.txt', 'a\n');
    git(repo, ['checkout', '-q', '-b', 'spike']);
    await commit('S', 's.txt', 'spike\n');
    git(repo, ['checkout', '-q', 'main']);
    git(repo, ['checkout', '-q', '-b', 'feature']);
    await commit('F', 'f.txt', 'feature\n');
    git(repo, ['checkout', '-q', 'main']);
    // The feature lands squashed: same change, another commit.
    await commit('B', 'f.txt', 'feature\n');
    git(repo, ['branch', '-q', '-D', 'spike', 'feature']);
    const project = join(dir, 'project');
    await mkdir(project);
    await writeFile(join(project, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
    await writeFile(join(project, 'decisions.jsonl'), [row(1, sha['A'] as string), row(2, `${sha['S']}`), row(3, `${(sha['F'] as string).slice(0, 10)}, ${sha['B']}`)].join('\n') + '\n');
    await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void (model = m) });
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a commit off the landed history VERIFIED and says so in its reason', () => {
    const [a, s, f, b] = model.rows.flatMap((r) => r.evidence);
    expect([a, s, f, b].map((p) => [p?.status, p?.notLanded ?? false])).toEqual([
      ['VERIFIED', false],
      ['VERIFIED', true],
      ['VERIFIED', true],
      ['VERIFIED', false],
    ]);
    expect(s?.reason).toBe(`commit ${sha['S']?.slice(0, 7)} exists: “Commit S”; it is not an ancestor of the landed head ${sha['B']?.slice(0, 7)} (an abandoned branch, or an original rewritten away by a squash or rebase)`);
    expect(a?.reason).toBe(`commit ${sha['A']?.slice(0, 7)} exists: “Commit A”`);
  });

  it('raises one low notice per row citing such commits, and marks them among the cited commits', () => {
    const notices = model.flags.filter((f) => f.kind === 'evidence/commit-not-landed');
    expect(notices.map((f) => [f.severity, f.rows])).toEqual([
      ['low', [model.rows[1]?.id]],
      ['low', [model.rows[2]?.id]],
    ]);
    expect(notices[1]?.summary).toBe(`row ${model.rows[2]?.id} “Decision 3” cites ${sha['F']?.slice(0, 10)}, which exists but is not in the history of the landed head ${sha['B']?.slice(0, 7)}`);
    expect(model.cited.commits.filter((c) => c.notLanded).map((c) => c.oid).sort()).toEqual([sha['F'], sha['S']].sort());
    expect(model.flags.filter((f) => f.severity !== 'low').map((f) => f.kind)).toEqual(['trail/no-start-row']);
  });
});
