/**
 * `trailbook dev` as a user runs it (a child process): it builds a private copy of an example
 * project, serves it on a free localhost port, rebuilds when a record file or the
 * configuration changes (file-system events, and `--poll`), pushes a reload to open pages,
 * and stops cleanly on SIGTERM. Issue 32: git's own bookkeeping in `.git/` triggers no rebuild
 * (a moved branch does), and Ctrl-C during a rebuild waits for it, then removes its folder,
 * with no module-not-found error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, REPO_ROOT } from './build-site.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-dev-e2e-'));
  await cp(join(REPO_ROOT, 'content', 'repos'), join(dir, 'in', 'repos'), { recursive: true });
  await cp(join(REPO_ROOT, 'content', 'tickets', 'clean'), join(dir, 'in', 'tickets', 'clean'), { recursive: true });
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A running `trailbook dev`, with its output so far. */
class Dev {
  readonly child: ChildProcessWithoutNullStreams;
  stderr = '';

  constructor(args: string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [CLI, 'dev', ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout.on('data', () => undefined);
  }

  /** Waits until stderr, after `from` characters, matches `pattern`; returns the match. */
  async waitFor(pattern: RegExp, from = 0, ms = 120_000): Promise<RegExpMatchArray> {
    const until = Date.now() + ms;
    for (;;) {
      const m = this.stderr.slice(from).match(pattern);
      if (m) return m;
      if (this.child.exitCode !== null) throw new Error(`trailbook dev exited (${this.child.exitCode}):\n${this.stderr}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Stops it with SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null> {
    return new Promise((resolvePromise) => {
      if (this.child.exitCode !== null) return resolvePromise(this.child.exitCode);
      this.child.once('exit', (code) => resolvePromise(code));
      this.child.kill('SIGTERM');
    });
  }
}

const text = async (url: string): Promise<string> => (await fetch(url)).text();

describe('trailbook dev', () => {
  it('serves the archive and rebuilds the changed project when a record file changes', async () => {
    const dev = new Dev(['in', '--port', '0', '--cache-dir', join(dir, 'cache-a'), '--out', join(dir, 'site-a')]);
    try {
      const [, url] = await dev.waitFor(/Serving (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)\. Watching in \(fs\.watch\)\./);
      const home = await text(url as string);
      expect(home).toContain('Clean trail');
      expect(home).toContain('<script type="module" src="/__trailbook/reload.js"></script>');
      // An open page listens for the reload the server pushes after a rebuild.
      const events = await fetch(new URL('/__trailbook/events', url));
      const reader = events.body?.getReader();
      expect(events.headers.get('content-type')).toBe('text/event-stream');

      const decisions = join(dir, 'in', 'tickets', 'clean', 'decisions.jsonl');
      const before = dev.stderr.length;
      await writeFile(decisions, (await readFile(decisions, 'utf8')).replace('Cap rows at 4096 bytes', 'Cap rows at 8192 bytes'));
      await dev.waitFor(/Changed: in\/tickets\/clean\/decisions\.jsonl; rebuilding…[\s\S]*Rebuilt\. Serving/, before);
      expect(await text(`${url}p/tickets-clean/`)).toContain('Cap rows at 8192 bytes');
      let pushed = '';
      while (reader && !pushed.includes('event: reload')) pushed += new TextDecoder().decode((await reader.read()).value);
      expect(pushed).toContain('event: reload');
      await reader?.cancel();
      // The rebuild is incremental: the project's digest changed, so it was analysed again.
      expect(dev.stderr.slice(before)).toMatch(/analysed 1\/1 projects/);
    } finally {
      expect(await dev.stop()).toBe(0);
    }
    expect(dev.stderr).toMatch(/Stopped\.\n$/);
  });

  it('with --poll and a configuration file, picks up a changed title', async () => {
    await writeFile(join(dir, 'trailbook.config.json'), JSON.stringify({ title: 'First title', inputs: ['in'], base: '/archive/' }));
    const dev = new Dev(['--port', '0', '--poll', '100', '--cache-dir', join(dir, 'cache-b'), '--out', join(dir, 'site-b')]);
    try {
      const [, url] = await dev.waitFor(/Serving (http:\/\/127\.0\.0\.1:\d+\/archive\/) \(Ctrl-C to stop\)\. Watching in and trailbook\.config\.json \(polling every 100 ms\)\./);
      expect(await text(url as string)).toContain('<a class="brand" href="/archive/">First title</a>');
      const before = dev.stderr.length;
      await writeFile(join(dir, 'trailbook.config.json'), JSON.stringify({ title: 'Second title', inputs: ['in'], base: '/archive/' }));
      await dev.waitFor(/Changed: trailbook\.config\.json; rebuilding…[\s\S]*Rebuilt\. Serving/, before);
      expect(await text(url as string)).toContain('<a class="brand" href="/archive/">Second title</a>');

      // A broken configuration is reported with its fix; the previous archive stays served.
      const broken = dev.stderr.length;
      await writeFile(join(dir, 'trailbook.config.json'), JSON.stringify({ title: 'Third', inputs: ['in'], base: '/archive/', forge: 'github' }));
      await dev.waitFor(/trailbook: trailbook\.config\.json: forge: unknown key\n {2}fix: [^\n]+\nThe previous archive is still served\./, broken);
      expect(await text(url as string)).toContain('Second title');
    } finally {
      expect(await dev.stop()).toBe(0);
      await rm(join(dir, 'trailbook.config.json'), { force: true });
    }
  });

  it('rebuilds for a moved branch, not for git\'s own bookkeeping (git add, git status)', async () => {
    const input = join(dir, 'in', 'tickets', 'clean');
    const git = (...args: string[]): string => execFileSync('git', ['-C', input, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' } });
    git('init', '-q', '-b', 'main');
    const dev = new Dev([join('in', 'tickets'), '--port', '0', '--cache-dir', join(dir, 'cache-c'), '--out', join(dir, 'site-c')]);
    try {
      await dev.waitFor(/Serving (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)/);
      const before = dev.stderr.length;
      git('add', '-A');
      git('status', '--porcelain');
      await new Promise((r) => setTimeout(r, 1500));
      expect(dev.stderr.slice(before)).toBe('');
      git('commit', '-q', '-m', 'Record the trail');
      await dev.waitFor(/Changed: in\/tickets\/clean\/\.git\/[^\n]*; rebuilding…[\s\S]*Rebuilt\. Serving/, before);
      expect(dev.stderr.slice(before)).not.toMatch(/Changed: [^\n]*(index|objects|logs)/);
    } finally {
      expect(await dev.stop()).toBe(0);
      await rm(join(input, '.git'), { recursive: true, force: true });
    }
  });

  it('stops on Ctrl-C during a rebuild once the rebuild ends, removing its folder, without a module-not-found error', async () => {
    const tmp = join(dir, 'tmp');
    await mkdir(tmp, { recursive: true });
    const dev = new Dev(['in', '--port', '0', '--cache-dir', join(dir, 'cache-d')], { TMPDIR: tmp });
    await dev.waitFor(/Serving (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C to stop\)/);
    expect((await readdir(tmp)).filter((n) => n.startsWith('trailbook-dev-'))).toHaveLength(1);
    const decisions = join(dir, 'in', 'tickets', 'clean', 'decisions.jsonl');
    const before = dev.stderr.length;
    await writeFile(decisions, (await readFile(decisions, 'utf8')).replace('Cap rows at', 'Cap each row at'));
    await dev.waitFor(/rebuilding…/, before);
    const exit = new Promise((resolvePromise) => dev.child.once('exit', resolvePromise));
    // A terminal's Ctrl-C can arrive twice (bin/trailbook.js passes it on to the Node it started): both are one stop.
    dev.child.kill('SIGINT');
    setTimeout(() => dev.child.kill('SIGINT'), 50);
    const code = await exit;
    const after = dev.stderr.slice(before);
    expect(code, after).toBe(0);
    expect(after).toContain('Stopping once the rebuild in progress ends (Ctrl-C again to stop at once)…');
    expect(after).toMatch(/\nRebuilt\.\nStopped\.\n$/);
    expect(after).not.toContain('Serving');
    expect(after).not.toMatch(/module|ERR_|rebuild failed/i);
    expect((await readdir(tmp)).filter((n) => n.startsWith('trailbook-dev-'))).toEqual([]);
  });

  it('refuses a bad port with the fix, exit 2', async () => {
    const dev = new Dev(['in', '--port', 'http']);
    expect(await new Promise((r) => dev.child.once('exit', r))).toBe(2);
    expect(dev.stderr).toBe('trailbook: --port http is not a port number\n  fix: pass a number from 1 to 65535, e.g. --port 4321, or 0 for any free port\n');
  });
});
