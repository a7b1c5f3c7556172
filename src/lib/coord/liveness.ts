/**
 * An agent's liveness at a moment, known only from the coord.v1 stream.
 *
 * The seed takes owner liveness "from `bd agent heartbeat/state`" (bd-audit-coordination-
 * schema.md, "Reservation projection"), which the audit log does not hold. Trailbook reads
 * liveness from the events themselves, as the latest of these signs, in stream order:
 * - **own activity**: any event the agent wrote (heartbeat-like) says it was `active` then;
 * - **INCURSION** `payload.owner_liveness` (seed: "Required Fields by Event"): the reporter's
 *   observation of the overlapped reservation's owner — `active`, `stale` or `evicted`;
 * - **RESUME** by another agent with `payload.prior_agent`: the prior agent's identity was
 *   adopted ("identity adoption event"), so it is `evicted`.
 *
 * `active` ages: it holds for the reservation's `payload.ttl_minutes` after the sign, then the
 * agent is `stale`. With no TTL to judge by, an older `active` sign gives `unknown`, as does
 * no sign at all, an unreadable time, or a reported value that is none of the three.
 */
import type { Liveness, LivenessFinding } from '../model/coord.ts';

/** The latest sign of an agent's liveness seen so far in the stream. */
export interface LivenessSign {
  /** `own`: the agent's own event; `incursion` / `resume`: a report by another agent. */
  source: 'own' | 'incursion' | 'resume';
  /** The value the sign gives (`active` for own activity; as reported otherwise). */
  value: string;
  time: number;
  /** Anchor of the event the sign comes from. */
  anchor: string;
  /** The event's timestamp as written, for the explanation. */
  timestamp: string;
}

const LIVENESS: ReadonlySet<string> = new Set(['active', 'stale', 'evicted']);

function minutes(ms: number): string {
  const m = ms / 60000;
  return `${Number.isInteger(m) ? m : m.toFixed(1)} min`;
}

function describeSign(sign: LivenessSign, agent: string): string {
  if (sign.source === 'own') return `${agent}'s last own event (${sign.timestamp})`;
  if (sign.source === 'resume') return `a RESUME adopting ${agent}'s identity (${sign.timestamp})`;
  return `an INCURSION reporting ${agent} as “${sign.value}” (${sign.timestamp})`;
}

/**
 * The liveness of `agent` at time `at` given its latest sign and the TTL of the reservation
 * in question. Pure. `at` null (an unreadable time) can only confirm `stale` or `evicted`.
 */
export function livenessAt(agent: string, sign: LivenessSign | undefined, at: number | null, ttlMinutes: number | null): LivenessFinding {
  if (!sign) return { liveness: 'unknown', basis: `no event by or about ${agent} before this moment` };
  const basis = describeSign(sign, agent);
  const evidence = sign.anchor;
  if (!LIVENESS.has(sign.value)) return { liveness: 'unknown', basis: `${basis}: not one of active, stale, evicted`, evidence };
  const value = sign.value as Exclude<Liveness, 'unknown'>;
  if (value !== 'active') return { liveness: value, basis, evidence };
  if (at === null) return { liveness: 'unknown', basis: `${basis}; this event's time does not parse, so its age is unknown`, evidence };
  const age = Math.max(0, at - sign.time);
  if (age === 0) return { liveness: 'active', basis: `${basis}, at the same moment`, evidence };
  if (ttlMinutes === null) return { liveness: 'unknown', basis: `${basis}, ${minutes(age)} earlier; the reservation has no ttl_minutes to judge staleness`, evidence };
  if (age <= ttlMinutes * 60000) return { liveness: 'active', basis: `${basis}, ${minutes(age)} earlier, within the reservation's ttl of ${ttlMinutes} min`, evidence };
  return { liveness: 'stale', basis: `${basis}, ${minutes(age)} earlier, beyond the reservation's ttl of ${ttlMinutes} min`, evidence };
}
