/**
 * Phases (spec/archive.md, recap item 7; decision trail, Part 1: `phase` is "project phase
 * id, or `design` / `handover` / `start`"): the trail seen phase by phase, so a reader can
 * tell where in the run the decisions, and the doubts, sit. Pure.
 */
import type { ResultClass, TrailRow } from '../model/types.ts';
import { evidenceNotVerified } from './check-first.ts';

/**
 * The Phases table's column headers, in order (src/components/Phases.astro; a phone labels each
 * cell with the same words, src/styles/site.css "Phases"). The last counts rows, not pointers:
 * the home's and the strip's "Evidence" figures count pointers (count14).
 */
export const PHASE_COLUMNS = ['Phase', 'Rows', 'Time span', 'Results', 'Rows with evidence not verified'] as const;

/** What rows written without a phase are called, in the Phases table and by search's phase filter. */
export const NO_PHASE = '(no phase)';

/** A phase as the reader sees it: its cell as written, {@link NO_PHASE} for an empty one. */
export function phaseName(phase: string): string {
  return phase === '' ? NO_PHASE : phase;
}

/** One phase of a trail. */
export interface PhaseSummary {
  /** The `phase` cell as written (`''` for rows without one). */
  phase: string;
  /** Rows in the phase that no later row supersedes. */
  rows: number;
  /** Rows in the phase that a later row supersedes (hidden by default in Decisions). */
  superseded: number;
  /** Earliest and latest row time in the phase (ISO), or null when no row has a time. */
  span: { from: string; to: string } | null;
  /** Rows per result class, current rows only; classes with no row are left out. */
  results: Partial<Record<ResultClass, number>>;
  /** Current rows with at least one evidence pointer that is not VERIFIED, or no evidence at all. */
  evidenceNotVerified: number;
  /** Anchor of the phase's first current row (or first row, when all are superseded). */
  firstAnchor: string;
}

/**
 * Phases in order of their first row in the file. Superseded rows are counted apart and
 * left out of the result and evidence counts, as Decisions hides them.
 */
export function phases(rows: readonly TrailRow[]): PhaseSummary[] {
  const byPhase = new Map<string, { summary: PhaseSummary; from: number; to: number; anchored: boolean }>();
  for (const row of rows) {
    let entry = byPhase.get(row.phase);
    if (!entry) {
      entry = { summary: { phase: row.phase, rows: 0, superseded: 0, span: null, results: {}, evidenceNotVerified: 0, firstAnchor: row.anchor }, from: Number.POSITIVE_INFINITY, to: Number.NEGATIVE_INFINITY, anchored: false };
      byPhase.set(row.phase, entry);
    }
    const s = entry.summary;
    if (row.supersededBy.length > 0) {
      s.superseded++;
      continue;
    }
    if (!entry.anchored) {
      s.firstAnchor = row.anchor;
      entry.anchored = true;
    }
    s.rows++;
    s.results[row.resultClass] = (s.results[row.resultClass] ?? 0) + 1;
    if (evidenceNotVerified(row)) s.evidenceNotVerified++;
    if (row.time !== null) {
      if (row.time < entry.from) entry.from = row.time;
      if (row.time > entry.to) entry.to = row.time;
    }
  }
  return [...byPhase.values()].map(({ summary, from, to }) => ({ ...summary, span: from <= to ? { from: new Date(from).toISOString(), to: new Date(to).toISOString() } : null }));
}
