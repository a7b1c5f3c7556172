/**
 * Trailbook as people install it (issue 16): `npm pack` makes the tarball, the machine's own
 * npm installs it (into an empty folder, globally under a prefix, and through `npx` from the
 * tarball) and the installed `trailbook` runs on the machine's own Node, which may be older
 * than Trailbook needs (it then runs itself on the Node the `node` dependency installed). From a
 * user's repository with a trail, a bare `trailbook build` and `trailbook check --json` verify
 * the cited commit and leave the repository as it was; `trailbook dev` removes its folder on
 * Ctrl-C. The tarball's dependencies come from the npm registry (npm's cache makes that quick).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { REPO_ROOT } from './build-site.ts';
import { git, makeUserRepo, type UserRepo } from './user-repo.ts';

/** PATH without any node_modules/.bin: the machine's own node and npm, as a user's shell has them. */
const MACHINE_PATH = (process.env['PATH'] ?? '').split(delimiter).filter((p) => p !== '' && !p.split(/[\\/]/).includes('node_modules')).join(delimiter);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

let dir: string;
let env: NodeJS.ProcessEnv;

/** Runs `command args` with the machine's PATH in `cwd`; resolves when it exits. */
function run(command: string, args: string[], cwd: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

let tarball: string;
let installed: string;
let repo: UserRepo;
let machineNode: string;
const timings: Record<string, number> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-install-'));
  // The per-user cache goes to a folder of the test's own; npm keeps its own cache (warm from npm ci).
  env = { ...process.env, PATH: MACHINE_PATH, XDG_CACHE_HOME: join(dir, 'user-cache'), NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  for (const name of Object.keys(env)) if (name.startsWith('npm_') && !['npm_config_audit', 'npm_config_fund', 'npm_config_update_notifier', 'npm_config_cache'].includes(name)) delete env[name];
  delete env['TRAILBOOK_TYPE_STRIPPING'];
  delete env['TRAILBOOK_REEXEC'];
  machineNode = (await run('node', ['--version'], dir)).stdout.trim();

  const pack = await run('npm', ['pack', '--json', '--pack-destination', dir, REPO_ROOT], dir);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> }>;
  tarball = join(dir, info?.filename ?? '');
  await mkdir(join(dir, 'app'));
  const install = await run('npm', ['install', '--prefer-offline', tarball], join(dir, 'app'));
  timings['install'] = install.ms;
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  installed = join(dir, 'app', 'node_modules', '.bin', 'trailbook');
  repo = await makeUserRepo(join(dir, 'my-project'));
}, 600_000);

afterAll(async () => {
  const size = tarball && existsSync(tarball) ? statSync(tarball).size : 0;
  console.info(`install test on Node ${machineNode}: tarball ${(size / 1024).toFixed(0)} KiB; ${Object.entries(timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('packs the CLI, the site sources and the example corpus, and no tests or corpora', async () => {
    const pack = await run('npm', ['pack', '--dry-run', '--json', REPO_ROOT], dir);
    const [info] = JSON.parse(pack.stdout) as Array<{ size: number; files: Array<{ path: string }> }>;
    const paths = (info?.files ?? []).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/trailbook.js', 'bin/type-stripping.js', 'src/cli/main.ts', 'src/pages/index.astro', 'astro.config.mjs', 'content/tickets/clean/decisions.jsonl']));
    expect(paths.filter((p) => /^(tests|scripts|\.ci|examples)\//.test(p) || p.includes('real-corpus') || p === 'package-lock.json' || p === 'trailbook.config.mjs')).toEqual([]);
    // The benchmarks' record (a developer's, grown every round) is not a user's document: `npm run bench` is not packed either.
    expect(paths).not.toContain('docs/performance.md');
    expect(paths).toContain('docs/architecture.md');
    // Small: the CLI, the site's sources (with their TSDoc) and the example corpus, the user's
    // docs. 1,027,231 bytes on 2026-12-04 (src/lib alone is 2.1 MB unpacked); the ceiling is
    // for what should never be packed (a corpus, a build, node_modules), which adds megabytes.
    expect(info?.size).toBeLessThan(1_200_000);
    expect(statSync(tarball).size).toBe(info?.size);
  });
});

describe('the installed trailbook, run on the machine’s own Node', () => {
  it('prints its version', async () => {
    const version = await run(installed, ['--version'], repo.dir);
    expect(version.stderr).toBe('');
    expect(version.stdout).toBe('0.1.0\n');
  });

  it('without the Node 24 executable (npm skipped the `node` package\'s install script) says the one command that fetches it, and that command works', async () => {
    const nodePackage = join(dir, 'app', 'node_modules', 'node');
    const executable = join(nodePackage, 'bin', 'node');
    const [major = 0, minor = 0] = machineNode.slice(1).split('.').map(Number);
    if (major > 22 || (major === 22 && minor >= 18)) return; // a new enough Node never needs the `node` package
    await rename(executable, `${executable}.moved`);
    try {
      const missing = await run(installed, ['--version'], repo.dir);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toBe(
        `trailbook: Node ${machineNode.slice(1)} is too old (Trailbook needs Node >= 22.18), and the \`node\` package at ${nodePackage} has no Node executable (npm did not run its install script).\n` +
          `  fix: run that script yourself: cd ${nodePackage} && node installArchSpecificPackage   (or run Trailbook with Node 22.18 or newer)\n`,
      );
      const fixed = await run('sh', ['-c', /fix: run that script yourself: (.*) {3}\(/.exec(missing.stderr)?.[1] ?? 'false'], dir);
      expect(fixed.code, fixed.stderr).toBe(0);
      expect((await run(installed, ['--version'], repo.dir)).stdout).toBe('0.1.0\n');
    } finally {
      if (!existsSync(executable)) await rename(`${executable}.moved`, executable);
      else await rm(`${executable}.moved`, { force: true });
    }
  });

  it('builds the user repository with a bare `trailbook build`, writing nothing into it', async () => {
    const build = await run(installed, ['build'], repo.dir);
    timings['build'] = build.ms;
    expect(build.code, build.stderr).toBe(0);
    const site = join(dir, 'user-cache', 'trailbook', 'sites');
    const [name] = await readdir(site);
    expect(build.stderr).toContain(`Trailbook: reading .\n`);
    expect(build.stderr).toContain(`Done in `);
    // The build's last lines give the command that serves what it built (issue 32).
    expect(build.stderr).toContain(`Look at it: trailbook serve ${join(site, name ?? '')}    (then open http://127.0.0.1:4321/)`);
    expect(existsSync(join(site, name ?? '', 'p', 'my-project', 'index.html'))).toBe(true);
    // No recap.html by default: the recap page makes it, with the builder bundled for the browser
    // from the installed package (its `#sha256` import resolved to the browser module).
    expect(existsSync(join(site, name ?? '', 'p', 'my-project', 'recap.html'))).toBe(false);
    const chunks = await readdir(join(site, name ?? '', '_astro'));
    expect(chunks.filter((f) => /^export-recap\.[\w-]+\.js$/.test(f))).toHaveLength(1);
    expect(git(repo.dir, 'status', '--porcelain', '--ignored')).toBe('');
  });

  it('`trailbook check --json` verifies the cited commit and file line', async () => {
    const check = await run(installed, ['check', '--json'], repo.dir);
    expect(check.code, check.stderr).toBe(0);
    const report = JSON.parse(check.stdout) as { projects: Array<{ id: string; flags: unknown[]; rows: Array<{ evidence: Array<{ raw: string; kind: string; status: string }> }> }> };
    expect(report.projects.map((p) => p.id)).toEqual(['my-project']);
    expect(report.projects[0]?.rows.flatMap((r) => r.evidence.map((e) => `${e.kind} ${e.raw} ${e.status}`))).toEqual([`commit ${repo.sha} VERIFIED`, 'path README.md:3 VERIFIED']);
    expect(report.projects[0]?.flags).toEqual([]);
    expect(git(repo.dir, 'status', '--porcelain', '--ignored')).toBe('');
  });

  it('`trailbook dev` serves the archive and removes its temporary folder on Ctrl-C', async () => {
    const dev: ChildProcess = spawn(installed, ['dev', '--port', '0'], { cwd: repo.dir, env });
    let stderr = '';
    dev.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => dev.once('exit', (code) => r(code)));
    const until = Date.now() + 120_000;
    while (!/Serving http:\/\/127\.0\.0\.1:\d+\//.test(stderr) && Date.now() < until && dev.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    const into = /into (\S+)\/site…/.exec(stderr)?.[1] ?? '';
    expect(into).toMatch(/trailbook-dev-/);
    expect(existsSync(into)).toBe(true);
    const url = /Serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr)?.[1] ?? '';
    expect(await (await fetch(`${url}p/my-project/`)).text()).toContain('Open the trail');
    dev.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/Stopped\.\n$/);
    expect(existsSync(into)).toBe(false);
    expect(git(repo.dir, 'status', '--porcelain', '--ignored')).toBe('');
  });

  it('installs globally (npm install -g) and runs from any folder', async () => {
    const prefix = join(dir, 'global');
    const install = await run('npm', ['install', '-g', '--prefer-offline', '--prefix', prefix, tarball], dir);
    timings['global'] = install.ms;
    expect(install.code, install.stderr).toBe(0);
    // npm 11.16+ lists the two install scripts it ran as not yet reviewed (advisory: they ran);
    // README and docs/publishing.md say so, and say not to follow its --allow-scripts advice.
    if (/install-scripts/.test(install.stderr)) expect(install.stderr).toMatch(/install-scripts {3}node@24\.\d+\.\d+ \(preinstall: node installArchSpecificPackage\)/);
    const check = await run(join(prefix, 'bin', 'trailbook'), ['check', '--quiet'], repo.dir);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^my-project\n {2}2 rows, 0 invalid records, 0 flags \(0 high, 0 medium, 0 low\), 0 problems; repository: my-project @ [0-9a-f]{12}\n/);
  });

  // Issue 28, reproduction 6: every install of a version shared one site copy linked into
  // whichever made it; once that install was removed, the other failed ("Tsconfig not found").
  it('builds with a second install after the first is removed, from a site copy of its own', async () => {
    const removed = join(dir, 'app-removed');
    await rename(join(dir, 'app'), removed);
    try {
      const build = await run(join(dir, 'global', 'bin', 'trailbook'), ['build', '--out', join(dir, 'second-site')], repo.dir);
      expect(build.code, build.stderr).toBe(0);
      expect(existsSync(join(dir, 'second-site', 'p', 'my-project', 'index.html'))).toBe(true);
      // The removed install's copy is gone; the global install's own is the one left.
      const copies = (await readdir(join(dir, 'user-cache', 'trailbook'))).filter((n) => n.startsWith('site-'));
      expect(copies).toHaveLength(1);
    } finally {
      await rename(removed, join(dir, 'app'));
    }
  }, 300_000);

  it('runs through npx from the tarball', async () => {
    const npx = await run('npx', ['--yes', '--prefer-offline', '--package', tarball, 'trailbook', 'check', '--quiet'], repo.dir);
    timings['npx'] = npx.ms;
    expect(npx.code, npx.stderr).toBe(0);
    expect(npx.stdout).toContain('my-project\n');
  });
});
