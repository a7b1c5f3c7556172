/**
 * What a trail adapter hands to the project pipeline: rows before evidence resolution, and
 * the file's accounting. Shared by the bbs and pstack adapters.
 */
import type { InvalidRecord, SourceFile, TelemetryRow, TrailRow } from '../model/types.ts';
import { sha256Hex } from '../text/hash.ts';
import { rowTime } from '../text/time.ts';
import { agree } from '../text/agree.ts';
import { countOf } from '../site/words.ts';

/** A valid row before evidence resolution and supersede linking. */
export type ParsedRow = Omit<TrailRow, 'evidence' | 'anchor' | 'supersededBy'>;

/** Everything read from one trail file. Invariant: `source.valid + source.invalid === source.lines`. */
export interface TrailFileResult {
  source: SourceFile;
  rows: ParsedRow[];
  telemetry: TelemetryRow[];
  invalid: InvalidRecord[];
  /** File-level findings that are not about one invalid line (a missing TSV header). */
  /** File-level notices; `rows`: the rows a `trail/tsv-header-grew` notice is about, with their cell counts. */
  warnings: Array<{ kind: string; line: number; message: string; rows?: Array<{ line: number; cells: number }> }>;
}

/** Row id rule (decision trail, Part 1): first 8 hex of sha256(ts + ticket + decision), empty ticket = "". */
export function computeRowId(ts: string, ticket: string, decision: string): string {
  return sha256Hex(ts + ticket + decision).slice(0, 8);
}

/** Milliseconds since the epoch of an ISO-8601 timestamp with a zone, or null (src/lib/text/time.ts `rowTime`). */
export const parseTime = rowTime;

/**
 * Reports a record file none of whose lines has the shape of its format once, not line by
 * line (issue 13, item 8): a `trail/not-a-trail` warning says "not a <format>: N lines of
 * another shape"; every line stays an invalid record with its raw text (kind
 * `trail/not-a-trail`, which raises no flag of its own) and the file's other warnings go.
 *
 * A file beginning with a UTF-16 byte-order mark (`utf16`; Windows PowerShell's `>` writes one)
 * holds no line of the shape only because it is not UTF-8: the warning says that, and the fix.
 *
 * @param format - The format's name in words (`decision trail`, `pstack trail`).
 * @param why - What no line has, in words.
 * @param utf16 - Whether the file begins with a UTF-16 byte-order mark (its line 1 is `utf16`, src/lib/text/lines.ts).
 */
export function notATrail(out: TrailFileResult, file: string, format: string, why: string, utf16 = false): void {
  for (const record of out.invalid) {
    record.error = `not a ${format}: ${record.error}`;
    record.kind = 'trail/not-a-trail';
    delete record.fields;
  }
  const lines = out.source.lines;
  out.warnings.length = 0;
  const message = utf16
    ? `${file} is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and was not read: save it as UTF-8; its ${countOf(lines, 'line')} as read ${agree(lines, 'is', 'are')} kept raw under Invalid records`
    : `${file} is not a ${format}: ${countOf(lines, 'line')} of another shape (${why}); ${agree(lines, 'it is', 'they are')} kept raw under Invalid records`;
  out.warnings.push({ kind: 'trail/not-a-trail', line: 0, message });
}
