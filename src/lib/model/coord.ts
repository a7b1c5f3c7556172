/**
 * The coordination model: `coord.v1` events and the projections the seed derives from them
 * (bd-audit-coordination-schema.md, "Event Envelope (v1)", "Canonical Event Types",
 * "Derivation Rules"). Adapters fill {@link CoordEvent}s; `projectCoordination` derives the
 * rest; checks and pages only read it. Projections refer to events by their `anchor`. Each type
 * is inferred from its schema (lifecycle-schema.ts `coordinationSchema`, where each field's
 * meaning is noted).
 */
import type { z } from 'zod';
import type { coordEventSchema, coordinationSchema } from './lifecycle-schema.ts';

/** The ten canonical event types (seed: "Canonical Event Types"). */
export const COORD_EVENT_TYPES = ['SEND', 'READ', 'ACK', 'RESERVE', 'RELEASE', 'TAKEOVER', 'RESUME', 'BLOCKED', 'HANDOFF', 'INCURSION'] as const;
export type CoordEventType = (typeof COORD_EVENT_TYPES)[number];

/** Everything derived from a project's coord.v1 events. */
export type CoordinationModel = z.infer<typeof coordinationSchema>;

/** One `coord.v1` event, as read, with what the seed's required-field table says about it. */
export type CoordEvent = z.infer<typeof coordEventSchema>;

/** One SEND with its state, and the READ / ACK events that set it. */
export type InboxEntry = CoordinationModel['inbox'][number];

/** Inbox state of one message (seed: "Inbox projection"). */
export type InboxState = InboxEntry['state'];

/** A READ or ACK whose `event_ref` is not an earlier (or same-time) SEND. */
export type RefProblem = CoordinationModel['refProblems'][number];

/** One stretch of time during which an agent held a (project_root, scope) reservation. */
export type ReservationSpan = CoordinationModel['reservations'][number];

/** How a reservation ended in the projection. */
export type ReservationEnd = ReservationSpan['ended'];

/** One TAKEOVER evaluated against the owner's liveness at that moment. */
export type TakeoverView = CoordinationModel['takeovers'][number];

/** What the stream says about an agent's liveness at a moment, and why. */
export type LivenessFinding = NonNullable<TakeoverView['liveness']>;

/** An agent's liveness at a moment, as the stream shows it (see `liveness.ts`). */
export type Liveness = LivenessFinding['liveness'];

/** Policy outcome of one TAKEOVER (seed: "Takeover policy"). */
export type TakeoverOutcome = TakeoverView['outcome'];

/** One INCURSION with the reservations it overlaps at that moment. */
export type IncursionView = CoordinationModel['incursions'][number];

/** A RELEASE of a scope its actor did not hold, or a RESERVE of a scope another agent held. */
export type HoldProblem = CoordinationModel['releaseProblems'][number];
