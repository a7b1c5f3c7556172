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

const coordEventSchema = z.object({
  anchor: str,
  file: str,
  line,
  seq: int,
  eventType: str,
  known: z.boolean(),
  eventId: str,
  issueId: str,
  actor: str,
  timestamp: str,
  time: z.number().nullable(),
  projectRoot: str,
  toAgent: str,
  scope: str,
  state: str,
  takeoverMode: str,
  reason: str,
  eventRef: str,
  payload: record,
  missing: z.array(str),
  badValues: z.array(z.object({ field: str, value: str, expected: str })),
  form: z.enum(['envelope', 'audit-entry']),
  duplicateOf: str.optional(),
  outOfOrder: z.boolean().optional(),
  extra: record,
});

const holdProblemSchema = z.object({ event: str, holder: str.nullable(), holderStart: str.optional() });

/** coord.v1 events and what Trailbook derives from them. */
export const coordinationSchema = documented(
  z.object({
    events: z.array(coordEventSchema),
    agents: z.array(str),
    eventTypes: z.array(z.object({ type: str, known: z.boolean(), count: int })),
    inbox: z.array(z.object({ send: str, eventId: str, from: str, to: str, subject: str, state: z.enum(['unread', 'read', 'acked']), reads: z.array(str), acks: z.array(str) })),
    refProblems: z.array(z.object({ event: str, ref: str, problem: z.enum(['no-ref', 'unknown', 'not-a-send', 'later']), target: str.optional() })),
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
    incursions: z.array(
      z.object({ event: str, actor: str, projectRoot: str, scope: str, kind: str, reportedLiveness: str, holders: z.array(z.object({ owner: str, scope: str, start: str })) }),
    ),
    releaseProblems: z.array(holdProblemSchema),
    reserveConflicts: z.array(holdProblemSchema),
    blockers: z.array(str),
    handoffs: z.array(str),
    resumes: z.array(str),
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
        kind: z.enum(['history', 'timeline']),
        ts: str,
        time: z.number().nullable(),
        ticket: str,
        branch: str,
        actor: str,
        what: str,
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
