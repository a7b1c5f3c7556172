/**
 * Whether an issue's exported `created_at` agrees with the log (issue 18, "times that
 * disagree"): the export (`issues.jsonl`) and the event log (`backup/events.jsonl`,
 * `interactions.jsonl`) are written by different code paths, and real folders show them
 * hours apart — 45ck/prompt-language's export says 05:41:57Z for an issue whose own `created`
 * event says 16:41:56Z, and all of its issues are 10 or 11 hours apart, a time-zone offset.
 * Pure.
 */
import { parseInstant } from '../text/time.ts';
import { CREATED_TOLERANCE_MS, type BeadsHistoryEntry, type BeadsTimeDisagreement } from '../model/beads.ts';

const QUARTER_HOUR = 15 * 60_000;
/** The widest time-zone offset (UTC+14): how far a clock writing local time as UTC can be off. */
export const MAX_ZONE_OFFSET = 14 * 60 * 60_000;
/** What `bd export` writes for a missing time (cmd/bd/export.go, `sanitizeZeroTime`). */
export const EPOCH = '1970-01-01T00:00:00Z';

/** Whether a difference is a time-zone offset: a nonzero whole number of quarter hours, at most 14 h, within the tolerance. */
export function isZoneOffset(differenceMs: number): boolean {
  const d = Math.abs(differenceMs);
  if (d < QUARTER_HOUR - CREATED_TOLERANCE_MS || d > MAX_ZONE_OFFSET + CREATED_TOLERANCE_MS) return false;
  const rest = d % QUARTER_HOUR;
  return Math.min(rest, QUARTER_HOUR - rest) <= CREATED_TOLERANCE_MS;
}

/**
 * Compares `createdAt` with the history (in replay order). The log's word is its first
 * `created` event; without one, its earliest timed entry, which may be later than the
 * creation (a log that starts mid-life) but not earlier. Returns null when they agree within
 * {@link CREATED_TOLERANCE_MS}, or when either time is missing or does not parse.
 */
export function createdTimeDisagreement(createdAt: string, history: readonly BeadsHistoryEntry[]): BeadsTimeDisagreement | null {
  const exported = createdAt === '' ? null : parseInstant(createdAt);
  if (exported === null) return null;
  const created = history.find((h) => h.kind === 'created' && h.source === 'event' && h.time !== null);
  const entry = created ?? history.find((h) => h.time !== null);
  if (!entry || entry.time === null) return null;
  const differenceMs = entry.time - exported;
  if (Math.abs(differenceMs) <= CREATED_TOLERANCE_MS) return null;
  if (!created && differenceMs > 0) return null;
  return {
    exported: createdAt,
    logged: entry.timestamp,
    loggedKind: entry.kind,
    loggedAt: { file: entry.file, line: entry.line },
    differenceMs,
    zoneOffset: isZoneOffset(differenceMs),
    missingCreation: exported === 0,
  };
}

/** `10 h 59 min 59 s` (days, hours, minutes, seconds; zero parts left out; under a second: `0 s`). */
export function spanWords(ms: number): string {
  let s = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  const days = Math.floor(s / 86_400);
  s -= days * 86_400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const minutes = Math.floor(s / 60);
  s -= minutes * 60;
  if (days > 0) parts.push(`${days} d`);
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  if (s > 0 || parts.length === 0) parts.push(`${s} s`);
  return parts.join(' ');
}

/** One sentence for a person: what the export says, what the log says, and how far apart. */
export function disagreementSentence(d: BeadsTimeDisagreement, exportFile: string): string {
  const what = d.loggedKind === 'created' ? 'its created event' : `its earliest log entry (${d.loggedKind})`;
  const exportSays = d.missingCreation ? `${exportFile} has no creation time (bd export writes ${EPOCH} for a missing one)` : `${exportFile} says it was created at ${d.exported}`;
  const apart = d.missingCreation ? '' : `, ${spanWords(d.differenceMs)} ${d.differenceMs > 0 ? 'later' : 'earlier'}${d.zoneOffset ? ' (a whole time-zone offset: one of the two wrote local time as UTC)' : ''}`;
  return `${exportSays}; ${what} at ${d.loggedAt.file}:${d.loggedAt.line} says ${d.logged}${apart}.`;
}
