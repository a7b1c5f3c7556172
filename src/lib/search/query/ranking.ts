/**
 * The ranking keys of a result (engine.ts, the module comment lists them in order): field
 * weights, the packed primary key, and a field code's best field.
 */

/** The weight of a query word per field it is found in: title, body, evidence, meta. */
export const FIELD_WEIGHT = [8, 4, 2, 1];
/** The weight of a word in a decision row's decision or a beads issue's title: above any other record's title (a flag's summary quotes them, and their paths). */
export const DECISION_FIELD_WEIGHT = 9;
/** Record types whose title weighs as a decision: the records flags are about (a beads issue is a tracker's decision). */
export const DECISION_TYPES: ReadonlySet<string> = new Set(['decision', 'superseded decision', 'beads issue']);

/** Packs the ranking keys that precede document order into one number (higher first). */
export function primaryKey(coverage: number, exact: number, phrase: number, proximity: number, field: number): number {
  return (((Math.min(coverage, 63) * 512 + Math.min(exact, 511)) * 2 + phrase) * 256 + (255 + Math.max(proximity, -255))) * 256 + Math.min(field, 255);
}

/** The best (lowest) field of a field code. */
export function bestField(code: number): number {
  const mask = code & 15;
  return mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3;
}
