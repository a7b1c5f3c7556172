/**
 * The `coord.v1` envelope (bd-audit-coordination-schema.md, "Event Envelope (v1)") and the
 * required fields per event type ("Required Fields by Event"). The zod schemas check types
 * only: which fields must be present is a table, so that an event missing one is still read,
 * shown and flagged (`coord/missing-field`) rather than dropped.
 */
import { z } from 'zod';
import type { CoordEventType } from '../model/coord.ts';

/** `data`: the protocol fields. Every named field is text when present; unknown fields are kept. */
export const coordDataSchema = z.looseObject({
  event_type: z.string().optional(),
  event_id: z.string().optional(),
  project_root: z.string().optional(),
  to_agent: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().optional(),
  takeover_mode: z.string().optional(),
  reason: z.string().optional(),
  event_ref: z.string().optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
});
export type CoordData = z.infer<typeof coordDataSchema>;

/** The envelope. `version` is `coord.v1`; `kind` stays compatible with `bd audit` entry typing. */
export const coordEnvelopeSchema = z.looseObject({
  version: z.literal('coord.v1'),
  kind: z.string().optional(),
  issue_id: z.string().optional(),
  actor: z.string().optional(),
  timestamp: z.string().optional(),
  data: coordDataSchema.optional(),
});
export type CoordEnvelope = z.infer<typeof coordEnvelopeSchema>;

/** Envelope and data fields the seed names; anything else is kept as an unknown field. */
export const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(Object.keys(coordEnvelopeSchema.shape));
export const DATA_FIELDS: ReadonlySet<string> = new Set(Object.keys(coordDataSchema.shape));

/** Seed: "Shared required fields". `issue_id`, `actor` and `timestamp` live on the envelope, the rest in `data`. */
export const SHARED_REQUIRED = ['event_type', 'event_id', 'project_root', 'issue_id', 'actor', 'timestamp'] as const;

/** Seed: "Extra required fields", per event type (`payload.x` is a field of `data.payload`). */
export const REQUIRED_BY_TYPE: Readonly<Record<CoordEventType, readonly string[]>> = {
  SEND: ['to_agent', 'payload.subject', 'payload.body'],
  READ: ['event_ref'],
  ACK: ['event_ref'],
  RESERVE: ['scope', 'payload.ttl_minutes'],
  RELEASE: ['scope'],
  TAKEOVER: ['scope', 'takeover_mode', 'reason'],
  RESUME: ['payload.prior_agent', 'reason'],
  BLOCKED: ['to_agent', 'payload.blocker', 'payload.requested_action'],
  HANDOFF: ['to_agent', 'payload.summary', 'payload.next_action'],
  INCURSION: ['scope', 'payload.incursion_kind', 'payload.owner_liveness'],
};

/**
 * Values the seed allows for a field, per event type: `takeover_mode` (`stale` | `evicted`),
 * RESUME `reason`, `payload.incursion_kind` (`exact` | `partial`), SEND `state=unread`, and
 * `payload.owner_liveness`, whose values the seed's takeover policy names (active, stale,
 * evicted; `unknown` is accepted as an honest report).
 */
export const ALLOWED_VALUES: Readonly<Partial<Record<CoordEventType, Readonly<Record<string, readonly string[]>>>>> = {
  SEND: { state: ['unread'] },
  TAKEOVER: { takeover_mode: ['stale', 'evicted'] },
  RESUME: { reason: ['uncommitted_scope', 'in_progress_ownership'] },
  INCURSION: { 'payload.incursion_kind': ['exact', 'partial'], 'payload.owner_liveness': ['active', 'stale', 'evicted', 'unknown'] },
};

/** Fields that must hold a number when present (`payload.ttl_minutes`). */
export const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['payload.ttl_minutes']);

