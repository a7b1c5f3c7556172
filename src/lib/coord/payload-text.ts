/**
 * A coord.v1 event's payload field as text. Apart from the reader (read-coord-event.ts, which
 * validates with zod) so that projections shown in the browser-made recap.html (open blockers)
 * do not bundle the schemas.
 */
import type { CoordEvent } from '../model/coord.ts';

/** A payload field as text (`payload.subject`), or `''`. */
export function payloadText(event: Pick<CoordEvent, 'payload'>, key: string): string {
  const v = event.payload[key];
  return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
}
