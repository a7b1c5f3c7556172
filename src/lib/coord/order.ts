/**
 * Stream order of coord.v1 events (spec/input.md section 7: "Order by `timestamp`, then file
 * order"): a stable sort on the parsed instant, so events with equal times keep the order of
 * their files (discovery order) and lines. Events whose time does not parse go last, in file
 * order. Also marks duplicate `event_id`s (the first in stream order is the event; later ones
 * are kept and shown, but left out of projections: seed, "stable for dedupe") and events
 * written earlier than an event above them in the same file.
 */
import type { CoordEvent } from '../model/coord.ts';
import type { ReadCoordEvent } from './read-coord-event.ts';

/**
 * Orders events read in file order (files in discovery order, lines ascending) into the
 * stream, giving each its `seq` and anchor (`coord-<seq+1>`). Pure; never throws.
 */
export function orderCoordEvents(inFileOrder: readonly ReadCoordEvent[]): CoordEvent[] {
  const keyed = inFileOrder.map((event, position) => ({ event, position }));
  keyed.sort((a, b) => {
    const ta = a.event.time ?? Number.POSITIVE_INFINITY;
    const tb = b.event.time ?? Number.POSITIVE_INFINITY;
    return ta === tb ? a.position - b.position : ta < tb ? -1 : 1;
  });
  const events: CoordEvent[] = keyed.map(({ event }, seq) => ({ ...event, seq, anchor: `coord-${seq + 1}` }));
  const firstById = new Map<string, CoordEvent>();
  for (const e of events) {
    if (e.eventId === '') continue;
    const first = firstById.get(e.eventId);
    if (first) e.duplicateOf = first.anchor;
    else firstById.set(e.eventId, e);
  }
  const byFile = new Map<string, CoordEvent[]>();
  for (const e of events) {
    const list = byFile.get(e.file);
    if (list) list.push(e);
    else byFile.set(e.file, [e]);
  }
  for (const fileEvents of byFile.values()) {
    let latest: number | null = null;
    for (const e of fileEvents.sort((a, b) => a.line - b.line)) {
      if (e.time === null) continue;
      if (latest !== null && e.time < latest) e.outOfOrder = true;
      else latest = e.time;
    }
  }
  return events;
}
