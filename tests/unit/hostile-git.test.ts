/**
 * Hostile git data (issue 14; docs/security.md "Nothing escapes the root" and "Untrusted
 * repositories"): git directories whose objects, refs and packed refs are links into a private
 * repository elsewhere on the machine, `.git` reached through a link as an artifact, blobs built
 * to inflate (a zip bomb in a loose object and in a pack), packs corrupt in the middle with
 * valid checksums, delta chains that loop, and files swapped for links after they were
 * checked. Every case has its exact status and reason; no byte of the private repository or
 * of a file outside the input reaches a model.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodeFs from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import isomorphicGit from 'isomorphic-git';
import { git } from '../../scripts/make-hostile-corpus.ts';
import { openRepository, MAX_OBJECT_BYTES, type GitRepository } from '../../src/lib/git/repository.ts';
import { ObjectTypes } from '../../src/lib/git/object-index.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import { RepositoryAccess } from '../../src/lib/project/repository-access.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { Confinement } from '../../src/lib/fs/confined.ts';
import { readLines } from '../../src/lib/text/lines.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

/** Planted only outside the input folder: it must never reach a model. */
const CANARY = 'CANARY-PRIVATE-9d41e7';
const DATE = '2026-03-02T10:00:00Z';

let tmp: string;
let input: string;
/** The private repository outside the input folder, and its one commit. */
let privateRepo: string;
let privateCommit: string;

async function put(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

function commitAll(dir: string, message: string): string {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']);
}

const trailRow = (evidence: string, extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ id: 'aaaa0001', ts: DATE, phase: 'start', actor: 'lead', decision: 'd', why: 'w', evidence, result: 'verified', ...extra })}\n`;

/** A work tree in the input folder with one commit, citing `evidence`. */
async function project(name: string, evidence: string): Promise<string> {
  const dir = path.join(input, name);
  await mkdir(dir, { recursive: true });
  git(dir, ['init', '-q']);
  await put(path.join(dir, 'README.md'), '# public\n');
  commitAll(dir, 'public');
  await put(path.join(dir, 'decisions.jsonl'), trailRow(evidence));
  return dir;
}

async function analyse(dir: string, allowRepositories: string[] = []): Promise<ProjectModel> {
  const { projects } = await discoverProjects([input]);
  const found = projects.find((p) => p.dir === dir);
  if (!found) throw new Error(`no project at ${dir}`);
  return analyseProject(await prepareProject(found, new RepositoryRegistry(new RepositoryAccess([input], allowRepositories))));
}

const evidenceOf = (m: ProjectModel): string[] => m.rows.flatMap((r) => r.evidence.map((p) => `${p.raw} ${p.status} ${p.reason}`));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-hostile-git-'));
  input = path.join(tmp, 'input');
  await mkdir(input);
  privateRepo = path.join(tmp, 'private');
  await mkdir(privateRepo);
  git(privateRepo, ['init', '-q']);
  await put(path.join(privateRepo, '.env'), `TOKEN=${CANARY}\n`);
  privateCommit = commitAll(privateRepo, `private ${CANARY}`);
  await put(path.join(tmp, 'outside-ref'), `${CANARY}\n`);
}, 60_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('git data linked out of the input folder is never read', () => {
  it('.git/objects and .git/refs linked into a private repository: nothing verifies, nothing of it is read', async () => {
    const dir = await project('objects-and-refs', `${privateCommit}; .env:1`);
    for (const part of ['objects', 'refs']) {
      await rm(path.join(dir, '.git', part), { recursive: true });
      await symlink(path.join(privateRepo, '.git', part), path.join(dir, '.git', part));
    }
    const m = await analyse(dir);
    const refused = "refs leads outside the repository's git directory; not read";
    expect(m.repository.problem).toBe(`landed head unknown: cannot resolve HEAD: no such ref (${refused})`);
    expect(evidenceOf(m)).toEqual([
      `${privateCommit} INCONCLUSIVE no commit ${privateCommit} in input/objects-and-refs, but part of the object store cannot be read (objects leads outside the repository's git directory; not read)`,
      `.env:1 INCONCLUSIVE landed head unknown: cannot resolve HEAD: no such ref (${refused})`,
    ]);
    expect(m.cited.files).toEqual([]);
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('a single loose object linked out is refused by name, never read', async () => {
    const dir = await project('loose-object', 'README.md:1');
    const blob = git(dir, ['rev-parse', 'HEAD:README.md']);
    const secretBlob = git(privateRepo, ['rev-parse', 'HEAD:.env']);
    const object = path.join(dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2));
    await rm(object);
    // The public README's blob is now the private repository's .env object.
    await symlink(path.join(privateRepo, '.git', 'objects', secretBlob.slice(0, 2), secretBlob.slice(2)), object);
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([`README.md:1 INCONCLUSIVE cannot read blob ${blob.slice(0, 12)}: objects/${blob.slice(0, 2)}/${blob.slice(2)} leads outside the repository's git directory; not read`]);
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('refs/heads/main linked to an outside file: its content is never read, nor quoted', async () => {
    const dir = await project('ref-file', 'README.md');
    await rm(path.join(dir, '.git', 'refs', 'heads', 'main'));
    await symlink(path.join(tmp, 'outside-ref'), path.join(dir, '.git', 'refs', 'heads', 'main'));
    const m = await analyse(dir);
    expect(m.repository.problem).toBe("landed head unknown: cannot resolve HEAD: no such ref (refs/heads/main leads outside the repository's git directory; not read)");
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('packed-refs linked out is refused: refs are resolved only from the repository', async () => {
    const dir = await project('packed-refs', 'README.md');
    git(dir, ['pack-refs', '--all']);
    await writeFile(path.join(tmp, 'packed-refs'), `${privateCommit} refs/heads/main\n`);
    await rename(path.join(dir, '.git', 'packed-refs'), path.join(tmp, 'own-packed-refs'));
    await symlink(path.join(tmp, 'packed-refs'), path.join(dir, '.git', 'packed-refs'));
    const m = await analyse(dir);
    expect(m.repository.problem).toBe("landed head unknown: cannot resolve HEAD: no such ref (packed-refs leads outside the repository's git directory; not read)");
  });

  it('a repository named by `repo` outside the input is read only when the archive configuration allows its folder (allowRepositories)', async () => {
    const dir = path.join(input, 'configured');
    await put(path.join(dir, 'decisions.jsonl'), trailRow(`${privateCommit}; .env:1`));
    await put(path.join(dir, 'trailbook.json'), JSON.stringify({ repo: privateRepo }));
    const allowed = await analyse(dir, [path.dirname(privateRepo)]);
    expect(allowed.rows[0]?.evidence.map((p) => p.status)).toEqual(['VERIFIED', 'VERIFIED']);
    // trailbook.json is input: by itself it cannot reach a repository outside the input.
    const refused = await analyse(dir);
    expect(refused.repository).toEqual({ id: null, path: null, head: null, headSource: null, problem: `repository ${privateRepo} (from trailbook.json): its git data lies outside the input folders; not read (a project may name only a repository inside them, unless the archive configuration lists a folder holding it in "allowRepositories")` });
    expect(refused.rows[0]?.evidence.map((p) => p.status)).toEqual(['INCONCLUSIVE', 'INCONCLUSIVE']);
  });
});

describe('.git contents are never artifacts, however the path reaches them', () => {
  it('g -> .git: g/config:2, g//config and ./g/config are refused by their real path', async () => {
    const dir = await project('dot-git-link', 'g/config:2; g//config; ./g/config');
    await put(path.join(dir, '.git', 'config'), `[remote "origin"]\n\turl = https://user:${CANARY}@example.com/x.git\n`);
    await symlink('.git', path.join(dir, 'g'));
    const m = await analyse(dir);
    const head = m.repository.head?.slice(0, 7);
    expect(evidenceOf(m)).toEqual([
      'g/config:2 NOT_VERIFIED g/config is inside a .git folder, which is never read: not evidence',
      'g//config NOT_VERIFIED g/config is inside a .git folder, which is never read: not evidence',
      './g/config NOT_VERIFIED g/config is inside a .git folder, which is never read: not evidence',
    ]);
    expect(head).toMatch(/^[0-9a-f]{7}$/);
    expect(m.cited.files).toEqual([]);
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('a git directory of another name (`.git` file with `gitdir: gd`) is not an artifact either', async () => {
    const folder = path.join(tmp, 'gd-project');
    await mkdir(folder);
    const art = new ArtifactFolder(folder, { gitDirs: [path.join(folder, 'gd')] });
    await put(path.join(folder, 'gd', 'config'), `[remote]\n\turl = https://u:${CANARY}@x\n`);
    await put(path.join(folder, 'notes.md'), 'one\n');
    expect(await art.lookup('gd/config')).toEqual({ status: 'refused', reason: "gd/config is inside the repository's git directory, which is never read: not evidence" });
    expect((await art.lookup('notes.md')).status).toBe('file');
  });

  it('the walk does not follow a link into a .git folder (records there are never read)', async () => {
    const dir = path.join(input, 'walk-git');
    await put(path.join(dir, 'decisions.jsonl'), trailRow('README.md'));
    await put(path.join(dir, '.git', 'inner', 'decisions.jsonl'), trailRow(CANARY));
    await symlink('.git/inner', path.join(dir, 'inner'));
    const { projects, problems } = await discoverProjects([dir]);
    expect(projects.map((p) => p.files.map((f) => f.rel))).toEqual([['decisions.jsonl']]);
    expect(problems.map((p) => [path.relative(dir, p.path), p.problem])).toEqual([['inner', 'symbolic link leads into a .git folder; not followed']]);
  });
});

describe('files swapped for links after they were checked (TOCTOU)', () => {
  it('a record file replaced by a link out after discovery is refused when opened, never read', async () => {
    const dir = path.join(input, 'swapped-record');
    await put(path.join(dir, 'decisions.jsonl'), trailRow('README.md'));
    await put(path.join(dir, 'audit.json'), '{"version":1,"at":"2026-03-02T18:00:00Z","status":"not-run","reason":"none"}\n');
    const { projects } = await discoverProjects([input]);
    const found = projects.find((p) => p.dir === dir);
    await put(path.join(tmp, 'outside.jsonl'), trailRow(CANARY, { decision: CANARY }));
    await put(path.join(tmp, 'outside-audit.json'), `{"version":1,"at":"x","status":"not-run","reason":"${CANARY}"}\n`);
    for (const [name, target] of [['decisions.jsonl', 'outside.jsonl'], ['audit.json', 'outside-audit.json']] as const) {
      await rm(path.join(dir, name));
      await symlink(path.join(tmp, target), path.join(dir, name));
    }
    const m = await analyseProject(await prepareProject(found as never, new RepositoryRegistry()));
    expect(m.invalid.map((r) => `${r.file}:${r.line} ${r.kind} ${r.error}`)).toEqual([
      'audit.json:0 audit/invalid-file audit.json cannot be read: it leads outside the input folder',
      'decisions.jsonl:0 source/unreadable decisions.jsonl cannot be read: it leads outside the input folder',
    ]);
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('a file whose folder is swapped for a link between check and open: the opened file is judged', async () => {
    const root = path.join(tmp, 'swap-root');
    await put(path.join(root, 'sub', 'a.txt'), 'inside\n');
    await put(path.join(tmp, 'swap-out', 'a.txt'), `${CANARY}\n`);
    const confined = new Confinement([root], { what: 'the input folder', outsideGit: true });
    expect(await confined.readFile(path.join(root, 'sub', 'a.txt'), 'utf8')).toBe('inside\n');
    await rename(path.join(root, 'sub'), path.join(root, 'sub-was'));
    await symlink(path.join(tmp, 'swap-out'), path.join(root, 'sub'));
    await expect(confined.readFile(path.join(root, 'sub', 'a.txt'))).rejects.toMatchObject({ code: 'EOUTSIDE', message: 'sub/a.txt leads outside the input folder; not read' });
    await expect((async () => {
      for await (const l of readLines(path.join(root, 'sub', 'a.txt'), confined)) void l;
    })()).rejects.toMatchObject({ code: 'EOUTSIDE' });
    expect(confined.refusals()).toEqual(['sub/a.txt']);
  });

  it('an artifact swapped for a link into .git after it was found is refused', async () => {
    const folder = path.join(tmp, 'art-swap');
    await put(path.join(folder, 'notes.md'), 'one\n');
    await put(path.join(folder, '.git', 'config'), `${CANARY}\n`);
    const art = new ArtifactFolder(folder);
    await rm(path.join(folder, 'notes.md'));
    await symlink('.git/config', path.join(folder, 'notes.md'));
    expect(await art.lookup('notes.md')).toEqual({ status: 'refused', reason: 'notes.md is inside a .git folder, which is never read: not evidence' });
  });
});

/** Rewrites a pack's trailer and its index's pack checksum and trailer after the pack's bytes changed. */
async function reseal(packFile: string): Promise<void> {
  const pack = await readFile(packFile);
  const sum = createHash('sha1').update(pack.subarray(0, pack.length - 20)).digest();
  sum.copy(pack, pack.length - 20);
  await writeFile(packFile, pack);
  const idxFile = packFile.replace(/\.pack$/, '.idx');
  const idx = await readFile(idxFile);
  sum.copy(idx, idx.length - 40);
  createHash('sha1').update(idx.subarray(0, idx.length - 20)).digest().copy(idx, idx.length - 20);
  await writeFile(idxFile, idx);
}

/** Objects of a pack as `git verify-pack -v` lists them: id, type, size, offset. */
function packObjects(dir: string, idx: string): Array<{ oid: string; type: string; size: number; offset: number; depth: number }> {
  return execFileSync('git', ['verify-pack', '-v', idx], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .map((l) => l.split(/\s+/))
    .filter((p) => /^[0-9a-f]{40}$/.test(p[0] ?? '') && ['commit', 'tree', 'blob', 'tag'].includes(p[1] ?? ''))
    .map((p) => ({ oid: p[0] as string, type: p[1] as string, size: Number(p[2]), offset: Number(p[4]), depth: p[5] ? Number(p[5]) : 0 }));
}

async function openRepo(dir: string): Promise<GitRepository> {
  const opened = await openRepository(dir, path.basename(dir));
  if ('problem' in opened) throw new Error(opened.problem);
  return opened.repository;
}

describe('objects built to inflate, and packs corrupt in the middle', () => {
  it('a loose blob of 256 MiB in 256 KB is too large, sized from its header and never inflated', async () => {
    const dir = path.join(tmp, 'bomb');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    const zeros = path.join(tmp, 'zeros');
    execFileSync('sh', ['-c', `head -c ${1 << 28} /dev/zero | git hash-object -w --stdin > "${zeros}"`], { cwd: dir });
    const blob = (await readFile(zeros, 'utf8')).trim();
    const repo = await openRepo(dir);
    expect(await repo.blobText(blob)).toEqual({ status: 'too-large', bytes: 1 << 28 });
    expect(await repo.lookup(blob)).toEqual({ status: 'found', oid: blob, type: 'blob' });
    // Packed, the same.
    git(dir, ['repack', '-q', '-a', '-d']);
    const packed = await openRepo(dir);
    expect(await packed.blobText(blob)).toEqual({ status: 'too-large', bytes: 1 << 28 });
    expect(MAX_OBJECT_BYTES).toBe(64 * 1024 * 1024);
  }, 60_000);

  it('reads the type and size of every object of a deltified pack from headers alone, as git does', async () => {
    const dir = path.join(tmp, 'deltas');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    for (let i = 0; i < 6; i++) {
      await put(path.join(dir, 'a.txt'), Array.from({ length: 400 + i * 37 }, (_, n) => `line ${n} of version ${i % 3}`).join('\n'));
      commitAll(dir, `v${i}`);
    }
    git(dir, ['repack', '-q', '-a', '-d', '-f', '--depth=50', '--window=50']);
    const idx = (await readdir(path.join(dir, '.git', 'objects', 'pack'))).find((f) => f.endsWith('.idx')) as string;
    const listed = packObjects(dir, path.join('.git', 'objects', 'pack', idx));
    const repo = await openRepo(dir);
    const types = new ObjectTypes(await repo.objectIndex(), repo.files);
    const got = await Promise.all(listed.map(async (o) => ({ ...o, header: await types.header(o.oid) })));
    for (const o of got) expect([o.oid, o.header.type, o.header.size]).toEqual([o.oid, o.type, Number(git(dir, ['cat-file', '-s', o.oid]))]);
    expect(execFileSync('git', ['verify-pack', '-v', path.join('.git', 'objects', 'pack', idx)], { cwd: dir, encoding: 'utf8' })).toMatch(/chain length = [1-9]/);
  });

  it('reads every object of a deltified pack by node:zlib, its deltas applied, byte for byte as git does; a damaged entry is left to isomorphic-git (issue 30)', async () => {
    const dir = path.join(tmp, 'deltas');
    const idx = (await readdir(path.join(dir, '.git', 'objects', 'pack'))).find((f) => f.endsWith('.idx')) as string;
    const listed = packObjects(dir, path.join('.git', 'objects', 'pack', idx));
    const repo = await openRepo(dir);
    const types = new ObjectTypes(await repo.objectIndex(), repo.files);
    expect(listed.filter((o) => o.type === 'blob').length).toBeGreaterThan(3);
    for (const o of listed) {
      const read = await types.packedObject(o.oid);
      expect([o.oid, read?.type, read?.data.equals(execFileSync('git', ['cat-file', o.type, o.oid], { cwd: dir }))]).toEqual([o.oid, o.type, true]);
    }
    // Trees read here (plain names) as isomorphic-git's readTree gives them.
    for (const o of listed.filter((l) => l.type === 'tree')) {
      const theirs = await isomorphicGit.readTree({ fs: nodeFs, gitdir: path.join(dir, '.git'), oid: o.oid });
      expect(await repo.tree(o.oid)).toEqual(theirs.tree.map((e) => ({ name: e.path, type: e.type, oid: e.oid, mode: e.mode })));
    }
    const blob = listed.filter((o) => o.type === 'blob').at(-1)!.oid;
    expect(await repo.blobText(blob)).toEqual({ status: 'text', text: execFileSync('git', ['cat-file', 'blob', blob], { cwd: dir, encoding: 'utf8' }), lines: expect.any(Number), bytes: Number(git(dir, ['cat-file', '-s', blob])) });
    // A pack entry altered past its header: its SHA-1 differs, so it is not taken (isomorphic-git reads it and says why).
    const packFile = path.join(dir, '.git', 'objects', 'pack', idx.replace(/\.idx$/, '.pack'));
    const bytes = await readFile(packFile);
    const copy = path.join(tmp, 'deltas-damaged');
    execFileSync('cp', ['-r', dir, copy]);
    const target = listed.find((o) => o.type === 'blob' && o.depth === 0)!;
    const damaged = Buffer.from(bytes);
    damaged[target.offset + 40] = (damaged[target.offset + 40] as number) ^ 0xff;
    await writeFile(path.join(copy, '.git', 'objects', 'pack', path.basename(packFile)), damaged);
    const broken = await openRepo(copy);
    expect(await new ObjectTypes(await broken.objectIndex(), broken.files).packedObject(target.oid)).toBeNull();
  });

  it('a deltified pack cut short (its index whole): every blob reads as git reads it or is an error, never other text, never a crash', async () => {
    const dir = path.join(tmp, 'deltas');
    const idx = (await readdir(path.join(dir, '.git', 'objects', 'pack'))).find((f) => f.endsWith('.idx')) as string;
    const listed = packObjects(dir, path.join('.git', 'objects', 'pack', idx));
    const copy = path.join(tmp, 'deltas-cut');
    execFileSync('cp', ['-r', dir, copy]);
    const packFile = path.join(copy, '.git', 'objects', 'pack', idx.replace(/\.idx$/, '.pack'));
    const bytes = await readFile(packFile);
    await writeFile(packFile, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const repo = await openRepo(copy);
    const seen = new Set<string>();
    for (const o of listed.filter((l) => l.type === 'blob')) {
      const read = await repo.blobText(o.oid);
      seen.add(read.status);
      if (read.status === 'text') expect(read.text).toBe(execFileSync('git', ['cat-file', 'blob', o.oid], { cwd: dir, encoding: 'utf8' }));
      else expect(read.status).toBe('error');
    }
    expect([...seen].sort()).toEqual(['error', 'text']);
  });

  it('a delta chain longer than 64 is refused whichever object is read first (headers are kept per pack entry)', async () => {
    const dir = path.join(tmp, 'deep-deltas');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    // Each version changes one more line of the last: git chains them, each on the one before.
    for (let i = 0; i < 150; i++) {
      await put(path.join(dir, 'a.txt'), Array.from({ length: 401 }, (_, n) => (n % 2 === 0 && n / 2 <= i ? `changed ${n / 2}` : `line ${n}`)).join('\n'));
      commitAll(dir, `v${i}`);
    }
    git(dir, ['repack', '-q', '-a', '-d', '-f', '--depth=200', '--window=250']);
    const idx = (await readdir(path.join(dir, '.git', 'objects', 'pack'))).find((f) => f.endsWith('.idx')) as string;
    const verbose = execFileSync('git', ['verify-pack', '-v', path.join('.git', 'objects', 'pack', idx)], { cwd: dir, encoding: 'utf8' });
    // `oid type size packed offset depth base` for a delta; git's depth counts the deltas under an entry.
    const depthOf = new Map(verbose.split('\n').map((l) => l.split(/\s+/)).filter((p) => p[1] === 'blob').map((p) => [p[0] as string, Number(p[5] ?? 0)]));
    const deep = [...depthOf].filter(([, d]) => d > 64).map(([oid]) => oid).sort();
    expect(deep.length).toBeGreaterThan(0);
    const repo = await openRepo(dir);
    const refused = async (order: string[]): Promise<string[]> => {
      const types = new ObjectTypes(await repo.objectIndex(), repo.files);
      const out: string[] = [];
      for (const oid of order) await types.header(oid).catch((e: Error) => { expect(e.message).toBe('delta chain too deep'); out.push(oid); });
      return out.sort();
    };
    const blobs = [...depthOf.keys()];
    expect(await refused([...blobs].sort((a, b) => (depthOf.get(a) ?? 0) - (depthOf.get(b) ?? 0)))).toEqual(deep);
    expect(await refused([...blobs].sort((a, b) => (depthOf.get(b) ?? 0) - (depthOf.get(a) ?? 0)))).toEqual(deep);
  }, 60_000);

  it('a pack corrupt in the middle, checksums resealed: the broken object is INCONCLUSIVE, the rest is read', async () => {
    const dir = path.join(tmp, 'mid-pack');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    await put(path.join(dir, 'ok.txt'), 'fine\n');
    await put(path.join(dir, 'broken.txt'), `${'this blob will be damaged in the pack '.repeat(40)}\n`);
    commitAll(dir, 'two files');
    git(dir, ['repack', '-q', '-a', '-d']);
    const packDir = path.join(dir, '.git', 'objects', 'pack');
    const idx = (await readdir(packDir)).find((f) => f.endsWith('.idx')) as string;
    const broken = git(dir, ['rev-parse', 'HEAD:broken.txt']);
    const entry = packObjects(dir, path.join('.git', 'objects', 'pack', idx)).find((o) => o.oid === broken) as { offset: number };
    const packFile = path.join(packDir, idx.replace(/\.idx$/, '.pack'));
    const bytes = await readFile(packFile);
    for (let i = entry.offset + 8; i < entry.offset + 24; i++) bytes[i] = (bytes[i] as number) ^ 0xff;
    await writeFile(packFile, bytes);
    await reseal(packFile);
    const repo = await openRepo(dir);
    const head = git(dir, ['rev-parse', 'HEAD']);
    expect(await repo.resolveCommit('HEAD')).toEqual({ oid: head });
    expect((await repo.blobText(git(dir, ['rev-parse', 'HEAD:ok.txt']))).status).toBe('text');
    const damaged = await repo.blobText(broken);
    expect(damaged.status).toBe('error');
    expect((damaged as { problem: string }).problem).toMatch(new RegExp(`^cannot read blob ${broken.slice(0, 12)}: `));
    expect((damaged as { problem: string }).problem).not.toContain(tmp);
  });

  it('a pack entry whose size header claims a gigabyte is refused from the header', async () => {
    const dir = path.join(tmp, 'lying-size');
    await mkdir(dir);
    git(dir, ['init', '-q']);
    await put(path.join(dir, 'small.txt'), 'small\n');
    commitAll(dir, 'one file');
    git(dir, ['repack', '-q', '-a', '-d']);
    const packDir = path.join(dir, '.git', 'objects', 'pack');
    const idx = (await readdir(packDir)).find((f) => f.endsWith('.idx')) as string;
    const tree = git(dir, ['rev-parse', 'HEAD^{tree}']);
    const entry = packObjects(dir, path.join('.git', 'objects', 'pack', idx)).find((o) => o.oid === tree) as { offset: number };
    const packFile = path.join(packDir, idx.replace(/\.idx$/, '.pack'));
    const bytes = await readFile(packFile);
    // Type 2 (tree), size 2^33 + 5 in git's header varint: 4 bits, then 7 per byte.
    const header = Buffer.from([0x80 | (2 << 4) | 5, 0x80, 0x80, 0x80, 0x80, 0x02]);
    const original = bytes.subarray(entry.offset);
    let len = 1;
    while ((original[len - 1] as number) & 0x80) len++;
    const rewritten = Buffer.concat([bytes.subarray(0, entry.offset), header, bytes.subarray(entry.offset + len)]);
    await writeFile(packFile, rewritten);
    // The index's offsets after this entry move; only the tree's own entry is read here.
    await reseal(packFile);
    const repo = await openRepo(dir);
    expect(await repo.tree(tree)).toEqual({ problem: `cannot read tree ${tree.slice(0, 12)}: reading it would inflate ${2 ** 33 + 5} bytes, over the ${MAX_OBJECT_BYTES}-byte limit` });
  });

  /**
   * A project whose files are packed uncompressed (deflate's stored blocks), then `alter` run on
   * the pack's bytes, the zlib checksum after `from` made again and the pack resealed: bytes
   * changed, every size and checksum still right (git cat-file shows the altered bytes).
   */
  async function altered(name: string, evidence: string, files: Record<string, string>, alter: (pack: Buffer) => { at: number; length: number }, before: (dir: string) => void = () => undefined): Promise<string> {
    const dir = await project(name, evidence);
    for (const [file, text] of Object.entries(files)) await put(path.join(dir, file), text);
    commitAll(dir, 'files');
    before(dir);
    git(dir, ['-c', 'pack.compression=0', 'repack', '-q', '-a', '-d', '-f', '--window=0']);
    const packDir = path.join(dir, '.git', 'objects', 'pack');
    const packFile = path.join(packDir, (await readdir(packDir)).find((f) => f.endsWith('.pack')) as string);
    const bytes = await readFile(packFile);
    const { at, length } = alter(bytes);
    // A stored block's data is followed by the stream's Adler-32, big-endian.
    let a = 1;
    let b = 0;
    for (let i = at; i < at + length; i++) {
      a = (a + (bytes[i] as number)) % 65521;
      b = (b + a) % 65521;
    }
    bytes.writeUInt32BE(((b << 16) | a) >>> 0, at + length);
    await writeFile(packFile, bytes);
    await reseal(packFile);
    return dir;
  }

  it('a packed blob whose bytes were changed, its size and checksums kept: INCONCLUSIVE, never VERIFIED, its altered text never shown', async () => {
    const text = 'the real line one\nline two\n';
    const dir = await altered('altered-blob', 'a.txt:1', { 'a.txt': text }, (pack) => {
      const at = pack.indexOf(text);
      pack.write('FAKE', at);
      return { at, length: text.length };
    });
    const blob = git(dir, ['rev-parse', 'HEAD:a.txt']);
    expect(execFileSync('git', ['cat-file', 'blob', blob], { cwd: dir, encoding: 'utf8' })).toBe('FAKEreal line one\nline two\n');
    const repo = await openRepo(dir);
    expect(await repo.blobText(blob)).toEqual({ status: 'error', problem: `cannot read blob ${blob.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
    expect(await repo.lookup(blob)).toEqual({ status: 'error', problem: `cannot read object ${blob.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([`a.txt:1 INCONCLUSIVE cannot read blob ${blob.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)`]);
    expect(JSON.stringify(m)).not.toContain('FAKE');
  });

  /** Writes FAKED over the start of an object's `message` (stored uncompressed in the pack); the object runs from its `header` line. */
  const fakeMessage = (pack: Buffer, header: string, message: string): { at: number; length: number } => {
    const at = pack.indexOf(`\n\n${message}\n`);
    const start = pack.lastIndexOf(header, at);
    pack.write('FAKED', at + 2);
    return { at: start, length: at + `\n\n${message}\n`.length - start };
  };

  it('a packed commit whose message was changed, its size and checksums kept: INCONCLUSIVE, its altered message never shown', async () => {
    const dir = await altered('altered-commit', 'a.txt:1', { 'a.txt': 'real evidence\n' }, (pack) => fakeMessage(pack, 'tree ', 'files'));
    const head = git(dir, ['rev-parse', 'HEAD']);
    expect(execFileSync('git', ['cat-file', 'commit', head], { cwd: dir, encoding: 'utf8' })).toMatch(/\n\nFAKED\n$/);
    const repo = await openRepo(dir);
    expect(await repo.commit(head)).toEqual({ problem: `cannot read object ${head.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
    const m = await analyse(dir);
    expect(evidenceOf(m).map((e) => e.split(' ')[1])).toEqual(['INCONCLUSIVE']);
    expect(JSON.stringify(m)).not.toContain('FAKED');
  });

  it('a packed annotated tag whose message was changed, its size and checksums kept: the tag does not resolve', async () => {
    // The tag is made (below) before the repack; its message `release one` is altered.
    const dir = await altered('altered-tag', 'a.txt:1', { 'a.txt': 'real evidence\n' }, (pack) => fakeMessage(pack, 'object ', 'release one'), (d) =>
      git(d, ['tag', '-a', 'v1', '-m', 'release one']),
    );
    const tag = git(dir, ['rev-parse', 'refs/tags/v1']);
    const repo = await openRepo(dir);
    expect(await repo.resolveCommit('v1')).toEqual({ problem: `cannot read object ${tag.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
  });

  it('a packed tree whose entry was pointed at another blob of the same tree: the path is INCONCLUSIVE, never VERIFIED with the other file', async () => {
    let blobs: string[] = [];
    const dir = await altered('altered-tree', 'a.txt:1', { 'a.txt': 'real evidence\n', 'b.txt': 'something else entirely\n' }, (pack) => {
      // The root tree, stored: `100644 a.txt\0<20 bytes>100644 b.txt\0<20 bytes>...`; a.txt's id becomes b.txt's.
      const entry = pack.indexOf('100644 a.txt\0');
      const other = pack.indexOf('100644 b.txt\0');
      const aId = entry + '100644 a.txt\0'.length;
      blobs = [pack.toString('hex', aId, aId + 20), pack.toString('hex', other + 13, other + 33)];
      pack.copy(pack, aId, other + 13, other + 33);
      // The stored block holds the whole tree: from the first entry to the last id.
      const start = pack.lastIndexOf('100644 README.md\0', entry);
      const end = pack.indexOf('100644 decisions.jsonl\0', other) + '100644 decisions.jsonl\0'.length + 20;
      return { at: start, length: end - start };
    });
    // git itself now refuses the tree (hash mismatch); isomorphic-git reads it, a.txt naming b.txt's blob.
    const tree = /^tree ([0-9a-f]{40})$/m.exec(git(dir, ['cat-file', 'commit', 'HEAD']))?.[1] as string;
    const theirs = await isomorphicGit.readTree({ fs: nodeFs, gitdir: path.join(dir, '.git'), oid: tree });
    expect(theirs.tree.find((e) => e.path === 'a.txt')?.oid).toBe(blobs[1]);
    const repo = await openRepo(dir);
    expect(await repo.tree(tree)).toEqual({ problem: `cannot read tree ${tree.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([`a.txt:1 INCONCLUSIVE cannot read tree ${tree.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)`]);
  });
});

/** One entry of a pack written by hand: a whole object (a blob unless `type`: 1 commit, 2 tree), or a REF_DELTA on `base` (its delta bytes as given). */
type HandEntry = { oid: string; blob: Buffer; type?: number } | { oid: string; base: string; delta: Buffer };

/**
 * Writes a pack and its version 2 index holding `entries` (ids as given, never checked: a
 * hostile pack) into `gitdir`'s objects/pack; every checksum right, so only the content lies.
 */
async function writeHandPack(gitdir: string, entries: HandEntry[]): Promise<void> {
  const parts: Buffer[] = [Buffer.from('PACK'), Buffer.from([0, 0, 0, 2]), Buffer.alloc(4)];
  parts[2]!.writeUInt32BE(entries.length);
  let offset = 12;
  const index: Array<{ oid: string; offset: number; crc: number }> = [];
  for (const e of entries) {
    const data = 'blob' in e ? e.blob : e.delta;
    const type = 'blob' in e ? (e.type ?? 3) : 7;
    const head: number[] = [];
    let size = data.length;
    let byte = (type << 4) | (size & 15);
    size = Math.floor(size / 16);
    while (size > 0) {
      head.push(byte | 0x80);
      byte = size & 0x7f;
      size = Math.floor(size / 128);
    }
    head.push(byte);
    const entry = Buffer.concat([Buffer.from(head), 'base' in e ? Buffer.from(e.base, 'hex') : Buffer.alloc(0), deflateSync(data)]);
    index.push({ oid: e.oid, offset, crc: crc32(entry) });
    parts.push(entry);
    offset += entry.length;
  }
  const body = Buffer.concat(parts);
  const packSum = createHash('sha1').update(body).digest();
  const pack = Buffer.concat([body, packSum]);
  index.sort((a, b) => (a.oid < b.oid ? -1 : 1));
  const fanout = Buffer.alloc(256 * 4);
  for (let i = 0; i < 256; i++) fanout.writeUInt32BE(index.filter((x) => parseInt(x.oid.slice(0, 2), 16) <= i).length, i * 4);
  const crcs = Buffer.alloc(index.length * 4);
  const offsets = Buffer.alloc(index.length * 4);
  index.forEach((x, i) => {
    crcs.writeUInt32BE(x.crc, i * 4);
    offsets.writeUInt32BE(x.offset, i * 4);
  });
  const idxBody = Buffer.concat([Buffer.from([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]), fanout, ...index.map((x) => Buffer.from(x.oid, 'hex')), crcs, offsets, packSum]);
  const idx = Buffer.concat([idxBody, createHash('sha1').update(idxBody).digest()]);
  const name = `pack-${packSum.toString('hex')}`;
  await mkdir(path.join(gitdir, 'objects', 'pack'), { recursive: true });
  await writeFile(path.join(gitdir, 'objects', 'pack', `${name}.pack`), pack);
  await writeFile(path.join(gitdir, 'objects', 'pack', `${name}.idx`), idx);
}

describe('hand-written hostile packs: what isomorphic-git would read of an object the pack reader refused is checked against its id', () => {
  it('a delta whose copy runs past its base (isomorphic-git clamps it, git refuses it): INCONCLUSIVE, never VERIFIED with the made-up text', async () => {
    const dir = await project('delta-past-base', 'a.txt:1');
    await put(path.join(dir, 'a.txt'), 'real evidence\n');
    await put(path.join(dir, 'b.txt'), 'base of the delta\n');
    commitAll(dir, 'files');
    const real = git(dir, ['rev-parse', 'HEAD:a.txt']);
    const base = git(dir, ['rev-parse', 'HEAD:b.txt']);
    for (const oid of [real, base]) await rm(path.join(dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
    const baseText = Buffer.from('base of the delta\n');
    const made = 'a\nMADE UP LINE\n';
    // Sizes (base, result), then a copy of 10 bytes from 2 before the base's end (2 there), then an insert.
    const insert = Buffer.from(made.slice(2));
    const delta = Buffer.concat([Buffer.from([baseText.length, made.length, 0x80 | 0x01 | 0x10, baseText.length - 2, 10, insert.length]), insert]);
    await writeHandPack(path.join(dir, '.git'), [{ oid: base, blob: baseText }, { oid: real, base, delta }]);
    expect(() => execFileSync('git', ['cat-file', 'blob', real], { cwd: dir, stdio: 'pipe' })).toThrow();
    const theirs = await isomorphicGit.readBlob({ fs: nodeFs, gitdir: path.join(dir, '.git'), oid: real });
    expect(Buffer.from(theirs.blob).toString()).toBe(made);
    const repo = await openRepo(dir);
    expect(await repo.blobText(real)).toEqual({ status: 'error', problem: `cannot read blob ${real.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)` });
    expect(await repo.blobText(base)).toEqual({ status: 'text', text: 'base of the delta\n', lines: 1, bytes: 18 });
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([`a.txt:1 INCONCLUSIVE cannot read blob ${real.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)`]);
    expect(JSON.stringify(m)).not.toContain('MADE UP');
  });

  it('a made-up commit id the pack index lists with a real commit\'s bytes: the citation is INCONCLUSIVE, never VERIFIED', async () => {
    const fake = '5eed'.repeat(10);
    const dir = await project('made-up-commit', fake);
    const head = git(dir, ['rev-parse', 'HEAD']);
    const bytes = execFileSync('git', ['cat-file', 'commit', head], { cwd: dir });
    await writeHandPack(path.join(dir, '.git'), [{ oid: fake, blob: bytes, type: 1 }]);
    const theirs = await isomorphicGit.readCommit({ fs: nodeFs, gitdir: path.join(dir, '.git'), oid: fake });
    expect(theirs.commit.message).toBe('public\n');
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([`${fake} INCONCLUSIVE cannot read object ${fake.slice(0, 12)}: its content does not match its id (the pack is damaged or altered)`]);
  });

  it('a made-up blob id the pack index lists with a blob over the read limit: the citation is not VERIFIED', async () => {
    const fake = 'b10b'.repeat(10);
    const dir = await project('made-up-big-blob', fake);
    await writeHandPack(path.join(dir, '.git'), [{ oid: fake, blob: Buffer.alloc(MAX_OBJECT_BYTES + 1) }]);
    const m = await analyse(dir);
    // Never read (over the limit, sized from its header): a full SHA names a commit, and this is not one.
    expect(evidenceOf(m)).toEqual([`${fake} INCONCLUSIVE ${fake} is a blob in input/made-up-big-blob, not a commit`]);
  });

  it('REF_DELTAs on each other (a loop) and a REF_DELTA on a missing base: INCONCLUSIVE with the reason, the build never hangs', async () => {
    const dir = await project('ref-delta-loop', 'a.txt:1; b.txt:1; c.txt:1');
    await put(path.join(dir, 'a.txt'), 'one\n');
    await put(path.join(dir, 'b.txt'), 'two\n');
    await put(path.join(dir, 'c.txt'), 'three\n');
    commitAll(dir, 'files');
    const [a, b, c] = ['a.txt', 'b.txt', 'c.txt'].map((f) => git(dir, ['rev-parse', `HEAD:${f}`])) as [string, string, string];
    for (const oid of [a, b, c]) await rm(path.join(dir, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
    // Each delta copies its whole 4-byte base: a on b, b on a; c on an object no one has.
    const copy4 = Buffer.from([4, 4, 0x80 | 0x10, 4]);
    await writeHandPack(path.join(dir, '.git'), [{ oid: a, base: b, delta: copy4 }, { oid: b, base: a, delta: copy4 }, { oid: c, base: 'f'.repeat(40), delta: Buffer.from([6, 6, 0x80 | 0x10, 6]) }]);
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([
      `a.txt:1 INCONCLUSIVE cannot read blob ${a.slice(0, 12)}: delta chain too deep`,
      `b.txt:1 INCONCLUSIVE cannot read blob ${b.slice(0, 12)}: delta chain too deep`,
      `c.txt:1 INCONCLUSIVE cannot read blob ${c.slice(0, 12)}: object ffffffffffff is not in the repository`,
    ]);
  });
});

describe('security-2: the work tree is judged by real paths', () => {
  it('an input passed through a link, with repo the absolute real path: an uncommitted file is still no artifact', async () => {
    const dir = await project('through-link', 'README.md:1; uncommitted.ts:1');
    await put(path.join(dir, 'uncommitted.ts'), 'export const x = 1;\n');
    await put(path.join(dir, 'trailbook.json'), JSON.stringify({ repo: dir }));
    const link = path.join(tmp, 'input-link');
    await symlink(input, link);
    const { projects } = await discoverProjects([link]);
    const found = projects.find((p) => p.dir === path.join(link, 'through-link'));
    if (!found) throw new Error('no project through the link');
    const m = await analyseProject(await prepareProject(found, new RepositoryRegistry(new RepositoryAccess([link]))));
    expect(evidenceOf(m)).toEqual([
      'README.md:1 VERIFIED line 1 of 1 exists at landed head',
      'uncommitted.ts:1 NOT_VERIFIED uncommitted.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence',
    ]);
  });

  it('"repo": ".git" names the git directory: its folder is the work tree, so trailbook.json and the trail are claims there too', async () => {
    const dir = await project('dot-git-named', 'uncommitted.ts:1; trailbook.json');
    await put(path.join(dir, 'uncommitted.ts'), 'export const x = 1;\n');
    await put(path.join(dir, 'trailbook.json'), JSON.stringify({ repo: '.git' }));
    const m = await analyse(dir);
    expect(evidenceOf(m)).toEqual([
      'uncommitted.ts:1 NOT_VERIFIED uncommitted.ts is in the work tree but not committed at the landed head: an uncommitted file is not evidence',
      'trailbook.json NOT_VERIFIED trailbook.json is the record that makes the claim: a claim cannot be its own evidence',
    ]);
  });
});
