/** Flag ordering for Attention (decision trail, Part 3: "Flags sorted by severity, then by first referenced row"). */
import type { Flag, Severity, TrailRow } from '../model/types.ts';

export const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/**
 * Sorts flags by severity, then by the first row they reference (file order), then by their
 * first location, then by kind and summary (so the order is total and deterministic).
 */
export function sortFlags(flags: readonly Flag[], rows: readonly TrailRow[]): Flag[] {
  const indexById = new Map<string, number>();
  for (const r of rows) if (!indexById.has(r.id)) indexById.set(r.id, r.index);
  const indexByLine = new Map<string, number>(rows.map((r) => [`${r.file}:${r.line}`, r.index]));
  const firstRow = (f: Flag): number => {
    const fromIds = f.rows.map((id) => indexById.get(id)).filter((n): n is number => n !== undefined);
    const fromAt = f.at.map((a) => indexByLine.get(`${a.file}:${a.line}`)).filter((n): n is number => n !== undefined);
    const all = [...fromIds, ...fromAt];
    return all.length > 0 ? Math.min(...all) : Number.MAX_SAFE_INTEGER;
  };
  const firstLine = (f: Flag): number => (f.at.length > 0 ? Math.min(...f.at.map((a) => a.line)) : Number.MAX_SAFE_INTEGER);
  return [...flags].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      firstRow(a) - firstRow(b) ||
      firstLine(a) - firstLine(b) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0),
  );
}
