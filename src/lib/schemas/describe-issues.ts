/**
 * The one describer of zod issues: each issue of a failed parse read as data (its code, the
 * path of the field at fault, the value found there), worded at the edge for its reader — a
 * record's invalid line as one plain sentence naming the field in quotes, as other messages
 * name a key ("missing required field “why”", {@link describeIssues}; use16: pages showed the
 * backticks of "field `why`" as typed, and a baseline's fingerprint reads both spellings alike,
 * src/lib/baseline/flag-fingerprint.ts), a configuration file as one line per issue naming the
 * file and the key (`trailbook.config.json: repositories[0].forge: must be one of …`,
 * {@link describeConfigIssues}).
 */
import type { z } from 'zod';
import { editDistance } from '../text/mistyped.ts';

/** The path of the field at fault as a person writes it: `repositories[0].forge`. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

/** The value found at `path` in the parsed input, or undefined when there is none. */
function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Where a missing field's name is there mistyped (`desicion` for `decision`, `Why` for `why`):
 * ` (written “desicion”?)`, else `''` (use16: a hand-written row said only "missing required
 * field “decision”" beside its `desicion`). Mistyped is letter case aside, one edit off
 * (src/lib/text/mistyped.ts), two for a name of 6 letters or more; only when one key is so near.
 */
function writtenAs(input: unknown, path: ReadonlyArray<PropertyKey>): string {
  const name = path.at(-1);
  const parent = valueAt(input, path.slice(0, -1));
  if (typeof name !== 'string' || parent === null || typeof parent !== 'object' || Array.isArray(parent)) return '';
  const limit = name.length >= 6 ? 2 : 1;
  const near = Object.keys(parent).filter((key) => key !== name && editDistance(key.toLowerCase(), name.toLowerCase(), limit) <= limit);
  return near.length === 1 ? ` (written “${near[0] as string}”?)` : '';
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = fieldPath(issue.path);
  const where = field === '' ? 'the record' : `field “${field}”`;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `missing required field “${field}”${writtenAs(input, issue.path)}`;
      return `${where} must be ${issue.expected}, got ${typeOf(value)}`;
    case 'too_small':
      if (typeof value === 'string' || value === '') return `${where} is empty`;
      return `${where} is too small (${issue.message})`;
    case 'too_big':
      return `${where} is too large (${issue.message})`;
    case 'invalid_value':
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value)}`;
    default:
      if (issue.message === 'is empty') return `${where} is empty`;
      return `${where}: ${issue.message}`;
  }
}

/** One message for all issues of a failed parse, joined with "; " (at most 5, then "and N more"). */
export function describeIssues(error: z.ZodError, input: unknown): string {
  const messages = error.issues.map((issue) => describeIssue(issue, input));
  const unique = [...new Set(messages)];
  const shown = unique.slice(0, 5).join('; ');
  return unique.length > 5 ? `${shown}; and ${unique.length - 5} more` : shown;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = { string: 'a string', array: 'an array', object: 'an object', number: 'a number', boolean: 'true or false' };

/** One line for one issue. */
function describeConfigIssue(file: string, issue: z.core.$ZodIssue, input: unknown): string[] {
  const key = fieldPath(issue.path);
  const at = key === '' ? `${file}:` : `${file}: ${key}:`;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${file}: ${fieldPath([...issue.path, k])}: unknown key`);
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

/** Every issue of a failed parse of a configuration file, one line each, in order, naming `file` and the key. */
export function describeConfigIssues(file: string, error: z.ZodError, input: unknown): string[] {
  return [...new Set(error.issues.flatMap((issue) => describeConfigIssue(file, issue, input)))];
}
