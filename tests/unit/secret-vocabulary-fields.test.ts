/**
 * A secret in a record field Trailbook reads as a word of a vocabulary (rel12): an audit
 * flag's `kind` and `severity`, a babysit verdict file's `STATUS:`, a beads issue's custom
 * `status`, a babysit timeline's `status`, a review finding's `file`, `category` and `verdict`,
 * a QA criterion's `kind`. Those fields (`kind`, `status`, `severity`, `type`, `file`, `path`,
 * …) were never scanned, on the grounds that Trailbook writes them, but each is written by the
 * agent and shown as written: `k-glpat-…` as an audit flag's kind and `STATUS: token ghp_…` were
 * published on the recap, in search, in recap.json and in every `check` format, unflagged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, fixtureDir, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

import { draw } from '../secret-fixtures.ts';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A distinct GitHub token for each place. */
const T = (n: number): string => `ghp_${draw(`vocabulary-${n}`, ALNUM, 36)}`;
const GL = 'glpat-TAgkY7SLHQMKAIxrYWCr';

describe('a secret in a field read as a vocabulary word', () => {
  let dir: string;
  let model: ProjectModel;
  const places: Record<string, string> = { auditKind: GL, verdictStatus: T(2), beadsStatus: T(3), timelineStatus: T(4), findingFile: T(5), findingCategory: T(6), beadsType: T(7), findingVerdict: T(8) };
  beforeAll(async () => {
    dir = await fixtureDir('secret-vocabulary-fields');
    await writeFiles(dir, {
      'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')]),
      'audit.json': JSON.stringify({ version: 1, at: '2026-03-02T18:00:00Z', status: 'ran', reason: '', reviewer: 'codex', flags: [
        { severity: 'low', rows: [], kind: `k-${GL}`, summary: 'a flag', evidence: 'decisions.jsonl' },
      ] }),
      'verdicts/review.md': `STATUS: token ${T(2)}\n\nbody\n`,
      '.beads/issues.jsonl': `${JSON.stringify({ _type: 'issue', id: 'bb-1', title: 'Ship', status: `wip-${T(3)}`, priority: 2, issue_type: `type-${T(7)}`, created_at: '2026-04-01T09:00:00Z', updated_at: '2026-04-01T10:00:00Z' })}\n`,
      'timeline.jsonl': `${JSON.stringify({ ts: '2026-04-01T09:00:00Z', ticket: 'T-1', workflow: 'build', step: 'implement', status: `st ${T(4)}`, branch: 'b', note: '', actor: 'amber' })}\n`,
      'reviews/pr-1.json': JSON.stringify({ version: 1, target: 'https://github.com/o/r/pull/1', checkout: true, findings: [
        { file: `src/${T(5)}.ts`, line: 2, summary: 's', failure_scenario: 'f', category: `cat ${T(6)}`, verdict: `v ${T(8)}`, level: 2 },
      ] }),
    });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('publishes none of them', () => {
    const json = JSON.stringify(model);
    expect(Object.keys(places).filter((p) => json.toLowerCase().includes((places[p] as string).slice(6, 16).toLowerCase()))).toEqual([]);
  });

  it('shows the audit flag kind and the verdict file status redacted, and flags each', () => {
    const flags = (model as unknown as { flags: Array<{ kind: string; summary: string }> }).flags;
    expect(flags.some((f) => f.kind === 'k-[redacted: GitLab token]')).toBe(true);
    const secretFlags = flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary);
    expect(secretFlags.sort()).toEqual([
      'GitHub token in .beads/issues.jsonl:1 (record bb-1) and 1 more place: redacted in every output',
      'GitHub token in .beads/issues.jsonl:1 (record bb-1): redacted in every output',
      'GitHub token in reviews/pr-1.json:1: redacted in every output',
      'GitHub token in reviews/pr-1.json:1: redacted in every output',
      'GitHub token in reviews/pr-1.json:1: redacted in every output',
      'GitHub token in timeline.jsonl:1: redacted in every output',
      'GitHub token in verdicts/review.md:1: redacted in every output',
      'GitLab token in audit.json:1: redacted in every output',
    ]);
    const review = (model.verdicts as unknown as { skills: Array<{ status: string }> } | undefined)?.skills;
    expect(JSON.stringify(review ?? model.verdicts)).toContain('token [redacted: GitHub token]');
  });
});
