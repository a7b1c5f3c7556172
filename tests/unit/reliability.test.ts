/**
 * Reliability under faults (issue 28; docs/reliability.md), the parts testable without a
 * build: who the dev server answers (reproduction 4), one writer per folder, what a stopped
 * run left beside its output, the record's promised files, checked cache files, verified
 * shards, and an install's own site copy (reproduction 6). The builds and merges killed at
 * every stage are in tests/e2e/fault-injection.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostName, isAllowedHost, serveArchive, type ArchiveServer } from '../../src/cli/serve.ts';
import { cacheLockPath, folderTag, lockFolders, outputLockPath, takeLock, unwritable } from '../../src/cli/writer-lock.ts';
import { discardAside, outputFolder, recoverLeftovers, removeOutputFolder, swapIn } from '../../src/cli/staging.ts';
import { forgetRecord, ownerKey, promisedFile, presentPages, reusableRecord } from '../../src/lib/build/incremental.ts';
import { readCacheJson, removeCacheFile, repairCacheFolders, writeAtomic } from '../../src/lib/fs/cache-files.ts';
import { onCacheNotice } from '../../src/lib/fs/cache-notice.ts';
import { CacheDamage, FileSums } from '../../src/lib/archive/file-sums.ts';
import { contentSum, listContents, ShardDamageError, verifyShard } from '../../src/lib/shard/verify-shard.ts';
import { damageWords } from '../../src/cli/shard-words.ts';
import { SHARD_CONTENTS, SHARD_DATA, type ShardManifest } from '../../src/lib/shard/manifest.ts';
import type { GivenShard } from '../../src/lib/shard/check-shards.ts';
import { siteRoot, type Install } from '../../src/cli/site-root.ts';
import { UsageError } from '../../src/cli/output.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { createHash } from 'node:crypto';
import { isDiskFull } from '../../src/lib/fs/disk-full.ts';
import { errorWords } from '../../src/lib/text/error-words.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-reliability-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that ran and ended. */
function deadPid(): number {
  return Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
}

describe('the dev server answers only its own origin (reproduction 4)', () => {
  let server: ArchiveServer;

  beforeAll(async () => {
    const site = join(dir, 'served');
    await mkdir(site, { recursive: true });
    await writeFile(join(site, 'index.html'), '<html><body>private</body></html>');
    server = await serveArchive({ root: site, base: '/', host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** GET / with the given Host header; resolves with the status and body. */
  const getWithHost = (host: string): Promise<{ status: number; body: string }> =>
    new Promise((resolvePromise, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('refuses a page of another site whose name was rebound to 127.0.0.1: 403, nothing of the archive', async () => {
    expect(await getWithHost('attacker.example:4321')).toEqual({ status: 403, body: 'forbidden: this server answers requests for localhost, 127.0.0.1 only, not for "attacker.example:4321"\n' });
    expect((await getWithHost('localhost.attacker.example')).status).toBe(403);
  });

  it('serves loopback names and addresses', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, 'LOCALHOST.', `[::1]:${server.port}`, 'app.localhost']) {
      expect(await getWithHost(host), host).toEqual({ status: 200, body: '<html><body>private</body></html>' });
    }
  });

  it('reads the name out of a Host header', () => {
    expect(hostName('Example.ORG.:80')).toBe('example.org');
    expect(hostName('[::1]:4321')).toBe('::1');
    expect(hostName('::1')).toBeNull();
    expect(hostName('')).toBeNull();
    expect(hostName(undefined)).toBeNull();
  });

  it('allows the host the user chose with --host, and IP addresses, and nothing else', () => {
    expect(isAllowedHost('devbox.lan:4321', 'devbox.lan')).toBe(true);
    expect(isAllowedHost('devbox.lan:4321', '127.0.0.1')).toBe(false);
    expect(isAllowedHost('192.168.1.20:4321', '0.0.0.0')).toBe(true);
    expect(isAllowedHost('evil.example', '0.0.0.0')).toBe(false);
    expect(isAllowedHost(undefined, '127.0.0.1')).toBe(false);
  });

  it('takes the next free port when the default one is taken, and fails on a port asked for', async () => {
    const next = await serveArchive({ root: dir, base: '/', host: '127.0.0.1', port: server.port, portIfTaken: 'next' });
    try {
      expect(next.port).not.toBe(server.port);
      expect(next.url).toBe(`http://127.0.0.1:${next.port}/`);
    } finally {
      await next.close();
    }
    await expect(serveArchive({ root: dir, base: '/', host: '127.0.0.1', port: server.port, portIfTaken: 'fail' })).rejects.toThrow(`port ${server.port} on 127.0.0.1 is in use`);
  });
});

describe('one writer per output and cache folder', () => {
  it('stops a second run, naming the process that holds the folder', async () => {
    const out = join(dir, 'lock-a', 'site');
    await mkdir(join(dir, 'lock-a'), { recursive: true });
    const holder = { pid: process.pid, host: hostname(), command: 'trailbook build runs --out site', started: '2026-12-02T08:00:00.000Z', tick: null };
    await writeFile(outputLockPath(out), JSON.stringify(holder));
    const error = await takeLock(outputLockPath(out), out, 'output', () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(`another Trailbook is writing to the output folder ${out} (pid ${process.pid}, \`trailbook build runs --out site\`, started 2026-12-02T08:00:00.000Z)`);
    expect((error as UsageError).hint).toBe(`wait for it to end, or stop it (kill ${process.pid}); two runs into one output folder would mix their files`);
  });

  it('stops with the folder, the cause and the fix when a folder cannot be written, never as a bug in Trailbook (a trial: a read-only cache disk gave a stack trace)', async () => {
    const parent = join(dir, 'unwritable');
    await mkdir(parent, { recursive: true });
    await writeFile(join(parent, 'cache'), 'a file');
    const error = await lockFolders(join(parent, 'site'), join(parent, 'cache'), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(`the cache folder ${join(parent, 'cache')} cannot be written: a file is in its place, or in the place of a folder above it (EEXIST)`);
    expect((error as UsageError).hint).toBe('give --cache-dir a folder this user can write on a writable disk: every build writes its cache there');
    // The output's lock was let go: the output can be locked again.
    await (await lockFolders(join(parent, 'site'), join(parent, 'cache-2'), () => undefined)).release();
    const readOnly = unwritable(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }), 'output', join(parent, 'site'));
    expect((readOnly as UsageError).message).toBe(`the output folder ${join(parent, 'site')} cannot be written: it is on a read-only disk (EROFS)`);
    const other = new Error('other');
    expect(unwritable(other, 'cache', parent)).toBe(other);
  });

  it('removes a folder found in the place of a lock, saying so, and takes the lock (a trial: "could not lock", with the fix "delete that file")', async () => {
    const cache = join(dir, 'lock-folder');
    await mkdir(join(cacheLockPath(cache), 'x'), { recursive: true });
    const notices: string[] = [];
    const lock = await takeLock(cacheLockPath(cache), cache, 'cache', (line) => notices.push(line));
    expect(notices).toEqual([`  notice: removed a folder in the place of the lock of the cache folder ${cache} (.trailbook-lock)`]);
    expect(statSync(cacheLockPath(cache)).isFile()).toBe(true);
    await lock.release();
  });

  it('waits for the holder to end when asked to (the rebuilds of trailbook dev)', async () => {
    const cache = join(dir, 'lock-wait');
    await mkdir(cache, { recursive: true });
    await writeFile(cacheLockPath(cache), JSON.stringify({ pid: process.pid, host: hostname(), command: 'trailbook dev runs', started: '2026-12-02T08:00:00.000Z', tick: null }));
    const notices: string[] = [];
    setTimeout(() => void rm(cacheLockPath(cache)), 600);
    const lock = await takeLock(cacheLockPath(cache), cache, 'cache', (line) => notices.push(line), true);
    expect(notices).toEqual([`  waiting for another Trailbook writing to the cache folder ${cache} (pid ${process.pid}, \`trailbook dev runs\`, started 2026-12-02T08:00:00.000Z)…`]);
    await lock.release();
  });

  it('takes over the lock of a process that no longer runs, saying so, and releases it', async () => {
    const cache = join(dir, 'lock-b');
    await mkdir(cache, { recursive: true });
    const pid = deadPid();
    await writeFile(cacheLockPath(cache), JSON.stringify({ pid, host: hostname(), command: 'trailbook build runs', started: '2026-12-02T07:00:00.000Z', tick: null }));
    const notices: string[] = [];
    const lock = await takeLock(cacheLockPath(cache), cache, 'cache', (line) => notices.push(line));
    expect(notices).toEqual([`  notice: took over the lock of the cache folder ${cache} from a Trailbook that no longer runs (pid ${pid}, \`trailbook build runs\`, started 2026-12-02T07:00:00.000Z)`]);
    expect(JSON.parse(readFileSync(cacheLockPath(cache), 'utf8')).pid).toBe(process.pid);
    await lock.release();
    expect(existsSync(cacheLockPath(cache))).toBe(false);
  });

  // Round-2 trial: a build killed with SIGKILL stays a zombie until its parent or init reaps it;
  // a rebuild started at once was refused ("another Trailbook is writing…") by a dead process.
  it.skipIf(process.platform !== 'linux')('takes over the lock of a killed process not reaped yet (a zombie)', async () => {
    const cache = join(dir, 'lock-zombie');
    await mkdir(cache, { recursive: true });
    // The background `sleep 0.3` ends after its shell became `sleep 30`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolveLine) => parent.stdout.once('data', (d: Buffer) => resolveLine(d.toString().trim()))));
      while (!/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((r) => setTimeout(r, 20));
      const tick = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? null;
      await writeFile(cacheLockPath(cache), JSON.stringify({ pid, host: hostname(), command: 'trailbook build runs', started: '2026-12-02T07:00:00.000Z', tick }));
      const notices: string[] = [];
      const lock = await takeLock(cacheLockPath(cache), cache, 'cache', (line) => notices.push(line));
      expect(notices).toEqual([`  notice: took over the lock of the cache folder ${cache} from a Trailbook that no longer runs (pid ${pid}, \`trailbook build runs\`, started 2026-12-02T07:00:00.000Z)`]);
      await lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});

describe('what a stopped run left beside its output', () => {
  it('puts back the previous output set aside by a swap that stopped half-way, and removes staging folders', async () => {
    const parent = join(dir, 'leftovers');
    const out = join(parent, 'site');
    const tag = folderTag(out);
    const pid = deadPid();
    await mkdir(join(parent, `.trailbook-previous-${tag}-${pid}-mx1`), { recursive: true });
    await writeFile(join(parent, `.trailbook-previous-${tag}-${pid}-mx1`, 'index.html'), 'previous');
    await mkdir(join(parent, `.trailbook-staging-${tag}-${pid}-mx2`, 'site'), { recursive: true });
    // Of the form before output tags, and another output's running build's (left alone).
    await mkdir(join(parent, `.trailbook-staging-${pid}-mx3`), { recursive: true });
    await mkdir(join(parent, `.trailbook-staging-${folderTag(join(parent, 'other'))}-${process.ppid}-mx4`), { recursive: true });
    const notices: string[] = [];
    await recoverLeftovers(out, (line) => notices.push(line));
    expect(notices).toEqual([`  notice: put back the archive in ${out}: a run was stopped while replacing it`, `  notice: removed 2 staging folders a stopped run left beside ${out}`]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect((await readdir(parent)).sort()).toEqual([`.trailbook-staging-${folderTag(join(parent, 'other'))}-${process.ppid}-mx4`, 'site']);
  });

  it('builds into the folder an output given as a symbolic link leads to, leaving the link in place (a trial: the link was replaced by a folder, the folder it led to kept the stale archive)', async () => {
    const parent = join(dir, 'linked');
    await mkdir(join(parent, 'releases', 'current'), { recursive: true });
    await writeFile(join(parent, 'releases', 'current', 'index.html'), 'old');
    await symlink(join('releases', 'current'), join(parent, 'site'));
    // A link to a folder not made yet, through a second link.
    await symlink('missing', join(parent, 'dangling'));
    await symlink('dangling', join(parent, 'chain'));
    const out = await outputFolder(join(parent, 'site'));
    expect(out).toBe(join(realpathSync(parent), 'releases', 'current'));
    expect(await outputFolder(join(parent, 'chain'))).toBe(join(realpathSync(parent), 'missing'));
    expect(await outputFolder(join(parent, 'releases', 'current'))).toBe(join(parent, 'releases', 'current'));
    expect(await outputFolder(join(parent, 'none'))).toBe(join(parent, 'none'));
    await mkdir(join(parent, 'releases', 'staged'));
    await writeFile(join(parent, 'releases', 'staged', 'index.html'), 'new');
    await swapIn(join(parent, 'releases', 'staged'), out);
    expect(lstatSync(join(parent, 'site')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(parent, 'site', 'index.html'), 'utf8')).toBe('new');
  });

  it('swaps a staged site in, setting the previous one aside for the caller to remove', async () => {
    const parent = join(dir, 'swap');
    const out = join(parent, 'site');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.html'), 'old');
    await mkdir(join(parent, 'staged'));
    await writeFile(join(parent, 'staged', 'index.html'), 'new');
    const aside = await swapIn(join(parent, 'staged'), out);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('new');
    expect(readFileSync(join(aside as string, 'index.html'), 'utf8')).toBe('old');
    expect(aside).toMatch(new RegExp(`/\\.trailbook-previous-${folderTag(out)}-${process.pid}-[0-9a-z]+$`));
  });

  it('names the set-aside previous output old before it returns, and removes it in a process of its own (issue 30: the build does not wait for it)', async () => {
    const parent = join(dir, 'discard');
    const out = join(parent, 'site');
    const aside = join(parent, `.trailbook-previous-${folderTag(out)}-${process.pid}-mx1`);
    await mkdir(join(aside, 'p', 'a', 'rows', '2'), { recursive: true });
    await writeFile(join(aside, 'p', 'a', 'rows', '2', 'index.html'), 'old');
    await mkdir(out);
    await discardAside(aside, out);
    const seen = new Set<string>(await readdir(parent));
    expect([...seen].filter((name) => name.startsWith('.trailbook-previous-'))).toEqual([]);
    // Waits for the remover (no time asserted): every name the folder had on the way is the aside's or an old one's.
    for (let left = await readdir(parent); left.length > 1; left = await readdir(parent)) {
      for (const name of left) seen.add(name);
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
    expect(await readdir(parent)).toEqual(['site']);
    for (const name of seen) if (name !== 'site') expect(name).toMatch(new RegExp(`^\\.trailbook-old-${folderTag(out)}-\\d+-[0-9a-z]+$`));
  });

  it('removes a folder holding an output while the remover of its previous output still works inside it (CI: trailbook dev stopped right after a rebuild exited 2, ENOTEMPTY)', async () => {
    // The remover renamed the set-aside output inside the folder after a plain rm listed it: rm's
    // last rmdir then failed (40 rounds at increasing delays failed 10 times). It is renamed
    // before discardAside returns now, and the removal retries while the remover deletes.
    for (let round = 0; round < 40; round++) {
      const folder = join(dir, `dev-folder-${round}`);
      const out = join(folder, 'site');
      const aside = join(folder, `.trailbook-previous-${folderTag(out)}-${process.pid}-mx${round}`);
      for (let d = 0; d < 30; d++) {
        await mkdir(join(aside, `d${d}`), { recursive: true });
        await mkdir(join(out, `d${d}`), { recursive: true });
        for (let f = 0; f < 20; f++) {
          await writeFile(join(aside, `d${d}`, `${f}.html`), 'old');
          await writeFile(join(out, `d${d}`, `${f}.html`), 'new');
        }
      }
      await discardAside(aside, out);
      await new Promise((resolveWait) => setTimeout(resolveWait, round % 20));
      await removeOutputFolder(folder);
      expect(existsSync(folder)).toBe(false);
    }
    // 40 rounds of 2,400 files each: 20-40 s on an idle 2-core machine, over 60 s under a shared
    // one's load (CI on e15d324 timed out here with every assertion passing so far).
  }, 300_000);

  it('never puts an old output back: a removal stopped part-way is finished by the next run; one still running is left to it', async () => {
    const parent = join(dir, 'old-leftovers');
    const out = join(parent, 'site');
    const tag = folderTag(out);
    const stopped = join(parent, `.trailbook-old-${tag}-${deadPid()}-mx1`);
    await mkdir(join(stopped, 'p'), { recursive: true });
    await writeFile(join(stopped, 'index.html'), 'half removed');
    await mkdir(join(parent, `.trailbook-old-${tag}-${process.ppid}-mx2`), { recursive: true });
    const notices: string[] = [];
    await recoverLeftovers(out, (line) => notices.push(line));
    expect(notices).toEqual([]);
    expect((await readdir(parent)).sort()).toEqual([`.trailbook-old-${tag}-${process.ppid}-mx2`]);
  });

  it('puts the previous output back at once when the new one cannot be renamed in', async () => {
    const parent = join(dir, 'swap-fails');
    const out = join(parent, 'site');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.html'), 'old');
    await expect(swapIn(join(parent, 'no-such-staging'), out)).rejects.toThrow('ENOENT');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('old');
    expect(await readdir(parent)).toEqual(['site']);
  });
});

describe('a full disk is told apart from a bug', () => {
  it('by its code, its cause\'s code, or the words of a tool that gives none (Vite\'s rolldown)', () => {
    expect(isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(new Error('An unknown error occurred while reading or writing files to disk.', { cause: Object.assign(new Error('x'), { code: 'ENOSPC' }) }))).toBe(true);
    expect(isDiskFull(new Error('Error during dependency optimization:\n\nFailed to write file in /c/vite/deps_temp/a.js.map\n\nCaused by:\n    No space left on device (os error 28)'))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' }))).toBe(false);
    expect(isDiskFull(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('a failure is never told as an empty line', () => {
  it('an error without a message says its title and its cause', () => {
    const astro = Object.assign(new Error('', { cause: Object.assign(new Error("EISDIR: illegal operation on a directory, open '/c/astro/data-store.json.tmp'"), { code: 'EISDIR' }) }), { title: 'An unknown error occurred while reading or writing files to disk.' });
    expect(errorWords(astro)).toBe("An unknown error occurred while reading or writing files to disk.: EISDIR: illegal operation on a directory, open '/c/astro/data-store.json.tmp'");
    expect(errorWords(new Error('ENOSPC: no space left on device, write'))).toBe('ENOSPC: no space left on device, write');
    expect(errorWords(new Error('write failed: ENOSPC', { cause: new Error('ENOSPC') }))).toBe('write failed: ENOSPC');
    expect(errorWords(new TypeError(''))).toBe('TypeError');
  });
});

describe('the record of rendered pages is checked against the files it promises', () => {
  it('names the file each entry is checked by', () => {
    expect(promisedFile('project:runs-a')).toBe('p/runs-a/index.html');
    expect(promisedFile('exports:runs-a')).toBe('p/runs-a/recap.json.gz');
    expect(promisedFile(`commit:repo.git/${'a'.repeat(40)}`)).toBe(`r/repo.git/commit/${'a'.repeat(40)}/index.html`);
    expect(promisedFile('file:r/repo.git/src/a.ts')).toBe('r/repo.git/file/src/a.ts/index.html');
    expect(promisedFile('file:p/runs-a/bench.txt')).toBe('p/runs-a/file/bench.txt/index.html');
    // A file as it was at a commit (found by rebuild6: its entry was always "missing", so it was rendered again by every rebuild, with a notice).
    expect(promisedFile(`file:r/repo.git/at/${'b'.repeat(40)}/src/a.ts`)).toBe(`r/repo.git/at/${'b'.repeat(40)}/file/src/a.ts/index.html`);
    expect(ownerKey(`r/repo.git/at/${'b'.repeat(40)}/file/src/a.ts/index.html`)).toBe(`file:r/repo.git/at/${'b'.repeat(40)}/src/a.ts`);
    expect(ownerKey('r/repo.git/file/src/a.ts/index.html')).toBe('file:r/repo.git/src/a.ts');
    expect(promisedFile('other:x')).toBeNull();
  });

  it('keeps only the entries whose files are there (reproduction 1: recaps lost, the record kept)', async () => {
    const out = join(dir, 'promised');
    await mkdir(join(out, 'p', 'a'), { recursive: true });
    await writeFile(join(out, 'p', 'a', 'index.html'), 'a');
    expect(await presentPages(out, { 'project:a': '1', 'project:b': '2', 'exports:a': '1' })).toEqual({ pages: { 'project:a': '1' }, missing: 2 });
  });
});

describe('the record of rendered pages is said damaged when it is not one a build wrote', () => {
  it('renders every page again with a notice for a record of another shape; a record of another output or site silently', async () => {
    const cache = join(dir, 'record-shapes');
    const out = join(dir, 'record-shapes-site');
    await mkdir(cache, { recursive: true });
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'index.html'), '<html></html>');
    const notices: string[] = [];
    onCacheNotice((line) => notices.push(line));
    try {
      for (const text of ['{}', '[]', '1', '"x"', '{"site":"s","base":"/","pages":5}']) {
        await writeFile(join(cache, 'rendered.json'), text);
        expect(await reusableRecord(cache, out, 's', '/')).toBe(null);
      }
      expect(notices).toEqual(Array(5).fill("  notice: the cache's rendered.json is damaged (not a record of rendered pages); made again from the input"));
      notices.length = 0;
      await writeFile(join(cache, 'rendered.json'), JSON.stringify({ site: 's', base: '/', pages: {}, outDir: join(dir, 'elsewhere'), seal: 'x' }));
      expect(await reusableRecord(cache, out, 's', '/')).toBe(null);
      expect(await reusableRecord(cache, out, 'other code', '/')).toBe(null);
      expect(notices).toEqual([]);
    } finally {
      onCacheNotice(null);
    }
  });
});

describe('cache files are checked as they are read', () => {
  it('refuses a file cut short, altered, or missing, naming it', async () => {
    const root = join(dir, 'sums');
    await mkdir(join(root, 'docs'), { recursive: true });
    await writeFile(join(root, 'docs', '0.bin'), '0123456789');
    const sums = new FileSums(root, {});
    sums.record('p/a', [join(root, 'docs', '0.bin')]);
    expect(sums.read('p/a', join(root, 'docs', '0.bin')).toString()).toBe('0123456789');
    await truncate(join(root, 'docs', '0.bin'), 3);
    expect(() => sums.read('p/a', join(root, 'docs', '0.bin'))).toThrow(new CacheDamage('docs/0.bin', '3 bytes, 10 were written'));
    await writeFile(join(root, 'docs', '0.bin'), '0123456788');
    expect(() => sums.read('p/a', join(root, 'docs', '0.bin'))).toThrow('docs/0.bin is damaged: its sha256 is not the one recorded');
    await rm(join(root, 'docs', '0.bin'));
    expect(() => sums.read('p/a', join(root, 'docs', '0.bin'))).toThrow('docs/0.bin is damaged: it cannot be read (ENOENT)');
    expect(() => sums.read('p/b', join(root, 'docs', '0.bin'))).toThrow('docs/0.bin is damaged: no size and sha256 were recorded for it');
  });

  it('replaces a folder found where a cache file goes, saying it is damaged (a trial: every later build failed with EISDIR and a stack trace)', async () => {
    const cache = join(dir, 'folder-in-place');
    for (const name of ['input-hashes.json', 'rendered.json']) await mkdir(join(cache, name, 'x'), { recursive: true });
    const problems: string[] = [];
    expect(await readCacheJson(join(cache, 'input-hashes.json'), (problem) => problems.push(problem))).toBe(null);
    expect(problems).toEqual(['a folder, not a file']);
    await writeAtomic(join(cache, 'input-hashes.json'), '{"a":1}');
    expect(await readCacheJson(join(cache, 'input-hashes.json'), (problem) => problems.push(problem))).toEqual({ a: 1 });
    // A file that cannot be read (a link loop here; permissions for a user other than root).
    await symlink('loop.json', join(cache, 'loop.json'));
    expect(await readCacheJson(join(cache, 'loop.json'), (problem) => problems.push(problem))).toBe(null);
    expect(problems).toEqual(['a folder, not a file', 'it cannot be read (ELOOP)']);
    expect(await readCacheJson(join(cache, 'missing.json'), (problem) => problems.push(problem))).toBe(null);
    expect(problems).toHaveLength(2);
    await writeAtomic(join(cache, 'loop.json'), '{}');
    await removeCacheFile(join(cache, 'loop.json'));
    await forgetRecord(cache);
    expect(existsSync(join(cache, 'rendered.json'))).toBe(false);
    await removeCacheFile(join(cache, 'input-hashes.json'));
    await removeCacheFile(join(cache, 'missing.json'));
    expect(await readdir(cache)).toEqual([]);
  });

  it('removes a file found where a folder of the cache goes, and a folder where Astro\'s content store goes, saying so (a trial: EEXIST … mkdir, ENOTDIR, Astro\'s stack trace on every later build)', async () => {
    const cache = join(dir, 'file-in-place');
    await mkdir(join(cache, 'astro', 'data-store.json'), { recursive: true });
    await mkdir(join(cache, 'projects'), { recursive: true });
    await writeFile(join(cache, 'projects', 'a.model.json'), '{}');
    await writeFile(join(cache, 'search'), 'junk');
    await writeFile(join(cache, 'history'), '');
    const notices: string[] = [];
    onCacheNotice((line) => notices.push(line));
    try {
      await repairCacheFolders(cache);
    } finally {
      onCacheNotice(null);
    }
    expect(notices).toEqual([
      "  notice: the cache's search is damaged (a file, not a folder); made again from the input",
      "  notice: the cache's history is damaged (a file, not a folder); made again from the input",
      "  notice: the cache's astro/data-store.json is damaged (a folder, not a file); made again from the input",
    ]);
    expect((await readdir(cache)).sort()).toEqual(['astro', 'projects']);
    expect(await readdir(join(cache, 'astro'))).toEqual([]);
    expect(await readdir(join(cache, 'projects'))).toEqual(['a.model.json']);
  });

  it('publishes a file of the previous output by link only when its bytes are the recorded ones; never links into the cache (issue 30)', async () => {
    const root = join(dir, 'sums-published');
    const cache = join(root, 'cache');
    const previous = join(root, 'previous');
    await mkdir(join(cache, 'docs', 'p', 'a'), { recursive: true });
    await mkdir(previous, { recursive: true });
    for (const [name, text] of [['0.bin', 'zero'], ['1.bin', 'one'], ['2.bin', 'two'], ['3.bin', 'three']]) await writeFile(join(cache, 'docs', 'p', 'a', name as string), text as string);
    const sums = new FileSums(cache, {});
    sums.record('p/a', ['0.bin', '1.bin', '2.bin', '3.bin'].map((n) => join(cache, 'docs', 'p', 'a', n)));
    // The previous output: 0.bin as published, 1.bin altered (same size), 2.bin cut short, 3.bin missing.
    await writeFile(join(previous, '0.bin'), 'zero');
    await writeFile(join(previous, '1.bin'), 'onE');
    await writeFile(join(previous, '2.bin'), 'tw');
    const out = join(root, 'out');
    expect(sums.copyUnder('p/a', join(cache, 'docs', 'p', 'a'), out, previous)).toBe(4);
    const ino = (path: string): bigint => statSync(path, { bigint: true }).ino;
    const files = ['0.bin', '1.bin', '2.bin', '3.bin'].map((n) => [n, readFileSync(join(out, n), 'utf8'), ino(join(out, n)) === ino(join(previous, n === '3.bin' ? '0.bin' : n)), ino(join(out, n)) === ino(join(cache, 'docs', 'p', 'a', n))]);
    expect(files).toEqual([
      ['0.bin', 'zero', true, false],
      ['1.bin', 'one', false, false],
      ['2.bin', 'two', false, false],
      ['3.bin', 'three', false, false],
    ]);
    // The previous output is as it was.
    expect(['0.bin', '1.bin', '2.bin'].map((n) => readFileSync(join(previous, n), 'utf8'))).toEqual(['zero', 'onE', 'tw']);
  });
});

/** {@link verifyShard}, its refusal (a code and data) worded as the CLI says it (src/cli/shard-words.ts). */
async function verified(shard: GivenShard): Promise<void> {
  try {
    await verifyShard(shard);
  } catch (error) {
    if (error instanceof ShardDamageError) throw new Error(damageWords(error.damage).message);
    throw error;
  }
}

describe('a shard is verified against the list of its files (reproduction 2)', () => {
  let shardDir: string;
  let shard: GivenShard;

  beforeAll(async () => {
    shardDir = join(dir, 'shard-1');
    await mkdir(join(shardDir, 'p', 'a'), { recursive: true });
    await mkdir(join(shardDir, 'p', 'b'), { recursive: true });
    await mkdir(join(shardDir, SHARD_DATA, 'projects'), { recursive: true });
    await writeFile(join(shardDir, 'index.html'), 'home');
    await writeFile(join(shardDir, 'p', 'a', 'index.html'), 'recap a');
    await writeFile(join(shardDir, 'p', 'b', 'index.html'), 'recap b');
    await writeFile(join(shardDir, SHARD_DATA, 'projects', 'a.summary.json'), '{}');
    const contents = Buffer.from(JSON.stringify(await listContents(shardDir)));
    await writeFile(join(shardDir, SHARD_DATA, SHARD_CONTENTS), contents);
    await writeFile(join(shardDir, SHARD_DATA, 'shard.json'), '{}');
    shard = { dir: shardDir, display: 'shard-1', manifest: { shard: { index: 1, count: 2 }, contents: contentSum(contents) } as ShardManifest };
  });

  it('lists every file but the manifest and the list itself', async () => {
    expect(Object.keys(await listContents(shardDir))).toEqual(['index.html', 'p/a/index.html', 'p/b/index.html', `${SHARD_DATA}/projects/a.summary.json`]);
    await expect(verifyShard(shard)).resolves.toBeUndefined();
  });

  it('refuses a shard whose project folder was lost, naming the first missing file', async () => {
    await rm(join(shardDir, 'p', 'a'), { recursive: true });
    await expect(verified(shard)).rejects.toThrow('shard 1/2 (shard-1) is incomplete: p/a/index.html is missing (its manifest lists 4 files, 3 are there)');
    // The core's refusal is a code and its data; the words above are the CLI's.
    expect(await verifyShard(shard).catch((error: ShardDamageError) => error.damage)).toEqual({ code: 'file-missing', shard: { shard: { index: 1, count: 2 }, display: 'shard-1' }, path: 'p/a/index.html', listed: 4, present: 3 });
    await mkdir(join(shardDir, 'p', 'a'));
    await writeFile(join(shardDir, 'p', 'a', 'index.html'), 'recap a');
  });

  it('refuses a file altered, of another size or the same, and a file more', async () => {
    await writeFile(join(shardDir, 'p', 'b', 'index.html'), 'recap B');
    await expect(verified(shard)).rejects.toThrow('shard 1/2 (shard-1) was altered: p/b/index.html is not the file its manifest lists (its sha256 differs)');
    await writeFile(join(shardDir, 'p', 'b', 'index.html'), 'recap bb');
    await expect(verified(shard)).rejects.toThrow('shard 1/2 (shard-1) was altered: p/b/index.html has 8 bytes, its manifest says 7 bytes');
    await writeFile(join(shardDir, 'p', 'b', 'index.html'), 'recap b');
    await writeFile(join(shardDir, 'p', 'b', 'extra.html'), 'x');
    await expect(verified(shard)).rejects.toThrow('shard 1/2 (shard-1) holds p/b/extra.html, which its manifest does not list');
    await rm(join(shardDir, 'p', 'b', 'extra.html'));
    await writeFile(join(shardDir, SHARD_DATA, SHARD_CONTENTS), '{}');
    await expect(verified(shard)).rejects.toThrow(`shard 1/2 (shard-1) was altered: ${SHARD_DATA}/${SHARD_CONTENTS} is not the list its manifest names`);
  });
});

describe('an install stands alone (reproduction 6)', () => {
  /** A fake installed Trailbook under `base`: its package folder inside node_modules, Astro beside it. */
  async function fakeInstall(base: string): Promise<Install> {
    const root = join(base, 'node_modules', 'trailbook');
    for (const d of ['src', 'public']) await mkdir(join(root, d), { recursive: true });
    for (const f of ['astro.config.mjs', 'tsconfig.json', 'package.json']) await writeFile(join(root, f), '{}');
    await mkdir(join(base, 'node_modules', 'astro'), { recursive: true });
    await writeFile(join(base, 'node_modules', 'astro', 'package.json'), '{}');
    return { root, deps: join(base, 'node_modules') };
  }

  it('gives each install a copy of its own, made again when what it links to is gone', async () => {
    const cacheRoot = join(dir, 'user-cache');
    const a = await fakeInstall(join(dir, 'install-a'));
    const b = await fakeInstall(join(dir, 'install-b'));
    const code = 'c'.repeat(32);
    const siteA = await siteRoot(code, cacheRoot, a);
    const siteB = await siteRoot(code, cacheRoot, b);
    expect(siteA).not.toBe(siteB);
    expect(readlinkSync(join(siteB, 'node_modules'))).toBe(b.deps);
    expect(await siteRoot(code, cacheRoot, b)).toBe(siteB);
    // Install A removed: B still builds from its own copy; A's goes when a copy is next made.
    await rm(join(dir, 'install-a'), { recursive: true });
    expect(await siteRoot(code, cacheRoot, b)).toBe(siteB);
    // B's dependencies reinstalled elsewhere (an upgrade moved them): its copy is made again.
    await rm(join(dir, 'install-b'), { recursive: true });
    const moved = await fakeInstall(join(dir, 'install-b'));
    await rm(join(siteB, 'node_modules'));
    const again = await siteRoot(code, cacheRoot, moved);
    expect(again).toBe(siteB);
    expect(existsSync(join(again, 'node_modules', 'astro', 'package.json'))).toBe(true);
    expect((await readdir(cacheRoot)).sort()).toEqual([siteB.slice(cacheRoot.length + 1)]);
  });
});

describe('the model store is reused only while its seal holds (reproductions 3 and 5)', () => {
  let root: string;
  let cacheDir: string;
  const analyse = async (): Promise<{ changed: string[]; notices: string[]; evidence: string[] }> => {
    const notices: string[] = [];
    const models: string[] = [];
    const archive = await analyseArchive({ roots: [root], cacheDir, onNotice: (line) => notices.push(line) });
    const model = JSON.parse(readFileSync(join(cacheDir, 'projects', `${archive.projects[0]?.id}.model.json`), 'utf8')) as { rows: Array<{ evidence: Array<{ raw: string; status: string }> }> };
    for (const row of model.rows) for (const e of row.evidence) models.push(`${e.raw} ${e.status}`);
    return { changed: archive.changed, notices, evidence: models };
  };

  beforeAll(async () => {
    root = join(dir, 'seal-in');
    cacheDir = join(dir, 'seal-cache');
    await mkdir(join(root, 'bench'), { recursive: true });
    const ts = '2026-11-01T10:00:00Z';
    const decision = 'Benchmark the parser';
    const id = createHash('sha256').update(`${ts}${decision}`).digest('hex').slice(0, 8);
    await writeFile(join(root, 'bench', 'decisions.jsonl'), `${JSON.stringify({ id, ts, phase: 'start', ticket: '', actor: 'lead', decision, why: 'speed', evidence: 'bench-report.txt:2', result: 'verified' })}\n`);
    await writeFile(join(root, 'bench', 'bench-report.txt'), 'bench\nparse: 12 ms\n');
  });

  it('covers the artifacts its verdicts read: a deleted artifact makes the project changed', async () => {
    expect(await analyse()).toEqual({ changed: ['bench'], notices: [], evidence: ['bench-report.txt:2 VERIFIED'] });
    expect((await analyse()).changed).toEqual([]);
    await rm(join(root, 'bench', 'bench-report.txt'));
    // No repository here: a missing artifact is INCONCLUSIVE, as `trailbook check` says (with one, NOT_VERIFIED: tests/e2e/fault-injection.test.ts).
    expect(await analyse()).toEqual({ changed: ['bench'], notices: [], evidence: ['bench-report.txt:2 INCONCLUSIVE'] });
    expect((await analyse()).changed).toEqual([]);
  });

  it('analyses a project again, with a notice, when a file of its entry is cut', async () => {
    const model = join(cacheDir, 'projects', 'bench.model.json');
    const size = readFileSync(model).length;
    await truncate(model, 10);
    expect(await analyse()).toEqual({ changed: ['bench'], notices: [`  notice: the cache entry of bench is damaged (projects/bench.model.json has 10 bytes, ${size.toLocaleString('en-US')} bytes were written); analysing it again`], evidence: ['bench-report.txt:2 INCONCLUSIVE'] });
    expect((await analyse()).notices).toEqual([]);
  });
});
