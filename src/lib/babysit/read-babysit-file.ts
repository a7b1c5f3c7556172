/**
 * Adapter for babysit `history.jsonl` and `timeline.jsonl` (spec/input.md section 7). Each
 * line is a history row (has `event`), a timeline row (has `step`), or an invalid record.
 */
import type { Confinement } from '../fs/confined.ts';
import { dict } from '../text/dict.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { readJsonlRecords, type JsonlFileResult } from '../adapters/jsonl-records.ts';
import { parseInstant } from '../text/time.ts';
import { BABYSIT_FIELDS, babysitHistorySchema, babysitTimelineSchema } from './schemas.ts';
import type { BabysitEntry } from '../model/babysit.ts';

/** Reads one file, appending its rows to `out` (in file order). */
export async function readBabysitFile(absolutePath: string, file: string, bytes: number, out: BabysitEntry[], within?: Confinement): Promise<JsonlFileResult> {
  return readJsonlRecords(absolutePath, file, bytes, 'babysit-history', 'babysit', (record, line) => {
    const isTimeline = 'step' in record && !('event' in record);
    const parsed = isTimeline ? babysitTimelineSchema.safeParse(record) : babysitHistorySchema.safeParse(record);
    if (!parsed.success) return { kind: 'babysit/invalid-row', error: `${isTimeline ? 'timeline step' : 'history event'}: ${describeIssues(parsed.error, record)}` };
    const r = parsed.data as Record<string, unknown>;
    const s = (k: string): string => (typeof r[k] === 'string' ? (r[k] as string) : '');
    const extra: Record<string, unknown> = dict();
    for (const [k, v] of Object.entries(record)) if (!BABYSIT_FIELDS.has(k)) extra[k] = v;
    out.push({
      file,
      line,
      kind: isTimeline ? 'timeline' : 'history',
      ts: s('ts'),
      time: parseInstant(s('ts')),
      ticket: s('ticket'),
      branch: s('branch'),
      actor: s('actor'),
      what: isTimeline ? s('step') : s('event'),
      status: s('status'),
      workflow: s('workflow'),
      note: s('note'),
      extra,
    });
    return;
  }, within);
}
