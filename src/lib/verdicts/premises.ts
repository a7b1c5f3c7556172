/**
 * Adapter for repair-loop premise rows, `premises.jsonl` (spec/input.md section 6;
 * quality-and-design-controls.md, section 4 "Attack the premise"), and the grouping of rows
 * into loops: "Same blocker means the same gate and the same failure fingerprint ... with
 * run-specific values such as ids and timestamps removed".
 */
import type { InvalidRecord } from '../model/types.ts';
import type { PremiseRow, RepairLoop } from '../model/verdicts.ts';
import type { PhysicalLine } from '../text/lines.ts';
import { capRaw, nulMessage, tooLongMessage } from '../text/lines.ts';
import { BoundedInvalid } from '../bounds/kind-bounds.ts';
import { describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { premiseRowSchema } from '../schemas/premise-row.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { parseTime } from '../adapters/parsed-row.ts';
import { agree } from '../text/agree.ts';
import { countOf } from '../site/words.ts';
import { jsonErrorMessage } from '../text/json-error.ts';

/**
 * A failure fingerprint without run-specific values (section 4): ISO timestamps, UUIDs, hex
 * ids of 7+ digits and other numbers become placeholders; case and spacing are folded.
 */
export function normaliseFingerprint(fingerprint: string): string {
  return fingerprint
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/gi, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi, '<id>')
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Rows and invalid lines of one premises file. */
export interface PremiseFileResult {
  rows: Omit<PremiseRow, 'anchor'>[];
  invalid: InvalidRecord[];
}

/**
 * Reads the lines of a premises file. Never throws. A blank line, a line that is not a JSON
 * object, or a row without `gate` or a positive integer `attempt` is a `loop/invalid-row`
 * record with its raw text.
 */
export function parsePremiseLines(lines: Iterable<PhysicalLine>, file: string): PremiseFileResult {
  const reader = new PremiseLines(file);
  for (const l of lines) reader.add(l);
  return reader.result();
}

/**
 * A premises file read line by line (see {@link parsePremiseLines}), so a file of millions of
 * lines is streamed: at most MAX_PER_KIND invalid lines of one kind are kept, the rest counted
 * (src/lib/bounds/kind-bounds.ts).
 */
export class PremiseLines {
  readonly #file: string;
  readonly #rows: PremiseFileResult['rows'] = [];
  readonly #invalid = new BoundedInvalid();
  /** Lines read so far. */
  lines = 0;

  constructor(file: string) {
    this.#file = file;
  }

  /** The rows and invalid records read so far. */
  result(): PremiseFileResult {
    return { rows: this.#rows, invalid: this.#invalid.list() };
  }

  /** Reads one physical line. */
  add(l: PhysicalLine): void {
    this.lines++;
    const file = this.#file;
    const rows = this.#rows;
    const invalid = this.#invalid;
    const bad = (error: string): void => {
      invalid.push({ file, line: l.number, kind: 'loop/invalid-row', error: `${file}:${l.number}: ${error}`, raw: capRaw(l.text) });
    };
    if (l.tooLong) {
      invalid.push({ file, line: l.number, kind: 'source/line-too-long', error: tooLongMessage(l), raw: capRaw(l.text) });
      return;
    }
    if (l.nulAt !== undefined) {
      invalid.push({ file, line: l.number, kind: 'source/nul-byte', error: nulMessage(l), raw: capRaw(l.text) });
      return;
    }
    if (l.encodingError) {
      bad(`not valid UTF-8`);
      return;
    }
    if (l.text.trim() === '') {
      bad('blank line');
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(l.text);
    } catch (error) {
      bad(`not JSON: ${jsonErrorMessage(error)}`);
      return;
    }
    const hazard = jsonHazard(l.text);
    if (hazard) {
      invalid.push({ file, line: l.number, kind: `source/${hazard.kind}`, error: describeHazard(hazard), raw: capRaw(l.text) });
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      bad('not a JSON object');
      return;
    }
    const parsed = premiseRowSchema.safeParse(value);
    if (!parsed.success) {
      bad(describeIssues(parsed.error, value));
      return;
    }
    const { ts, ticket, gate, fingerprint, attempt, premise, premise_result, check, ...extra } = parsed.data;
    rows.push({
      file,
      line: l.number,
      ts,
      ticket,
      gate,
      fingerprint,
      attempt,
      premise: premise?.trim() ?? '',
      premiseResult: premise_result === undefined || premise_result === null || premise_result.trim() === '' ? null : premise_result.trim().toLowerCase(),
      check: check?.trim() ?? '',
      extra,
    });
  }
}

/** The time of a premise row, for display (null when `ts` is not an ISO time). */
export const premiseTime = (row: Pick<PremiseRow, 'ts'>): number | null => parseTime(row.ts);

/** What became of a loop, in words (section 4, "Branch on the result"). */
export function loopOutcome(rows: readonly PremiseRow[]): string {
  const attempts = rows.reduce((max, r) => Math.max(max, r.attempt), Number.NEGATIVE_INFINITY);
  const failed = rows.findIndex((r) => r.premiseResult === 'fails');
  if (failed >= 0) {
    const r = rows[failed] as PremiseRow;
    const after = rows.length - failed - 1;
    return after > 0
      ? `premise fails at attempt ${r.attempt}, yet ${after} more ${agree(after, 'attempt was', 'attempts were')} made: the loop should have stopped and handed the blocker to investigate`
      : `stopped at attempt ${r.attempt}: the premise fails; the blocker goes to investigate`;
  }
  const last = rows[rows.length - 1] as PremiseRow;
  const said = typeof last.extra['outcome'] === 'string' ? ` (${last.extra['outcome']})` : typeof last.extra['result'] === 'string' ? ` (${last.extra['result']})` : '';
  const tested = rows.find((r) => r.premise !== '');
  const premise = tested === undefined ? 'no premise recorded' : tested.premiseResult === 'holds' ? 'premise checked: holds' : tested.premiseResult === 'inconclusive' ? 'premise not verified (inconclusive)' : tested.premiseResult === null ? 'premise named, not tested' : `premise result ${tested.premiseResult}`;
  return `${countOf(attempts, 'attempt')}; ${premise}${said}`;
}

/**
 * A repair loop's key: its ticket, gate and normalised failure fingerprint. Made again from a
 * redacted loop (src/lib/project/analyse-project.ts, sec11): the normalised form of a secret
 * (`akiah<n>tesfdhl…`, numbers written `<n>`, lower-cased) is one no value's replacement matches.
 */
export function loopKey(r: { ticket: string; gate: string; fingerprint: string }): string {
  return `${r.ticket}\u0000${r.gate}\u0000${normaliseFingerprint(r.fingerprint)}`;
}

/**
 * Groups rows into loops by ticket, gate and normalised fingerprint, in order of first row;
 * rows keep file order within a loop. Anchors: `loop-<n>` and `premise-<file>-L<line>`.
 */
export function groupLoops(rows: readonly Omit<PremiseRow, 'anchor'>[]): RepairLoop[] {
  const loops = new Map<string, PremiseRow[]>();
  for (const r of rows) {
    const key = loopKey(r);
    const anchor = `premise-${r.file.replace(/[^A-Za-z0-9]+/g, '-')}-L${r.line}`;
    const list = loops.get(key);
    if (list) list.push({ ...r, anchor });
    else loops.set(key, [{ ...r, anchor }]);
  }
  return [...loops.entries()].map(([key, list], i) => ({
    key,
    anchor: `loop-${i + 1}`,
    ticket: (list[0] as PremiseRow).ticket,
    gate: (list[0] as PremiseRow).gate,
    fingerprint: (list[0] as PremiseRow).fingerprint,
    rows: list,
    attempts: list.reduce((max, r) => Math.max(max, r.attempt), Number.NEGATIVE_INFINITY),
    premiseRow: list.find((r) => r.premise !== '') ?? null,
    outcome: loopOutcome(list),
  }));
}
