/**
 * Issue 32, "Where people already look": the serve command's base, the build's closing lines,
 * what `dev` watches in `.git`.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gitChangeMatters } from '../../src/cli/watch.ts';
import { archiveBase } from '../../src/cli/commands/serve.ts';
import { viewLines } from '../../src/cli/summary.ts';

describe('trailbook dev watches .git only where a branch moves', () => {
  it('ignores git bookkeeping, keeps HEAD, packed-refs and refs/', () => {
    const matters = (rel: string): boolean => gitChangeMatters(rel.split('/'));
    expect(['.git/index.lock', '.git/index', '.git/objects/ab/cdef', '.git/logs/HEAD', '.git/FETCH_HEAD', '.git', '.git/refs/heads/main.lock', 'sub/.git/ORIG_HEAD'].map(matters)).toEqual([false, false, false, false, false, false, false, false]);
    expect(['.git/HEAD', '.git/packed-refs', '.git/refs/heads/main', '.git/refs/tags/v1', 'sub/.git/HEAD', 'decisions.jsonl', 'a/b.tsv'].map(matters)).toEqual([true, true, true, true, true, true, true]);
  });
});

describe('trailbook serve reads the base from the archive', () => {
  it('from archive.json: its base, else the path of its url', () => {
    expect(archiveBase('{"base":"/audit/","url":"https://example.com/x/"}')).toBe('/audit/');
    expect(archiveBase('{"url":"/archive/"}')).toBe('/archive/');
    expect(archiveBase('{"url":"https://acme.github.io/my-repo/"}')).toBe('/my-repo/');
    expect(archiveBase('{"url":"https://example.com"}')).toBe('/');
    expect(archiveBase('{"title":"x"}')).toBe(null);
    expect(archiveBase('not json')).toBe(null);
  });
});

describe("the build's closing lines", () => {
  it('give a command that serves the archive at its base, and what a host must do', () => {
    const cwd = process.cwd();
    expect(viewLines(join(cwd, 'pub', 'audit'), '/audit/', false)).toEqual([
      'Look at it: trailbook serve pub/audit    (then open http://127.0.0.1:4321/audit/)',
      "Publish it: a static web server must serve pub/audit at /audit/, not at its root (every link starts with /audit/); index.html does not open from disk, but each recap's Download list makes a recap.html that opens from disk (or build with --recap-html to write them all).",
    ]);
    expect(viewLines(join(cwd, 'my site'), '/', true)).toEqual([
      "Look at it: trailbook serve 'my site'    (then open http://127.0.0.1:4321/)",
      "Publish it: serve my site as the root of any static web server; index.html does not open from disk, but each project's recap.html also opens from disk.",
    ]);
  });
});

describe('the URL keys are documented (README, "URL keys")', () => {
  it('names every search filter key and every home view value', async () => {
    const { readFile } = await import('node:fs/promises');
    const { FACETS } = await import('../../src/lib/search/facets.ts');
    const { HOME_SHOWS, HOME_SORTS } = await import('../../src/lib/projections/home-view.ts');
    const readme = await readFile(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('- **URL keys**'), readme.indexOf('- **Reading**'));
    for (const f of FACETS) expect(section, f.key).toContain(`\`${f.key}\``);
    for (const key of [...Object.keys(HOME_SHOWS).filter((k) => k !== 'all'), ...Object.keys(HOME_SORTS)]) expect(section, key).toContain(`\`${key}\``);
  });
});

describe('trailbook serve (and its alias preview)', () => {
  it('serves a built folder at the base its archive.json names, and refuses a folder that is no archive', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { runServe } = await import('../../src/cli/commands/serve.ts');
    const { main } = await import('../../src/cli/main.ts');
    const root = await mkdtemp(join(tmpdir(), 'trailbook-serve-'));
    try {
      await mkdir(join(root, 'site', 'p', 'x'), { recursive: true });
      await writeFile(join(root, 'site', 'archive.json'), JSON.stringify({ version: 'trailbook.archive/1', url: 'https://example.com/runs/', base: '/runs/', projects: [] }));
      await writeFile(join(root, 'site', 'index.html'), '<!doctype html><title>home</title>');
      await writeFile(join(root, 'site', 'p', 'x', 'decisions.csv.gz'), Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
      const lines: string[] = [];
      const out = { result: (l: string) => lines.push(l), info: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
      const stop = new AbortController();
      const running = runServe(join(root, 'site'), { port: '0' }, out, stop.signal);
      for (let i = 0; i < 100 && !lines.some((l) => l.startsWith('Serving ')); i++) await new Promise((r) => setTimeout(r, 20));
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/runs\/) \(Ctrl-C to stop\)\.$/.exec(lines.find((l) => l.startsWith('Serving ')) ?? '')?.[1] as string;
      expect(url).toBeDefined();
      expect((await fetch(url)).status).toBe(200);
      const gz = await fetch(`${url}p/x/decisions.csv.gz`);
      expect([gz.status, gz.headers.get('content-type'), gz.headers.get('content-encoding')]).toEqual([200, 'application/gzip', null]);
      expect((await fetch(new URL('/', url), { redirect: 'manual' })).headers.get('location')).toBe('/runs/');
      stop.abort();
      expect(await running).toBe(0);
      expect(lines.at(-1)).toBe('Stopped.');

      await mkdir(join(root, 'parent', 'site'), { recursive: true });
      await expect(runServe(join(root, 'parent'), { port: '0' }, out)).rejects.toThrow(/parent is not a Trailbook archive \(it has no archive\.json\)$/);
      expect(await main(['preview', join(root, 'missing')], out)).toBe(2);
      expect(lines.at(-2)).toMatch(/^error: .*missing is not a folder$/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('serves on the next free port when 4321 is taken and no --port was given, saying which; a --port the user named that is taken stays a refusal', async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { createServer } = await import('node:net');
    const { runServe } = await import('../../src/cli/commands/serve.ts');
    const root = await mkdtemp(join(tmpdir(), 'trailbook-serve-taken-'));
    // 4321 taken: by this blocker, or already by another program (either way it is in use).
    const blocker = createServer();
    const held = await new Promise<boolean>((done) => {
      blocker.once('error', () => done(false));
      blocker.listen(4321, '127.0.0.1', () => done(true));
    });
    try {
      await mkdir(join(root, 'site'), { recursive: true });
      await writeFile(join(root, 'site', 'archive.json'), JSON.stringify({ version: 'trailbook.archive/1', base: '/', projects: [] }));
      await writeFile(join(root, 'site', 'index.html'), '<!doctype html><title>home</title>');
      const lines: string[] = [];
      const out = { result: (l: string) => lines.push(l), info: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
      const stop = new AbortController();
      const running = runServe(join(root, 'site'), {}, out, stop.signal);
      for (let i = 0; i < 100 && !lines.some((l) => l.startsWith('Serving ')); i++) await new Promise((r) => setTimeout(r, 20));
      const port = Number(/at http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C to stop\)\.$/.exec(lines.find((l) => l.startsWith('Serving ')) ?? '')?.[1]);
      expect(port).not.toBe(4321);
      expect(lines.filter((l) => l.includes('note: port'))).toEqual([`  note: port 4321 is in use; serving on port ${port}`]);
      stop.abort();
      expect(await running).toBe(0);
      await expect(runServe(join(root, 'site'), { port: '4321' }, out)).rejects.toThrow('port 4321 on 127.0.0.1 is in use');
    } finally {
      if (held) await new Promise((done) => blocker.close(done));
      await rm(root, { recursive: true, force: true });
    }
  });
});
