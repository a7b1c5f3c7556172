/**
 * The states file of the build history (issue 30: the output of a 1,000-project archive;
 * docs/history.md): the rows and flags of the states the newest build names, written beside
 * `history.json` (`history-states.jsonl.gz` beside `history.json`, `<name>-states.jsonl.gz`
 * beside `--history <name>.json`). `history.json` keeps what every kept build needs (build
 * numbers, each project's state and `since`, each state's title and counts: the trends) and
 * names this file by its sha256; the rows and flags — about 35 KB a project of 1,000 rows,
 * 97% of the history — are only compared with by the next build ("since the last build").
 *
 * The file is JSON Lines, one line a state (sorted by key), each line compressed as a gzip
 * member of its own (so `zcat` reads the whole file): a rebuild in which one project changed
 * compresses one line and keeps the others' bytes from the file it read, when their text is
 * the same. A line:
 *
 * ```json
 * {"state":"s03a9…","rows":"1a2b3c4d VVI\n5e6f7a8b V","flags":[["f0c1d…","trail/no-start-row","medium","…",[]]]}
 * ```
 *
 * `flags` in Attention's order: identity, kind, severity, summary, rows (a flag's place `n` is
 * its index + 1); `accepted`, when the baseline accepted any, the identities of those flags
 * (count16: `history.json`'s `detail.acceptance` says its lines have it). Deterministic: the same states give the same bytes (gzip level 9, no name,
 * no time), and a line's kept bytes are those the same text compressed to. Pure but for
 * {@link statesPath} (a name).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { basename, dirname, join } from 'node:path';
import type { ProjectState, StateFlag } from './project-state.ts';

/** The states file's name beside `history.json` in the output folder. */
export const STATES_FILE = 'history-states.jsonl.gz';

/** The states file beside the history file `historyPath`: `<name>-states.jsonl.gz` for `<name>.json` (else `<file name>-states.jsonl.gz`). */
export function statesPath(historyPath: string): string {
  const name = basename(historyPath);
  return join(dirname(historyPath), `${name.endsWith('.json') ? name.slice(0, -'.json'.length) : name}-states.jsonl.gz`);
}

/** A state's rows and flags as one line of the states file (with its final line break). */
export function stateLine(key: string, state: StateDetail): string {
  const flags = Object.entries(state.flags).map(([id, f]) => [id, f.kind, f.severity, f.summary, f.rows]);
  return `${JSON.stringify({ state: key, rows: state.rows, flags, ...(state.accepted && state.accepted.length > 0 ? { accepted: state.accepted } : {}) })}\n`;
}

/** What a line of the states file holds of a state. */
export type StateDetail = Pick<ProjectState, 'rows' | 'flags' | 'accepted'>;

const SEVERITIES: ReadonlySet<string> = new Set(['high', 'medium', 'low']);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * A state line's fields, checked by hand (a zod schema took as long as the gunzip and the
 * parse together: 1,000 lines of about 80 flags each are read at every build). Throws a
 * message naming what is wrong.
 */
function stateOfLine(json: unknown): { state: string } & StateDetail {
  const line = json as { state?: unknown; rows?: unknown; flags?: unknown; accepted?: unknown } | null;
  if (line === null || typeof line !== 'object' || typeof line.state !== 'string' || typeof line.rows !== 'string' || !Array.isArray(line.flags)) throw new Error('not {state, rows, flags}');
  const flags: ProjectState['flags'] = {};
  line.flags.forEach((flag: unknown, i) => {
    const [id, kind, severity, summary, rows] = Array.isArray(flag) && flag.length === 5 ? (flag as unknown[]) : [];
    if (typeof id !== 'string' || typeof kind !== 'string' || typeof severity !== 'string' || !SEVERITIES.has(severity) || typeof summary !== 'string' || !isStrings(rows)) throw new Error(`flag ${i + 1} is not [identity, kind, severity, summary, rows]`);
    flags[id] = { kind, severity: severity as StateFlag['severity'], summary, rows, n: i + 1 };
  });
  if (line.accepted !== undefined && !isStrings(line.accepted)) throw new Error('accepted is not a list of flag identities');
  return { state: line.state, rows: line.rows, flags, ...(line.accepted !== undefined && line.accepted.length > 0 ? { accepted: line.accepted } : {}) };
}

/** One part of a states file: a state's line and the gzip member it was read from (or written as). */
export interface StatePart {
  text: string;
  bytes: Buffer;
}

/** A states file as written: its bytes and each part's state key and length, in order. */
export interface StatesFile {
  bytes: Buffer;
  parts: Array<[string, number]>;
}

/**
 * The states file of `states` (key → its rows and flags; written in sorted key order). A part
 * whose text is in `kept` with the same text keeps its bytes (they decompress to that text);
 * every other is compressed.
 */
export function writeStates(states: ReadonlyArray<[string, StateDetail]>, kept?: ReadonlyMap<string, StatePart>): StatesFile {
  const members: Buffer[] = [];
  const parts: Array<[string, number]> = [];
  for (const [key, state] of [...states].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const text = stateLine(key, state);
    const same = kept?.get(key);
    const bytes = same && same.text === text ? same.bytes : gzipSync(text, { level: 9 });
    members.push(bytes);
    parts.push([key, bytes.length]);
  }
  return { bytes: Buffer.concat(members), parts };
}

/** Why a states file could not be read: the first part that does not hold a state line, or the file shorter than its parts. */
export class StatesFileError extends Error {}

/**
 * Reads the parts of a states file `bytes` (whose sha256 the caller checked against
 * `history.json`) as `parts` lists them. Each part's state key must be the one listed.
 * Throws a {@link StatesFileError} naming the first part that is not a state line.
 */
export function readStates(bytes: Buffer, parts: ReadonlyArray<readonly [string, number]>): Map<string, StatePart & StateDetail> {
  const out = new Map<string, StatePart & StateDetail>();
  let at = 0;
  parts.forEach(([key, length], i) => {
    if (at + length > bytes.length) throw new StatesFileError(`part ${i + 1} of ${parts.length} (${key}) ends past the end of the file`);
    const member = bytes.subarray(at, at + length);
    at += length;
    let text: string;
    let line: ReturnType<typeof stateOfLine>;
    try {
      text = gunzipSync(member).toString('utf8');
      line = stateOfLine(JSON.parse(text));
    } catch (error) {
      throw new StatesFileError(`part ${i + 1} of ${parts.length} (${key}) is not a state line (${(error as Error).message.split('\n')[0]})`);
    }
    if (line.state !== key) throw new StatesFileError(`part ${i + 1} of ${parts.length} holds state ${line.state}, not ${key}`);
    out.set(key, { text, bytes: member, rows: line.rows, flags: line.flags, ...(line.accepted ? { accepted: line.accepted } : {}) });
  });
  return out;
}
