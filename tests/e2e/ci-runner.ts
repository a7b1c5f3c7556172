/**
 * Running CI recipes' shell steps as the runners do (tests/e2e/ci-recipes.test.ts,
 * ci-shard-recipes.test.ts): bash, stop at the first failing command, pipefail, offline npm;
 * `${{ expr }}` expressions replaced with the values a test gives.
 */
import { spawn } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './build-site.ts';

/** Steps that need the network, done by the test's set-up instead (Trailbook linked in as `npm ci` installs it). */
export const NETWORK_STEPS = ['npm ci'];

/** One shell step, run. */
export interface Step {
  script: string;
  exit: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one shell step in `cwd` as the CI runners do. */
export function runStep(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Step> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (exit) => resolvePromise({ script, exit, stdout, stderr }));
  });
}

/** Replaces `${{ expr }}` with the value the test gives it; an expression it does not know fails the test. */
export function expand(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const value = values[expr];
    if (value === undefined) throw new Error(`the recipe uses \${{ ${expr} }}, which the test does not set`);
    return value;
  });
}

/** What `npm ci` leaves in a checkout: Trailbook in node_modules (a link to this checkout), its bin linked. */
export async function installTrailbook(checkout: string): Promise<void> {
  await mkdir(join(checkout, 'node_modules', '.bin'), { recursive: true });
  await symlink(REPO_ROOT, join(checkout, 'node_modules', 'trailbook'), 'dir');
  await symlink(join('..', 'trailbook', 'bin', 'trailbook.js'), join(checkout, 'node_modules', '.bin', 'trailbook'));
}
