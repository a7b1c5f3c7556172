/**
 * The coordination model: `coord.v1` events and the projections the seed derives from them
 * (bd-audit-coordination-schema.md, "Event Envelope (v1)", "Canonical Event Types",
 * "Derivation Rules"). Adapters fill {@link CoordEvent}s; `projectCoordination` derives the
 * rest; checks and pages only read it. Projections refer to events by their `anchor`.
 */

/** The ten canonical event types (seed: "Canonical Event Types"). */
export const COORD_EVENT_TYPES = ['SEND', 'READ', 'ACK', 'RESERVE', 'RELEASE', 'TAKEOVER', 'RESUME', 'BLOCKED', 'HANDOFF', 'INCURSION'] as const;
export type CoordEventType = (typeof COORD_EVENT_TYPES)[number];

/** One `coord.v1` event, as read, with what the seed's required-field table says about it. */
export interface CoordEvent {
  /** Unique HTML anchor on the recap, `coord-<n>` (n is the 1-based position in stream order). */
  anchor: string;
  /** Path of the file relative to the project root, `/`-separated. */
  file: string;
  /** 1-based physical line. */
  line: number;
  /** 0-based position in the ordered stream (timestamp, then file order). */
  seq: number;
  /** `data.event_type` as written; `''` when absent. Unknown types are kept (see `known`). */
  eventType: string;
  /** True when `eventType` is one of the ten canonical types. */
  known: boolean;
  /** `data.event_id`; `''` when absent. */
  eventId: string;
  issueId: string;
  actor: string;
  /** The envelope's `timestamp` as written. */
  timestamp: string;
  /** Milliseconds since the epoch (with sub-millisecond fraction), or null when it does not parse. */
  time: number | null;
  projectRoot: string;
  toAgent: string;
  scope: string;
  state: string;
  takeoverMode: string;
  reason: string;
  /** `data.event_ref`: the `event_id` a READ or ACK points at. */
  eventRef: string;
  payload: Record<string, unknown>;
  /** Required fields (seed: "Required Fields by Event") absent or empty, as dotted names (`payload.subject`). */
  missing: string[];
  /** Present fields whose value the seed does not allow (`takeover_mode: "none"` on a TAKEOVER). */
  badValues: Array<{ field: string; value: string; expected: string }>;
  /** `envelope`: a raw coord.v1 line; `audit-entry`: wrapped in a `bd audit` entry's `extra`. */
  form: 'envelope' | 'audit-entry';
  /** On the second and later events sharing an `event_id`: the anchor of the first. Such events are shown but left out of projections (seed: "stable for dedupe"). */
  duplicateOf?: string;
  /** True when the event is earlier than an event above it in the same file. */
  outOfOrder?: boolean;
  /** Fields of the envelope and of `data` the seed does not name, kept and shown raw. */
  extra: Record<string, unknown>;
}

/** Inbox state of one message (seed: "Inbox projection"). */
export type InboxState = 'unread' | 'read' | 'acked';

/** One SEND with its state, and the READ / ACK events that set it. */
export interface InboxEntry {
  /** Anchor of the SEND. */
  send: string;
  eventId: string;
  from: string;
  to: string;
  subject: string;
  state: InboxState;
  /** Anchors of the READ events that count (referring to this SEND, not earlier than it). */
  reads: string[];
  /** Anchors of the ACK events that count. */
  acks: string[];
}

/** A READ or ACK whose `event_ref` is not an earlier (or same-time) SEND. */
export interface RefProblem {
  event: string;
  ref: string;
  problem: 'no-ref' | 'unknown' | 'not-a-send' | 'later';
  /** Anchor of the event referred to, when it exists. */
  target?: string;
}

/** How a reservation ended in the projection. */
export type ReservationEnd = 'active' | 'released' | 'taken-over' | 'expired' | 'replaced' | 'renewed';

/** One stretch of time during which an agent held a (project_root, scope) reservation. */
export interface ReservationSpan {
  projectRoot: string;
  scope: string;
  owner: string;
  /** Anchor of the RESERVE or TAKEOVER that opened it. */
  start: string;
  via: 'RESERVE' | 'TAKEOVER';
  startTime: number | null;
  /** `payload.ttl_minutes` of the opening event, when it is a number. */
  ttlMinutes: number | null;
  /** Anchor of the RELEASE, TAKEOVER or RESERVE that closed it; absent while active. */
  end?: string;
  endTime?: number | null;
  ended: ReservationEnd;
}

/** An agent's liveness at a moment, as the stream shows it (see `liveness.ts`). */
export type Liveness = 'active' | 'stale' | 'evicted' | 'unknown';

/** What the stream says about an agent's liveness at a moment, and why. */
export interface LivenessFinding {
  liveness: Liveness;
  /** Plain words: which event the finding rests on. */
  basis: string;
  /** Anchor of the event it rests on, when there is one. */
  evidence?: string;
}

/** Policy outcome of one TAKEOVER (seed: "Takeover policy"). */
export type TakeoverOutcome = 'allowed' | 'denied' | 'inconclusive' | 'unheld';

/** One TAKEOVER evaluated against the owner's liveness at that moment. */
export interface TakeoverView {
  event: string;
  taker: string;
  projectRoot: string;
  scope: string;
  mode: string;
  reason: string;
  /** The owner of the active reservation just before, or null when none was active. */
  priorOwner: string | null;
  /** Anchor of the prior reservation's opening event. */
  priorStart?: string;
  liveness: LivenessFinding | null;
  outcome: TakeoverOutcome;
  /** The outcome in plain words, naming the policy rule applied. */
  why: string;
}

/** One INCURSION with the reservations it overlaps at that moment. */
export interface IncursionView {
  event: string;
  actor: string;
  projectRoot: string;
  scope: string;
  /** `payload.incursion_kind` as written (`exact`, `partial`, or anything else, shown as is). */
  kind: string;
  /** `payload.owner_liveness` as written. */
  reportedLiveness: string;
  holders: Array<{ owner: string; scope: string; start: string }>;
}

/** A RELEASE of a scope its actor did not hold, or a RESERVE of a scope another agent held. */
export interface HoldProblem {
  event: string;
  /** Who held the scope at that moment, or null when nobody did. */
  holder: string | null;
  /** Anchor of the holder's opening event. */
  holderStart?: string;
}

/** Everything derived from a project's coord.v1 events. */
export interface CoordinationModel {
  /** Every event, in stream order (timestamp, then file order). */
  events: CoordEvent[];
  /** Every actor and recipient, sorted. */
  agents: string[];
  /** Event types met, canonical ones first in seed order, then unknown ones sorted; with counts. */
  eventTypes: Array<{ type: string; known: boolean; count: number }>;
  inbox: InboxEntry[];
  refProblems: RefProblem[];
  reservations: ReservationSpan[];
  takeovers: TakeoverView[];
  incursions: IncursionView[];
  releaseProblems: HoldProblem[];
  reserveConflicts: HoldProblem[];
  /** Anchors of BLOCKED events, in stream order. */
  blockers: string[];
  /** Anchors of HANDOFF events, in stream order. */
  handoffs: string[];
  /** Anchors of RESUME events, in stream order. */
  resumes: string[];
  /** Earliest and latest event times (ISO), or null. */
  span: { from: string; to: string } | null;
}
