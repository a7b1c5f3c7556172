/**
 * The command line's settings (src/cli/settings.ts): command-line flags override the
 * configuration file, paths in the file are relative to the file, and every refusal names
 * what to fix. The dev server (src/cli/serve.ts) stays inside its folder and base path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSettings, settingsFingerprint, siteSettings } from '../../src/cli/settings.ts';
import { serveArchive, type ArchiveServer } from '../../src/cli/serve.ts';
import { describeFailure } from '../../src/cli/failure.ts';
import { ConfigError } from '../../src/lib/config/config-error.ts';
import { UsageError } from '../../src/cli/output.ts';
import { EXAMPLE_CORPUS } from '../../src/cli/paths.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-settings-'));
  await mkdir(join(dir, 'project', 'runs'), { recursive: true });
  await mkdir(join(dir, 'other'), { recursive: true });
  await writeFile(
    join(dir, 'project', 'trailbook.config.json'),
    JSON.stringify({ title: 'From file', base: '/file/', site: 'https://file.example/', inputs: ['runs'], out: 'site', cacheDir: 'cache', exclude: ['scratch'], recapHtml: true, repositories: [{ match: 'repo', forge: 'github', url: 'https://github.com/a/b' }] }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('reads the file in the working folder, resolving its paths against it', async () => {
    const cwd = join(dir, 'project');
    const s = await resolveSettings([], {}, { cwd });
    expect(s.loaded?.file).toBe(join(cwd, 'trailbook.config.json'));
    expect(s.roots).toEqual([join(cwd, 'runs')]);
    expect(s.outDir).toBe(join(cwd, 'site'));
    expect(s.cacheDir).toBe(join(cwd, 'cache'));
    expect(s.base).toBe('/file/');
    expect(s.title).toBe('From file');
    expect(s.siteUrl).toBe('https://file.example/');
    expect(s.filter).toEqual({ include: [], exclude: ['scratch'] });
    expect(s.accept?.('scratch', true)).toBe(false);
    expect(siteSettings(s, [{ id: 'repo', path: 'repo' }, { id: 'x', path: 'x' }])).toEqual({
      title: 'From file',
      url: 'https://file.example/',
      forges: { repo: { name: 'GitHub', commit: 'https://github.com/a/b/commit/{sha}', file: 'https://github.com/a/b/blob/{sha}/{path}#L{line}', pullRequest: 'https://github.com/a/b/pull/{number}' } },
      recapHtml: true,
      decisionsCsv: false,
    });
  });

  it('lets flags override the file, relative to the working folder', async () => {
    const cwd = join(dir, 'project');
    const s = await resolveSettings(['../other'], { base: 'flag', title: ' From flag ', site: 'http://flag.example/x/', out: 'out2', cacheDir: 'c2' }, { cwd });
    expect(s.roots).toEqual([join(dir, 'other')]);
    expect(s.base).toBe('/flag/');
    expect(s.title).toBe('From flag');
    expect(s.siteUrl).toBe('http://flag.example/x/');
    expect(s.outDir).toBe(join(cwd, 'out2'));
    expect(s.cacheDir).toBe(join(cwd, 'c2'));
    expect(settingsFingerprint(s)).not.toBe(settingsFingerprint(await resolveSettings([], {}, { cwd })));
  });

  it('without a file or folder: the working folder, built into the per-user cache, nothing written into it', async () => {
    const cwd = join(dir, 'other');
    const cacheRoot = join(dir, 'user-cache', 'trailbook');
    const s = await resolveSettings([], {}, { cwd, cacheRoot });
    expect(s.loaded).toBeNull();
    expect(s.roots).toEqual([cwd]);
    // No recap.html files unless asked (--recap-html): the recap page makes each on demand.
    expect(s.recapHtml).toBe(false);
    expect((await resolveSettings([], { recapHtml: true }, { cwd, cacheRoot })).recapHtml).toBe(true);
    // No decisions.csv.gz files unless asked (--decisions-csv): the Download lists make the CSV from recap.json.gz.
    expect(s.decisionsCsv).toBe(false);
    const withCsv = await resolveSettings([], { decisionsCsv: true }, { cwd, cacheRoot });
    expect(withCsv.decisionsCsv).toBe(true);
    // Pages say which, so a changed setting renders every page again.
    expect(settingsFingerprint(withCsv)).not.toBe(settingsFingerprint(s));
    // dist/ would sit among the records: the archive goes to the per-user cache instead.
    const key = (parts: string[]): string => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);
    expect(s.outDir).toBe(join(cacheRoot, 'sites', `other-${key([cwd])}`));
    expect(s.cacheDir).toBe(join(cacheRoot, 'builds', `other-${key([cwd, '', s.outDir])}`));
    expect(s.base).toBe('/');
    expect(s.title).toBe('Trailbook');
    expect(s.accept).toBeUndefined();
  });

  it('--example reads the bundled corpus into dist/ of the working folder; with folders it is refused', async () => {
    const cwd = join(dir, 'other');
    const cacheRoot = join(dir, 'user-cache', 'trailbook');
    const s = await resolveSettings([], { example: true }, { cwd, cacheRoot });
    expect(s.roots).toEqual([EXAMPLE_CORPUS]);
    expect(s.outDir).toBe(join(cwd, 'dist'));
    expect(s.cacheDir.startsWith(join(cacheRoot, 'builds', 'content-'))).toBe(true);
    // The cache is keyed by the inputs and the output: another output, another cache.
    expect((await resolveSettings([], { example: true, out: 'x' }, { cwd, cacheRoot })).cacheDir).not.toBe(s.cacheDir);
    await expect(resolveSettings(['.'], { example: true }, { cwd })).rejects.toMatchObject({ message: '--example and the folder . exclude each other' });
  });

  it('folders on the command line are read from the working folder, and dist/ goes beside them', async () => {
    const cwd = join(dir, 'project');
    const s = await resolveSettings(['runs'], { config: join(dir, 'other', 'none.json') }, { cwd }).catch((e: unknown) => e);
    expect(s).toBeInstanceOf(ConfigError);
    await writeFile(join(dir, 'other', 'empty.json'), '{}');
    const t = await resolveSettings(['runs'], { config: join(dir, 'other', 'empty.json') }, { cwd });
    expect(t.roots).toEqual([join(cwd, 'runs')]);
    expect(t.outDir).toBe(join(cwd, 'dist'));
  });

  it('refuses unusable flags and config inputs, naming the fix', async () => {
    const cwd = join(dir, 'other');
    await expect(resolveSettings([], { base: '/a b/' }, { cwd })).rejects.toMatchObject({ message: '--base /a b/ is not a usable base path' });
    await expect(resolveSettings([], { site: 'ftp://x' }, { cwd })).rejects.toMatchObject({ message: '--site ftp://x is not an http(s) URL' });
    await expect(resolveSettings([], { title: '  ' }, { cwd })).rejects.toBeInstanceOf(UsageError);
    await writeFile(join(dir, 'other', 'bad.json'), JSON.stringify({ inputs: ['missing'] }));
    const error = await resolveSettings([], { config: 'bad.json' }, { cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect(describeFailure(error)?.join('\n')).toMatch(/^\S*bad\.json: inputs\[0\]: no such folder: missing\n {2}fix: fix the path \(relative to \S*bad\.json\), or pass the folders on the command line$/);
    expect(describeFailure(new UsageError('x', 'y'))).toEqual(['x', '  fix: y']);
    expect(describeFailure(new Error('z'))).toBeNull();
  });
});

describe('dev server', () => {
  let server: ArchiveServer;
  let site: string;

  beforeAll(async () => {
    site = join(dir, 'served');
    await mkdir(join(site, 'p', 'x'), { recursive: true });
    await writeFile(join(site, 'index.html'), '<html><body><h1>Home</h1></body></html>');
    await writeFile(join(site, 'p', 'x', 'index.html'), '<html><body>x</body></html>');
    await writeFile(join(dir, 'secret.txt'), 'secret');
    server = await serveArchive({ root: site, base: '/archive/', host: '127.0.0.1', port: 0, reload: true });
  });

  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string) => fetch(new URL(path, server.url), { redirect: 'manual' });

  it('serves pages under the base, with the reload script added to HTML', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/archive\/$/);
    const home = await get('/archive/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toBe('<html><body><h1>Home</h1><script type="module" src="/__trailbook/reload.js"></script></body></html>');
    expect((await get('/__trailbook/reload.js')).status).toBe(200);
    expect((await get('/archive/p/x')).headers.get('location')).toBe('/archive/p/x/');
    expect((await get('/')).headers.get('location')).toBe('/archive/');
  });

  it('stays inside the folder and the base', async () => {
    expect((await get('/archive/..%2Fsecret.txt')).status).toBe(403);
    // (The URL parser already resolves a dot segment written as %2e%2e: the path leaves the base.)
    expect((await get('/archive/%2e%2e/secret.txt')).status).toBe(404);
    expect((await get('/secret.txt')).status).toBe(404);
    expect((await get('/archive/nope/')).status).toBe(404);
    expect((await get('/archive/%E0%A4%A')).status).toBe(400);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a port in use, naming another', async () => {
    const port = Number(new URL(server.url).port);
    await expect(serveArchive({ root: site, base: '/', host: '127.0.0.1', port })).rejects.toMatchObject({ message: `port ${port} on 127.0.0.1 is in use`, hint: `pass another port, e.g. --port ${port + 1}, or --port 0 for any free port` });
  });
});
