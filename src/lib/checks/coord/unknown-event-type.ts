/**
 * `coord/unknown-event-type`: an event type outside the ten canonical ones is kept, shown and
 * counted, never dropped (spec/input.md: unknown enum values "shown as they are and counted");
 * the flag says projections ignore it (bd-audit-coordination-schema.md, "Canonical Event Types").
 */
import { flagOf, type Check } from '../check.ts';
import { coordKind } from './describe.ts';
import { agree } from '../../text/agree.ts';
import { countOf } from '../../site/words.ts';

export const UNKNOWN_EVENT_TYPE = coordKind('coord/unknown-event-type', 'low', 'event_type is one of SEND READ ACK RESERVE RELEASE TAKEOVER RESUME BLOCKED HANDOFF INCURSION; others are shown and counted but no projection uses them', '"Canonical Event Types"');

export const unknownEventType: Check = {
  id: 'coord/unknown-event-type',
  kinds: [UNKNOWN_EVENT_TYPE],
  run({ coordination }) {
    if (!coordination) return [];
    return coordination.eventTypes
      .filter((t) => !t.known && t.type !== '')
      .map((t) => {
        const events = coordination.events.filter((e) => e.eventType === t.type);
        const first = events[0];
        return flagOf(UNKNOWN_EVENT_TYPE, `${countOf(t.count, 'event')} ${agree(t.count, 'has', 'have')} the unknown type “${t.type}”${first ? ` (first: ${first.file}:${first.line})` : ''}; shown in the timeline, not used by any projection`, [], events.map((e) => ({ file: e.file, line: e.line })));
      });
  },
};
