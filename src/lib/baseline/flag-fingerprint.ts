/**
 * What identifies a flag across runs, for accepted flags (issue 32, src/lib/baseline/): the
 * project, the flag's kind, the cause it states (its summary, with line numbers left out, so a
 * row added above does not unmatch it) and the full text of the records it is about (each row's
 * fields, an invalid line's raw text). A flag whose row is edited, or whose cause changes (another
 * SHA not found, another path), gets another fingerprint and is no longer accepted.
 */
import type { Flag, ProjectModel } from '../model/types.ts';
import { sha256Hex } from '../text/hash.ts';

/** What a fingerprint reads of a project. */
export type FingerprintInput = Pick<ProjectModel, 'id' | 'rows' | 'invalid'>;

/** What comes between the place a summary starts with and the row it names: `decisions.jsonl:#: row …`. */
const PLACE_BEFORE_ROW = ':#: row ';

/** Each “name” of a list of quoted names, in backticks: `“a”, “b”` → `` `a`, `b` ``. */
const backticked = (names: string): string => names.replace(/“([^“”]*)”/g, '`$1`');

/**
 * Where Trailbook's own messages name a field or column: in backticks until use16 (`missing
 * required field \`why\``), shown as typed on pages; in quotes since, as other messages name a
 * key (`missing required field “why”`). Each pattern finds the quoted names of one message; a
 * name holds no quote mark, so no match runs past the next one (linear: tests/unit/regex-linearity.test.ts).
 */
const NAMED_FIELDS: ReadonlyArray<[RegExp, (match: string, ...groups: string[]) => string]> = [
  [/(\b(?:missing required field|field) )“([^“”]*)”/g, (_m, before, name) => `${before}\`${name}\``],
  [/( is missing )((?:“[^“”]*”, )*“[^“”]*”)/g, (_m, before, names) => before + backticked(names)],
  [/(\): )“([^“”]*)”( is “)/g, (_m, before, name, after) => `${before}\`${name}\`${after}`],
  [/(\bthe )((?:“[^“”]*”, )*“[^“”]*”)( columns? (?:is|are) missing)/g, (_m, before, names, after) => before + backticked(names) + after],
  [/(\(fields )((?:“[^“”]*”, )*“[^“”]*”)(\))/g, (_m, before, names, after) => before + backticked(names) + after],
];

/** What src/lib/schemas/describe-issues.ts says after a missing field's name since use16, when the record has it mistyped. */
const WRITTEN_AS = / \(written “[^“”]*”\?\)/g;

/**
 * A summary with the names of {@link NAMED_FIELDS} in backticks and without {@link WRITTEN_AS},
 * as it was written before use16: a baseline that accepted a flag by its old wording keeps
 * accepting it.
 */
function withBacktickedNames(summary: string): string {
  if (!summary.includes('“')) return summary;
  return NAMED_FIELDS.reduce((text, [pattern, put]) => text.replace(pattern, put), summary.replace(WRITTEN_AS, ''));
}

/**
 * A summary without the line numbers in it (`decisions.jsonl:12` → `decisions.jsonl:#`, `line 6`
 * → `line #`, `lines 8, 9` → `lines #`), and without the place it starts with when a row comes
 * next (`decisions.jsonl:3: row 1a2b3c4d has ts …` → `row 1a2b3c4d has ts …`): the row's own
 * text is in the fingerprint already, and a flag that came to say its file and line (the
 * one-row `trail/bad-timestamp`, new-user trial, round 8) keeps the fingerprint a baseline
 * accepted it by. No summary started so before, so no other fingerprint changes.
 */
export function summaryCause(summary: string): string {
  const cause = withBacktickedNames(summary).replace(/(\.[A-Za-z][A-Za-z0-9]*):\d+\b/g, '$1:#').replace(/\b(lines?) \d+(?:(?:, | and )\d+)*/g, '$1 #');
  const at = cause.indexOf(PLACE_BEFORE_ROW);
  // The place is the summary's first words: a file path (which may hold spaces, but no `: `).
  return at > 0 && !cause.slice(0, at).includes(': ') ? cause.slice(at + PLACE_BEFORE_ROW.length - 'row '.length) : cause;
}

/**
 * The fingerprint of `flag` in `project`: 16 hex characters of sha256 over the project id, the
 * kind, the reviewer's evidence (layer 2), the cause ({@link summaryCause}) and the records the
 * flag is about — rows by id and by place, invalid records by place — in a fixed order.
 */
export function flagFingerprint(project: FingerprintInput, flag: Pick<Flag, 'kind' | 'rows' | 'at' | 'summary' | 'evidence'>): string {
  const index = recordIndex(project);
  const records = new Set<string>();
  for (const id of flag.rows) for (const r of index.byId.get(id) ?? []) records.add(rowText(r));
  for (const at of flag.at) {
    const place = `${at.file}\u0000${at.line}`;
    for (const r of index.rowsAt.get(place) ?? []) records.add(rowText(r));
    for (const i of index.invalidAt.get(place) ?? []) records.add(JSON.stringify([i.file, i.raw]));
  }
  const parts = [project.id, flag.kind, flag.evidence ?? '', summaryCause(flag.summary), ...[...records].sort()];
  return sha256Hex(parts.join('\u0000')).slice(0, 16);
}

/** A row's text as the fingerprint reads it: every field a person writes. */
const rowText = (r: ProjectModel['rows'][number]): string => JSON.stringify([r.id, r.ts, r.ticket, r.phase, r.actor, r.decision, r.why, r.evidenceText, r.result, r.supersedes ?? '']);

interface RecordIndex {
  /** The invalid records it was built with (the index is kept per rows array). */
  invalid: ProjectModel['invalid'];
  byId: Map<string, ProjectModel['rows']>;
  rowsAt: Map<string, ProjectModel['rows']>;
  invalidAt: Map<string, ProjectModel['invalid']>;
}

/** The project's rows by id and by place, and its invalid records by place: built once per project (a flag may name every row). */
const indexes = new WeakMap<object, RecordIndex>();
function recordIndex(project: FingerprintInput): RecordIndex {
  let index = indexes.get(project.rows);
  if (index && index.invalid === project.invalid) return index;
  const push = <T>(map: Map<string, T[]>, key: string, value: T): void => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  index = { invalid: project.invalid, byId: new Map(), rowsAt: new Map(), invalidAt: new Map() };
  for (const r of project.rows) {
    push(index.byId, r.id, r);
    push(index.rowsAt, `${r.file}\u0000${r.line}`, r);
  }
  for (const i of project.invalid) push(index.invalidAt, `${i.file}\u0000${i.line}`, i);
  indexes.set(project.rows, index);
  return index;
}
