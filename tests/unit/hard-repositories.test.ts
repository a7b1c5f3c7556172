/**
 * Hard repositories (issue 6, scope 5; docs/security.md "Untrusted repositories"): shallow
 * clones, missing objects, a corrupt pack and pack index, packed refs, annotated tags,
 * submodule paths, LFS pointers, binary and huge files, detached HEAD, bare repositories,
 * alternates, a partial clone, and work trees whose `.git` is a file. Each is built with the
 * git CLI in a temporary folder; every evidence pointer gets an exact status and reason,
 * never a crash and never a false VERIFIED.
 */
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile, mkdir, symlink } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { openRepository, type GitRepository } from '../../src/lib/git/repository.ts';
import { describeCommit } from '../../src/lib/git/commit-details.ts';
import { repositoryFileExcerpt, MAX_FILE_LINES } from '../../src/lib/git/file-excerpt.ts';
import { resolvePointer, type EvidenceContext } from '../../src/lib/evidence/resolve.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { resolveCanonicalRepository } from '../../src/lib/project/canonical-repository.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import { repositoryUnavailable } from '../../src/lib/checks/repository/unavailable.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';

let tmp: string;
/** The origin work tree and its commits: c1 (files), c2 (README changed, submodule entry). */
let origin: string;
let c1: string;
let c2: string;
let tagV1: string;

async function put(dir: string, rel: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), content);
}

function commitAll(dir: string, minute: number, message: string): string {
  git(dir, ['add', '-A']);
  const at = `2026-03-02T09:${String(minute).padStart(2, '0')}:00Z`;
  git(dir, ['commit', '-q', '-m', message], { GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at });
  return git(dir, ['rev-parse', 'HEAD']);
}

async function open(dir: string): Promise<GitRepository> {
  const r = await openRepository(dir, path.basename(dir));
  if ('problem' in r) throw new Error(r.problem);
  return r.repository;
}

/** Resolves one evidence cell against `repo` at `head`; returns [status, reason] per pointer. */
async function check(repo: GitRepository | null, head: string | null, cell: string, problem: string | null = null): Promise<Array<[string, string]>> {
  const ctx: EvidenceContext = { repository: repo, repositoryName: 'repo', head, problem, artifacts: new ArtifactFolder(path.join(tmp, 'no-artifacts')) };
  const out: EvidencePointer[] = [];
  for (const p of classifyEvidence(cell)) out.push(await resolvePointer(p, ctx));
  return out.map((p) => [p.status, p.reason]);
}

const one = async (repo: GitRepository | null, head: string | null, cell: string): Promise<[string, string]> => (await check(repo, head, cell))[0] as [string, string];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-hard-'));
  await mkdir(path.join(tmp, 'no-artifacts'));
  origin = path.join(tmp, 'origin');
  await mkdir(origin);
  git(origin, ['init', '-q']);
  await put(origin, 'README.md', '# origin\n');
  await put(origin, 'src/a.ts', 'export function parseRow(line: string): unknown {\n  return JSON.parse(line);\n}\n');
  await put(origin, 'docs/guide.md', '# guide\n\nline three\n');
  await put(origin, 'assets/bin.dat', Buffer.concat([Buffer.from('BIN'), Buffer.alloc(32, 0)]));
  await put(origin, 'assets/big.bin', 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n');
  await put(origin, 'huge.txt', `${'x'.repeat(99)}\n`.repeat(30_000));
  await put(origin, 'long.txt', Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
  c1 = commitAll(origin, 1, 'first: files');
  await put(origin, 'README.md', '# origin\n\nsecond version\n');
  git(origin, ['add', '-A']);
  git(origin, ['update-index', '--add', '--cacheinfo', `160000,${c1},vendor/sub`]);
  git(origin, ['commit', '-q', '-m', 'second: README and a submodule entry'], { GIT_AUTHOR_DATE: '2026-03-02T09:02:00Z', GIT_COMMITTER_DATE: '2026-03-02T09:02:00Z' });
  c2 = git(origin, ['rev-parse', 'HEAD']);
  git(origin, ['tag', '-a', 'v1', '-m', 'release v1', c2]);
  tagV1 = git(origin, ['rev-parse', 'v1']);
  git(origin, ['tag', 'light', c1]);
  git(origin, ['branch', 'feature', c1]);
  const blob = git(origin, ['rev-parse', `${c1}:README.md`]);
  git(origin, ['tag', '-a', 'blob-tag', '-m', 'a tag of a blob', blob]);
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('an ordinary repository (the baseline)', () => {
  it('verifies commits, tags, files and lines', async () => {
    const repo = await open(origin);
    expect(await one(repo, c2, c1)).toEqual(['VERIFIED', `commit ${c1.slice(0, 7)} exists: “first: files”`]);
    expect(await one(repo, c2, 'src/a.ts:2')).toEqual(['VERIFIED', 'line 2 of 3 exists at landed head']);
    expect(await one(repo, c2, tagV1)).toEqual(['VERIFIED', `tag ${tagV1.slice(0, 7)} → commit ${c2.slice(0, 7)} exists: “second: README and a submodule entry”`]);
  });
});

describe('annotated tags and packed refs', () => {
  it('peels an annotated tag named as the landed head, from packed-refs only', async () => {
    const dir = path.join(tmp, 'packed');
    git(tmp, ['clone', '-q', '--no-local', origin, dir]);
    git(dir, ['fetch', '-q', '--tags']);
    git(dir, ['pack-refs', '--all', '--prune']);
    expect((await readdir(path.join(dir, '.git', 'refs', 'tags'))).length).toBe(0);
    const repo = await open(dir);
    expect(await repo.resolveCommit('v1')).toEqual({ oid: c2 });
    expect(await repo.resolveCommit('refs/tags/v1')).toEqual({ oid: c2 });
    expect(await repo.resolveCommit('light')).toEqual({ oid: c1 });
    expect(await repo.resolveCommit('origin/feature')).toEqual({ oid: c1 });
    expect(await repo.resolveCommit('blob-tag')).toEqual({ problem: 'blob-tag is a blob, not a commit' });
  });

  it('does not take a tag of a blob for commit evidence', async () => {
    const repo = await open(origin);
    const blobTag = git(origin, ['rev-parse', 'blob-tag']);
    // Issue 26, item 6: an object that is not a commit, cited as one, is INCONCLUSIVE with the low `evidence/not-a-commit`, as a tree or blob is.
    expect(await one(repo, c2, blobTag)).toEqual(['INCONCLUSIVE', `${blobTag} is a tag in repo that does not point at a commit`]);
  });
});

describe('shallow clones', () => {
  it('says a commit beyond the shallow boundary may exist: INCONCLUSIVE, not NOT_VERIFIED', async () => {
    const dir = path.join(tmp, 'shallow');
    git(tmp, ['clone', '-q', '--depth', '1', '--no-local', `file://${origin}`, dir]);
    const repo = await open(dir);
    expect(await repo.incompleteness()).toBe('the repository is a shallow clone (older history is not in it)');
    expect(await one(repo, c2, c2)).toEqual(['VERIFIED', `commit ${c2.slice(0, 7)} exists: “second: README and a submodule entry”`]);
    expect(await one(repo, c2, c1)).toEqual(['INCONCLUSIVE', `no commit ${c1} in repo, but the repository is a shallow clone (older history is not in it)`]);
    expect(await one(repo, c2, 'README.md:3')).toEqual(['VERIFIED', 'line 3 of 3 exists at landed head']);
    const details = await describeCommit(repo, c2);
    expect('problem' in details ? details.problem : null).toBe(`changes not shown: the parent commit ${c1.slice(0, 12)} is not in the repository; the repository is a shallow clone (older history is not in it)`);
  });
});

describe('missing objects', () => {
  it('a missing blob, tree or commit is INCONCLUSIVE or NOT_VERIFIED with the reason, never a crash', async () => {
    const dir = path.join(tmp, 'missing');
    git(tmp, ['clone', '-q', '--no-local', '--bare', origin, dir]);
    // Objects arrive packed: unpack them, so single objects can be deleted.
    const packs = (await readdir(path.join(dir, 'objects', 'pack'))).filter((f) => f.endsWith('.pack'));
    for (const p of packs) {
      const data = await readFile(path.join(dir, 'objects', 'pack', p));
      await rm(path.join(dir, 'objects', 'pack', p));
      await rm(path.join(dir, 'objects', 'pack', p.replace(/\.pack$/, '.idx')));
      execFileSync('git', ['unpack-objects', '-q'], { cwd: dir, input: data });
    }
    const loose = (oid: string): string => path.join(dir, 'objects', oid.slice(0, 2), oid.slice(2));
    const guideBlob = git(origin, ['rev-parse', `${c2}:docs/guide.md`]);
    const srcTree = git(origin, ['rev-parse', `${c2}:src`]);
    await unlink(loose(guideBlob));
    await unlink(loose(srcTree));
    await unlink(loose(c1));
    const repo = await open(dir);
    expect(await repo.incompleteness()).toBe(null);
    expect(await one(repo, c2, 'docs/guide.md')).toEqual(['INCONCLUSIVE', expect.stringMatching(new RegExp(`^cannot read blob ${guideBlob.slice(0, 12)}: `))]);
    expect(await one(repo, c2, 'src/a.ts')).toEqual(['INCONCLUSIVE', expect.stringMatching(new RegExp(`^cannot read tree ${srcTree.slice(0, 12)}: `))]);
    // The object is not there and nothing says the store is partial: NOT_VERIFIED, as git would say.
    expect(await one(repo, c2, c1)).toEqual(['NOT_VERIFIED', `no commit ${c1} in repo`]);
    expect(await one(repo, c2, 'README.md')).toEqual(['VERIFIED', 'file exists at landed head; 3 lines']);
    const details = await describeCommit(repo, c2);
    expect('problem' in details ? details.problem : null).toBe(`changes not shown: the parent commit ${c1.slice(0, 12)} is not in the repository`);
  });
});

describe('a corrupt pack and a corrupt pack index', () => {
  async function packed(name: string): Promise<{ dir: string; pack: string }> {
    const dir = path.join(tmp, name);
    git(tmp, ['clone', '-q', '--no-local', '--bare', origin, dir]);
    git(dir, ['repack', '-q', '-a', '-d']);
    const pack = (await readdir(path.join(dir, 'objects', 'pack'))).find((f) => f.endsWith('.pack')) as string;
    return { dir, pack: path.join(dir, 'objects', 'pack', pack) };
  }

  it('a corrupt pack: every object read is INCONCLUSIVE with the reason, the head unknown', async () => {
    const { dir, pack } = await packed('corrupt-pack');
    const bytes = await readFile(pack);
    for (let i = 12; i < bytes.length - 20; i++) bytes[i] = (bytes[i] as number) ^ 0xa5;
    await writeFile(pack, bytes);
    const repo = await open(dir);
    const [status, reason] = await one(repo, c2, c1);
    expect(status).toBe('INCONCLUSIVE');
    expect(reason).toMatch(new RegExp(`^cannot read object ${c1.slice(0, 12)}: `));
    const head = await repo.resolveCommit('HEAD');
    expect('problem' in head && head.problem).toMatch(new RegExp(`^cannot read object ${c2.slice(0, 12)}: `));
    const canonical = await resolveCanonicalRepository({ dir, inputRoot: tmp }, { value: { repo: '.' }, path: path.join(dir, 'trailbook.json') }, new RepositoryRegistry());
    expect(canonical.info.head).toBe(null);
    expect(canonical.info.problem).toMatch(/^landed head unknown: cannot read object /);
    expect(await one(canonical.repository, canonical.info.head, 'README.md')).toEqual(['INCONCLUSIVE', 'no repository']);
  });

  it('a corrupt pack index: a commit it hid is INCONCLUSIVE ("part of the object store cannot be read")', async () => {
    const { dir, pack } = await packed('corrupt-idx');
    await writeFile(pack.replace(/\.pack$/, '.idx'), 'not an index');
    const repo = await open(dir);
    const idx = path.basename(pack).replace(/\.pack$/, '.idx');
    const why = `part of the object store cannot be read (objects/pack/${idx}: not a version 2 pack index)`;
    expect(await repo.incompleteness()).toBe(why);
    expect(await one(repo, c2, c1)).toEqual(['INCONCLUSIVE', `no commit ${c1} in repo, but ${why}`]);
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: `no object ${c2.slice(0, 12)} in the repository (${why})` });
  });

  it('a truncated pack: INCONCLUSIVE, never a crash', async () => {
    const { dir, pack } = await packed('truncated-pack');
    const bytes = await readFile(pack);
    await writeFile(pack, bytes.subarray(0, 40));
    const repo = await open(dir);
    const [status] = await one(repo, c2, 'README.md');
    expect(status).toBe('INCONCLUSIVE');
    expect((await one(repo, c2, c2))[0]).toBe('INCONCLUSIVE');
  });
});

describe('submodule paths, LFS pointers, binary and huge files', () => {
  it('a path inside or at a submodule is INCONCLUSIVE', async () => {
    const repo = await open(origin);
    expect(await one(repo, c2, 'vendor/sub/x.ts')).toEqual(['INCONCLUSIVE', 'vendor/sub/x.ts is inside a submodule; its content is in another repository']);
    expect(await one(repo, c2, 'vendor/sub/')).toEqual(['INCONCLUSIVE', 'vendor/sub is inside a submodule; its content is in another repository']);
  });

  it('an LFS pointer, a binary file and a huge file exist, but their lines cannot be checked', async () => {
    const repo = await open(origin);
    expect(await one(repo, c2, 'assets/big.bin')).toEqual(['VERIFIED', 'file exists at landed head; Git LFS pointer: the content is not in the repository']);
    expect(await one(repo, c2, 'assets/big.bin:1')).toEqual(['INCONCLUSIVE', 'assets/big.bin exists but its lines cannot be checked: Git LFS pointer: the content is not in the repository']);
    expect(await one(repo, c2, 'assets/bin.dat')).toEqual(['VERIFIED', 'file exists at landed head; binary file']);
    expect(await one(repo, c2, 'assets/bin.dat:1')).toEqual(['INCONCLUSIVE', 'assets/bin.dat exists but its lines cannot be checked: binary file']);
    expect(await one(repo, c2, 'huge.txt')).toEqual(['VERIFIED', 'file exists at landed head; file too large to read (3000000 bytes)']);
    expect(await one(repo, c2, 'huge.txt:10')).toEqual(['INCONCLUSIVE', 'huge.txt exists but its lines cannot be checked: file too large to read (3000000 bytes)']);
  });

  it('caps file pages: a huge file shows no text, a long one only windows around the cited lines', async () => {
    const repo = await open(origin);
    expect(await repositoryFileExcerpt(repo, c2, 'huge.txt', [])).toEqual({ path: 'huge.txt', totalLines: 0, bytes: 3_000_000, windows: [], note: 'file too large to show' });
    const long = await repositoryFileExcerpt(repo, c2, 'long.txt', [{ from: 4000, to: 4001 }]);
    if ('problem' in long) throw new Error(long.problem);
    expect(long.totalLines).toBe(5000);
    expect(long.windows.map((w) => [w.start, w.lines.length])).toEqual([[3960, 82]]);
    expect(long.windows.reduce((n, w) => n + w.lines.length, 0)).toBeLessThanOrEqual(MAX_FILE_LINES);
    expect(await repositoryFileExcerpt(repo, c2, 'assets/bin.dat', [])).toEqual({ path: 'assets/bin.dat', totalLines: 0, bytes: 35, windows: [], note: 'binary file: not shown' });
  });
});

describe('detached HEAD, bare repositories, work trees whose .git is a file', () => {
  it('a detached HEAD is the landed head', async () => {
    const dir = path.join(tmp, 'detached');
    git(tmp, ['clone', '-q', '--no-local', origin, dir]);
    git(dir, ['checkout', '-q', '--detach', c1]);
    const repo = await open(dir);
    expect(await repo.resolveCommit('HEAD')).toEqual({ oid: c1 });
    expect(await one(repo, c1, 'README.md:3')).toEqual(['NOT_VERIFIED', 'line 3 is past the end of README.md (1 line at landed head)']);
  });

  it('a bare repository has no work tree and resolves like any other', async () => {
    const dir = path.join(tmp, 'bare.git');
    git(tmp, ['clone', '-q', '--bare', '--no-local', origin, dir]);
    const repo = await open(dir);
    expect(repo.dir).toBe(null);
    expect(await repo.resolveCommit('HEAD')).toEqual({ oid: c2 });
    expect(await one(repo, c2, 'src/a.ts parseRow')).toEqual(['VERIFIED', 'name found in src/a.ts at line 1']);
  });

  it('a linked worktree (.git is a file) reads its own HEAD and the shared objects', async () => {
    const wt = path.join(tmp, 'wt');
    git(origin, ['worktree', 'add', '-q', wt, 'feature']);
    const repo = await open(wt);
    expect(repo.gitdir).toBe(path.join(origin, '.git'));
    expect(await repo.resolveCommit('HEAD')).toEqual({ oid: c1 });
    // Found as the enclosing work tree of a project inside it: its .git leads to the shared
    // git directory outside the input folder, which git's own back-pointer vouches for.
    await mkdir(path.join(wt, 'tickets', 'x'), { recursive: true });
    const found = await resolveCanonicalRepository({ dir: path.join(wt, 'tickets', 'x'), inputRoot: wt }, null, new RepositoryRegistry());
    expect([found.info.head, found.info.problem]).toEqual([c1, null]);
  });

  it('refuses an enclosing .git file or link that leads to a repository outside the input folder', async () => {
    const input = path.join(tmp, 'stranger');
    await mkdir(path.join(input, 'project'), { recursive: true });
    await writeFile(path.join(input, '.git'), `gitdir: ${path.join(origin, '.git')}\n`);
    const viaFile = await resolveCanonicalRepository({ dir: path.join(input, 'project'), inputRoot: input }, null, new RepositoryRegistry());
    const refused = "the enclosing repository's .git leads out of the input folder (to a git directory that is not this work tree's own); not read";
    expect([viaFile.repository, viaFile.info.problem]).toEqual([null, refused]);
    const linked = path.join(tmp, 'stranger-link');
    await mkdir(path.join(linked, 'project'), { recursive: true });
    await symlink(path.join(origin, '.git'), path.join(linked, '.git'));
    const viaLink = await resolveCanonicalRepository({ dir: path.join(linked, 'project'), inputRoot: linked }, null, new RepositoryRegistry());
    expect([viaLink.repository, viaLink.info.problem]).toEqual([null, refused]);
  });

  it('refuses a worktree directory forged inside the input whose commondir leads to another repository (found by an adversarial review)', async () => {
    const input = path.join(tmp, 'forged');
    await mkdir(path.join(input, 'proj'), { recursive: true });
    await mkdir(path.join(input, 'gd'), { recursive: true });
    await writeFile(path.join(input, 'proj', '.git'), 'gitdir: ../gd\n');
    await writeFile(path.join(input, 'gd', 'HEAD'), `${c2}\n`);
    await writeFile(path.join(input, 'gd', 'commondir'), `${path.join(origin, '.git')}\n`);
    await writeFile(path.join(input, 'gd', 'gitdir'), `${path.join(input, 'proj', '.git')}\n`);
    const found = await resolveCanonicalRepository({ dir: path.join(input, 'proj'), inputRoot: input }, null, new RepositoryRegistry());
    expect([found.repository, found.info.head, found.info.problem]).toEqual([null, null, "the enclosing repository's git directory is in the input folder but its objects (commondir) lead out of it; not read"]);
  });
});

describe('a repository with no commit yet (new-user trial: a fresh `git init`)', () => {
  it('says plainly that the repository has no commit yet, in the problem every output shows', async () => {
    const dir = path.join(tmp, 'fresh');
    await mkdir(dir);
    git(dir, ['init', '-q', '-b', 'main']);
    await put(dir, 'README.md', '# not committed\n');
    const repo = await open(dir);
    // Before: "cannot resolve HEAD: no such ref".
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: 'the repository has no commit yet (HEAD names the branch main, which has none)' });
    const found = await resolveCanonicalRepository({ dir, inputRoot: tmp }, null, new RepositoryRegistry());
    expect(found.info.problem).toBe('landed head unknown: the repository has no commit yet (HEAD names the branch main, which has none)');
    // The flag (check text and JSON, the recap) keeps its severity and says the same.
    expect(repositoryUnavailable.run({ repository: found.info } as unknown as Parameters<typeof repositoryUnavailable.run>[0])).toEqual([
      { layer: 'evidence', severity: 'high', kind: 'repository/unavailable', rows: [], at: [], summary: 'landed head unknown: the repository has no commit yet (HEAD names the branch main, which has none); every git-backed evidence check is inconclusive' },
    ]);
    // A head pinned by name in a repository without commits says the same.
    expect(await repo.resolveCommit('main')).toEqual({ problem: 'the repository has no commit yet (main names no commit)' });
  });
});

describe('HEAD on an orphan branch while other branches have commits (trust14)', () => {
  it('names the branch HEAD is on, says it has no commit yet and lists the branches that do', async () => {
    const dir = path.join(tmp, 'orphan');
    git(tmp, ['clone', '-q', '--no-local', origin, dir]);
    git(dir, ['branch', '-q', 'release']);
    git(dir, ['checkout', '-q', '--orphan', 'gh-pages']);
    const repo = await open(dir);
    const said =
      'HEAD names the branch gh-pages, which has no commit yet (an orphan branch, as `git checkout --orphan` starts one; the repository\'s branches: main, release — check one out, or name the landed head as "head" in trailbook.json)';
    // Before: "cannot resolve HEAD: no such ref", naming neither the branch nor why.
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: said });
    const found = await resolveCanonicalRepository({ dir, inputRoot: tmp }, null, new RepositoryRegistry());
    expect(repositoryUnavailable.run({ repository: found.info } as unknown as Parameters<typeof repositoryUnavailable.run>[0])).toEqual([
      { layer: 'evidence', severity: 'high', kind: 'repository/unavailable', rows: [], at: [], summary: `landed head unknown: ${said}; every git-backed evidence check is inconclusive` },
    ]);
  });

  it('says the same of a linked work tree (its .git a file) whose HEAD is on an orphan branch', async () => {
    const dir = path.join(tmp, 'orphan-main');
    git(tmp, ['clone', '-q', '--no-local', origin, dir]);
    const linked = path.join(tmp, 'orphan-linked');
    git(dir, ['worktree', 'add', '-q', linked]);
    git(linked, ['checkout', '-q', '--orphan', 'notes']);
    const repo = await open(linked);
    // Before: "cannot resolve refs/heads/notes: no such ref".
    expect(await repo.resolveCommit('HEAD')).toEqual({
      problem: 'HEAD names the branch notes, which has no commit yet (an orphan branch, as `git checkout --orphan` starts one; the repository\'s branches: main, orphan-linked — check one out, or name the landed head as "head" in trailbook.json)',
    });
  });
});

describe('files in the git directory that would block a read (found by an adversarial review)', () => {
  it('a FIFO as packed-refs, a ref, a loose object or a pack index gives a problem at once, never a hang', async () => {
    const dir = path.join(tmp, 'fifo');
    git(tmp, ['clone', '-q', '--no-local', origin, dir]);
    const head = git(dir, ['rev-parse', 'HEAD']);
    git(dir, ['pack-refs', '--all']);
    await rm(path.join(dir, '.git', 'packed-refs'));
    execFileSync('mkfifo', [path.join(dir, '.git', 'packed-refs')]);
    const repo = await open(dir);
    // isomorphic-git reads an unreadable packed-refs as none: the ref is then not found.
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: 'cannot resolve HEAD: no such ref' });
    // A loose object that is a FIFO: the blob cannot be read, the pointer is INCONCLUSIVE.
    const loose = path.join(tmp, 'fifo-loose');
    await mkdir(loose);
    git(loose, ['init', '-q']);
    await put(loose, 'README.md', '# loose\n');
    const looseHead = commitAll(loose, 1, 'loose objects');
    const blob = git(loose, ['rev-parse', 'HEAD:README.md']);
    const object = path.join(loose, '.git', 'objects', blob.slice(0, 2), blob.slice(2));
    await rm(object);
    execFileSync('mkfifo', [object]);
    const looseRepo = await open(loose);
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    const [status, reason] = await one(looseRepo, looseHead, 'README.md:1');
    expect(status).toBe('INCONCLUSIVE');
    expect(reason).toMatch(/is not a regular file/);
  });
});

describe('alternates and partial clones', () => {
  it('objects kept in alternates (not read) make a missing commit and the head INCONCLUSIVE', async () => {
    const dir = path.join(tmp, 'shared');
    git(tmp, ['clone', '-q', '--shared', origin, dir]);
    const repo = await open(dir);
    const why = 'the repository keeps objects in alternates, which are not read';
    expect(await repo.incompleteness()).toBe(why);
    expect(await one(repo, c2, c1)).toEqual(['INCONCLUSIVE', `no commit ${c1} in repo, but ${why}`]);
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: `no object ${c2.slice(0, 12)} in the repository (${why})` });
  });

  it('a partial clone: blobs never fetched are INCONCLUSIVE', async () => {
    const dir = path.join(tmp, 'partial');
    git(origin, ['config', 'uploadpack.allowFilter', 'true']);
    git(tmp, ['clone', '-q', '--no-checkout', '--filter=blob:none', `file://${origin}`, dir]);
    const repo = await open(dir);
    expect(await repo.incompleteness()).toBe('the repository is a partial clone (some objects were never fetched)');
    const [status, reason] = await one(repo, c2, 'src/a.ts:1');
    expect(status).toBe('INCONCLUSIVE');
    expect(reason).toMatch(/^cannot read blob [0-9a-f]{12}: /);
    expect(await one(repo, c2, c1)).toEqual(['VERIFIED', `commit ${c1.slice(0, 7)} exists: “first: files”`]);
    // A partial clone lacks blobs, never commits: a commit it does not have does not exist (issue 13, item 3).
    expect(await one(repo, c2, '0123456789abcdef0123456789abcdef01234567')).toEqual(['NOT_VERIFIED', 'no commit 0123456789abcdef0123456789abcdef01234567 in repo']);
    expect(await repo.incompleteness(true)).toBe(null);
  });
});

describe('hostile ref names', () => {
  it('never looks a configured head up as a file path (its first line would leak into the page)', async () => {
    await writeFile(path.join(tmp, 'secret.txt'), 'TOP-SECRET first line\n');
    const repo = await open(origin);
    for (const head of ['../../secret.txt', '../../../secret.txt', `${tmp}/secret.txt`, 'config', 'refs/../../secret.txt', 'a\\b', 'x:y', 'HEAD@{1}']) {
      const r = await repo.resolveCommit(head);
      expect('problem' in r && r.problem).toMatch(/^cannot resolve .*: (not a valid ref name|no such ref)$/);
      expect(JSON.stringify(r)).not.toContain('TOP-SECRET');
    }
  });

  it('never follows a symbolic ref of the repository that points out of it', async () => {
    const dir = path.join(tmp, 'symref');
    await cp(origin, dir, { recursive: true });
    await writeFile(path.join(dir, '.git', 'HEAD'), 'ref: ../../secret.txt\n');
    await writeFile(path.join(dir, '.git', 'refs', 'heads', 'evil'), 'ref: refs/../../../secret.txt\n');
    const repo = await open(dir);
    expect(await repo.resolveCommit('HEAD')).toEqual({ problem: 'cannot resolve HEAD: it points at a name that is not a valid ref' });
    expect(await repo.resolveCommit('evil')).toEqual({ problem: 'cannot resolve evil: it points at a name that is not a valid ref' });
  });
});
