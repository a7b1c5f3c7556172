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

export const consoleOutput: Output = {
  result: (text) => process.stdout.write(`${text}\n`),
  info: (text) => process.stderr.write(`${text}\n`),
  error: (text) => process.stderr.write(`trailbook: ${text}\n`),
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
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `n thing` / `n things`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}
