/**
 * `security/secret-in-record` (issue 29, scope 5): a credential in a record, or in a file or
 * commit a record cites. High: a published archive must not carry it, and `check --fail-on
 * high` stops a CI job that would publish one. One flag per distinct secret, naming its kind
 * and its places (file and line; for cited evidence, the file or commit and the citing row),
 * never the value. The secrets are found by src/lib/secrets/ before the checks run.
 */
import type { Flag, FlagLocation } from '../../model/types.ts';
import type { FoundSecret, SecretPlace } from '../../secrets/found-secrets.ts';
import type { Check, FlagKind } from '../check.ts';
import { agree } from '../../text/agree.ts';

export const SECRET_IN_RECORD: FlagKind = {
  kind: 'security/secret-in-record',
  severity: 'high',
  layer: 'trail',
  rule: 'no record, and no file or commit a record cites, holds a credential (secretlint’s recommended rules, Trailbook’s own, the configuration’s); each found is redacted in every output and named here by kind and place, never by value',
  source: 'docs/security.md (secrets)',
};

/**
 * A place as the flag names it: `decisions.jsonl:3 (row 2aafcc90)`, `.env:2 at the landed head,
 * cited by row 2aafcc90`, `decisions.jsonl:2 as committed in 0c36b1b (row a6fbcb2f)` (a row
 * rewritten or deleted since), `the evidence cited by row 2aafcc90 (decisions.jsonl:3)` (found
 * only in the reason quoting it).
 */
export function describePlace(p: SecretPlace, rowIds: ReadonlySet<string>): string {
  const row = p.rowId !== undefined && rowIds.has(p.rowId) ? `row ${p.rowId}` : p.rowId !== undefined ? `record ${p.rowId}` : '';
  const file = p.file === '' ? '' : p.line > 0 ? `${p.file}:${p.line}` : p.file;
  // A line of the file's history: where it stood in the commit that held it (it is not in the file now).
  const at = p.committed !== undefined && file !== '' ? `${file} as committed in ${p.committed}` : file;
  if (p.evidence !== undefined) return `${p.evidence}, cited by ${[row, at && `(${at})`].filter(Boolean).join(' ') || 'a record'}`;
  if (p.quoted) return `the evidence cited by ${[row, at && `(${at})`].filter(Boolean).join(' ') || 'a record'}`;
  return [at, row && `(${row})`].filter(Boolean).join(' ') || 'a record';
}

/** The flags of what was found; `redacted` false under `--no-redact`. */
export function secretFlags(found: readonly FoundSecret[], redacted: boolean, rowIds: ReadonlySet<string>): Flag[] {
  return found.map((f) => {
    // A pointer's reason quoting the evidence is the row citing it, said by the evidence's own place when there is one.
    const cited = new Set(f.places.flatMap((p) => (p.evidence !== undefined && p.rowId !== undefined ? [p.rowId] : [])));
    const places = f.places.filter((p) => !(p.quoted && p.rowId !== undefined && cited.has(p.rowId)));
    const [first, ...rest] = places;
    const where = first ? describePlace(first, rowIds) : 'a record';
    const more = rest.length > 0 ? ` and ${rest.length} more ${agree(rest.length, 'place', 'places')}` : '';
    const action = !redacted ? NOT_REDACTED : first?.secretFile ? 'a secret file: its contents are not published' : 'redacted in every output';
    const at: FlagLocation[] = [];
    // Lines of the file now (a line of its history is not where it stands now).
    for (const p of places) if (p.file !== '' && p.line > 0 && p.committed === undefined && !at.some((a) => a.file === p.file && a.line === p.line)) at.push({ file: p.file, line: p.line });
    const rows = [...new Set(places.flatMap((p) => (p.rowId !== undefined && rowIds.has(p.rowId) ? [p.rowId] : [])))];
    return { layer: SECRET_IN_RECORD.layer, severity: SECRET_IN_RECORD.severity, kind: SECRET_IN_RECORD.kind, rows, summary: `${f.kind} in ${where}${more}: ${action}`, at };
  });
}

/** The words a flag's summary ends with when the build ran with `--no-redact`. */
export const NOT_REDACTED = 'NOT redacted: the build ran with --no-redact';

/** How many `security/secret-in-record` flags a list holds (a summary flag counts for all it stands for), and how many say the secret was not redacted. */
export function secretFlagCounts(flags: readonly Flag[]): { found: number; notRedacted: number } {
  let found = 0;
  let notRedacted = 0;
  for (const f of flags) {
    if (f.kind !== SECRET_IN_RECORD.kind) continue;
    const n = 1 + (f.omitted ?? 0);
    found += n;
    if (f.summary.endsWith(NOT_REDACTED)) notRedacted += n;
  }
  return { found, notRedacted };
}

export const secretInRecord: Check = {
  id: 'security/secret-in-record',
  kinds: [SECRET_IN_RECORD],
  run({ secrets, rows }) {
    if (!secrets) return [];
    return secretFlags(secrets.found, secrets.redacted, new Set(rows.map((r) => r.id)));
  },
};
