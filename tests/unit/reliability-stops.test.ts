/**
 * Reliability under faults found by rel14's fault-injecting trials (docs/reliability.md): a
 * run stopped with Ctrl-C or SIGTERM before it renders, a cache write that fails part-way (a
 * full disk), and a full disk worded by a tool that prints pages of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cacheLockPath, folderTag, lockFolders, outputLockPath, unwritableInCache } from '../../src/cli/writer-lock.ts';
import { UsageError } from '../../src/cli/output.ts';
import { outputFolder } from '../../src/cli/staging.ts';
import { writeAtomic } from '../../src/lib/fs/cache-files.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { Confinement } from '../../src/lib/fs/confined.ts';
import { diskFullWords } from '../../src/lib/text/error-words.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-rel14-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that ran and ended. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
}

const writerLock = resolve(import.meta.dirname, '../../src/cli/writer-lock.ts');

/** Starts a process that takes the locks of `out` and `cache` as a build does, says `locked`, then waits; resolves with it once locked. */
async function lockHolder(out: string, cache: string): Promise<{ ended: Promise<number | null> ; kill: (signal: NodeJS.Signals) => void }> {
  const script = `import { lockFolders } from ${JSON.stringify(writerLock)};
await lockFolders(${JSON.stringify(out)}, ${JSON.stringify(cache)}, () => undefined);
process.stdout.write('locked\\n');
setInterval(() => undefined, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = new Promise<number | null>((resolveEnd) => child.once('exit', (code) => resolveEnd(code)));
  await new Promise<void>((resolveLocked, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolveLocked());
    child.once('exit', (code) => reject(new Error(`the lock holder ended (${code}) before it locked`)));
  });
  return { ended, kill: (signal) => child.kill(signal) };
}

describe('a run stopped before it renders lets its locks go (rel14: Ctrl-C while analysing left both, and the next build said it took them over)', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`${signal}: exits 130 and removes the locks of the output and cache folders`, async () => {
      const out = join(dir, `stop-${signal}`, 'site');
      const cache = join(dir, `stop-${signal}`, 'cache');
      const holder = await lockHolder(out, cache);
      expect(existsSync(outputLockPath(out))).toBe(true);
      expect(existsSync(cacheLockPath(cache))).toBe(true);
      holder.kill(signal);
      expect(await holder.ended).toBe(130);
      expect(existsSync(outputLockPath(out))).toBe(false);
      expect(existsSync(cacheLockPath(cache))).toBe(false);
    });
  }
});

describe('a cache file whose write fails leaves nothing behind (rel14: a full disk left search/parts/p__a.v8.<pid>.tmp in the cache for good)', () => {
  it.skipIf(!existsSync('/dev/full'))('removes its temporary file and raises the write\'s error', async () => {
    const folder = join(dir, 'atomic');
    await mkdir(folder, { recursive: true });
    const path = join(folder, 'p__a.v8');
    // /dev/full answers every write with ENOSPC, as a full disk does.
    await symlink('/dev/full', `${path}.${process.pid}.tmp`);
    const error = await writeAtomic(path, 'bytes').catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('a full disk is said in one line (rel14: Vite\'s dependency optimiser printed 1.5 KB of escaped line breaks, colour codes and a Rust backtrace)', () => {
  it('keeps what failed, the full disk and the file it could not write', () => {
    const rolldown = new Error(
      'Error during dependency optimization:\n\nBuild failed with 1 error:\n\n\u001b[31m[UNHANDLEABLE_ERROR] \u001b[0mSomething went wrong inside rolldown, please report this problem at https://github.com/rolldown/rolldown/issues.\nFailed to write file in /c/vite/deps_temp_8f494746/astro_n_aria-query.js\n\nCaused by:\n    No space left on device (os error 28)\n\nStack backtrace:\n   0: <unknown>\n  12: start_thread\n             at ./nptl/pthread_create.c:442:8\n',
    );
    expect(diskFullWords(rolldown)).toBe('Error during dependency optimization: No space left on device (os error 28): Failed to write file in /c/vite/deps_temp_8f494746/astro_n_aria-query.js');
  });

  it('says a one-line error as it is, its causes too', () => {
    const node = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(diskFullWords(node)).toBe('ENOSPC: no space left on device, write');
    expect(diskFullWords(new Error('could not save', { cause: node }))).toBe('could not save: ENOSPC: no space left on device, write');
  });
});

describe('a cache folder given as a symbolic link (rel14: a link to a folder not made yet stopped the build with "unexpected failure: ENOENT … mkdir" and "this is a bug in Trailbook")', () => {
  it('makes the folder the link leads to, through further links, and leaves the link as it was', async () => {
    const base = join(dir, 'cache-link');
    await mkdir(base, { recursive: true });
    await symlink(join(base, 'caches', 'trailbook'), join(base, 'hop'));
    await symlink(join(base, 'hop'), join(base, 'cache'));
    const lock = await lockFolders(join(base, 'site'), join(base, 'cache'), () => undefined);
    expect(lstatSync(join(base, 'cache')).isSymbolicLink()).toBe(true);
    expect(statSync(join(base, 'caches', 'trailbook')).isDirectory()).toBe(true);
    expect(existsSync(join(base, 'caches', 'trailbook', '.trailbook-lock'))).toBe(true);
    await lock.release();
  });

  it('stops with the folder, the cause and the fix for a link that leads round in a loop', async () => {
    const base = join(dir, 'cache-loop');
    await mkdir(base, { recursive: true });
    await symlink(join(base, 'b'), join(base, 'a'));
    await symlink(join(base, 'a'), join(base, 'b'));
    const error = await lockFolders(join(base, 'site'), join(base, 'a'), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(`the cache folder ${join(base, 'a')} cannot be written: it is a symbolic link that leads round in a loop (ELOOP)`);
    expect((error as UsageError).hint).toBe('give --cache-dir a folder this user can write on a writable disk: every build writes its cache there');
    // The output's lock was let go.
    expect(existsSync(outputLockPath(join(base, 'site')))).toBe(false);
  });
});

describe('an artifact that is too large or binary says so, in the words a file of the repository gets (rel14: a 300 MB log cited as big.log:3 read "big.log exists but its lines cannot be checked: not text")', () => {
  it('names the size of a file too large to read, and a binary file', async () => {
    const project = join(dir, 'artifacts');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'big.log'), 'x'.repeat(99).concat('\n').repeat(30_000));
    await writeFile(join(project, 'image.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    const folder = new ArtifactFolder(project);
    expect(await folder.lookup('big.log')).toEqual({ status: 'file', lines: null, text: null, note: 'file too large to read (3000000 bytes)' });
    expect(await folder.lookup('image.bin')).toEqual({ status: 'file', lines: null, text: null, note: 'binary file' });
  });
});

describe('an artifact that is there but cannot be read says so (rel14: one this user may not read was "not found", real evidence called made up)', () => {
  it('is a file whose lines cannot be checked, with the reason, not a missing one', async () => {
    const project = join(dir, 'unreadable');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'run.log'), 'one\ntwo\n');
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const spy = vi.spyOn(Confinement.prototype, 'open').mockRejectedValueOnce(denied).mockRejectedValueOnce(Object.assign(new Error('EIO'), { code: 'EIO' }));
    try {
      expect(await new ArtifactFolder(project).lookup('run.log')).toEqual({ status: 'file', lines: null, text: null, note: 'cannot be read (EACCES: this user may not read it)' });
      expect(await new ArtifactFolder(project).lookup('run.log')).toEqual({ status: 'file', lines: null, text: null, note: 'cannot be read (EIO)' });
      // Gone between the look and the read: missing, as before.
      spy.mockRejectedValueOnce(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }));
      expect(await new ArtifactFolder(project).lookup('run.log')).toEqual({ status: 'missing' });
    } finally {
      spy.mockRestore();
    }
    expect(await new ArtifactFolder(project).lookup('run.log')).toMatchObject({ status: 'file', lines: 2 });
  });
});

describe('one writer per output folder, however its path is written (rel14: --out /tmp/l/site and --out /tmp/site, l a link to /tmp, built at once into one folder, each with exit 0)', () => {
  it('names the output folder by the real path of the folder holding it, so a second run through a link is stopped', async () => {
    const base = join(dir, 'spelled');
    await mkdir(join(base, 'real'), { recursive: true });
    await symlink(join(base, 'real'), join(base, 'via'));
    const direct = await outputFolder(join(base, 'real', 'site'));
    expect(direct).toBe(join(realpathSync(base), 'real', 'site'));
    expect(await outputFolder(join(base, 'via', 'site'))).toBe(direct);
    const lock = await lockFolders(direct, join(base, 'cache-1'), () => undefined);
    const error = await lockFolders(await outputFolder(join(base, 'via', 'site')), join(base, 'cache-2'), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(/^another Trailbook is writing to the output folder /);
    await lock.release();
  });
});

describe('a previous output that was read-only is removed all the same (rel14: after a build over a chmod a-w site, every later build stopped: "unexpected failure: Error: EACCES … unlink …/.trailbook-old-…/404.html")', () => {
  // As root the permissions do not apply: the removal runs as nobody then.
  const root = process.getuid?.() === 0;
  it.skipIf(process.platform !== 'linux' || (root && !existsSync('/usr/bin/setpriv')))('makes its folders writable and removes it', async () => {
    const parent = join(dir, 'read-only-old');
    const out = join(parent, 'site');
    const old = join(parent, `.trailbook-old-${folderTag(out)}-${deadPid()}-mxb8u7gn`);
    await mkdir(join(old, 'p', 'a'), { recursive: true });
    await writeFile(join(old, '404.html'), 'gone');
    await writeFile(join(old, 'p', 'a', 'index.html'), 'page');
    await mkdir(out);
    if (root) {
      await chmod(dir, 0o755);
      execFileSync('chown', ['-R', '65534:65534', parent]);
    }
    for (const folder of [join(old, 'p', 'a'), join(old, 'p'), old]) await chmod(folder, 0o555);
    const script = `import { recoverLeftovers } from ${JSON.stringify(resolve(import.meta.dirname, '../../src/cli/staging.ts'))};
const notices = [];
await recoverLeftovers(${JSON.stringify(out)}, (line) => notices.push(line));
process.stdout.write(JSON.stringify(notices));`;
    const command = root ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--input-type=module', '-e', script]] as const : [process.execPath, ['--input-type=module', '-e', script]] as const;
    const printed = execFileSync(command[0], [...command[1]], { encoding: 'utf8', env: { ...process.env, HOME: parent } });
    expect(JSON.parse(printed)).toEqual([]);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(out)).toBe(true);
  });
});

describe('a file of the cache that cannot be written part-way stops the build naming it, never as a bug (rel14: a cache projects/ folder made read-only gave "unexpected failure: Error: EACCES … open …/leomartindev__plume.model.json.5326.tmp", a stack trace and "this is a bug in Trailbook")', () => {
  it('names the cache folder, the file, the cause and the fix', () => {
    const cache = join(dir, 'cache');
    const error = Object.assign(new Error(`EACCES: permission denied, open '${join(cache, 'projects', 'a.model.json.5326.tmp')}'`), { code: 'EACCES', path: join(cache, 'projects', 'a.model.json.5326.tmp') });
    const stop = unwritableInCache(error, cache);
    expect(stop).toBeInstanceOf(UsageError);
    expect((stop as UsageError).message).toBe(`the cache folder ${cache} cannot be written: ${join(cache, 'projects', 'a.model.json')}: this user may not write there (EACCES)`);
    expect((stop as UsageError).hint).toBe(`make it writable by this user (chmod -R u+w ${cache}), or give --cache-dir another folder: every build writes its cache there`);
    const readOnly = Object.assign(new Error('EROFS'), { code: 'EROFS', path: join(cache, 'search', 'parts.json') });
    expect((unwritableInCache(readOnly, cache) as UsageError).message).toBe(`the cache folder ${cache} cannot be written: ${join(cache, 'search', 'parts.json')}: it is on a read-only disk (EROFS)`);
    // Anything else, or outside the cache, is what it is.
    const elsewhere = Object.assign(new Error('EACCES'), { code: 'EACCES', path: join(dir, 'records', 'a.tsv') });
    expect(unwritableInCache(elsewhere, cache)).toBe(elsewhere);
    const other = new Error('other');
    expect(unwritableInCache(other, cache)).toBe(other);
  });
});

describe('temporary files a stopped build left in the cache are removed by the next run (rel14 left-alone item: `kill -9` left projects/<id>.model.json.<pid>.tmp for good)', () => {
  /** A cache holding the temporary files of a build stopped while it wrote, and files of ours and of others' that are no temporary files of a write. */
  async function strewn(base: string, pid: number): Promise<{ cache: string; temporary: string[]; kept: string[] }> {
    const cache = join(base, 'cache');
    const temporary = [`projects/a.model.json.${pid}.tmp`, `search/parts/p__a.v8.${pid}.tmp`, `evidence/commits/r/0a.json.${pid}.tmp`, `rendered.json.${pid}.tmp`];
    const kept = ['projects/a.model.json', 'projects/notes.tmp', 'astro/data-store.json.77.tmp', 'vite/deps/x.77.tmp'];
    for (const rel of [...temporary, ...kept]) {
      await mkdir(join(cache, rel, '..'), { recursive: true });
      await writeFile(join(cache, rel), 'bytes');
    }
    return { cache, temporary, kept };
  }

  it('after a kill: the lock of a process that no longer runs is taken over, and the temporary files of writes are removed; files of other names and Astro\'s and Vite\'s are left', async () => {
    const base = join(dir, 'sweep-killed');
    const pid = deadPid();
    const { cache, temporary, kept } = await strewn(base, pid);
    await writeFile(cacheLockPath(cache), JSON.stringify({ pid, host: hostname(), command: 'trailbook build runs', started: '2026-12-02T07:00:00.000Z', tick: null }));
    const lock = await lockFolders(join(base, 'site'), cache, () => undefined);
    for (const rel of temporary) expect(existsSync(join(cache, rel)), rel).toBe(false);
    for (const rel of kept) expect(existsSync(join(cache, rel)), rel).toBe(true);
    await lock.release();
  });

  it('after SIGTERM: the run leaves a mark as it lets its lock go, and the next run removes the temporary files and the mark', async () => {
    const base = join(dir, 'sweep-stopped');
    const out = join(base, 'site');
    const cache = join(base, 'cache');
    const holder = await lockHolder(out, cache);
    const { temporary, kept } = await strewn(base, 4242);
    holder.kill('SIGTERM');
    expect(await holder.ended).toBe(130);
    expect(existsSync(cacheLockPath(cache))).toBe(false);
    const notices: string[] = [];
    const lock = await lockFolders(out, cache, (line) => notices.push(line));
    expect(notices).toEqual([]);
    for (const rel of temporary) expect(existsSync(join(cache, rel)), rel).toBe(false);
    for (const rel of kept) expect(existsSync(join(cache, rel)), rel).toBe(true);
    expect((await readdir(cache)).filter((name) => name.startsWith('.trailbook'))).toEqual(['.trailbook-lock']);
    await lock.release();
  });

  it('after a run that ended: the cache is not listed (a listing costs 40 ms at 1,000 projects), and a run that did not finish marks it for the next', async () => {
    const base = join(dir, 'sweep-ended');
    const { cache, temporary } = await strewn(base, 4242);
    await (await lockFolders(join(base, 'site'), cache, () => undefined)).release();
    for (const rel of temporary) expect(existsSync(join(cache, rel)), rel).toBe(true);
    await (await lockFolders(join(base, 'site'), cache, () => undefined)).release(false);
    await (await lockFolders(join(base, 'site'), cache, () => undefined)).release();
    for (const rel of temporary) expect(existsSync(join(cache, rel)), rel).toBe(false);
  });
});
