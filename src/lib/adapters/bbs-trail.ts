/**
 * Adapter for a bbs team trail, `decisions.jsonl` (decision trail, Part 1; spec/input.md
 * section 2). Each physical line becomes a row, a telemetry row (babysit analytics rows have
 * no `evidence`: decision trail, "Problem"), or an invalid record with its raw text.
 */
import { dict } from '../text/dict.ts';
import { countOf } from '../site/words.ts';
import { bbsRowSchema, BBS_ROW_FIELDS } from '../schemas/decision-row.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { RAW_TEXT_LIMIT, type InvalidRecord, type TelemetryRow } from '../model/types.ts';
import type { Confinement } from '../fs/confined.ts';
import { BoundedInvalid } from '../bounds/kind-bounds.ts';
import { capRaw, nulMessage, readLines, tooLongMessage, type PhysicalLine } from '../text/lines.ts';
import { cannotBeJson, describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { classifyResult } from '../results/classify-result.ts';
import { computeRowId, notATrail, parseTime, type ParsedRow, type TrailFileResult } from './parsed-row.ts';
import { jsonErrorMessage } from '../text/json-error.ts';

/** Fields that mark a babysit analytics row (telemetry, not a trail row). */
const TELEMETRY_MARKERS = ['rationale', 'principle', 'tier', 'skill', 'trigger', 'session'];

function isTelemetry(record: Record<string, unknown>): boolean {
  if ('evidence' in record) return false;
  return TELEMETRY_MARKERS.some((k) => k in record) || record['kind'] === 'resize';
}

function telemetrySummary(record: Record<string, unknown>): string {
  if (record['kind'] === 'resize') return `resize ${String(record['from'] ?? '?')} → ${String(record['to'] ?? '?')}${record['trigger'] ? ` (${String(record['trigger'])})` : ''}`;
  const decision = record['decision'];
  return typeof decision === 'string' ? decision : JSON.stringify(record).slice(0, 200);
}

/** Parses one JSON line; returns the error message when it is not JSON. */
export function parseJsonLine(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: `not valid JSON: ${jsonErrorMessage(error)}` };
  }
}

/**
 * Fields only a decision-trail row (or a babysit analytics row) has; a line with none of them
 * is of another shape (a routing log's `{ts, route, model}` has a `ts`, but no decision).
 */
const TRAIL_FIELDS = ['decision', 'why', 'evidence', 'result', 'supersedes', 'phase'];

/**
 * Whether a line that is not JSON is part of an object written over several lines (an agent's
 * pretty-printed `json.dumps(row, indent=2)`): a brace or bracket alone, or a `"key": value` line.
 */
export const isPrettyPrintedPart = (text: string): boolean => /^\s*(?:[{}[\]],?\s*|"[^"]*"\s*:.*)$/.test(text);

/** What a line of a pretty-printed object is told, after its parse error. */
const PRETTY_PRINTED = 'the line is part of a JSON object written over several lines: a .jsonl file holds each whole object on one line';

/** Whether a line that is not JSON names trail fields (a truncated write): a trail row gone bad. */
const namesTrailFields = (text: string): boolean => TRAIL_FIELDS.some((f) => text.includes(`"${f}"`));

/**
 * Reads one line of a bbs trail into the accumulating result; an invalid line goes to
 * `invalid` (by default the result's own list; the reader passes a bounded one). Returns
 * whether the line has the shape of a trail row: a JSON object with a trail field (valid or
 * not), a broken line naming trail fields, or a line too long to tell.
 */
export function readBbsLine(line: PhysicalLine, file: string, out: TrailFileResult, invalid$: { push(record: InvalidRecord): void; keeps?(kind: string): boolean } = out.invalid): boolean {
  let shaped = false;
  const invalid = (kind: string, error: string): boolean => {
    const record: InvalidRecord = { file, line: line.number, kind, error, raw: capRaw(line.text, RAW_TEXT_LIMIT) };
    invalid$.push(record);
    out.source.invalid++;
    return shaped;
  };
  // A line too long to read has a shape nobody can tell: it is not held against the file.
  if (line.tooLong) {
    shaped = true;
    return invalid('source/line-too-long', tooLongMessage(line));
  }
  if (line.nulAt !== undefined) {
    shaped = namesTrailFields(line.text);
    return invalid('source/nul-byte', nulMessage(line));
  }
  if (line.encodingError) return invalid('trail/invalid-utf8', `line ${line.number} is ${line.encodingError}`);
  if (line.text.trim() === '') return invalid('trail/blank-line', 'blank line');
  // A line that is only counted (its kind already listed in full) is not described.
  if (invalid$.keeps?.('trail/not-json') === false && cannotBeJson(line.text)) {
    shaped = namesTrailFields(line.text);
    return invalid('trail/not-json', 'not valid JSON');
  }
  const parsed = parseJsonLine(line.text);
  if ('error' in parsed) {
    shaped = namesTrailFields(line.text);
    return invalid('trail/not-json', isPrettyPrintedPart(line.text) ? `${parsed.error}; ${PRETTY_PRINTED}` : parsed.error);
  }
  const value = parsed.value;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject) shaped = TRAIL_FIELDS.some((f) => f in value) || isTelemetry(value as Record<string, unknown>);
  // A whole trail written as one JSON array of rows: a trail, in the wrong container.
  const rowsInArray = Array.isArray(value) && value.length > 0 && value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v)) && value.some((v) => TRAIL_FIELDS.some((f) => f in v)) ? value.length : 0;
  if (rowsInArray > 0) shaped = true;
  const hazard = jsonHazard(line.text);
  if (hazard) return invalid(`source/${hazard.kind}`, describeHazard(hazard));
  if (!isObject) {
    if (rowsInArray > 0) return invalid('trail/not-an-object', `expected a JSON object, got an array of ${countOf(rowsInArray, 'object')}: a .jsonl file holds one JSON object per line, not an array of them`);
    return invalid('trail/not-an-object', `expected a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  const record = value as Record<string, unknown>;
  if (isTelemetry(record)) {
    const telemetry: TelemetryRow = {
      file,
      line: line.number,
      ts: typeof record['ts'] === 'string' ? record['ts'] : '',
      kind: typeof record['kind'] === 'string' ? record['kind'] : typeof record['skill'] === 'string' ? `skill ${record['skill']}` : 'telemetry',
      summary: telemetrySummary(record),
      fields: record,
    };
    out.telemetry.push(telemetry);
    out.source.valid++;
    return true;
  }
  const result = bbsRowSchema.safeParse(record);
  if (!result.success) {
    const message = describeIssues(result.error, record);
    const kind = message.includes('must be') ? 'trail/wrong-type' : 'trail/missing-field';
    return invalid(kind, message);
  }
  const row = result.data;
  const extra: Record<string, unknown> = dict();
  for (const [k, v] of Object.entries(record)) if (!BBS_ROW_FIELDS.has(k)) extra[k] = v;
  const ticket = row.ticket ?? '';
  const parsedRow: ParsedRow = {
    id: row.id,
    computedId: computeRowId(row.ts, ticket, row.decision),
    format: 'bbs-trail',
    file,
    line: line.number,
    index: out.rows.length,
    ts: row.ts,
    time: parseTime(row.ts),
    phase: row.phase,
    ticket,
    actor: row.actor,
    decision: row.decision,
    why: row.why,
    evidenceText: row.evidence,
    result: row.result,
    resultClass: classifyResult(row.result),
    bytes: line.bytes,
    extra,
  };
  if (row.supersedes !== undefined && row.supersedes.trim() !== '') parsedRow.supersedes = row.supersedes.trim();
  out.rows.push(parsedRow);
  out.source.valid++;
  return true;
}

/**
 * Reads a bbs `decisions.jsonl` file. `file` is the display path relative to the project root;
 * `within`, the confinement the file is opened through (src/lib/fs/confined.ts).
 * Rejects only when the file cannot be read at all (the caller records that as invalid).
 */
export async function readBbsTrail(absolutePath: string, file: string, bytes: number, within?: Confinement): Promise<TrailFileResult> {
  const out: TrailFileResult = {
    source: { path: file, format: 'bbs-trail', bytes, lines: 0, valid: 0, invalid: 0 },
    rows: [],
    telemetry: [],
    invalid: [],
    warnings: [],
  };
  // At most MAX_PER_KIND invalid lines of one kind are kept, the rest counted (src/lib/bounds/).
  const invalid = new BoundedInvalid();
  let shaped = 0;
  let blank = 0;
  let utf16 = false;
  for await (const line of readLines(absolutePath, within)) {
    out.source.lines++;
    if (line.utf16) utf16 = true;
    if (line.text.trim() === '' && !line.tooLong) blank++;
    if (readBbsLine(line, file, out, invalid)) shaped++;
  }
  out.invalid = invalid.list();
  if (shaped === 0 && out.source.lines > blank) notATrail(out, file, 'decision trail', `no line is a JSON object with a ${TRAIL_FIELDS.slice(0, -1).join(', ')} or ${TRAIL_FIELDS.at(-1)} field`, utf16);
  if (out.rows.length === 0 && out.telemetry.length > 0) out.source.format = 'babysit-telemetry';
  return out;
}
