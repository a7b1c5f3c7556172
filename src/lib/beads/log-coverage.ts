/**
 * Whether the lifecycle log covers a change the export records (spec/input.md section 7;
 * issue 4). `bd backup` tables (`backup/events.jsonl`) are snapshots: one taken before the
 * export was last written cannot hold the export's later transitions, and replaying it would
 * report every later close as a missing transition — mismatches a person would dismiss. Which
 * is newer is judged by the records' own times: the log's latest entry against the time the
 * export gives the issue's change (`closed_at` of a closed issue, else `updated_at`; for an
 * issue the log never mentions, `created_at`). Logs may write local time as UTC (45ck/
 * prompt-language's is 10–11 h off), so a change counts as after the log only when it is
 * later than the log's end by more than the widest zone offset and the tolerance. Pure.
 */
import { parseInstant } from '../text/time.ts';
import { MAX_ZONE_OFFSET } from './created-times.ts';
import { CREATED_TOLERANCE_MS, type BeadsIssue } from '../model/beads.ts';

/** The log's latest timed entry over every issue. */
export interface LogEnd {
  /** Milliseconds since the epoch. */
  time: number;
  /** The entry's time as written. */
  timestamp: string;
  /** The file holding it (`.beads/backup/events.jsonl`). */
  file: string;
}

/** The latest timed entry of any issue's history, or null when no entry has a readable time. */
export function logEnd(issues: readonly Pick<BeadsIssue, 'history'>[]): LogEnd | null {
  let end: LogEnd | null = null;
  for (const issue of issues) for (const h of issue.history) if (h.time !== null && (end === null || h.time > end.time)) end = { time: h.time, timestamp: h.timestamp, file: h.file };
  return end;
}

/** The export's time for an issue's current state: `closed_at` when closed, else `updated_at`, else `created_at`; null when none parses. */
export function exportChange(issue: Pick<BeadsIssue, 'status' | 'closedAt' | 'updatedAt' | 'createdAt'>): { time: number; timestamp: string } | null {
  const candidates = issue.status === 'closed' ? [issue.closedAt, issue.updatedAt, issue.createdAt] : [issue.updatedAt, issue.createdAt];
  for (const timestamp of candidates) {
    const time = timestamp === '' ? null : parseInstant(timestamp);
    if (time !== null) return { time, timestamp };
  }
  return null;
}

/**
 * True when the export's change came after the log ended, beyond any zone offset: the log is
 * older than this change and cannot be expected to hold it.
 */
export function changedAfterLog(change: { time: number } | null, end: LogEnd | null): boolean {
  return change !== null && end !== null && change.time - end.time > MAX_ZONE_OFFSET + CREATED_TOLERANCE_MS;
}

/** True when the log's last entry is later than the export's change beyond any zone offset: the log was still being written after it. */
export function logRunsPast(change: { time: number } | null, end: LogEnd | null): boolean {
  return change !== null && end !== null && end.time - change.time > MAX_ZONE_OFFSET + CREATED_TOLERANCE_MS;
}
