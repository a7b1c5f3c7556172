/**
 * Turns beads log rows into lifecycle entries: what each says about an issue's status
 * (spec/input.md section 7: `backup/events.jsonl` "created, claimed, status_changed,
 * closed..."; `interactions.jsonl` `field_change`). Only what a row states is used:
 * - `new_value` JSON with a `status` sets it (`status_changed`, `claimed`, `reopened`, and
 *   `closed` / `updated` when they carry one);
 * - `closed` with a plain-text `new_value` (the close reason) sets `closed`; `reopened`
 *   without one sets `open`; `created` sets `open`, beads' status for a new issue, unless its
 *   `new_value` names another;
 * - `old_value` JSON (a snapshot of the issue before the event) and a field change's
 *   `old_value` are the status the row itself records as prior (`recorded`), used to find gaps.
 * Unknown event types and audit kinds set nothing and are kept with their text.
 */
import { parseInstant } from '../text/time.ts';
import type { BeadsEventRow, BeadsInteractionRow } from './schemas.ts';

/** One row's statement about an issue, before replay. */
export interface LifecycleEntry {
  issueId: string;
  file: string;
  line: number;
  timestamp: string;
  time: number | null;
  actor: string;
  kind: string;
  source: 'event' | 'interaction';
  /** The status after the entry, when it sets one. */
  to?: string;
  /** The status the row records the issue had before it. */
  recorded?: string;
  text: string;
  /** A title seen in the row's snapshots (for issues known only from events). */
  title?: string;
}

const TEXT_LIMIT = 1000;
const cap = (s: string): string => (s.length > TEXT_LIMIT ? `${s.slice(0, TEXT_LIMIT - 1)}…` : s);

/** A JSON object held in a value (an object, or text holding one), or null. */
function objectOf(value: unknown): Record<string, unknown> | null {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return null;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The entry of one `backup/events.jsonl` row. */
export function eventEntry(row: BeadsEventRow, file: string, line: number): LifecycleEntry {
  const next = objectOf(row.new_value);
  const prior = objectOf(row.old_value);
  const type = row.event_type;
  const timestamp = row.created_at ?? '';
  const entry: LifecycleEntry = { issueId: row.issue_id, file, line, timestamp, time: parseInstant(timestamp), actor: row.actor ?? '', kind: type, source: 'event', text: '' };
  const recorded = str(prior?.['status']);
  if (recorded !== undefined) entry.recorded = recorded;
  const title = str(next?.['title']) ?? str(prior?.['title']);
  if (title !== undefined) entry.title = title;
  const stated = str(next?.['status']);
  if (stated !== undefined) entry.to = stated;
  else if (type === 'created') entry.to = 'open';
  else if (type === 'closed') entry.to = 'closed';
  else if (type === 'reopened') entry.to = 'open';
  if (type === 'closed') entry.text = next ? textOf(next['close_reason'] ?? next['notes'] ?? '') : textOf(row.new_value);
  else if (type === 'claimed') entry.text = next?.['assignee'] !== undefined ? `claimed by ${textOf(next['assignee'])}` : 'claimed';
  else if (type === 'updated' || type === 'status_changed' || type === 'reopened') {
    const fields = next ? Object.keys(next).filter((k) => k !== 'status') : [];
    entry.text = fields.length > 0 ? `changed ${fields.join(', ')}` : '';
  } else if (type !== 'created') entry.text = row.comment ?? (next ? `changed ${Object.keys(next).join(', ')}` : textOf(row.new_value));
  entry.text = cap(entry.text);
  return entry;
}

/** A short description of an audit entry's `extra` (`field: old → new`, `model x`, `label good`). */
export function interactionSummary(row: BeadsInteractionRow): string {
  const extra = row.extra ?? {};
  if (row.kind === 'field_change') return `${textOf(extra['field'])}: ${textOf(extra['old_value'])} → ${textOf(extra['new_value'])}`;
  const picked = ['model', 'tool_name', 'exit_code', 'label', 'reason', 'error', 'field']
    .filter((k) => extra[k] !== undefined && extra[k] !== null && extra[k] !== '')
    .map((k) => `${k} ${textOf(extra[k])}`);
  const rest = picked.length > 0 ? picked.join(', ') : Object.keys(extra).slice(0, 6).join(', ');
  return cap(rest);
}

/** The entry of one `interactions.jsonl` audit entry tied to an issue, or null when it names none. */
export function interactionEntry(row: BeadsInteractionRow, file: string, line: number): LifecycleEntry | null {
  if (!row.issue_id) return null;
  const timestamp = row.created_at ?? '';
  const entry: LifecycleEntry = { issueId: row.issue_id, file, line, timestamp, time: parseInstant(timestamp), actor: row.actor ?? '', kind: row.kind, source: 'interaction', text: interactionSummary(row) };
  const extra = row.extra ?? {};
  if (row.kind === 'field_change' && extra['field'] === 'status') {
    const to = str(extra['new_value']);
    const recorded = str(extra['old_value']);
    if (to !== undefined) entry.to = to;
    if (recorded !== undefined) entry.recorded = recorded;
  }
  return entry;
}
