/**
 * Timestamps of coordination and lifecycle records (bd-audit-coordination-schema.md, "Event
 * Envelope"; spec/input.md section 7: "Timestamps may carry local offsets"). Real beads files
 * mix `Z` times with whole seconds, 4–7 fractional digits (`2026-04-12T20:24:56.2048423Z`)
 * and local offsets (`2026-01-21T13:04:10.348542-07:00`).
 */

const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Milliseconds since the epoch of an ISO-8601 instant with a zone, keeping digits below the
 * millisecond as a fraction (so `…56.2048423Z` sorts after `…56.2048Z`); null when the text is
 * not such an instant. Times without a zone are null: their instant is unknown.
 */
export function parseInstant(text: string): number | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const [, head, fraction = '', zone = 'Z'] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${head}.${(fraction + '000').slice(0, 3)}${offset}`);
  if (Number.isNaN(ms)) return null;
  const below = fraction.length > 3 ? Number(`0.${fraction.slice(3)}`) : 0;
  return ms + below;
}

/** An instant as UTC ISO text (millisecond precision), for display beside the written text. */
export function isoOf(time: number): string {
  return new Date(Math.floor(time)).toISOString();
}

/**
 * A trail row's `time` from its `ts` (src/lib/adapters/parsed-row.ts `parseTime`):
 * milliseconds since the epoch of an ISO-8601 timestamp with a zone, as `Date.parse` reads it,
 * or null. Here, free of Node, so that a reader of `recap.json` (`trailbook.recap/4` leaves
 * out the `time` column when this gives it back: src/lib/export/recap-rows.ts) makes it again.
 */
export function rowTime(ts: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i.test(ts.trim())) return null;
  const t = Date.parse(ts.trim());
  return Number.isNaN(t) ? null : t;
}
