/**
 * `coord/duplicate-event-id`: `event_id` MUST be globally unique and stable for dedupe
 * (bd-audit-coordination-schema.md, "Event Envelope (v1)", Notes). Later events with a used
 * id are shown but left out of projections; the flag says whether they repeat the first
 * exactly (a replayed write) or differ (two events sharing one id).
 */
import { flagOf, type Check } from '../check.ts';
import type { CoordEvent } from '../../model/coord.ts';
import { coordKind, describeEvent, eventsByAnchor } from './describe.ts';

export const DUPLICATE_EVENT_ID = coordKind('coord/duplicate-event-id', 'high', 'event_id is unique across the stream; later events with a used id are left out of projections', '"Event Envelope (v1)" (notes)');

const body = (e: CoordEvent): string => JSON.stringify({ ...e, anchor: '', seq: 0, file: '', line: 0, duplicateOf: '', outOfOrder: false });

export const duplicateEventId: Check = {
  id: 'coord/duplicate-event-id',
  kinds: [DUPLICATE_EVENT_ID],
  run({ coordination }) {
    if (!coordination) return [];
    const byAnchor = eventsByAnchor(coordination);
    const groups = new Map<string, CoordEvent[]>();
    for (const e of coordination.events) {
      if (e.duplicateOf === undefined) continue;
      const list = groups.get(e.duplicateOf);
      if (list) list.push(e);
      else groups.set(e.duplicateOf, [e]);
    }
    return [...groups.entries()].flatMap(([anchor, dups]) => {
      const first = byAnchor.get(anchor);
      if (!first) return [];
      const same = dups.every((d) => body(d) === body(first));
      const where = dups.map((d) => `${d.file}:${d.line}`).join(', ');
      return [flagOf(DUPLICATE_EVENT_ID, `event_id ${first.eventId} is used by ${dups.length + 1} events: ${describeEvent(first)} and ${where}${same ? ' (identical repeats)' : ' (with different content)'}; only the first is projected`, [], [first, ...dups].map((e) => ({ file: e.file, line: e.line })))];
    });
  },
};
