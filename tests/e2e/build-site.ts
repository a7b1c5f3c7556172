/**
 * Builds an archive with the real CLI in a child process (as a user would run it) into a
 * fresh temporary folder, and returns where it went and what the CLI printed.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(REPO_ROOT, 'bin', 'trailbook.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `trailbook <args>` with the Node running the tests; resolves when it exits. `env` is added to the test's environment. */
export function runCli(args: string[], cwd = REPO_ROOT, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * Resolves once no previous output is being removed beside an output in `dir`: a build leaves
 * that to a process of its own (`.trailbook-old-…`, src/cli/staging.ts `discardAside`) and exits.
 * Waits for it; asserts no time.
 */
export async function oldOutputsRemoved(dir: string): Promise<void> {
  while ((await readdir(dir)).some((name) => name.startsWith('.trailbook-old-') || name.startsWith('.trailbook-previous-'))) await new Promise((resolveWait) => setTimeout(resolveWait, 50));
}

export interface BuiltSite extends CliRun {
  out: string;
  cacheDir: string;
}

/** `trailbook build [inputs] --out <tmp>/site --cache-dir <tmp>/cache [...extra]`; throws when the build fails. */
export async function buildSite(inputs: string[], extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<BuiltSite> {
  const dir = await mkdtemp(join(tmpdir(), 'trailbook-e2e-'));
  const out = join(dir, 'site');
  const cacheDir = join(dir, 'cache');
  const run = await runCli(['build', ...inputs, '--out', out, '--cache-dir', cacheDir, ...extra], REPO_ROOT, env);
  if (run.code !== 0) throw new Error(`trailbook build failed (${run.code}):\n${run.stderr}\n${run.stdout}`);
  return { ...run, out, cacheDir };
}
