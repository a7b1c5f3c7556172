/**
 * zod schemas of the lifecycle records in the model (src/lib/model/coord.ts,
 * src/lib/model/beads.ts, src/lib/model/babysit.ts): coord.v1 events and their projections,
 * beads issues with their replayed history, and babysit history and timeline rows.
 */
import { z } from 'zod';
import { documented } from './export-registry.ts';
import { spanSchema } from './model-schema.ts';

const str = z.string();
const int = z.number().int();
const line = int;
const record = z.record(str, z.unknown());

/** One `coord.v1` event, as read, with what the seed's required-field table says about it. */
export const coordEventSchema = z.object({
  /** Unique HTML anchor on the recap, `coord-<n>` (n is the 1-based position in stream order). */
  anchor: str,
  /** Path of the file relative to the project root, `/`-separated. */
  file: str,
  /** 1-based physical line. */
  line,
  /** 0-based position in the ordered stream (timestamp, then file order). */
  seq: int,
  /** `data.event_type` as written; `''` when absent. Unknown types are kept (see `known`). */
  eventType: str,
  /** True when `eventType` is one of the ten canonical types. */
  known: z.boolean(),
  /** `data.event_id`; `''` when absent. */
  eventId: str,
  issueId: str,
  actor: str,
  /** The envelope's `timestamp` as written. */
  timestamp: str,
  /** Milliseconds since the epoch (with sub-millisecond fraction), or null when it does not parse. */
  time: z.number().nullable(),
  projectRoot: str,
  toAgent: str,
  scope: str,
  state: str,
  takeoverMode: str,
  reason: str,
  /** `data.event_ref`: the `event_id` a READ or ACK points at. */
  eventRef: str,
  payload: record,
  /** Required fields (seed: "Required Fields by Event") absent or empty, as dotted names (`payload.subject`). */
  missing: z.array(str),
  /** Present fields whose value the seed does not allow (`takeover_mode: "none"` on a TAKEOVER). */
  badValues: z.array(z.object({ field: str, value: str, expected: str })),
  /** `envelope`: a raw coord.v1 line; `audit-entry`: wrapped in a `bd audit` entry's `extra`. */
  form: z.enum(['envelope', 'audit-entry']),
  /** On the second and later events sharing an `event_id`: the anchor of the first. Such events are shown but left out of projections (seed: "stable for dedupe"). */
  duplicateOf: str.optional(),
  /** True when the event is earlier than an event above it in the same file. */
  outOfOrder: z.boolean().optional(),
  /** Fields of the envelope and of `data` the seed does not name, kept and shown raw. */
  extra: record,
});

/** A RELEASE of a scope its actor did not hold, or a RESERVE of a scope another agent held: `holder` who held it then (null when nobody did), `holderStart` the holder's opening event. */
const holdProblemSchema = z.object({ event: str, holder: str.nullable(), holderStart: str.optional() });

/** coord.v1 events and what Trailbook derives from them. */
export const coordinationSchema = documented(
  z.object({
    /** Every event, in stream order (timestamp, then file order). */
    events: z.array(coordEventSchema),
    /** Every actor and recipient, sorted. */
    agents: z.array(str),
    /** Event types met, canonical ones first in seed order, then unknown ones sorted; with counts. */
    eventTypes: z.array(z.object({ type: str, known: z.boolean(), count: int })),
    /** Each SEND with its state (seed: "Inbox projection"): `send` its anchor, `reads` and `acks` the anchors of the READ and ACK events that count (referring to it, not earlier than it). */
    inbox: z.array(z.object({ send: str, eventId: str, from: str, to: str, subject: str, state: z.enum(['unread', 'read', 'acked']), reads: z.array(str), acks: z.array(str) })),
    /** READs and ACKs whose `event_ref` is not an earlier (or same-time) SEND; `target` the anchor of the event referred to, when it exists. */
    refProblems: z.array(z.object({ event: str, ref: str, problem: z.enum(['no-ref', 'unknown', 'not-a-send', 'later']), target: str.optional() })),
    /** Each stretch of time an agent held a (project_root, scope) reservation: `start` the anchor of the RESERVE or TAKEOVER that opened it, `ttlMinutes` its `payload.ttl_minutes` when a number, `end` the anchor of the event that closed it (absent while active). */
    reservations: z.array(
      z.object({
        projectRoot: str,
        scope: str,
        owner: str,
        start: str,
        via: z.enum(['RESERVE', 'TAKEOVER']),
        startTime: z.number().nullable(),
        ttlMinutes: z.number().nullable(),
        end: str.optional(),
        endTime: z.number().nullable().optional(),
        ended: z.enum(['active', 'released', 'taken-over', 'expired', 'replaced', 'renewed']),
      }),
    ),
    /** Each TAKEOVER evaluated against the owner's liveness at that moment (seed: "Takeover policy"): `priorOwner` the owner of the active reservation just before (null when none was), `priorStart` its opening event, `liveness` what the stream says of that owner and why, `why` the outcome in plain words naming the rule applied. */
    takeovers: z.array(
      z.object({
        event: str,
        taker: str,
        projectRoot: str,
        scope: str,
        mode: str,
        reason: str,
        priorOwner: str.nullable(),
        priorStart: str.optional(),
        liveness: z.object({ liveness: z.enum(['active', 'stale', 'evicted', 'unknown']), basis: str, evidence: str.optional() }).nullable(),
        outcome: z.enum(['allowed', 'denied', 'inconclusive', 'unheld']),
        why: str,
      }),
    ),
    /** Each INCURSION with the reservations it overlaps at that moment; `kind` and `reportedLiveness` are `payload.incursion_kind` and `payload.owner_liveness` as written. */
    incursions: z.array(
      z.object({ event: str, actor: str, projectRoot: str, scope: str, kind: str, reportedLiveness: str, holders: z.array(z.object({ owner: str, scope: str, start: str })) }),
    ),
    /** RELEASEs of a scope their actor did not hold. */
    releaseProblems: z.array(holdProblemSchema),
    /** RESERVEs of a scope another agent held. */
    reserveConflicts: z.array(holdProblemSchema),
    /** Anchors of BLOCKED events, in stream order. */
    blockers: z.array(str),
    /** Anchors of HANDOFF events, in stream order. */
    handoffs: z.array(str),
    /** Anchors of RESUME events, in stream order. */
    resumes: z.array(str),
    /** Earliest and latest event times (ISO), or null. */
    span: spanSchema.nullable(),
  }),
  { id: 'Coordination', description: 'coord.v1 events with the inbox, reservations, takeovers and incursions derived from them, or null when there are none.' },
);

const beadsIssueSchema = z.object({
  id: str,
  key: str,
  anchor: str,
  title: str,
  status: str,
  statusKnown: z.boolean(),
  priority: str,
  issueType: str,
  assignee: str,
  owner: str,
  createdBy: str,
  createdAt: str,
  updatedAt: str,
  startedAt: str,
  closedAt: str,
  closeReason: str,
  recordType: str,
  wisp: z.boolean(),
  wispType: str,
  template: z.boolean(),
  agentState: str,
  labels: z.array(str),
  dependencies: z.array(z.object({ dependsOn: str, type: str, gate: str })),
  comments: z.array(z.object({ id: str, author: str, createdAt: str, text: str })),
  description: str,
  notes: str,
  acceptance: str,
  design: str,
  origin: z.enum(['export', 'backup', 'events']),
  at: z.object({ file: str, line }).nullable(),
  extra: record,
  history: z.array(
    z.object({
      file: str,
      line,
      timestamp: str,
      time: z.number().nullable(),
      actor: str,
      kind: str,
      source: z.enum(['event', 'interaction']),
      from: str.nullable().optional(),
      to: str.optional(),
      recorded: str.optional(),
      gap: str.optional(),
      text: str,
    }),
  ),
  replayedStatus: str.nullable(),
  gaps: int,
  timeDisagreement: z
    .object({
      exported: str,
      logged: str,
      loggedKind: str,
      loggedAt: z.object({ file: str, line }),
      differenceMs: z.number(),
      zoneOffset: z.boolean(),
      missingCreation: z.boolean(),
    })
    .nullable(),
});

const beadsStoreSchema = z.object({
  folder: str,
  kind: z.enum(['embedded', 'server', 'proxied-server', 'sqlite', 'none']),
  dataPath: str,
  database: str,
  backend: str,
  version: str,
  versionSource: str,
  exportCommand: str,
  exportNote: str,
  problem: str,
  run: z.union([z.object({ ok: z.literal(true), command: str, issues: int, lines: int }), z.object({ ok: z.literal(false), command: str, reason: str })]).nullable(),
  alsoRead: z.array(z.object({ file: str, records: int })),
});

/** beads issues with their replayed lifecycle. */
export const beadsSchema = documented(
  z.object({
    issues: z.array(beadsIssueSchema),
    statusCounts: z.array(z.object({ status: str, known: z.boolean(), count: int })),
    eventTypes: z.array(z.object({ type: str, count: int })),
    interactions: z.array(z.object({ id: str, kind: str, actor: str, issueId: str, timestamp: str, summary: str, file: str, line })),
    memories: z.array(z.object({ key: str, value: str, file: str, line })),
    config: z.array(z.object({ key: str, value: str })),
    customStatuses: z.array(str),
    store: beadsStoreSchema.nullable(),
    hasHistory: z.boolean(),
    repeatedRows: int,
    span: spanSchema.nullable(),
  }),
  { id: 'Beads', description: 'beads issues with their replayed status history, or null when there is no .beads/ folder.' },
);

/** babysit history and timeline rows. */
export const babysitSchema = documented(
  z.object({
    entries: z.array(
      z.object({
        file: str,
        line,
        /** `history`: a ticket event; `timeline`: a workflow step. */
        kind: z.enum(['history', 'timeline']),
        ts: str,
        time: z.number().nullable(),
        ticket: str,
        branch: str,
        actor: str,
        /** `event` of a history row, `step` of a timeline row. */
        what: str,
        /** `status` of a timeline row (any value, shown as written). */
        status: str,
        workflow: str,
        note: str,
        extra: record,
      }),
    ),
    tickets: z.array(str),
  }),
  { id: 'Babysit', description: 'babysit ticket history and workflow timeline rows, or null when there are none.' },
);
