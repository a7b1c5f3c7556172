/**
 * Trends over the kept builds (issue 15, scope 5): rows, flags by severity, the share of
 * evidence verified and open blockers, per build. For the archive home every kept build is a
 * point (the sums over its projects). For a project, a point is a build in which its state
 * changed (consecutive builds in one state are one point, at the build that state began), so an
 * unchanged project's recap stays the same from build to build and is not rendered again. Pure.
 */
import type { BuildHistory } from './build-history.ts';
import { verifiedShare, type ProjectState } from './project-state.ts';

/** One point of a trend. `verified` is the share of evidence pointers VERIFIED (0–1), or null with no pointer. */
export interface TrendPoint {
  build: number;
  rows: number;
  high: number;
  medium: number;
  low: number;
  verified: number | null;
  openBlockers: number;
}

function point(build: number, counts: ProjectState['counts']): TrendPoint {
  return { build, rows: counts.rows, high: counts.flags.high, medium: counts.flags.medium, low: counts.flags.low, verified: verifiedShare(counts), openBlockers: counts.openBlockers };
}

/** A project's trend: one point per state it went through in the kept builds (at the build it began). */
export function projectTrend(history: BuildHistory, id: string): TrendPoint[] {
  const points: TrendPoint[] = [];
  let last: string | null = null;
  for (const b of history.builds) {
    const p = b.projects[id];
    if (!p) {
      last = null;
      continue;
    }
    if (p.state === last) continue;
    last = p.state;
    const state = history.states[p.state];
    if (state) points.push(point(p.since, state.counts));
  }
  return points;
}

/** The archive's trend: one point per kept build, summed over its projects. */
export function archiveTrend(history: BuildHistory): TrendPoint[] {
  return history.builds.map((b) => {
    const sum: ProjectState['counts'] = { rows: 0, flags: { high: 0, medium: 0, low: 0 }, pointers: { verified: 0, failed: 0, notCheckable: 0 }, openBlockers: 0 };
    for (const p of Object.values(b.projects)) {
      const c = history.states[p.state]?.counts;
      if (!c) continue;
      sum.rows += c.rows;
      sum.openBlockers += c.openBlockers;
      for (const s of ['high', 'medium', 'low'] as const) sum.flags[s] += c.flags[s];
      for (const s of ['verified', 'failed', 'notCheckable'] as const) sum.pointers[s] += c.pointers[s];
    }
    return point(b.build, sum);
  });
}
