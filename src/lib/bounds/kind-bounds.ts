/**
 * Per-project bounds on records of one kind (docs/security.md, "Work and output are bounded
 * by the input"). An input can make many records of one kind out of almost no bytes: 40,000
 * empty `qa/*.json` files, two million blank lines, a million rows with a wrong id. Each would
 * be an invalid record, a flag, a source file listed, a search record and a line of every
 * page, so the archive would grow with the number of files and lines, not the bytes read.
 * A project therefore lists at most {@link MAX_PER_KIND} invalid records, flags and source
 * files of one kind, in the order read; the rest of that kind become one summary that says
 * how many there are and where the first and the last are. Nothing is dropped silently:
 * counts include every record, a summary says what it stands for, and `valid + invalid =
 * lines` still holds for every file (the source accounting is never cut).
 */
import type { Flag, InvalidRecord, SourceFile } from '../model/types.ts';

/** Records of one kind listed per project (and per file, while a file is read). */
export const MAX_PER_KIND = 200;

/** A location: path relative to the project, 1-based line (0 for a whole file). */
interface At {
  file: string;
  line: number;
}

const atText = (a: At): string => (a.line > 0 ? `${a.file}:${a.line}` : a.file);

/** What was left out of one kind: how many, and the first and last of them. */
interface Overflow {
  count: number;
  first: At;
  last: At;
}

function widen(over: Overflow | undefined, count: number, first: At, last: At): Overflow {
  if (!over) return { count, first, last };
  return { count: over.count + count, first: over.first, last };
}

/**
 * The file and line of "the last at FILE:LINE)" in a summary's text, read without a
 * backtracking pattern (the text quotes file names; tests/unit/regex-linearity.test.ts).
 */
function lastAt(error: string): [string, string, string] | null {
  const at = error.lastIndexOf('the last at ');
  if (at < 0) return null;
  const rest = error.slice(at + 'the last at '.length);
  const digit = (i: number): boolean => rest.charCodeAt(i) >= 48 && rest.charCodeAt(i) <= 57;
  // Each ')' looks back only over the digits right before it: linear however many there are.
  for (let close = rest.lastIndexOf(')'); close > 0; close = rest.lastIndexOf(')', close - 1)) {
    let colon = close - 1;
    while (colon >= 0 && digit(colon)) colon--;
    if (colon > 0 && colon < close - 1 && rest[colon] === ':') return [rest.slice(0, close), rest.slice(0, colon), rest.slice(colon + 1, close)];
  }
  return null;
}

/**
 * Invalid records kept while reading, at most {@link MAX_PER_KIND} of each kind; the rest
 * are counted. Memory stays bounded however many lines a file holds. Records that are
 * summaries already (`omitted` set) are merged into the count of their kind.
 */
export class BoundedInvalid {
  readonly #kept: InvalidRecord[] = [];
  readonly #perKind = new Map<string, number>();
  readonly #over = new Map<string, Overflow>();
  readonly #limit: number;

  constructor(limit: number = MAX_PER_KIND) {
    this.#limit = limit;
  }

  /** Adds one record (or a summary of several). */
  push(record: InvalidRecord): void {
    if (record.omitted !== undefined) {
      const last = lastAt(record.error);
      this.#over.set(record.kind, widen(this.#over.get(record.kind), record.omitted, record, last ? { file: last[1] as string, line: Number(last[2]) } : record));
      return;
    }
    const n = this.#perKind.get(record.kind) ?? 0;
    if (n < this.#limit) {
      this.#perKind.set(record.kind, n + 1);
      this.#kept.push(record);
      return;
    }
    this.#over.set(record.kind, widen(this.#over.get(record.kind), 1, record, record));
  }

  /**
   * Whether a record of `kind` would still be kept. A reader may skip the work of describing
   * a record that would only be counted (JSON.parse throwing on two million lines of garbage
   * took most of a build).
   */
  keeps(kind: string): boolean {
    return (this.#perKind.get(kind) ?? 0) < this.#limit;
  }

  /** Number of records added, summaries counted as what they stand for. */
  get total(): number {
    let n = this.#kept.length;
    for (const o of this.#over.values()) n += o.count;
    return n;
  }

  /** The kept records in the order added, then one summary per kind over the limit. */
  list(): InvalidRecord[] {
    const out = [...this.#kept];
    for (const [kind, over] of this.#over) out.push(invalidSummary(kind, over, this.#limit));
    return out;
  }
}

function invalidSummary(kind: string, over: Overflow, limit: number): InvalidRecord {
  const where = over.count === 1 ? `at ${atText(over.first)}` : `the first at ${atText(over.first)}, the last at ${atText(over.last)}`;
  return {
    file: over.first.file,
    line: over.first.line,
    kind,
    error: `${over.count} more ${kind} records are not listed one by one (${where}): a project lists at most ${limit} of one kind`,
    raw: '',
    omitted: over.count,
  };
}

/** A project's invalid records bounded per kind (see {@link BoundedInvalid}). Pure. */
export function boundInvalid(records: readonly InvalidRecord[], limit: number = MAX_PER_KIND): InvalidRecord[] {
  const bounded = new BoundedInvalid(limit);
  for (const r of records) bounded.push(r);
  return bounded.list();
}

/** How many records a list of invalid records stands for (a summary counts as what it stands for). */
export function invalidCount(records: ReadonlyArray<Pick<InvalidRecord, 'omitted'>>): number {
  let n = 0;
  for (const r of records) n += r.omitted ?? 1;
  return n;
}

/**
 * A project's flags bounded per kind, in the order given: at most `limit` of one kind are
 * listed, the rest become one summary flag of the same kind and severity. A flag raised from
 * a summary invalid record stands for as many flags as the record does. Pure.
 *
 * @param invalid - The project's invalid records, summaries included (their flags are marked).
 */
export function boundFlags(flags: readonly Flag[], invalid: readonly InvalidRecord[], limit: number = MAX_PER_KIND): Flag[] {
  const summaries = new Map<string, number>();
  for (const r of invalid) if (r.omitted !== undefined) summaries.set(`${r.kind}\u0000${r.file}\u0000${r.line}`, r.omitted);
  const perKind = new Map<string, number>();
  const over = new Map<string, { template: Flag; overflow: Overflow }>();
  const out: Flag[] = [];
  for (const f of flags) {
    const at = f.at[0];
    const stands = at ? summaries.get(`${f.kind}\u0000${at.file}\u0000${at.line}`) : undefined;
    if (stands !== undefined) {
      out.push({ ...f, omitted: stands });
      continue;
    }
    const n = perKind.get(f.kind) ?? 0;
    if (n < limit) {
      perKind.set(f.kind, n + 1);
      out.push(f);
      continue;
    }
    const where = f.at[0] ?? { file: f.rows[0] ?? '', line: 0 };
    const previous = over.get(f.kind);
    over.set(f.kind, { template: previous?.template ?? f, overflow: widen(previous?.overflow, 1, where, f.at[f.at.length - 1] ?? where) });
  }
  for (const [kind, { template, overflow }] of over) {
    const where = overflow.count === 1 ? `at ${atText(overflow.first)}` : `the first at ${atText(overflow.first)}, the last at ${atText(overflow.last)}`;
    out.push({
      layer: template.layer,
      severity: template.severity,
      kind,
      rows: [],
      summary: `${overflow.count} more ${kind} flags are not listed one by one (${where}): a project lists at most ${limit} of one kind`,
      at: overflow.first.file === '' ? [] : [overflow.first],
      omitted: overflow.count,
    });
  }
  return out;
}

/** How many flags a list stands for (a summary counts as what it stands for). */
export function flagCount(flags: readonly Flag[]): number {
  let n = 0;
  for (const f of flags) n += f.omitted ?? 1;
  return n;
}

/**
 * A project's source files bounded per format, in the order given: at most `limit` of one
 * format are listed, the rest become one summary whose counts are their sums (so every
 * line stays accounted for). Pure.
 */
export function boundSources(sources: readonly SourceFile[], limit: number = MAX_PER_KIND): SourceFile[] {
  const perFormat = new Map<string, number>();
  const over = new Map<string, { summary: SourceFile; first: string; last: string }>();
  const out: SourceFile[] = [];
  for (const s of sources) {
    const n = perFormat.get(s.format) ?? 0;
    if (n < limit && s.files === undefined) {
      perFormat.set(s.format, n + 1);
      out.push(s);
      continue;
    }
    const entry = over.get(s.format) ?? { summary: { path: '', format: s.format, bytes: 0, lines: 0, valid: 0, invalid: 0, files: 0 }, first: s.path, last: s.path };
    entry.summary.bytes += s.bytes;
    entry.summary.lines += s.lines;
    entry.summary.valid += s.valid;
    entry.summary.invalid += s.invalid;
    if (s.headers) entry.summary.headers = (entry.summary.headers ?? 0) + s.headers;
    entry.summary.files = (entry.summary.files ?? 0) + (s.files ?? 1);
    entry.last = s.path;
    over.set(s.format, entry);
  }
  for (const { summary, first, last } of over.values()) {
    const files = summary.files ?? 0;
    out.push({ ...summary, path: files === 1 ? first : `${files} more files, ${first} … ${last}` });
  }
  return out;
}
