/**
 * Turns zod issues about a configuration file into lines naming the file and the key:
 * `trailbook.config.json: repositories[0].forge: must be one of "github", "gitlab", "gitea"`.
 */
import type { z } from 'zod';

/** `repositories[0].forge` from a zod path. */
export function keyPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = { string: 'a string', array: 'an array', object: 'an object', number: 'a number', boolean: 'true or false' };

/** One line for one issue. */
function describeIssue(file: string, issue: z.core.$ZodIssue, input: unknown): string[] {
  const key = keyPath(issue.path);
  const at = key === '' ? `${file}:` : `${file}: ${key}:`;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${file}: ${keyPath([...issue.path, k])}: unknown key`);
    case 'invalid_type':
      return [`${at} must be ${EXPECTED[issue.expected] ?? issue.expected}, got ${value === undefined ? 'nothing' : kindOf(value)}`];
    case 'invalid_value':
      return [`${at} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}`];
    case 'too_small':
      return [`${at} ${issue.message.startsWith('must') ? issue.message : `is too small (${issue.message})`}`];
    default:
      return [`${at} ${issue.message}`];
  }
}

/** Every issue of a failed parse, one line each, in order. */
export function describeConfigIssues(file: string, error: z.ZodError, input: unknown): string[] {
  return [...new Set(error.issues.flatMap((issue) => describeIssue(file, issue, input)))];
}
