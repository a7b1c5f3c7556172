/**
 * Everything the CLI prints goes through here: results to stdout, progress and diagnostics to
 * stderr, so `trailbook check --json > report.json` stays clean.
 */
export interface Output {
  /** A line of the command's result (stdout). */
  result(text: string): void;
  /** A line of progress or diagnostics (stderr). */
  info(text: string): void;
  /** A problem (stderr), prefixed with `trailbook:`. */
  error(text: string): void;
}

/**
 * Text as it may reach a terminal: control characters other than line break and tab (a record
 * or folder name can hold ESC sequences that retitle a terminal, rewrite what it shows or write
 * the clipboard) are printed as visible `\x1b`-style escapes (docs/security.md).
 */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export const consoleOutput: Output = {
  result: (text) => process.stdout.write(`${terminalSafe(text)}\n`),
  info: (text) => process.stderr.write(`${terminalSafe(text)}\n`),
  error: (text) => process.stderr.write(`trailbook: ${terminalSafe(text)}\n`),
};

/** A usage error: the invocation cannot be carried out. Exit code 2. */
export class UsageError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.name = 'UsageError';
    this.hint = hint;
  }
}

/** `1,234` style numbers, deterministic (no locale). */
export function formatCount(n: number): string {
  const text = String(n);
  const digits = /^-?\d+$/.test(text) ? text.replace('-', '') : null;
  if (digits === null) return text;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return (text.startsWith('-') ? '-' : '') + groups.join(',');
}

/** `n thing` / `n things`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}
