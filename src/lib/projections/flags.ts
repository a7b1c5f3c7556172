/** Flag ordering for Attention (decision trail, Part 3: "Flags sorted by severity, then by first referenced row"). */
import type { Flag, Severity, TrailRow } from '../model/types.ts';

export const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/**
 * Sorts flags by severity, then by where in the trail they first point: the first row they
 * reference, or the first trail line they name (an invalid line sits between the rows around
 * it), then by kind and summary (so the order is total and deterministic). Flags about other
 * records (audit.json, coordination, arena) follow the trail's, in the order of their places.
 */
export function sortFlags(flags: readonly Flag[], rows: readonly TrailRow[]): Flag[] {
  const files: string[] = [];
  for (const r of rows) if (!files.includes(r.file)) files.push(r.file);
  const lineById = new Map<string, { file: string; line: number }>();
  for (const r of rows) if (!lineById.has(r.id)) lineById.set(r.id, { file: r.file, line: r.line });
  const rank = (place: { file: string; line: number }): number => {
    const f = files.indexOf(place.file);
    return (f === -1 ? files.length : f) * 1e9 + place.line;
  };
  const position = (f: Flag): number => {
    const places = [...f.rows.map((id) => lineById.get(id)).filter((p): p is { file: string; line: number } => p !== undefined), ...f.at];
    return places.reduce((min, p) => Math.min(min, rank(p)), Number.MAX_SAFE_INTEGER);
  };
  // Each flag's position once, not per comparison (a flag may name every row of the trail).
  const positions = new Map(flags.map((f) => [f, position(f)]));
  return [...flags].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (positions.get(a) as number) - (positions.get(b) as number) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0),
  );
}
