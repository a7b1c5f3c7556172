/**
 * Real evidence written in odd forms (trial E, findings 1 and 3; spec/input.md section 3):
 * a commit range cites both of its ends (the cited lists behind the commit pages' Cited by,
 * the exact SHA tokens of search); a SHA in a row's result cell is found by search; an
 * absolute path inside the repository's work tree (or the project folder) is checked as the
 * path it names, judged by its real path; `src\a.ts` is read as `src/a.ts`; a git remote in
 * scp form is recorded like a URL, never called prose. Each case asserts what a reader sees.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import { RepositoryAccess } from '../../src/lib/project/repository-access.ts';
import { readCellPointers, REMARK_REASON } from '../../src/lib/evidence/cell-reading.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolveEvidence } from '../../src/lib/evidence/resolve.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { pointerKeys } from '../../src/lib/search/exact-keys.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { memorySite } from './search-memory-site.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

// Before the commits (09:00): the landed head does not predate the rows (issue 26, item 2), so a missing path stays a fault.
const DATE = '2026-03-02T08:00:00Z';
let tmp: string;
let input: string;
let dir: string;
let c1: string;
let c2: string;
let model: ProjectModel;

const s = (oid: string): string => oid.slice(0, 7);

function commitAll(cwd: string, message: string): string {
  git(cwd, ['add', '-A']);
  git(cwd, ['commit', '-q', '-m', message]);
  return git(cwd, ['rev-parse', 'HEAD']);
}

/** The trail's rows: id → evidence (and result). */
const ROWS = (): Array<{ id: string; evidence: string; result?: string }> => [
  { id: 'aaaa0001', evidence: `${s(c1)}..${s(c2)}` },
  { id: 'aaaa0002', evidence: `${dir}/src/a.ts:2` },
  { id: 'aaaa0003', evidence: `${tmp}/link/src/a.ts:2` },
  { id: 'aaaa0004', evidence: `${dir}/src/a.ts:9` },
  { id: 'aaaa0005', evidence: `${tmp}/elsewhere/a.ts:2` },
  { id: 'aaaa0006', evidence: 'src\\a.ts' },
  { id: 'aaaa0007', evidence: 'src\\gone.ts:1' },
  { id: 'aaaa0008', evidence: 'git@github.com:acme/proj.git' },
  { id: 'aaaa0009', evidence: 'src/a.ts:1', result: 'b6c62ea, 3950f2e' },
  { id: 'aaaa0010', evidence: 'see the review thread 0edc03f0d' },
];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-odd-evidence-'));
  input = path.join(tmp, 'input');
  dir = path.join(input, 'proj');
  await mkdir(path.join(dir, 'src'), { recursive: true });
  git(dir, ['init', '-q']);
  git(dir, ['remote', 'add', 'origin', 'git@github.com:acme/proj.git']);
  await writeFile(path.join(dir, 'src', 'a.ts'), 'one\ntwo\nthree\n');
  c1 = commitAll(dir, 'First');
  await writeFile(path.join(dir, 'README.md'), '# proj\n');
  c2 = commitAll(dir, 'Second');
  // A link to the work tree from outside the input: the path written through it is in the repository.
  await symlink(dir, path.join(tmp, 'link'));
  await mkdir(path.join(tmp, 'elsewhere'));
  await writeFile(path.join(tmp, 'elsewhere', 'a.ts'), 'one\ntwo\n');
  const rows = ROWS().map((r) => JSON.stringify({ id: r.id, ts: DATE, phase: 'build', actor: 'lead', decision: `row ${r.id}`, why: 'w', evidence: r.evidence, result: r.result ?? 'verified' }));
  await writeFile(path.join(dir, 'decisions.jsonl'), `${rows.join('\n')}\n`);
  const { projects } = await discoverProjects([input]);
  const found = projects.find((p) => p.dir === dir);
  if (!found) throw new Error(`no project at ${dir}`);
  model = await analyseProject(await prepareProject(found, new RepositoryRegistry(new RepositoryAccess([input], []))));
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** The pointers of one row: `[raw, kind, status, reason]`. */
const pointersOf = (id: string): string[][] => (model.rows.find((r) => r.id === id)?.evidence ?? []).map((p) => [p.raw, p.kind, p.status, p.reason]);

/** The anchors search lists for a query, over this project's records only. */
async function searchFor(q: string): Promise<string[]> {
  const engine = (await memorySite([{ key: 'p/proj', title: 'proj', project: 'input/proj', records: searchRecords(model) }])).engine();
  const out = await engine.search(q, {});
  return (await engine.show(out.hits.slice(), out)).map((h) => h.href.slice(h.href.indexOf('#') + 1));
}

describe('a commit range cites both of its ends (trial E, finding 1)', () => {
  it('is VERIFIED, and each end lists the row under its Cited by', () => {
    expect(pointersOf('aaaa0001')).toEqual([[`${s(c1)}..${s(c2)}`, 'commit', 'VERIFIED', `commits ${s(c1)} and ${s(c2)} exist: “First” … “Second”`]]);
    const citing = (oid: string): string[] => (model.cited.commits.find((c) => c.oid === oid)?.by ?? []).map((b) => b.rowId);
    expect(citing(c1)).toEqual(['aaaa0001']);
    expect(citing(c2)).toEqual(['aaaa0001']);
  });

  it('search by either end, as a short SHA, lists the row', async () => {
    expect(await searchFor(s(c1))).toContain('row-aaaa0001');
    expect(await searchFor(s(c2))).toContain('row-aaaa0001');
  });

  it('without a repository, both ends as written are exact SHA tokens', () => {
    expect(pointerKeys({ raw: 'fd4f3f4..331919e', kind: 'commit', status: 'INCONCLUSIVE', reason: 'no repository' }).map((k) => k.key)).toEqual(['hex:fd4f3f4', 'hex:331919e']);
  });

  it('a SHA written in the result cell finds the row', async () => {
    expect(await searchFor('b6c62ea')).toEqual(['row-aaaa0009']);
    expect(await searchFor('3950f2e')).toEqual(['row-aaaa0009']);
  });

  it('a SHA written in evidence read as a reference (not checked) finds the row, by itself or a prefix', async () => {
    // Audit aud9: `see the review thread 0edc03f0d` is a reference the recap shows unchecked; a
    // search for the commit (0edc03f, 0edc03f0d) listed every row citing it but this one.
    expect(pointersOf('aaaa0010').map((p) => p[1])).toEqual(['reference']);
    expect(await searchFor('0edc03f0d')).toEqual(['row-aaaa0010']);
    expect(await searchFor('0edc03f')).toEqual(['row-aaaa0010']);
  });
});

describe('an absolute path is judged by its real path (trial E, finding 3)', () => {
  it("inside the repository's work tree, it is the repository path it names", () => {
    const reason = "written as an absolute path in the repository's work tree, read as src/a.ts:";
    expect(pointersOf('aaaa0002')).toEqual([[`${dir}/src/a.ts:2`, 'path', 'VERIFIED', `${reason} line 2 of 3 exists at landed head`]]);
    // Through a link into the work tree: the same file.
    expect(pointersOf('aaaa0003')).toEqual([[`${tmp}/link/src/a.ts:2`, 'path', 'VERIFIED', `${reason} line 2 of 3 exists at landed head`]]);
    // Its lines are checked like any path's.
    expect(pointersOf('aaaa0004')).toEqual([[`${dir}/src/a.ts:9`, 'path', 'NOT_VERIFIED', `${reason} line 9 is past the end of src/a.ts (3 lines at landed head)`]]);
    expect(model.rows.find((r) => r.id === 'aaaa0004')?.evidence[0]?.fault).toBe('evidence/line-out-of-range');
  });

  it('outside the repository and the project folder, it is still gone after the run', () => {
    expect(pointersOf('aaaa0005')).toEqual([[`${tmp}/elsewhere/a.ts:2`, 'ephemeral', 'INCONCLUSIVE', 'absolute path outside the repository; gone after the run']]);
  });

  it("inside the project's own folder (not in the work tree), it is an artifact there", async () => {
    const project = path.join(tmp, 'ticket-home');
    await mkdir(path.join(project, 'design'), { recursive: true });
    await writeFile(path.join(project, 'design', 'selection.md'), '# pick\nA\n');
    const ctx = { repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(project), workTrees: [] };
    const got = await resolveEvidence(classifyEvidence(`${project}/design/selection.md:2; ${project}/design/none.md`), ctx);
    expect(got.map((p) => [p.kind, p.status, p.reason])).toEqual([
      ['path', 'VERIFIED', 'written as an absolute path in the project folder, read as design/selection.md: line 2 of 2 exists in the project folder, as an artifact'],
      ['path', 'NOT_VERIFIED', 'written as an absolute path in the project folder, read as design/none.md: design/none.md not found in the project folder'],
    ]);
  });
});

describe('a path written with backslashes is the path (trial E, finding 3)', () => {
  it('src\\a.ts is VERIFIED, the reason noting the separators; a missing one is not found, not prose', () => {
    expect(pointersOf('aaaa0006')).toEqual([['src\\a.ts', 'path', 'VERIFIED', 'written with \\ separators, read as src/a.ts: file exists at landed head; 3 lines']]);
    expect(pointersOf('aaaa0007')).toEqual([['src\\gone.ts:1', 'path', 'NOT_VERIFIED', `written with \\ separators, read as src/gone.ts: src/gone.ts not found at landed head ${s(c2)} nor in the project folder`]]);
  });

  it('escapes and prose with backslashes stay prose', () => {
    for (const cell of ['done\\nREADME.md', 'a\\tb', '\\n', 'foo\\.md', 'C:\\x\\a.ts']) expect(classifyEvidence(cell).map((p) => p.kind), cell).toEqual(['prose']);
  });
});

describe('a git remote in scp form is a reference like a URL (trial E, finding 3)', () => {
  it('is recorded, never fetched, never a link, and not prose', () => {
    expect(pointersOf('aaaa0008')).toEqual([['git@github.com:acme/proj.git', 'url', 'INCONCLUSIVE', "git remote of this project's repository (github.com/acme/proj): recorded, not fetched"]]);
    const row = model.rows.find((r) => r.id === 'aaaa0008');
    expect(row?.evidence[0]?.target).toBeUndefined();
    expect(row?.evidence[0]?.fault).toBeUndefined();
    expect(model.flags.filter((f) => f.rows.includes('aaaa0008')).map((f) => f.kind)).not.toContain('evidence/prose');
  });

  it("another repository's remote is recorded as text", async () => {
    const ctx = { repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(tmp) };
    // Named in a sentence, it is shown under the sentence; the sentence is a remark beside it, not a prose fault.
    expect(readCellPointers(await resolveEvidence(classifyEvidence('pushed to git@gitlab.com:other/repo.git'), ctx)).map((p) => [p.raw, p.kind, p.status, p.reason])).toEqual([
      ['pushed to git@gitlab.com:other/repo.git', 'prose', 'INCONCLUSIVE', REMARK_REASON],
      ['git@gitlab.com:other/repo.git', 'url', 'INCONCLUSIVE', 'git remote: recorded as text, not fetched; only http(s) URLs are links'],
    ]);
    // An e-mail address followed by a colon is no remote.
    expect(classifyEvidence('ada@example.com: approved').map((p) => p.kind)).toEqual(['prose']);
  });
});
