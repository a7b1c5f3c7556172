/** Shared wording for coordination flags: how an event is named in a summary. */
import type { CoordEvent, CoordinationModel } from '../../model/coord.ts';
import type { FlagKind } from '../check.ts';

/** `SEND evt_01 by amber-otter at 2026-02-28T18:00:00Z (coordination.jsonl:4)`. */
export function describeEvent(e: CoordEvent): string {
  const type = e.eventType === '' ? 'event without event_type' : e.eventType;
  const id = e.eventId === '' ? '' : ` ${e.eventId}`;
  const by = e.actor === '' ? '' : ` by ${e.actor}`;
  const at = e.timestamp === '' ? '' : ` at ${e.timestamp}`;
  return `${type}${id}${by}${at} (${e.file}:${e.line})`;
}

/** Looks events up by anchor. */
export function eventsByAnchor(model: CoordinationModel): Map<string, CoordEvent> {
  return new Map(model.events.map((e) => [e.anchor, e]));
}

/** A coordination flag kind (layer `coordination`), sourced from the coordination seed. */
export function coordKind(kind: string, severity: FlagKind['severity'], rule: string, section: string): FlagKind {
  return { kind, severity, layer: 'coordination', rule, source: `bd-audit-coordination-schema.md, ${section}` };
}
