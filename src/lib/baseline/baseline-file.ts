/**
 * `trailbook.baseline.json` (issue 32): the flags a team has accepted, each with its reason, so
 * that `trailbook check --fail-on` can gate a repository whose trail already had flags. Written
 * by `trailbook baseline`, committed beside the records, read by `check`. Accepted flags are
 * shown as accepted, never hidden, and counted apart (src/lib/baseline/accepted-flags.ts).
 *
 * The file, version `trailbook.baseline/1`:
 * ```json
 * { "version": "trailbook.baseline/1",
 *   "accepted": [{ "project": "tickets-faults", "kind": "evidence/prose", "fingerprint": "…16 hex…",
 *                  "reason": "written before evidence had to be a pointer", "summary": "…", "where": "decisions.jsonl:7" }] }
 * ```
 * `project`, `kind` and `fingerprint` (src/lib/baseline/flag-fingerprint.ts) match a flag;
 * `reason` is required; `summary` and `where` are for the people who read the file.
 */
import { z } from 'zod';
import { fieldPath } from '../schemas/describe-issues.ts';

/** The version string of the file. */
export const BASELINE_VERSION = 'trailbook.baseline/1';

/** The file's default name, looked for in the working folder (or beside the configuration file). */
export const BASELINE_FILE = 'trailbook.baseline.json';

/** One accepted flag. */
export const baselineEntrySchema = z.object({
  project: z.string().min(1),
  kind: z.string().min(1),
  fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 hexadecimal characters, as trailbook baseline writes it'),
  reason: z.string().trim().min(1, 'must say why the flag is accepted'),
  summary: z.string().optional(),
  where: z.string().optional(),
});

/** An accepted flag. */
export type BaselineEntry = z.infer<typeof baselineEntrySchema>;

const baselineSchema = z.object({ version: z.literal(BASELINE_VERSION), accepted: z.array(baselineEntrySchema) });

/** A baseline file that cannot be used: `problems` name the file and the entry. */
export class BaselineError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'BaselineError';
    this.problems = problems;
  }
}

/**
 * The entries of a baseline file's text. Throws {@link BaselineError} naming `file` and, for a
 * bad entry, its index and field (`trailbook.baseline.json: accepted[2].reason: must say why…`).
 */
export function parseBaseline(text: string, file: string): BaselineEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new BaselineError([`${file}: not JSON (${(error as Error).message})`]);
  }
  const parsed = baselineSchema.safeParse(json);
  if (!parsed.success) {
    throw new BaselineError(parsed.error.issues.slice(0, 10).map((i) => `${file}: ${i.path.length > 0 ? `${fieldPath(i.path)}: ` : ''}${i.message}`));
  }
  return parsed.data.accepted;
}

/** The file's text for `entries`: sorted by project, kind, where and fingerprint, two-space JSON, one final line break. Deterministic. */
export function baselineText(entries: readonly BaselineEntry[]): string {
  const sorted = [...entries].sort((a, b) => cmp(a.project, b.project) || cmp(a.kind, b.kind) || cmp(a.where ?? '', b.where ?? '') || cmp(a.fingerprint, b.fingerprint));
  const accepted = sorted.map((e) => ({ project: e.project, kind: e.kind, fingerprint: e.fingerprint, reason: e.reason, ...(e.summary === undefined ? {} : { summary: e.summary }), ...(e.where === undefined ? {} : { where: e.where }) }));
  return `${JSON.stringify({ version: BASELINE_VERSION, accepted }, null, 2)}\n`;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
