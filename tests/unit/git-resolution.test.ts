/**
 * Git access (src/lib/git/repository.ts) and evidence resolution (src/lib/evidence/resolve.ts)
 * against real repositories built with the `git` CLI in a temp folder (fixed names and dates,
 * so every object id is the same on every run), plus the bundled content/repos/example.git.
 */
import { isRecordPath } from '../../src/lib/formats/format-lookup.ts';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLines, freshHandles, GitRepository, openRepository } from '../../src/lib/git/repository.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolveEvidence, resolvePointer, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { ArtifactFolder, normaliseRelativePath } from '../../src/lib/evidence/artifacts.ts';
import { countRubricCriteria } from '../../src/lib/arena/rubric-criteria.ts';
import { resolveCanonicalRepository } from '../../src/lib/project/canonical-repository.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';
import { slugify } from '../../src/lib/text/slug.ts';

const EXAMPLE_GIT = fileURLToPath(new URL('../../content/repos/example.git', import.meta.url));

let tmp: string;
let repoDir: string;
let repo: GitRepository;
let c1: string; // "Initial commit"
let c2: string; // HEAD of main: "Add usage docs and vendored lib"
let tagObject: string; // annotated tag v1 -> c1
let readmeBlob: string;
let srcTree: string;
let project: string; // a project folder with artifacts
let emptyProject: string;

const PARSER = [
  '// Row parser',
  '',
  'export const MAX_ROW = 4096;',
  '',
  'export function parseRow(text: string) {',
  ...Array.from({ length: 37 }, (_, i) => `  // step ${i + 1}`),
  '}',
].join('\n');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: tmp,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Ada Example',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada Example',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: '2026-03-02T09:00:00Z',
      GIT_COMMITTER_DATE: '2026-03-02T09:00:00Z',
    },
  }).trim();
}

async function put(root: string, rel: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), content);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-git-'));
  repoDir = path.join(tmp, 'repo');
  await mkdir(repoDir);
  git(repoDir, 'init', '-q', '-b', 'main');
  await put(repoDir, 'README.md', '# Example\n\nUsage below.\n');
  await put(repoDir, 'src/parser.ts', `${PARSER}\n`);
  await put(repoDir, 'src/lib.rs', 'pub fn route() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn expired_owner_fences() {}\n}\n');
  await put(repoDir, 'tests/parser.test.ts', "import { it } from 'vitest';\nimport { parseRow } from '../src/parser';\n\nit('rejects rows over 4 KiB', () => {\n  parseRow('x');\n});\n");
  await put(repoDir, 'design/rubric.md', '# Rubric\n\n1. Clarity of the trail\n2. Speed of reading\n3. **Honest** evidence\n');
  await put(repoDir, 'assets/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
  await put(repoDir, 'assets/data.bin', 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n');
  await put(repoDir, 'assets/big.txt', 'a'.repeat(2 * 1024 * 1024 + 1));
  git(repoDir, 'add', '-A');
  git(repoDir, 'commit', '-q', '-m', 'Initial commit');
  c1 = git(repoDir, 'rev-parse', 'HEAD');
  git(repoDir, 'tag', '-a', 'v1', '-m', 'version 1');
  git(repoDir, 'tag', 'light');
  tagObject = git(repoDir, 'rev-parse', 'v1');
  await put(repoDir, 'docs/usage.md', 'Run it.\n');
  git(repoDir, 'add', '-A');
  git(repoDir, 'update-index', '--add', '--cacheinfo', `160000,${c1},vendor/lib`);
  git(repoDir, 'commit', '-q', '-m', 'Add usage docs and vendored lib');
  c2 = git(repoDir, 'rev-parse', 'HEAD');
  readmeBlob = git(repoDir, 'rev-parse', 'HEAD:README.md');
  srcTree = git(repoDir, 'rev-parse', 'HEAD:src');
  git(repoDir, 'worktree', 'add', '-q', '-b', 'side', path.join(tmp, 'wt'));
  git(tmp, 'clone', '-q', '--bare', '--no-local', repoDir, path.join(tmp, 'bare.git'));
  await put(tmp, 'linked/.git', 'gitdir: ../repo/.git\n');

  project = path.join(tmp, 'project');
  await put(project, 'design/selection.md', 'one\ntwo\nthree\nfour\nfive\n');
  await put(project, 'design/rubric.md', '| criterion | weight |\n|---|---|\n| Correctness | 3 |\n| Latency | 1 |\n| Cost | 1 |\n| **Safety** | 2 |\n');
  await mkdir(path.join(project, 'notes'));
  await put(tmp, 'outside.txt', 'secret\n');
  await symlink(path.join(tmp, 'outside.txt'), path.join(project, 'link-out.txt'));
  emptyProject = path.join(tmp, 'empty-project');
  await mkdir(emptyProject);

  const opened = await openRepository(repoDir);
  if (!('repository' in opened)) throw new Error(opened.problem);
  repo = opened.repository;
}, 30_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('openRepository', () => {
  it('opens a work tree with a .git folder', () => {
    expect([repo.dir, repo.gitdir]).toEqual([repoDir, path.join(repoDir, '.git')]);
  });

  it('opens a bare repository (dir null)', async () => {
    const r = await openRepository(path.join(tmp, 'bare.git'));
    expect('repository' in r && [r.repository.dir, r.repository.gitdir]).toEqual([null, path.join(tmp, 'bare.git')]);
  });

  it('opens a work tree whose .git is a file with a relative gitdir line (submodule layout)', async () => {
    const r = await openRepository(path.join(tmp, 'linked'));
    expect('repository' in r && [r.repository.dir, r.repository.gitdir]).toEqual([path.join(tmp, 'linked'), path.join(repoDir, '.git')]);
  });

  // repository.ts documents "a work tree whose `.git` is a file (`gitdir: ...`, worktrees and
  // submodules)". A `git worktree add` work tree points at `.git/worktrees/<name>`, which has
  // HEAD and a `commondir` file but no `objects` folder, so isGitDir() refuses it: the result
  // is { problem: "<wt>/.git points at <repo>/.git/worktrees/wt, which is not a git directory" }.
  it('opens a `git worktree add` work tree (.git file pointing at .git/worktrees/<name>)', async () => {
    const r = await openRepository(path.join(tmp, 'wt'));
    expect('problem' in r ? r.problem : null).toBeNull();
    if (!('repository' in r)) return;
    expect(await r.repository.resolveCommit('HEAD')).toEqual({ oid: c2 });
  });

  it('names the problem for paths that are not repositories', async () => {
    const plain = path.join(tmp, 'plain');
    await mkdir(plain);
    const noObjects = path.join(tmp, 'no-objects');
    await mkdir(path.join(noObjects, '.git'), { recursive: true });
    const noGitdir = path.join(tmp, 'no-gitdir');
    await put(noGitdir, '.git', 'not a pointer\n');
    const badGitdir = path.join(tmp, 'bad-gitdir');
    await put(badGitdir, '.git', 'gitdir: ../nowhere\n');
    expect(await openRepository(path.join(tmp, 'nope'))).toEqual({ problem: `${path.join(tmp, 'nope')} is not a folder` });
    expect(await openRepository(path.join(tmp, 'outside.txt'))).toEqual({ problem: `${path.join(tmp, 'outside.txt')} is not a folder` });
    expect(await openRepository(plain)).toEqual({ problem: `${plain} is not a git repository` });
    expect(await openRepository(noObjects)).toEqual({ problem: `${noObjects}/.git is not a git directory` });
    expect(await openRepository(noGitdir)).toEqual({ problem: `${noGitdir}/.git is a file without a gitdir line` });
    expect(await openRepository(badGitdir)).toEqual({ problem: `${badGitdir}/.git points at ../nowhere, which is not a git directory` });
  });
});

describe('GitRepository.lookup', () => {
  it('finds a full SHA, a short SHA and an upper-case SHA', async () => {
    expect(await repo.lookup(c1)).toEqual({ status: 'found', oid: c1, type: 'commit' });
    expect(await repo.lookup(c2.slice(0, 7))).toEqual({ status: 'found', oid: c2, type: 'commit' });
    expect(await repo.lookup(c1.slice(0, 10).toUpperCase())).toEqual({ status: 'found', oid: c1, type: 'commit' });
  });

  it('reports the type of blobs, trees and tag objects', async () => {
    expect(await repo.lookup(readmeBlob)).toEqual({ status: 'found', oid: readmeBlob, type: 'blob' });
    expect(await repo.lookup(srcTree)).toEqual({ status: 'found', oid: srcTree, type: 'tree' });
    expect(await repo.lookup(tagObject)).toEqual({ status: 'found', oid: tagObject, type: 'tag' });
  });

  it('reports a missing object', async () => {
    expect(await repo.lookup('0000000000000000000000000000000000000001')).toEqual({ status: 'missing' });
    expect(await repo.lookup('0000001')).toEqual({ status: 'missing' });
  });

  it('reports an ambiguous short SHA with every match (example.git, 294c114)', async () => {
    const opened = await openRepository(EXAMPLE_GIT);
    if (!('repository' in opened)) throw new Error(opened.problem);
    expect(await opened.repository.lookup('294c114')).toEqual({
      status: 'ambiguous',
      matches: ['294c11436199a3e8e34656a2e0449b89929f51db', '294c11474e38152bb485a7ca7003c24bd03c3a0a'],
    });
    expect(await opened.repository.lookup('294c1143')).toEqual({ status: 'found', oid: '294c11436199a3e8e34656a2e0449b89929f51db', type: 'commit' });
  });

  it('finds the same objects in a packed bare clone as in the loose work tree', async () => {
    const opened = await openRepository(path.join(tmp, 'bare.git'));
    if (!('repository' in opened)) throw new Error(opened.problem);
    const bare = opened.repository;
    for (const oid of [c1, c2, readmeBlob, srcTree, tagObject]) {
      const loose = await repo.lookup(oid);
      expect(await bare.lookup(oid.slice(0, 12))).toEqual(loose);
    }
    expect((await bare.objectIndex()).problems).toEqual([]);
  });

  it('freshHandles: the same repositories as new handles that share nothing read (issue 30: a build lets the analysis reads go)', async () => {
    const fresh = freshHandles(new Map([['r', repo]]));
    const again = fresh.get('r') as GitRepository;
    expect([...fresh.keys()]).toEqual(['r']);
    expect(again).not.toBe(repo);
    expect({ dir: again.dir, gitdir: again.gitdir, headGitdir: again.headGitdir }).toEqual({ dir: repo.dir, gitdir: repo.gitdir, headGitdir: repo.headGitdir });
    // The original's memo answers with its own promise; the new handle reads again, to the same text.
    expect(repo.blobText(readmeBlob)).toBe(repo.blobText(readmeBlob));
    expect(again.blobText(readmeBlob)).not.toBe(repo.blobText(readmeBlob));
    expect(await again.blobText(readmeBlob)).toEqual(await repo.blobText(readmeBlob));
  });
});

describe('GitRepository.resolveCommit', () => {
  it.each([
    ['HEAD', 'c2'],
    ['main', 'c2'],
    ['refs/heads/main', 'c2'],
    ['v1', 'c1'],
    ['refs/tags/v1', 'c1'],
    ['light', 'c1'],
  ])('resolves %s (annotated tags peeled)', async (ref, which) => {
    expect(await repo.resolveCommit(ref)).toEqual({ oid: which === 'c1' ? c1 : c2 });
  });

  it('resolves a short SHA, and peels a tag object SHA to its commit', async () => {
    expect(await repo.resolveCommit(c1.slice(0, 7))).toEqual({ oid: c1 });
    expect(await repo.resolveCommit(tagObject)).toEqual({ oid: c1 });
  });

  it('names why a ref is not a commit', async () => {
    expect(await repo.resolveCommit(readmeBlob)).toEqual({ problem: `${readmeBlob} is a blob, not a commit` });
    expect(await repo.resolveCommit('0000001')).toEqual({ problem: 'no object 0000001' });
    const none = await repo.resolveCommit('no-such-branch');
    expect('problem' in none && none.problem.startsWith('cannot resolve no-such-branch: ')).toBe(true);
  });

  it('resolves the annotated tag of example.git and refuses its ambiguous prefix', async () => {
    const opened = await openRepository(EXAMPLE_GIT);
    if (!('repository' in opened)) throw new Error(opened.problem);
    expect(await opened.repository.resolveCommit('v0.1.0')).toEqual({ oid: '2f09d6f47afcfe64ea8c8859796ad65a2ab2fff8' });
    expect(await opened.repository.resolveCommit('HEAD')).toEqual({ oid: '90ccfe22d4e9cbf587d5f0cc760f0574088241de' });
    expect(await opened.repository.resolveCommit('294c114')).toEqual({ problem: '294c114 is ambiguous' });
  });
});

describe('GitRepository.lookupPath', () => {
  it('finds blobs, trees, the root and submodules', async () => {
    expect(await repo.lookupPath(c2, 'README.md')).toEqual({ status: 'blob', oid: readmeBlob, mode: '100644' });
    expect(await repo.lookupPath(c2, 'src')).toEqual({ status: 'tree', oid: srcTree });
    expect((await repo.lookupPath(c2, '')).status).toBe('tree');
    expect(await repo.lookupPath(c2, 'vendor/lib')).toEqual({ status: 'submodule', oid: c1 });
    expect(await repo.lookupPath(c2, 'vendor/lib/src/x.ts')).toEqual({ status: 'submodule', oid: c1 });
  });

  it('says where a missing path stops', async () => {
    expect(await repo.lookupPath(c2, 'src/nope.ts')).toEqual({ status: 'missing', missingAt: 'src/nope.ts' });
    expect(await repo.lookupPath(c2, 'nope/deeper/x.ts')).toEqual({ status: 'missing', missingAt: 'nope' });
    expect(await repo.lookupPath(c2, 'README.md/x')).toEqual({ status: 'missing', missingAt: 'README.md' });
    expect(await repo.lookupPath(c1, 'docs/usage.md')).toEqual({ status: 'missing', missingAt: 'docs' });
  });

  it('reports an unreadable commit as an error', async () => {
    const r = await repo.lookupPath('0000000000000000000000000000000000000001', 'README.md');
    expect(r.status).toBe('error');
    expect(r.status === 'error' && r.problem.startsWith('cannot read object 000000000000: ')).toBe(true);
  });
});

describe('GitRepository.blobText', () => {
  const blob = async (p: string): Promise<string> => {
    const found = await repo.lookupPath(c2, p);
    if (found.status !== 'blob') throw new Error(`${p} is ${found.status}`);
    return found.oid;
  };

  it('reads text with its line count', async () => {
    expect(await repo.blobText(await blob('src/parser.ts'))).toEqual({ status: 'text', text: `${PARSER}\n`, lines: 43, bytes: Buffer.byteLength(`${PARSER}\n`) });
  });

  it('reports binary, LFS pointer and oversized blobs without their text', async () => {
    expect(await repo.blobText(await blob('assets/logo.png'))).toEqual({ status: 'binary', bytes: 12 });
    expect(await repo.blobText(await blob('assets/data.bin'))).toEqual({ status: 'lfs-pointer', bytes: 130 });
    expect(await repo.blobText(await blob('assets/big.txt'))).toEqual({ status: 'too-large', bytes: 2 * 1024 * 1024 + 1 });
  });

  it('countLines counts like an editor: a final newline does not open a line', () => {
    expect(['', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n', '\n\n'].map(countLines)).toEqual([0, 1, 1, 2, 2, 1, 2]);
  });

  it('lists files depth-first in git order, skipping submodules', async () => {
    const list = await repo.listFiles(c2, 100);
    expect(Array.isArray(list) && list.map((f) => f.path)).toEqual([
      'README.md',
      'assets/big.txt',
      'assets/data.bin',
      'assets/logo.png',
      'design/rubric.md',
      'docs/usage.md',
      'src/lib.rs',
      'src/parser.ts',
      'tests/parser.test.ts',
    ]);
    const limited = await repo.listFiles(c2, 2);
    expect(Array.isArray(limited) && limited.map((f) => f.path)).toEqual(['README.md', 'assets/big.txt']);
  });
});

describe('artifacts and rubric helpers', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src//a.ts', 'src/a.ts'],
    ['src/./x/../a.ts', 'src/a.ts'],
    ['src/lib/', 'src/lib'],
    ['.', ''],
    ['../a.ts', null],
    ['src/../../a.ts', null],
    ['/etc/passwd', null],
    ['C:/x.ts', null],
    ['a\0b', null],
  ])('normaliseRelativePath(%j) is %j', (input, expected) => {
    expect(normaliseRelativePath(input)).toBe(expected);
  });

  it('never reads through a symlink that leaves the project folder', async () => {
    const folder = new ArtifactFolder(project);
    expect(await folder.lookup('link-out.txt')).toEqual({ status: 'refused', reason: 'link-out.txt leads outside the project folder: not evidence' });
    expect(await folder.lookup('design/selection.md')).toEqual({ status: 'file', lines: 5, text: 'one\ntwo\nthree\nfour\nfive\n' });
    expect(await folder.lookup('notes')).toEqual({ status: 'folder' });
    expect(await folder.lookup('../outside.txt')).toEqual({ status: 'missing' });
  });

  it('inside a work tree, refuses every file but the project\'s own records', async () => {
    const inWorkTree = new ArtifactFolder(project, { ownRecords: new Set(['design/selection.md']) });
    expect((await inWorkTree.lookup('design/selection.md')).status).toBe('file');
    expect(await inWorkTree.lookup('design/rubric.md')).toEqual({ status: 'refused', reason: 'design/rubric.md is in the work tree but not committed at the landed head: an uncommitted file is not evidence', uncommitted: true });
    expect(await inWorkTree.lookup('nowhere.md')).toEqual({ status: 'missing' });
  });

  it('knows record files by name: a name found only in one is not found', () => {
    expect(['decisions.jsonl', 'tickets/p/decisions.jsonl', '.audit/x.tsv', 'a/.beads/issues.jsonl', 'design/selection.md', 'qa/T-1.json', 'verdicts/qa.md', 'reviews/r.json', 'premises.jsonl', 'trailbook.json', 'handover.md'].filter((p) => !isRecordPath(p))).toEqual([]);
    expect(['src/parser.ts', 'src/decisions.ts', 'docs/design.md', 'tests/audit.test.ts', 'audit.jsonl'].filter((p) => isRecordPath(p))).toEqual([]);
  });

  it('reads rubric criteria from a numbered list or a table', () => {
    expect(countRubricCriteria('# Rubric\n\n1. Clarity of the trail\n2) Speed of reading\n3. **Honest** evidence\n')).toEqual(['Clarity of the trail', 'Speed of reading', 'Honest evidence']);
    expect(countRubricCriteria('| criterion | weight |\n|---|---|\n| Correctness | 3 |\n| **Safety** | 2 |\n')).toEqual(['Correctness', 'Safety']);
    expect(countRubricCriteria('no criteria here')).toEqual([]);
  });
});

describe('resolvePointer', () => {
  const withRepo = (): EvidenceContext => ({ repository: repo, repositoryName: 'repo', head: c2, problem: null, artifacts: new ArtifactFolder(project) });
  const noRepo = (folder = project): EvidenceContext => ({ repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(folder) });

  async function one(cell: string, ctx: EvidenceContext): Promise<EvidencePointer> {
    const pointers = classifyEvidence(cell);
    expect(pointers, cell).toHaveLength(1);
    return resolvePointer(pointers[0] as NonNullable<(typeof pointers)[0]>, ctx);
  }

  describe('with a repository at the landed head', () => {
    it('commit: full and short SHAs are VERIFIED with the subject', async () => {
      // The reason is the generic one of a landed commit: a row card shows only the subject (src/lib/site/card-reason.ts).
      expect(await one(c1, withRepo())).toEqual({ raw: c1, kind: 'commit', status: 'VERIFIED', reason: `commit ${c1.slice(0, 7)} exists: “Initial commit”`, reasonKind: { kind: 'commit-exists', subject: 'Initial commit' }, target: { type: 'commit', oid: c1 } });
      expect(await one(`commit ${c2.slice(0, 7)}`, withRepo())).toEqual({
        raw: `commit ${c2.slice(0, 7)}`,
        kind: 'commit',
        status: 'VERIFIED',
        reason: `commit ${c2.slice(0, 7)} exists: “Add usage docs and vendored lib”`,
        reasonKind: { kind: 'commit-exists', subject: 'Add usage docs and vendored lib' },
        target: { type: 'commit', oid: c2 },
      });
    });

    it('commit: a missing SHA is NOT_VERIFIED evidence/commit-not-found', async () => {
      expect(await one('0000000000000000000000000000000000000001', withRepo())).toEqual({
        raw: '0000000000000000000000000000000000000001',
        kind: 'commit',
        status: 'NOT_VERIFIED',
        reason: 'no commit 0000000000000000000000000000000000000001 in repo',
        fault: 'evidence/commit-not-found',
      });
    });

    it('commit: a blob SHA the row does not call a blob is INCONCLUSIVE with the low evidence/not-a-commit (issue 26, item 6)', async () => {
      expect(await one(readmeBlob, withRepo())).toEqual({ raw: readmeBlob, kind: 'commit', status: 'INCONCLUSIVE', reason: `${readmeBlob} is a blob in repo, not a commit`, fault: 'evidence/not-a-commit' });
    });

    // The seed's check `git cat-file -e <sha>^{commit}` peels tags: a tag on a commit resolves.
    it('commit: an annotated tag object SHA is VERIFIED through the commit it tags', async () => {
      const result = await one(tagObject, withRepo());
      expect(result).toMatchObject({ status: 'VERIFIED', reason: `tag ${tagObject.slice(0, 7)} → commit ${result.target?.type === 'commit' ? result.target.oid.slice(0, 7) : '?'} exists: “Initial commit”` });
      expect(result.fault).toBeUndefined();
    });

    it('commit: an ambiguous short SHA is NOT_VERIFIED evidence/commit-ambiguous (example.git)', async () => {
      const opened = await openRepository(EXAMPLE_GIT);
      if (!('repository' in opened)) throw new Error(opened.problem);
      const ctx: EvidenceContext = { ...withRepo(), repository: opened.repository, repositoryName: 'example.git', head: '90ccfe22d4e9cbf587d5f0cc760f0574088241de' };
      expect(await one('commit 294c114', ctx)).toEqual({
        raw: 'commit 294c114',
        kind: 'commit',
        status: 'NOT_VERIFIED',
        reason: 'short SHA 294c114 is ambiguous: 2 objects in example.git start with it (294c11436199, 294c11474e38)',
        fault: 'evidence/commit-ambiguous',
      });
      expect(await one('src/parser.ts:999', ctx)).toEqual({
        raw: 'src/parser.ts:999',
        kind: 'path',
        status: 'NOT_VERIFIED',
        reason: 'line 999 is past the end of src/parser.ts (43 lines at landed head)',
        fault: 'evidence/line-out-of-range',
        // No target: a NOT_VERIFIED pointer links to no page. The file is named apart, so its page lists the row as not resolved.
        citedFile: { path: 'src/parser.ts', origin: 'repository' },
      });
    });

    it.each([
      ['src/parser.ts', 'VERIFIED', 'file exists at landed head; 43 lines', { type: 'file', path: 'src/parser.ts', origin: 'repository' }, { kind: 'file-at-head' }],
      ['./src/parser.ts', 'VERIFIED', 'file exists at landed head; 43 lines', { type: 'file', path: 'src/parser.ts', origin: 'repository' }, { kind: 'file-at-head' }],
      ['src/../README.md', 'VERIFIED', 'file exists at landed head; 3 lines', { type: 'file', path: 'README.md', origin: 'repository' }, { kind: 'file-at-head' }],
      ['src/parser.ts:12', 'VERIFIED', 'line 12 of 43 exists at landed head', { type: 'file', path: 'src/parser.ts', origin: 'repository', from: 12, to: 12 }, { kind: 'lines-at-head' }],
      ['src/parser.ts:10-20', 'VERIFIED', 'lines 10–20 of 43 exist at landed head', { type: 'file', path: 'src/parser.ts', origin: 'repository', from: 10, to: 20 }, { kind: 'lines-at-head' }],
      ['src/parser.ts#L1-L43', 'VERIFIED', 'lines 1–43 of 43 exist at landed head', { type: 'file', path: 'src/parser.ts', origin: 'repository', from: 1, to: 43 }, { kind: 'lines-at-head' }],
      ['src/', 'VERIFIED', 'folder exists at landed head', undefined],
      ['design/selection.md', 'VERIFIED', 'file exists in the project folder, as an artifact; 5 lines', { type: 'file', path: 'design/selection.md', origin: 'artifact' }],
      ['design/selection.md:2-3', 'VERIFIED', 'lines 2–3 of 5 exist in the project folder, as an artifact', { type: 'file', path: 'design/selection.md', origin: 'artifact', from: 2, to: 3 }],
      ['assets/logo.png', 'VERIFIED', 'file exists at landed head; binary file', { type: 'file', path: 'assets/logo.png', origin: 'repository' }],
      ['assets/data.bin', 'VERIFIED', 'file exists at landed head; Git LFS pointer: the content is not in the repository', { type: 'file', path: 'assets/data.bin', origin: 'repository' }],
      ['assets/big.txt', 'VERIFIED', 'file exists at landed head; file too large to read (2097153 bytes)', { type: 'file', path: 'assets/big.txt', origin: 'repository' }],
      ['assets/logo.png:3', 'INCONCLUSIVE', 'assets/logo.png exists but its lines cannot be checked: binary file', { type: 'file', path: 'assets/logo.png', origin: 'repository' }],
      ['vendor/lib', 'INCONCLUSIVE', 'vendor/lib is inside a submodule; its content is in another repository', undefined],
      ['vendor/lib/src/x.ts', 'INCONCLUSIVE', 'vendor/lib/src/x.ts is inside a submodule; its content is in another repository', undefined],
    ])('path %s is %s: %s', async (cell, status, reason, target, reasonKind?: object) => {
      const p = await one(cell, withRepo());
      // A text file at the landed head as written: the generic reason, which says which it is (src/lib/site/card-reason.ts).
      expect(p).toEqual({ raw: cell, kind: 'path', status, reason, ...(reasonKind ? { reasonKind } : {}), ...(target ? { target } : {}) });
    });

    it('an empty folder of the project folder points at nothing (git keeps no empty folder)', async () => {
      expect(await one('notes/', withRepo())).toEqual({ raw: 'notes/', kind: 'path', status: 'NOT_VERIFIED', reason: 'notes is an empty folder in the project folder, as an artifact: it holds nothing to check', fault: 'evidence/path-not-found' });
    });

    it('a line written in words is checked, and a name cited on a line must be on it (found by an adversarial review)', async () => {
      expect(await one('src/parser.ts line 99', withRepo())).toMatchObject({ status: 'NOT_VERIFIED', reason: 'line 99 is past the end of src/parser.ts (43 lines at landed head)', fault: 'evidence/line-out-of-range' });
      expect(await one('line 5 of src/parser.ts', withRepo())).toMatchObject({ status: 'VERIFIED', reason: 'line 5 of 43 exists at landed head' });
      expect(await one('src/parser.ts:5 parseRow', withRepo())).toMatchObject({ status: 'VERIFIED', reason: 'name found in src/parser.ts at line 5' });
      expect(await one('src/parser.ts:1 parseRow', withRepo())).toMatchObject({ status: 'INCONCLUSIVE', reason: 'name “parseRow” is not on line 1 of src/parser.ts (first found at line 5)' });
      expect(await one('src/parser.ts:1 parseRowMissing', withRepo())).toMatchObject({ status: 'INCONCLUSIVE', reason: 'name “parseRowMissing” not found in src/parser.ts' });
      expect(await one('src/parser.ts:99 parseRow', withRepo())).toMatchObject({ status: 'NOT_VERIFIED', fault: 'evidence/line-out-of-range' });
    });

    it('a file cited with a trailing slash (as a folder) is not verified', async () => {
      expect(await one('src/parser.ts/', withRepo())).toEqual({ raw: 'src/parser.ts/', kind: 'path', status: 'NOT_VERIFIED', reason: 'src/parser.ts/ names a folder, but src/parser.ts is a file at landed head', fault: 'evidence/path-not-found' });
    });

    it.each([
      ['src/parser.ts:999', 'line 999 is past the end of src/parser.ts (43 lines at landed head)', 'evidence/line-out-of-range'],
      ['src/parser.ts:40-50', 'lines 40–50 run past the end of src/parser.ts (43 lines at landed head): lines 44–50 are not there', 'evidence/line-out-of-range'],
      ['design/selection.md:9', 'line 9 is past the end of design/selection.md (5 lines in the project folder, as an artifact)', 'evidence/line-out-of-range'],
      ['src/parser.ts:0', 'line 0 is not a valid line range', 'evidence/line-out-of-range'],
      ['src/parser.ts:50-40', 'lines 50–40 written backwards, read as 40–50: lines 40–50 run past the end of src/parser.ts (43 lines at landed head): lines 44–50 are not there', 'evidence/line-out-of-range'],
      ['src/parser.ts:20-0', 'lines 20–0 are not a valid line range', 'evidence/line-out-of-range'],
      ['src/:3', 'src is a folder; it has no lines', 'evidence/line-out-of-range'],
      ['src/nope.ts', 'src/nope.ts not found at landed head __HEAD__ nor in the project folder', 'evidence/path-not-found'],
      ['link-out.txt', 'link-out.txt leads outside the project folder: not evidence', 'evidence/path-not-found'],
      ['../secret.txt', '../secret.txt leaves the repository tree', 'evidence/path-outside-repository'],
      ['src/../../secret.txt', 'src/../../secret.txt leaves the repository tree', 'evidence/path-outside-repository'],
    ])('path %s is NOT_VERIFIED: %s', async (cell, reason, fault) => {
      const p = await one(cell, withRepo());
      expect(p).toMatchObject({ raw: cell, kind: 'path', status: 'NOT_VERIFIED', reason: reason.replace('__HEAD__', c2.slice(0, 7)), fault });
    });

    it('a path cited at a commit the repository lacks says when its lines are at the landed head; the flag stays (trust15: a squashed-away commit, left alone)', async () => {
      const ctx = withRepo();
      const head = c2.slice(0, 7);
      expect(await one('src/parser.ts:5 in deadbee1', ctx)).toMatchObject({ status: 'NOT_VERIFIED', fault: 'evidence/commit-not-found', reason: `no commit deadbee1 in repo; line 5 of src/parser.ts is at the landed head ${head}: the commit may have been squashed or rebased away, or the SHA mistyped` });
      expect(await one('src/parser.ts:40-43 in deadbee1', ctx)).toMatchObject({ reason: `no commit deadbee1 in repo; lines 40–43 of src/parser.ts are at the landed head ${head}: the commit may have been squashed or rebased away, or the SHA mistyped` });
      // Lines past the head's file, or a file the head lacks: the reason as it was.
      expect(await one('src/parser.ts:99 in deadbee1', ctx)).toMatchObject({ fault: 'evidence/commit-not-found', reason: 'no commit deadbee1 in repo' });
      expect(await one('src/nope.ts:1 in deadbee1', ctx)).toMatchObject({ fault: 'evidence/commit-not-found', reason: 'no commit deadbee1 in repo' });
    });

    it('a range written backwards is the same lines read forwards, the reason saying so (trust15: `:20-10` was the high line-out-of-range on lines the file holds)', async () => {
      expect(await one('src/parser.ts:20-10', withRepo())).toMatchObject({ status: 'VERIFIED', reason: 'lines 20–10 written backwards, read as 10–20: lines 10–20 of 43 exist at landed head', target: { type: 'file', path: 'src/parser.ts', from: 10, to: 20 } });
      expect(await one('src/parser.ts#L20-L10', withRepo())).toMatchObject({ status: 'VERIFIED', reason: 'lines 20–10 written backwards, read as 10–20: lines 10–20 of 43 exist at landed head' });
      expect((await one('src/parser.ts:20-10', withRepo())).fault).toBeUndefined();
    });

    it.each([
      ['tests/parser.test.ts > rejects rows over 4 KiB', 'test', 'VERIFIED', 'test found in tests/parser.test.ts at line 4', { type: 'file', path: 'tests/parser.test.ts', origin: 'repository', from: 4, to: 4 }],
      ['lib::tests::expired_owner_fences', 'test', 'VERIFIED', 'test found in src/lib.rs at line 6', { type: 'file', path: 'src/lib.rs', origin: 'repository', from: 6, to: 6 }],
      ['lib::tests::nothing_matches_this', 'test', 'INCONCLUSIVE', 'test “nothing_matches_this” not found in the tree at landed head __HEAD__', undefined],
      ['src/parser.ts parseRow', 'symbol', 'VERIFIED', 'name found in src/parser.ts at line 5', { type: 'file', path: 'src/parser.ts', origin: 'repository', from: 5, to: 5 }],
      ['src/parser.ts MAX_ROW', 'symbol', 'VERIFIED', 'name found in src/parser.ts at line 3', { type: 'file', path: 'src/parser.ts', origin: 'repository', from: 3, to: 3 }],
      ['src/parser.ts NoSuchThing', 'symbol', 'INCONCLUSIVE', 'name “NoSuchThing” not found in src/parser.ts', { type: 'file', path: 'src/parser.ts', origin: 'repository' }],
      ['assets/logo.png MAX_X', 'symbol', 'INCONCLUSIVE', 'assets/logo.png cannot be searched for “MAX_X”', { type: 'file', path: 'assets/logo.png', origin: 'repository' }],
      ['design/selection.md Three_X', 'symbol', 'INCONCLUSIVE', 'name “Three_X” not found in design/selection.md', { type: 'file', path: 'design/selection.md', origin: 'artifact' }],
    ])('%s (%s) is %s: %s', async (cell, kind, status, reason, target) => {
      const p = await one(cell, withRepo());
      expect(p).toEqual({ raw: cell, kind, status, reason: reason.replace('__HEAD__', c2.slice(0, 7)), ...(target ? { target } : {}) });
    });

    it('a title looked for in the file it names and not there did not resolve (new-user trial, round 8)', async () => {
      expect(await one('tests/parser.test.ts > no such case', withRepo())).toEqual({
        raw: 'tests/parser.test.ts > no such case',
        kind: 'test',
        status: 'NOT_VERIFIED',
        reason: 'test “no such case” not found in tests/parser.test.ts at landed head',
        fault: 'evidence/test-not-found',
      });
    });

    it('test in a missing file keeps its kind and the path fault', async () => {
      expect(await one('tests/missing.test.ts > x', withRepo())).toEqual({
        raw: 'tests/missing.test.ts > x',
        kind: 'test',
        status: 'NOT_VERIFIED',
        reason: `tests/missing.test.ts not found at landed head ${c2.slice(0, 7)} nor in the project folder`,
        fault: 'evidence/path-not-found',
      });
    });

    it.each([
      ['design/rubric.md#2', 'VERIFIED', 'criterion 2 of 3: Speed of reading', undefined],
      ['rubric#3', 'VERIFIED', 'criterion 3 of 3: Honest evidence', undefined],
      ['rubric#clarity', 'VERIFIED', 'criterion 1: Clarity of the trail', undefined],
      ['rubric#speed-of-reading', 'VERIFIED', 'criterion 2: Speed of reading', undefined],
      ['design/rubric.md#9', 'NOT_VERIFIED', 'the rubric has 3 criteria; there is no criterion 9', 'evidence/rubric-criterion-missing'],
      ['rubric#0', 'NOT_VERIFIED', 'the rubric has 3 criteria; there is no criterion 0', 'evidence/rubric-criterion-missing'],
      ['rubric#nonsense', 'NOT_VERIFIED', 'no rubric criterion matches “nonsense”', 'evidence/rubric-criterion-missing'],
      ['rubric#e', 'NOT_VERIFIED', 'no rubric criterion matches “e”', 'evidence/rubric-criterion-missing'],
      ['rubric#clar', 'NOT_VERIFIED', 'no rubric criterion matches “clar”', 'evidence/rubric-criterion-missing'],
      ['rubric#of-the', 'VERIFIED', 'criterion 1: Clarity of the trail', undefined],
    ])('rubric %s is %s: %s (the repository rubric wins over the artifact)', async (cell, status, reason, fault) => {
      expect(await one(cell, withRepo())).toEqual({
        raw: cell,
        kind: 'rubric',
        status,
        reason,
        // A NOT_VERIFIED pointer has no target: no page is written for it.
        ...(status === 'VERIFIED' ? { target: { type: 'file', path: 'design/rubric.md', origin: 'repository' } } : {}),
        ...(fault ? { fault } : {}),
      });
    });

    it.each([
      ['https://github.com/example/app/pull/7', 'url', 'URL recorded, not fetched', { type: 'url', href: 'https://github.com/example/app/pull/7' }],
      ['http://example.com/x', 'url', 'URL recorded, not fetched', { type: 'url', href: 'http://example.com/x' }],
      ['mailto:ada@example.com', 'url', 'only http(s) URLs are links; recorded as text', undefined],
      ['npm test', 'command', 'a command is not evidence of its result', undefined],
      ['/tmp/arena/candidate-1/design.md', 'ephemeral', 'absolute path outside the repository; gone after the run', undefined],
      ['PR 225', 'reference', 'reference recorded, not checked', undefined],
      ['#13', 'reference', 'reference recorded, not checked', undefined],
    ])('%s (%s) is INCONCLUSIVE: %s', async (cell, kind, reason, target) => {
      expect(await one(cell, withRepo())).toEqual({ raw: cell, kind, status: 'INCONCLUSIVE', reason, ...(target ? { target } : {}) });
    });

    it.each(['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>x</script>', 'vbscript:msgbox(1)'])(
      'a script or data URL %s is never a pointer: NOT_VERIFIED evidence/unsafe-url, not linked',
      async (cell) => {
        const scheme = (cell.split(':')[0] as string).toLowerCase();
        expect(await one(cell, withRepo())).toEqual({
          raw: cell,
          kind: 'url',
          status: 'NOT_VERIFIED',
          reason: `a ${scheme}: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)`,
          fault: 'evidence/unsafe-url',
        });
      },
    );

    it('prose is NOT_VERIFIED evidence/prose', async () => {
      expect(await one('checked it manually, looks fine', withRepo())).toEqual({
        raw: 'checked it manually, looks fine',
        kind: 'prose',
        status: 'NOT_VERIFIED',
        reason: 'evidence must be a pointer, not prose',
        fault: 'evidence/prose',
      });
    });

    it('resolveEvidence resolves every pointer of a cell in order', async () => {
      const resolved = await resolveEvidence(classifyEvidence(`commit ${c1.slice(0, 7)}; npm run build; src/nope.ts`), withRepo());
      expect(resolved.map((p) => [p.raw, p.status])).toEqual([
        [`commit ${c1.slice(0, 7)}`, 'VERIFIED'],
        ['npm run build', 'INCONCLUSIVE'],
        ['src/nope.ts', 'NOT_VERIFIED'],
      ]);
    });

    it('a repository without a known head makes path checks INCONCLUSIVE with the head problem, but still finds commits', async () => {
      const ctx: EvidenceContext = { ...withRepo(), head: null, problem: 'landed head unknown: no object 0000001' };
      expect(await one('src/parser.ts', ctx)).toEqual({ raw: 'src/parser.ts', kind: 'path', status: 'INCONCLUSIVE', reason: 'landed head unknown: no object 0000001' });
      expect((await one(c1, ctx)).status).toBe('VERIFIED');
      expect((await one('design/selection.md', ctx)).status).toBe('VERIFIED');
    });
  });

  describe('without a repository', () => {
    it.each([
      ['f19a3b9fdad09750cf8a4bb4cfe4b7d77e254534', 'commit'],
      ['commit 294c114', 'commit'],
      ['src/parser.ts', 'path'],
      ['src/parser.ts:12', 'path'],
      ['src/', 'path'],
      ['lib::tests::expired_owner_fences', 'test'],
      ['tests/parser.test.ts > rejects rows over 4 KiB', 'test'],
      ['src/parser.ts parseRow', 'symbol'],
    ])('git-backed pointer %s (%s) is INCONCLUSIVE "no repository"', async (cell, kind) => {
      const p = await one(cell, noRepo());
      expect(p).toEqual({ raw: cell, kind, status: 'INCONCLUSIVE', reason: 'no repository' });
    });

    it('a full SHA is INCONCLUSIVE "no repository"', async () => {
      expect(await one(c1, noRepo())).toEqual({ raw: c1, kind: 'commit', status: 'INCONCLUSIVE', reason: 'no repository' });
    });

    it('artifacts in the project folder are still VERIFIED, with origin artifact', async () => {
      expect(await one('design/selection.md:5', noRepo())).toEqual({
        raw: 'design/selection.md:5',
        kind: 'path',
        status: 'VERIFIED',
        reason: 'line 5 of 5 exists in the project folder, as an artifact',
        target: { type: 'file', path: 'design/selection.md', origin: 'artifact', from: 5, to: 5 },
      });
      expect(await one('design/rubric.md#4', noRepo())).toEqual({
        raw: 'design/rubric.md#4',
        kind: 'rubric',
        status: 'VERIFIED',
        reason: 'criterion 4 of 4: Safety',
        target: { type: 'file', path: 'design/rubric.md', origin: 'artifact' },
      });
    });

    it('`..` still leaves the tree: NOT_VERIFIED evidence/path-outside-repository', async () => {
      expect(await one('../x/y.ts', noRepo())).toEqual({
        raw: '../x/y.ts',
        kind: 'path',
        status: 'NOT_VERIFIED',
        reason: '../x/y.ts leaves the repository tree',
        fault: 'evidence/path-outside-repository',
      });
    });

    // spec/input.md section 1: without a repository "every git-backed check is INCONCLUSIVE
    // 'no repository'". A rubric pointer with no rubric artifact gets the reason
    // "design/rubric.md cannot be read" instead (rubric-resolution.ts resolveRubric, the
    // `found.status !== 'file'` branch drops findFile's "no repository" reason).
    it('a rubric pointer with no rubric artifact is INCONCLUSIVE "no repository"', async () => {
      expect(await one('design/rubric.md#2', noRepo(emptyProject))).toEqual({ raw: 'design/rubric.md#2', kind: 'rubric', status: 'INCONCLUSIVE', reason: 'no repository' });
    });

    it('a rubric pointer with no rubric artifact is INCONCLUSIVE, never VERIFIED', async () => {
      expect(await one('design/rubric.md#2', noRepo(emptyProject))).toMatchObject({ status: 'INCONCLUSIVE' });
    });
  });
});

describe('resolveCanonicalRepository', () => {
  it('finds the enclosing work tree of a project folder inside it', async () => {
    const dir = path.join(repoDir, 'tickets', 'p');
    await mkdir(dir, { recursive: true });
    const r = await resolveCanonicalRepository({ dir, inputRoot: repoDir }, null, new RepositoryRegistry());
    expect(r.info).toEqual({ id: 'repo', path: 'repo', head: c2, headSource: 'HEAD', problem: null });
  });

  it('uses repo and head from the config file, relative to it', async () => {
    const config = { value: { repo: '../bare.git', head: 'v1' }, path: path.join(project, 'trailbook.json') };
    const r = await resolveCanonicalRepository({ dir: project, inputRoot: tmp }, config, new RepositoryRegistry());
    // Display paths are relative to the input root's parent, never machine paths.
    const display = `${path.basename(tmp)}/bare.git`;
    expect(r.info).toEqual({ id: slugify(display), path: display, head: c1, headSource: 'config', problem: null });
  });

  it('says "no repository" when there is none up to the input root', async () => {
    const r = await resolveCanonicalRepository({ dir: project, inputRoot: project }, null, new RepositoryRegistry());
    expect(r).toEqual({ repository: null, info: { id: null, path: null, head: null, headSource: null, problem: 'no repository' }, workTrees: [] });
  });

  it('keeps the repository but no head when the configured head does not resolve', async () => {
    const config = { value: { repo: '../repo', head: '0000001' }, path: path.join(project, 'trailbook.json') };
    const r = await resolveCanonicalRepository({ dir: project, inputRoot: tmp }, config, new RepositoryRegistry());
    expect(r.repository).not.toBeNull();
    const display = `${path.basename(tmp)}/repo`;
    expect(r.info).toEqual({ id: slugify(display), path: display, head: null, headSource: null, problem: 'landed head unknown: no object 0000001' });
  });

  it('names the config file when its repo cannot be opened', async () => {
    const config = { value: { repo: '../plain-dir' }, path: path.join(project, 'trailbook.json') };
    await mkdir(path.join(tmp, 'plain-dir'), { recursive: true });
    const r = await resolveCanonicalRepository({ dir: project, inputRoot: tmp }, config, new RepositoryRegistry());
    expect(r.repository).toBeNull();
    expect(r.info.problem?.startsWith('repository ../plain-dir (from trailbook.json): ')).toBe(true);
    expect(r.info.problem?.endsWith(' is not a git repository')).toBe(true);
  });

  // repository-registry.ts: display paths are relative "so output never holds machine paths".
  // The problem text shown for a bad `repo` (RepositoryInfo.problem, check JSON
  // `repositoryProblem`) embeds the absolute path that openRepository was given:
  // "repository ../plain-dir (from trailbook.json): /tmp/trailbook-git-XXXX/plain-dir is not a git repository".
  it('does not put a machine path in the problem text of a bad configured repo', async () => {
    const config = { value: { repo: '../plain-dir' }, path: path.join(project, 'trailbook.json') };
    await mkdir(path.join(tmp, 'plain-dir'), { recursive: true });
    const r = await resolveCanonicalRepository({ dir: project, inputRoot: tmp }, config, new RepositoryRegistry());
    expect(r.info.problem).not.toContain(tmp);
  });
});
