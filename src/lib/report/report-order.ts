/**
 * The order the pull-request formats show flags in (issue 32): GitHub shows only so many
 * annotations and stores only so many SARIF results, so the ones shown must be the worst.
 * Flags the baseline accepts come after every open flag; then by severity; then in the
 * report's order (projects as checked, each project's flags as Attention sorts them).
 */
import { SEVERITY_ORDER } from '../projections/flags.ts';
import type { LocatedProject } from './flag-places.ts';

/** A flag of the report with its project and its 0-based position in that project's flags (Attention's anchor is `flag-<n+1>`). */
export interface PlacedFlag {
  located: LocatedProject;
  flag: LocatedProject['project']['flags'][number];
  index: number;
}

/** Every flag of `projects`, worst first ({@link PlacedFlag}). Stable and deterministic. */
export function worstFirst(projects: readonly LocatedProject[]): PlacedFlag[] {
  const all: PlacedFlag[] = [];
  for (const located of projects) located.project.flags.forEach((flag, index) => all.push({ located, flag, index }));
  const rank = (p: PlacedFlag): number => (p.flag.accepted !== undefined ? 3 : 0) + SEVERITY_ORDER[p.flag.severity];
  return all.map((p, order) => ({ p, order, rank: rank(p) })).sort((a, b) => a.rank - b.rank || a.order - b.order).map((x) => x.p);
}
