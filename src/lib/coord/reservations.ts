/**
 * Reservation projection and takeover policy (bd-audit-coordination-schema.md, "Derivation
 * Rules"):
 * - active reservation = latest event for `(project_root, scope)` is `RESERVE` or `TAKEOVER`
 *   and not superseded by `RELEASE`;
 * - takeover policy: owner active → deny; owner stale → allow only an explicit stale takeover
 *   (`takeover_mode: "stale"`); owner evicted → allow, and mark the prior reservation expired.
 *
 * One pass over the stream, in order. The projection follows the log as written: a denied
 * TAKEOVER, a RELEASE by someone else and a RESERVE over another agent's reservation still
 * change who holds the scope (the log says it happened); each is reported for a check.
 * Owner liveness is read from the stream ({@link livenessAt}); unknown liveness makes the
 * takeover `inconclusive`. A TAKEOVER's TTL is its own `payload.ttl_minutes`, else the prior
 * reservation's.
 */
import { livenessAt, type LivenessSign } from './liveness.ts';
import { payloadText } from './read-coord-event.ts';
import { scopesOverlap } from './scope.ts';
import type { CoordEvent, HoldProblem, IncursionView, ReservationSpan, TakeoverView } from '../model/coord.ts';

/** What the reservation pass derives. */
export interface ReservationProjection {
  reservations: ReservationSpan[];
  takeovers: TakeoverView[];
  incursions: IncursionView[];
  releaseProblems: HoldProblem[];
  reserveConflicts: HoldProblem[];
}

const keyOf = (e: CoordEvent): string => `${e.projectRoot}\0${e.scope}`;

function ttlOf(e: CoordEvent): number | null {
  const v = e.payload['ttl_minutes'];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

function close(span: ReservationSpan, by: CoordEvent, ended: ReservationSpan['ended']): void {
  span.end = by.anchor;
  span.endTime = by.time;
  span.ended = ended;
}

/** Evaluates one TAKEOVER of `prior` (held by someone else) by the policy. Pure. */
function evaluateTakeover(e: CoordEvent, prior: ReservationSpan, sign: LivenessSign | undefined): Pick<TakeoverView, 'liveness' | 'outcome' | 'why'> {
  const finding = livenessAt(prior.owner, sign, e.time, prior.ttlMinutes);
  const owner = prior.owner;
  switch (finding.liveness) {
    case 'active':
      return { liveness: finding, outcome: 'denied', why: `owner ${owner} was active: the policy denies a takeover` };
    case 'stale':
      return e.takeoverMode === 'stale'
        ? { liveness: finding, outcome: 'allowed', why: `owner ${owner} was stale and the takeover is an explicit stale takeover` }
        : { liveness: finding, outcome: 'denied', why: `owner ${owner} was stale: only an explicit stale takeover is allowed, and takeover_mode is “${e.takeoverMode || '(none)'}”` };
    case 'evicted':
      return { liveness: finding, outcome: 'allowed', why: `owner ${owner} was evicted: the takeover is allowed and the prior reservation expires` };
    default:
      return { liveness: finding, outcome: 'inconclusive', why: `owner ${owner}'s liveness is unknown, so the policy cannot decide` };
  }
}

/** Runs the reservation pass over events in stream order. Duplicates are ignored. Pure. */
export function projectReservations(events: readonly CoordEvent[]): ReservationProjection {
  const out: ReservationProjection = { reservations: [], takeovers: [], incursions: [], releaseProblems: [], reserveConflicts: [] };
  const active = new Map<string, ReservationSpan>();
  const signs = new Map<string, LivenessSign>();
  const sign = (agent: string, s: Omit<LivenessSign, 'anchor' | 'timestamp'>, e: CoordEvent): void => {
    if (agent !== '') signs.set(agent, { ...s, anchor: e.anchor, timestamp: e.timestamp });
  };
  const open = (e: CoordEvent, via: ReservationSpan['via'], ttl: number | null): void => {
    const span: ReservationSpan = { projectRoot: e.projectRoot, scope: e.scope, owner: e.actor, start: e.anchor, via, startTime: e.time, ttlMinutes: ttl, ended: 'active' };
    out.reservations.push(span);
    active.set(keyOf(e), span);
  };
  for (const e of events) {
    if (e.duplicateOf !== undefined) continue;
    const held = e.scope !== '' ? active.get(keyOf(e)) : undefined;
    switch (e.eventType) {
      case 'RESERVE': {
        if (e.scope === '') break;
        if (held && held.owner !== e.actor) {
          out.reserveConflicts.push({ event: e.anchor, holder: held.owner, holderStart: held.start });
          close(held, e, 'replaced');
        } else if (held) close(held, e, 'renewed');
        open(e, 'RESERVE', ttlOf(e));
        break;
      }
      case 'RELEASE': {
        if (e.scope === '') break;
        if (!held || held.owner !== e.actor) out.releaseProblems.push(held ? { event: e.anchor, holder: held.owner, holderStart: held.start } : { event: e.anchor, holder: null });
        if (held) {
          close(held, e, 'released');
          active.delete(keyOf(e));
        }
        break;
      }
      case 'TAKEOVER': {
        if (e.scope === '') break;
        const view: TakeoverView = {
          event: e.anchor,
          taker: e.actor,
          projectRoot: e.projectRoot,
          scope: e.scope,
          mode: e.takeoverMode,
          reason: e.reason,
          priorOwner: held?.owner ?? null,
          liveness: null,
          outcome: 'unheld',
          why: `no active reservation of ${e.scope} at that moment: nothing to take over`,
        };
        if (held) view.priorStart = held.start;
        if (held && held.owner === e.actor) {
          view.outcome = 'allowed';
          view.why = `${e.actor} already held it`;
        } else if (held) Object.assign(view, evaluateTakeover(e, held, signs.get(held.owner)));
        if (held) close(held, e, view.outcome === 'allowed' && view.liveness?.liveness === 'evicted' ? 'expired' : 'taken-over');
        out.takeovers.push(view);
        open(e, 'TAKEOVER', ttlOf(e) ?? held?.ttlMinutes ?? null);
        break;
      }
      case 'INCURSION': {
        const holders = [...active.values()].filter((s) => s.projectRoot === e.projectRoot && s.owner !== e.actor && e.scope !== '' && scopesOverlap(s.scope, e.scope));
        const reported = payloadText(e, 'owner_liveness');
        out.incursions.push({
          event: e.anchor,
          actor: e.actor,
          projectRoot: e.projectRoot,
          scope: e.scope,
          kind: payloadText(e, 'incursion_kind'),
          reportedLiveness: reported,
          holders: holders.map((s) => ({ owner: s.owner, scope: s.scope, start: s.start })),
        });
        if (e.time !== null && reported !== '') for (const h of new Set(holders.map((s) => s.owner))) sign(h, { source: 'incursion', value: reported, time: e.time }, e);
        break;
      }
      case 'RESUME': {
        const prior = payloadText(e, 'prior_agent');
        if (e.time !== null && prior !== '' && prior !== e.actor) sign(prior, { source: 'resume', value: 'evicted', time: e.time }, e);
        break;
      }
      default:
        break;
    }
    if (e.time !== null) sign(e.actor, { source: 'own', value: 'active', time: e.time }, e);
  }
  return out;
}
