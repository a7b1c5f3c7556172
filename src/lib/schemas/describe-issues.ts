/**
 * Turns zod issues into one plain sentence naming the field at fault, so every invalid
 * record reads the same way everywhere ("missing required field `why`").
 */
import type { z } from 'zod';

function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = fieldName(issue.path);
  const where = field === '' ? 'the record' : `field \`${field}\``;
  let value: unknown = input;
  for (const key of issue.path) value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `missing required field \`${field}\``;
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
