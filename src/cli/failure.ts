/**
 * How a failure the user can fix is printed: what is wrong, then `fix:` and what to do.
 * Both kinds carry a hint: {@link UsageError} (an unusable invocation) and
 * {@link ConfigError} (a configuration file that cannot be used).
 */
import { ConfigError } from '../lib/config/config-error.ts';
import { UsageError } from './output.ts';

/** The message and fix of a usage or configuration error, or null for any other error. */
export function describeFailure(error: unknown): string | null {
  if (error instanceof UsageError) return `${error.message}\n  fix: ${error.hint}`;
  if (error instanceof ConfigError) return `${error.problems.join('\n')}\n  fix: ${error.hint}`;
  return null;
}
