/**
 * Turns one parsed JSON record into a {@link CoordEvent} (bd-audit-coordination-schema.md,
 * "Event Envelope (v1)", "Required Fields by Event"). Two forms are read:
 * - a raw envelope, `{"version":"coord.v1","kind":"coord_event",...,"data":{...}}`, as sent
 *   to `bd audit record --stdin` or kept in a `coordination.jsonl`;
 * - the same envelope stored by `bd audit` as an audit entry, `{"id":"int-…","kind":
 *   "coord_event","created_at":…,"actor":…,"issue_id":…,"extra":{"version":"coord.v1",…}}`;
 *   the entry's `actor`, `issue_id` and `created_at` fill envelope fields the extra lacks.
 */
import { dict } from '../text/dict.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { ALLOWED_VALUES, coordEnvelopeSchema, DATA_FIELDS, ENVELOPE_FIELDS, NUMERIC_FIELDS, REQUIRED_BY_TYPE, SHARED_REQUIRED } from './schema.ts';
import { COORD_EVENT_TYPES, type CoordEvent, type CoordEventType } from '../model/coord.ts';
import { parseInstant } from '../text/time.ts';

/** A read event before ordering gives it a place in the stream. */
export type ReadCoordEvent = Omit<CoordEvent, 'anchor' | 'seq'>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when a record is a coord.v1 envelope, bare or inside a `bd audit` entry's `extra`. */
export function isCoordRecord(record: Record<string, unknown>): boolean {
  return record['version'] === 'coord.v1' || (isObject(record['extra']) && record['extra']['version'] === 'coord.v1');
}

/** The bare envelope of a record (unwrapping a `bd audit` entry), and which form it had. */
function unwrap(record: Record<string, unknown>): { envelope: Record<string, unknown>; form: CoordEvent['form'] } {
  if (record['version'] === 'coord.v1' || !isObject(record['extra'])) return { envelope: record, form: 'envelope' };
  const extra = record['extra'];
  const envelope: Record<string, unknown> = { ...extra };
  if (envelope['kind'] === undefined && record['kind'] !== undefined) envelope['kind'] = record['kind'];
  if (envelope['issue_id'] === undefined && record['issue_id'] !== undefined) envelope['issue_id'] = record['issue_id'];
  if (envelope['actor'] === undefined && record['actor'] !== undefined) envelope['actor'] = record['actor'];
  if (envelope['timestamp'] === undefined && record['created_at'] !== undefined) envelope['timestamp'] = record['created_at'];
  if (!isObject(envelope['data'])) {
    const data: Record<string, unknown> = dict();
    for (const [k, v] of Object.entries(extra)) if (!ENVELOPE_FIELDS.has(k)) data[k] = v;
    for (const k of Object.keys(data)) delete envelope[k];
    envelope['data'] = data;
  }
  if (record['id'] !== undefined) envelope['audit_entry_id'] = record['id'];
  return { envelope, form: 'audit-entry' };
}

/** Whether a required value is there: not absent, null or blank text. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

/** Text form of a field's value for display (`42`, `"none"` → `none`). */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/**
 * Reads one record. Returns the event, or an error with a stable kind when the record is not a
 * usable envelope (`coord/wrong-type`: a named field has the wrong type). A record missing
 * required fields is still an event: `missing` names them.
 */
export function readCoordEvent(record: Record<string, unknown>, file: string, line: number): { event: ReadCoordEvent } | { kind: string; error: string } {
  const { envelope, form } = unwrap(record);
  const parsed = coordEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) return { kind: 'coord/wrong-type', error: `coord.v1 envelope: ${describeIssues(parsed.error, envelope)}` };
  const env = parsed.data;
  const data = env.data ?? {};
  const payload = data.payload ?? {};
  const value = (field: string): unknown => {
    if (field.startsWith('payload.')) return payload[field.slice('payload.'.length)];
    if (field === 'issue_id' || field === 'actor' || field === 'timestamp') return env[field];
    return (data as Record<string, unknown>)[field];
  };
  const eventType = data.event_type ?? '';
  const known = (COORD_EVENT_TYPES as readonly string[]).includes(eventType);
  const required = [...SHARED_REQUIRED, ...(known ? REQUIRED_BY_TYPE[eventType as CoordEventType] : [])];
  const missing = required.filter((f) => !present(value(f)));
  const badValues: CoordEvent['badValues'] = [];
  const timestamp = env.timestamp ?? '';
  const time = parseInstant(timestamp);
  if (present(timestamp) && time === null) badValues.push({ field: 'timestamp', value: timestamp, expected: 'an ISO-8601 time with a zone' });
  if (known) {
    for (const [field, allowed] of Object.entries(ALLOWED_VALUES[eventType as CoordEventType] ?? {})) {
      const v = value(field);
      if (present(v) && !allowed.includes(shown(v))) badValues.push({ field, value: shown(v), expected: allowed.join(' | ') });
    }
    for (const field of NUMERIC_FIELDS) {
      const v = value(field);
      if (present(v) && required.includes(field) && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) badValues.push({ field, value: shown(v), expected: 'a number of minutes, 0 or more' });
    }
  }
  const extra: Record<string, unknown> = dict();
  for (const [k, v] of Object.entries(env)) if (!ENVELOPE_FIELDS.has(k)) extra[k] = v;
  for (const [k, v] of Object.entries(data)) if (!DATA_FIELDS.has(k)) extra[`data.${k}`] = v;
  if (env.kind !== undefined && env.kind !== 'coord_event') extra['kind'] = env.kind;
  return {
    event: {
      file,
      line,
      eventType,
      known,
      eventId: data.event_id ?? '',
      issueId: env.issue_id ?? '',
      actor: env.actor ?? '',
      timestamp,
      time,
      projectRoot: data.project_root ?? '',
      toAgent: data.to_agent ?? '',
      scope: data.scope ?? '',
      state: data.state ?? '',
      takeoverMode: data.takeover_mode ?? '',
      reason: data.reason ?? '',
      eventRef: data.event_ref ?? '',
      payload,
      missing,
      badValues,
      form,
      extra,
    },
  };
}

export { payloadText } from './payload-text.ts';
