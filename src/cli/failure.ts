/**
 * How a failure the user can fix is printed: what is wrong, then `fix:` and what to do.
 * Both kinds carry a hint: {@link UsageError} (an unusable invocation) and
 * {@link ConfigError} (a configuration file that cannot be used).
 */
import { ConfigError } from '../lib/config/config-error.ts';
import { UsageError } from './output.ts';

/**
 * The lines of a usage or configuration error (what is wrong, one problem a line, then
 * `  fix: …`), or null for any other error. Print them with `printProblem` (src/cli/output.ts):
 * one line each, so a line break inside a problem is printed as `\n`, never as a new line.
 */
export function describeFailure(error: unknown): string[] | null {
  if (error instanceof UsageError) return [error.message, `  fix: ${error.hint}`];
  if (error instanceof ConfigError) return [...error.problems, `  fix: ${error.hint}`];
  return null;
}

/** The lines of an unexpected failure: its message (one line), the stack frames, and the fix. */
export function describeUnexpected(error: unknown, what: string): string[] {
  const e = error instanceof Error ? error : new Error(String(error));
  const frames = (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return [`${what}: ${e.name}: ${e.message}`, ...frames];
}
