/**
 * Builds the {@link CoordinationModel} from events in stream order: the seed's projections
 * (bd-audit-coordination-schema.md, "Derivation Rules": inbox, reservations, takeover policy)
 * plus the incursion, blocker, handoff and resume lists. Projections are computed views,
 * never a source of truth (seed, "Dolt Considerations" 2). Pure.
 */
import { projectInbox } from './inbox.ts';
import { projectReservations } from './reservations.ts';
import { isoOf } from '../text/time.ts';
import { COORD_EVENT_TYPES, type CoordEvent, type CoordinationModel } from '../model/coord.ts';

/** Derives every projection from events already ordered by {@link orderCoordEvents}. */
export function projectCoordination(events: CoordEvent[]): CoordinationModel {
  const { inbox, refProblems } = projectInbox(events);
  const reservations = projectReservations(events);
  const agents = new Set<string>();
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.actor !== '') agents.add(e.actor);
    if (e.toAgent !== '') agents.add(e.toAgent);
    counts.set(e.eventType, (counts.get(e.eventType) ?? 0) + 1);
  }
  const canonical: readonly string[] = COORD_EVENT_TYPES;
  const eventTypes = [...counts.entries()]
    .map(([type, count]) => ({ type, known: canonical.includes(type), count }))
    .sort((a, b) => (a.known && b.known ? canonical.indexOf(a.type) - canonical.indexOf(b.type) : a.known ? -1 : b.known ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  const live = events.filter((e) => e.duplicateOf === undefined);
  const anchorsOf = (type: string): string[] => live.filter((e) => e.eventType === type).map((e) => e.anchor);
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (e.time === null) continue;
    from = Math.min(from, e.time);
    to = Math.max(to, e.time);
  }
  return {
    events,
    agents: [...agents].sort(),
    eventTypes,
    inbox,
    refProblems,
    ...reservations,
    blockers: anchorsOf('BLOCKED'),
    handoffs: anchorsOf('HANDOFF'),
    resumes: anchorsOf('RESUME'),
    span: from <= to ? { from: isoOf(from), to: isoOf(to) } : null,
  };
}
