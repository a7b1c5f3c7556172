/**
 * Everything the CLI prints goes through here: results to stdout, progress and diagnostics to
 * stderr, so `trailbook check --json > report.json` stays clean. Each call prints one line:
 * any line break or other control character in the text is printed as a visible escape
 * (`printableLine`, src/lib/text/escape.ts), so no name, path, title or record text can
 * start a line of its own (docs/security.md). A printer that writes several lines calls once
 * per line.
 */
import { printableLine } from '../lib/text/escape.ts';
import { agree } from '../lib/text/agree.ts';

export interface Output {
  /** One line of the command's result (stdout). */
  result(line: string): void;
  /** One line of progress or diagnostics (stderr). */
  info(line: string): void;
  /** A problem (stderr), prefixed with `trailbook:`; more lines (the fix) follow as `info`. */
  error(line: string): void;
  /**
   * On a terminal: one status line rewritten in place (progress), '' to clear it. Absent where
   * there is no terminal line to rewrite (progress then prints lines: src/cli/progress.ts).
   */
  status?(line: string): void;
}

/** Whether a status line is showing on the terminal (a line printed then clears it first). */
let statusShown = false;
const clearStatus = (): string => {
  if (!statusShown) return '';
  statusShown = false;
  return '\r\u001b[K';
};

export const consoleOutput: Output = {
  result: (line) => process.stdout.write(`${clearStatus()}${printableLine(line)}\n`),
  info: (line) => process.stderr.write(`${clearStatus()}${printableLine(line)}\n`),
  error: (line) => process.stderr.write(`${clearStatus()}trailbook: ${printableLine(line)}\n`),
  ...(process.stderr.isTTY
    ? {
        status: (line: string) => {
          statusShown = line !== '';
          process.stderr.write(`\r${printableLine(line)}\u001b[K`);
        },
      }
    : {}),
};

/** Prints a problem and the lines after it (`  fix: …`): the first as an error, the rest as info. */
export function printProblem(out: Output, lines: readonly string[]): void {
  const [first, ...rest] = lines;
  out.error(first ?? '');
  for (const line of rest) out.info(line);
}

/**
 * Prints a JSON text (or a part of one) line by line: `JSON.stringify` writes no raw line break
 * inside a string, so its line breaks are the document's own.
 */
export function printJson(out: Output, json: string): void {
  for (const line of json.split('\n')) out.result(line);
}

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
  return `${formatCount(n)} ${agree(n, singular, pluralForm)}`;
}
