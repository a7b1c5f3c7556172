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

/** One beads issue: its exported fields, where it was read, and its lifecycle replayed from the log. */
export const beadsIssueSchema = z.object({
  id: str,
  /** URL key of the issue's page (the id when URL-safe, else a digest). */
  key: str,
  /** Anchor of the issue in the recap's issue list. */
  anchor: str,
  title: str,
  /** Status as exported (`''` when the issue is known only from events). */
  status: str,
  statusKnown: z.boolean(),
  priority: str,
  issueType: str,
  assignee: str,
  owner: str,
  createdBy: str,
  createdAt: str,
  updatedAt: str,
  /** `started_at`: when the issue went to in_progress (beads GH#2796); `''` when absent. */
  startedAt: str,
  closedAt: str,
  closeReason: str,
  /** `_type` of the row (`issue` when absent). */
  recordType: str,
  /** `ephemeral: true`: a wisp (`bd export --all` only), with its `wisp_type` in {@link wispType}. */
  wisp: z.boolean(),
  /** `wisp_type` (heartbeat, ping, patrol, gc_report, recovery, error, escalation), `''` when absent. */
  wispType: str,
  /** `is_template: true`: a read-only template (`bd export --all` only). */
  template: z.boolean(),
  /** `agent_state` of older rows, when not empty. */
  agentState: str,
  labels: z.array(str),
  dependencies: z.array(z.object({ dependsOn: str, type: str, gate: str })),
  comments: z.array(z.object({ id: str, author: str, createdAt: str, text: str })),
  description: str,
  notes: str,
  acceptance: str,
  design: str,
  /** Where the issue's row is: the export, the backup table, or nowhere (known only from events). */
  origin: z.enum(['export', 'backup', 'events']),
  at: z.object({ file: str, line }).nullable(),
  /** Unknown, non-empty fields of the row, kept and shown raw. */
  extra: record,
  history: z.array(
    z.object({
      file: str,
      line,
      timestamp: str,
      time: z.number().nullable(),
      actor: str,
      /** `event_type` of an event (`created`, `closed`, ...), or the `kind` of an audit entry (`field_change`). */
      kind: str,
      source: z.enum(['event', 'interaction']),
      /** Status before and after, when the entry changes the status. */
      from: str.nullable().optional(),
      to: str.optional(),
      /** The status the entry itself records the issue had before it (an event's `old_value` snapshot, a field change's `old_value`). */
      recorded: str.optional(),
      /** Set when `recorded` differs from the replayed status: a transition is missing from the log. */
      gap: str.optional(),
      /** What the entry says, in short: a close reason, the label, the fields changed. */
      text: str,
    }),
  ),
  /** Status after replaying the history; null when no entry sets one. */
  replayedStatus: str.nullable(),
  gaps: int,
  /** Set when the export's `created_at` and the log disagree ({@link BeadsTimeDisagreement}). */
  timeDisagreement: z
    .object({
      /** `created_at` as exported. */
      exported: str,
      /** The log entry's time as written. */
      logged: str,
      /** `created`, or the kind of the earliest entry. */
      loggedKind: str,
      loggedAt: z.object({ file: str, line }),
      /** logged − exported, in milliseconds. */
      differenceMs: z.number(),
      /** The difference is a whole number of quarter hours within a zone's range (±14 h), give or take the tolerance: one clock wrote local time as UTC. */
      zoneOffset: z.boolean(),
      /** `created_at` is 1970-01-01T00:00:00Z, which `bd export` writes for a missing creation time (`sanitizeZeroTime`, beads GH#2488). */
      missingCreation: z.boolean(),
    })
    .nullable(),
});

/**
 * A `.beads/` folder without a JSONL export of its issues (issues.jsonl, beads.jsonl,
 * beads.base.jsonl): what kind of store it keeps, read from `metadata.json` and the folders
 * beside it (gastownhall/beads `internal/configfile/configfile.go`), and the command that
 * writes the export.
 */
export const beadsStoreSchema = z.object({
  /** The folder, relative to the project (`.beads`). */
  folder: str,
  /**
   * - `embedded`: Dolt run inside bd (`.beads/embeddeddolt/`, `dolt_mode` `embedded`, bd's default);
   * - `server`: a `dolt sql-server` (`.beads/dolt/` is its data folder, `dolt_mode` `server`);
   * - `proxied-server`: bd reaches the server through its proxy (`dolt_mode` `proxied-server`);
   * - `sqlite`: the SQLite database of bd before 1.0 (`*.db`);
   * - `none`: metadata only, the database is elsewhere (git-ignored, or on a server).
   */
  kind: z.enum(['embedded', 'server', 'proxied-server', 'sqlite', 'none']),
  /** The database folder or file found, relative to the project (`.beads/embeddeddolt`), or `''`. */
  dataPath: str,
  /** `dolt_database` of metadata.json, else the databases found in the data folder; `''` when unknown. */
  database: str,
  /** `backend` of metadata.json (`dolt`), `''` when absent. */
  backend: str,
  /** The bd version the folder names (`last_bd_version` of older metadata.json, or `.local_version`), `''` when none. */
  version: str,
  /** Where {@link version} came from (`.beads/metadata.json` or `.beads/.local_version`), `''` when none. */
  versionSource: str,
  /** The command that writes the export, run in the project folder. */
  exportCommand: str,
  /** What the command includes, and how it differs by version. */
  exportNote: str,
  /** Problems reading metadata.json (not JSON, too large), `''` when none. */
  problem: str,
  /** Trailbook's own run of the export, when the configuration asked for it (null: not asked). */
  run: z.union([z.object({ ok: z.literal(true), command: str, issues: int, lines: int }), z.object({ ok: z.literal(false), command: str, reason: str })]).nullable(),
  /** The folder's JSONL files that were read all the same (the audit log, backup tables), with their records. */
  alsoRead: z.array(z.object({ file: str, records: int })),
});

/** beads issues with their replayed lifecycle. */
export const beadsSchema = documented(
  z.object({
    /** Issues in export order, then issues known only from the backup or from events. */
    issues: z.array(beadsIssueSchema),
    statusCounts: z.array(z.object({ status: str, known: z.boolean(), count: int })),
    /** Event types met in `backup/events.jsonl` and audit-entry kinds in `interactions.jsonl`, with counts. */
    eventTypes: z.array(z.object({ type: str, count: int })),
    interactions: z.array(z.object({ id: str, kind: str, actor: str, issueId: str, timestamp: str, summary: str, file: str, line })),
    memories: z.array(z.object({ key: str, value: str, file: str, line })),
    config: z.array(z.object({ key: str, value: str })),
    /** Custom statuses the beads config declares (`status.custom`, `name[:category]` comma-separated), by name. */
    customStatuses: z.array(str),
    /** What the `.beads/` folder keeps when it has no JSONL export (a Dolt store), or null when it has one. */
    store: beadsStoreSchema.nullable(),
    /** True when a lifecycle log (events or status field changes) was read, so replay can be compared. */
    hasHistory: z.boolean(),
    /** Rows whose id appeared more than once in one file (the last row is used). */
    repeatedRows: int,
    /** Each id written more than once in one file: its file, every line, and the top-level fields whose values differ between the rows (empty: identical repeats). */
    repeated: z.array(z.object({ id: str, file: str, lines: z.array(line), differing: z.array(str) })).optional(),
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
