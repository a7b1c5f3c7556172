/** Flag ordering for Attention (decision trail, Part 3: "Flags sorted by severity, then by first referenced row"). */
import type { Flag, Severity, TrailRow } from '../model/types.ts';

export const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** The kind sorted first among flags of its severity (src/lib/checks/security/secret-in-record.ts). */
const SECRET_KIND = 'security/secret-in-record';

/**
 * Where a place sits in the trail, as a number to sort by: the trail's files in the order their
 * rows come, then the line; a place in a file no row is in comes after every row's. Attention's
 * order ({@link sortFlags}) and Check first's (src/lib/projections/check-first.ts) both sort by
 * it, so the two list a project's problems in one order (trust13).
 *
 * @param rows - The project's rows, in trail order.
 */
export function trailPlaceRank(rows: readonly Pick<TrailRow, 'file'>[]): (place: { file: string; line: number }) => number {
  const files: string[] = [];
  for (const r of rows) if (!files.includes(r.file)) files.push(r.file);
  return (place) => {
    const f = files.indexOf(place.file);
    return (f === -1 ? files.length : f) * 1e9 + place.line;
  };
}

/**
 * The one order of a project's problems (decision trail, Part 3: "Flags sorted by severity,
 * then by first referenced row"): more severe first, then the one whose first place
 * ({@link trailPlaceRank}) comes earlier; 0 when both tie. Attention ({@link sortFlags}) and
 * Check first's failed checks use it, so a recap lists its problems in the same order twice.
 */
export function compareSeverityThenPlace(a: { severity: Severity; place: number }, b: { severity: Severity; place: number }): number {
  return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.place - b.place;
}

/**
 * Sorts flags by severity, secrets in the records first (issue 29: the flag a person sees
 * first), then by where in the trail they first point: the first row they
 * reference, or the first trail line they name (an invalid line sits between the rows around
 * it), then by kind and summary (so the order is total and deterministic). Flags about other
 * records (audit.json, coordination, arena) follow the trail's, in the order of their places.
 */

export function sortFlags(flags: readonly Flag[], rows: readonly TrailRow[]): Flag[] {
  const lineById = new Map<string, { file: string; line: number }>();
  for (const r of rows) if (!lineById.has(r.id)) lineById.set(r.id, { file: r.file, line: r.line });
  const rank = trailPlaceRank(rows);
  const position = (f: Flag): number => {
    const places = [...f.rows.map((id) => lineById.get(id)).filter((p): p is { file: string; line: number } => p !== undefined), ...f.at];
    return places.reduce((min, p) => Math.min(min, rank(p)), Number.MAX_SAFE_INTEGER);
  };
  // Each flag's position once, not per comparison (a flag may name every row of the trail).
  const positions = new Map(flags.map((f) => [f, position(f)]));
  return [...flags].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      // A secret in the records comes first: it is what a person must see before publishing (issue 29).
      Number(b.kind === SECRET_KIND) - Number(a.kind === SECRET_KIND) ||
      compareSeverityThenPlace({ severity: a.severity, place: positions.get(a) as number }, { severity: b.severity, place: positions.get(b) as number }) ||
      // A summary of flags not listed (src/lib/bounds/kind-bounds.ts) after the ones listed.
      Number(a.omitted !== undefined) - Number(b.omitted !== undefined) ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) ||
      (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0),
  );
}

/** A flag as a row shows it: its place in Attention (`flag-<n>`), severity and kind. */
export interface RowFlag {
  /** 1-based position in the (sorted) flag list: Attention's anchor is `flag-<n>`. */
  n: number;
  severity: Severity;
  kind: string;
  /** The reason `trailbook.baseline.json` accepts it (issue 32), when it does: shown as accepted, not an open fault. */
  accepted?: string;
}

/**
 * The flags each row carries, by row anchor, so a row's own card says it is flagged (a shared
 * permalink never shows a flagged row clean; decision trail, Part 3: each flag links "to its
 * rows"). A flag reaches the rows at its places (`file:line`, so both rows of a duplicate id)
 * and, for ids no place covers, the first row with that id. Lists keep the flags' order.
 *
 * @param flags - The project's flags, sorted as Attention shows them ({@link sortFlags}).
 * @param accepted - Per flag (same order), the reason the baseline accepts it, or null
 *   (src/lib/baseline/accepted-flags.ts `acceptedFlags`); none when absent.
 */
export function flagsByRow(flags: readonly Flag[], rows: readonly TrailRow[], accepted: ReadonlyArray<string | null> = []): Map<string, RowFlag[]> {
  const rowByLine = new Map(rows.map((r) => [`${r.file}:${r.line}`, r]));
  const firstById = new Map<string, TrailRow>();
  for (const r of rows) if (!firstById.has(r.id)) firstById.set(r.id, r);
  const out = new Map<string, RowFlag[]>();
  flags.forEach((f, i) => {
    const reached = new Set<string>();
    const coveredIds = new Set<string>();
    for (const at of f.at) {
      const row = rowByLine.get(`${at.file}:${at.line}`);
      if (!row) continue;
      reached.add(row.anchor);
      coveredIds.add(row.id);
    }
    for (const id of f.rows) {
      if (coveredIds.has(id)) continue;
      const row = firstById.get(id);
      if (row) reached.add(row.anchor);
    }
    for (const anchor of reached) {
      const list = out.get(anchor) ?? [];
      const reason = accepted[i];
      list.push(reason ? { n: i + 1, severity: f.severity, kind: f.kind, accepted: reason } : { n: i + 1, severity: f.severity, kind: f.kind });
      out.set(anchor, list);
    }
  });
  return out;
}

/** One kind of flag in a project, for Attention's overview. */
export interface FlagKindCount {
  kind: string;
  severity: Severity;
  count: number;
  /** 1-based position of its first flag in the sorted list (`#flag-<first>`). */
  first: number;
}

/**
 * The kinds of a project's flags with their counts, most severe first, then most frequent,
 * then by kind: an overview for a long Attention list (34 `beads/status-mismatch` flags read
 * as one line), which itself keeps the seed's order (decision trail, Part 3).
 *
 * @param flags - Sorted as Attention shows them ({@link sortFlags}).
 */
export function flagKinds(flags: readonly Flag[]): FlagKindCount[] {
  const byKind = new Map<string, FlagKindCount>();
  flags.forEach((f, i) => {
    const key = `${f.severity}\u0000${f.kind}`;
    const entry = byKind.get(key);
    // A summary (src/lib/bounds/kind-bounds.ts) counts as the flags it stands for.
    if (entry) entry.count += f.omitted ?? 1;
    else byKind.set(key, { kind: f.kind, severity: f.severity, count: f.omitted ?? 1, first: i + 1 });
  });
  return [...byKind.values()].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}
