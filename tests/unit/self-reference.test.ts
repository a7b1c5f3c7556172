/**
 * The project's own records cited as evidence (review of issue 13's follow-ups): a folder that
 * holds only claim records (the trail's own `.audit/` folder) is the trail, never a VERIFIED
 * folder; a row about the work citing the trail is a self-citation (medium, linked to
 * nothing); a row whose subject is the trail itself (it flags a row, appends to the trail)
 * citing it is a reference — INCONCLUSIVE, no flag, linked to the cited row
 * (src/lib/evidence/trail-references.ts). Resolution runs through the whole project analysis
 * against a repository generated with the git CLI (fixed dates).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { evidenceHref } from '../../src/components/html/decision-row.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolvePointer, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { isAboutTheTrail } from '../../src/lib/evidence/trail-references.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';

let tmp = '';
let dir = '';
let model: ProjectModel;

const ROWS: Array<[phase: string, decision: string, evidence: string]> = [
  ['build', 'Chose the parser', 'src/'],
  ['build', 'Chose the lexer', '.audit/'],
  ['audit', 'Flagged the design row timestamp as incorrect', '.audit/build.tsv:2'],
  ['pr-1/trail', 'Appended pr-1 phases', '.audit/'],
  ['ship', 'Skipped a design bakeoff', '.audit/build.tsv'],
];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-self-reference-'));
  dir = path.join(tmp, 'app');
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await mkdir(path.join(dir, '.audit'));
  git(dir, ['init', '-q']);
  await writeFile(path.join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
  const lines = ROWS.map(([phase, decision, evidence], i) => [`2026-03-02T10:0${i}:00Z`, phase, decision, 'because', evidence, 'kept'].join('\t'));
  await writeFile(path.join(dir, '.audit', 'build.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n' + lines.join('\n') + '\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Parser and trail'], { GIT_AUTHOR_DATE: '2026-03-02T09:00:00Z', GIT_COMMITTER_DATE: '2026-03-02T09:00:00Z' });
  const { projects } = await discoverProjects([dir]);
  model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
}, 30_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("the project's own records cited as evidence", () => {
  it('a folder of code is VERIFIED; the trail\'s own folder is a self-citation; a row about the trail citing it is a reference', () => {
    expect(model.rows.map((r) => r.evidence.map((p) => ({ raw: p.raw, kind: p.kind, status: p.status, reason: p.reason, ...(p.fault ? { fault: p.fault } : {}), ...(p.target ? { target: p.target } : {}) })))).toEqual([
      [{ raw: 'src/', kind: 'path', status: 'VERIFIED', reason: 'folder exists at landed head' }],
      [{ raw: '.audit/', kind: 'path', status: 'NOT_VERIFIED', reason: '.audit holds only claim records (.audit/build.tsv): a folder is evidence only for what it holds beyond the records that make claims', fault: 'evidence/self-citation' }],
      [{ raw: '.audit/build.tsv:2', kind: 'reference', status: 'INCONCLUSIVE', reason: 'the row is about the trail, and cites it: a reference to the record, not evidence checked', target: { type: 'row', file: '.audit/build.tsv', from: 2, anchor: model.rows[0]?.anchor } }],
      [{ raw: '.audit/', kind: 'reference', status: 'INCONCLUSIVE', reason: 'the row is about the trail, and cites it: a reference to the record, not evidence checked', target: { type: 'row', file: '.audit/build.tsv' } }],
      [{ raw: '.audit/build.tsv', kind: 'path', status: 'NOT_VERIFIED', reason: '.audit/build.tsv is the record that makes the claim: a claim cannot be its own evidence', fault: 'evidence/self-citation' }],
    ]);
    expect(model.rows[0]?.anchor).toMatch(/^row-/);
  });

  it('only the rows about the work are flagged, both medium; the references raise nothing', () => {
    const evidence = model.flags.filter((f) => f.layer === 'evidence').map((f) => `${f.severity} ${f.kind} ${f.summary}`);
    expect(evidence).toEqual([
      `medium evidence/self-citation row ${model.rows[1]?.id} “Chose the lexer” — .audit/: .audit holds only claim records (.audit/build.tsv): a folder is evidence only for what it holds beyond the records that make claims`,
      `medium evidence/self-citation row ${model.rows[4]?.id} “Skipped a design bakeoff” — .audit/build.tsv is the record that makes the claim: a claim cannot be its own evidence`,
    ]);
  });

  it('a reference links to the cited row (or to Decisions); a self-citation links to nothing', () => {
    const ctx = { base: '/', projectId: 'app', repoId: 'r' };
    expect(model.rows.map((r) => evidenceHref(r.evidence[0] as never, ctx))).toEqual([null, null, `/p/app/#${model.rows[0]?.anchor}`, '/p/app/#decisions', null]);
  });
});

describe('a folder of the project folder (not in the repository) holding only records', () => {
  it('is a self-citation when it holds only a trail, VERIFIED when it holds anything else', async () => {
    const folder = path.join(tmp, 'records');
    await mkdir(path.join(folder, 'tickets', 'a'), { recursive: true });
    await mkdir(path.join(folder, 'tickets', 'b'), { recursive: true });
    await writeFile(path.join(folder, 'tickets', 'a', 'decisions.jsonl'), '{}\n');
    await writeFile(path.join(folder, 'tickets', 'b', 'notes.md'), '# notes\n');
    const opened = await openRepository(dir);
    if (!('repository' in opened)) throw new Error(opened.problem);
    const ctx: EvidenceContext = {
      repository: opened.repository,
      repositoryName: 'app',
      head: git(dir, ['rev-parse', 'HEAD']),
      problem: null,
      artifacts: new ArtifactFolder(folder),
      claims: new Set(['tickets/a/decisions.jsonl']),
      trails: new Map([['tickets/a/decisions.jsonl', 'tickets/a/decisions.jsonl']]),
    };
    const one = async (cell: string) => resolvePointer(classifyEvidence(cell)[0] as never, ctx);
    expect(await one('tickets/a/')).toEqual({
      raw: 'tickets/a/',
      kind: 'path',
      status: 'NOT_VERIFIED',
      reason: 'tickets/a holds only claim records (tickets/a/decisions.jsonl): a folder is evidence only for what it holds beyond the records that make claims',
      fault: 'evidence/self-citation',
      target: { type: 'row', file: 'tickets/a/decisions.jsonl' },
    });
    expect(await one('tickets/b/')).toEqual({ raw: 'tickets/b/', kind: 'path', status: 'VERIFIED', reason: 'folder exists in the project folder, as an artifact' });
    expect(await one('tickets/')).toEqual({ raw: 'tickets/', kind: 'path', status: 'VERIFIED', reason: 'folder exists in the project folder, as an artifact' });
  });
});

describe('which rows are about the trail', () => {
  const cases: Array<[phase: string, decision: string, file: string, about: boolean]> = [
    // Real rows (../shared/corpus/real): EnzoTironi/OS .audit row 6, LeoMartinDev/Plume rows 10, 21, 33, ss49919201/myblog row 8.
    ['audit', 'Flagged the design row timestamp as incorrect', '.audit/build-v1-04.tsv', true],
    ['pr-1/trail', 'appended to the existing decisions.tsv with pr-1 phases', 'decisions.tsv', true],
    ['pr-1/risk', 'left a note that the shared working tree can pull stray commits onto this branch again', 'decisions.tsv', true],
    ['recover/add-A', 'git add -A swept target/ into b2d9fbb (1812 files); caught pre-push, branch -f to 2c2840b, targeted re-commit, .gitignore added', 'decisions.tsv', false],
    ['shape', 'Skipped a two-model design bakeoff.', 'decisions.tsv', false],
    // A code audit is not about the trail (Howard-Starfield/Diablo-IV-Masterwork-Companion).
    ['audit', 'Leave library.rs empty-state copy as-is', 'decisions.tsv', false],
    ['build', 'Appended the missing rows to the trail', 'decisions.tsv', true],
    ['build', 'Corrected the previous row: the Done predicate is docs/BRIEF.md lines 64-65', 'decisions.tsv', true],
    // A bare "trail" or "row" is not enough (tests/unit/hostile-inputs.test.ts: "Trail is the proof").
    ['p1', 'Trail is the proof', 'decisions.tsv', false],
    ['build', 'Row 12', 'decisions.tsv', false],
    ['build', 'Use row-level locks', 'decisions.tsv', false],
  ];
  it.each(cases)('%s: %s', (phase, decision, file, about) => {
    expect(isAboutTheTrail({ phase, decision, file })).toBe(about);
  });
});
