/**
 * Which project a person should look at first (the closing line of `trailbook build` and
 * `trailbook check`): the one with the most high-severity flags, then open blockers, medium
 * flags, invalid records and low flags, in that order (the decision trail's Part 3: a flag is a
 * finding that needs a person; open blockers, spec/archive.md recap item 2).
 */
import type { ProjectCounts } from '../model/types.ts';

/** What a project has that needs a person; all zero when nothing does. */
export interface NeedsAPerson {
  high: number;
  openBlockers: number;
  medium: number;
  invalid: number;
  low: number;
}

/** The counts of {@link NeedsAPerson} for one project. */
export function needsAPerson(counts: Pick<ProjectCounts, 'flags' | 'invalid' | 'openBlockers'>): NeedsAPerson {
  return { high: counts.flags.high, openBlockers: counts.openBlockers ?? 0, medium: counts.flags.medium, invalid: counts.invalid, low: counts.flags.low };
}

const ORDER = ['high', 'openBlockers', 'medium', 'invalid', 'low'] as const;

/**
 * The project to look at first, with what it has, or null when no project has a flag, an open
 * blocker or an invalid record. Ties go to the first project in id order, so the answer is the
 * same on every run.
 */
export function worstProject<P extends { id: string; counts: Pick<ProjectCounts, 'flags' | 'invalid' | 'openBlockers'> }>(projects: readonly P[]): { project: P; needs: NeedsAPerson } | null {
  let best: { project: P; needs: NeedsAPerson } | null = null;
  for (const project of projects) {
    const needs = needsAPerson(project.counts);
    if (ORDER.every((k) => needs[k] === 0)) continue;
    if (best === null) {
      best = { project, needs };
      continue;
    }
    const key = ORDER.find((k) => needs[k] !== best?.needs[k]);
    const worse = key === undefined ? project.id < best.project.id : needs[key] > best.needs[key];
    if (worse) best = { project, needs };
  }
  return best;
}

/** `4 high-severity flags, 1 open blocker, 2 medium, 1 invalid record, 3 low`: the non-zero counts in order. */
export function describeNeeds(needs: NeedsAPerson): string {
  const n = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;
  const parts: string[] = [];
  if (needs.high > 0) parts.push(n(needs.high, 'high-severity flag', 'high-severity flags'));
  if (needs.openBlockers > 0) parts.push(n(needs.openBlockers, 'open blocker', 'open blockers'));
  if (needs.medium > 0) parts.push(n(needs.medium, 'medium-severity flag', 'medium-severity flags'));
  if (needs.invalid > 0) parts.push(n(needs.invalid, 'invalid record', 'invalid records'));
  if (needs.low > 0) parts.push(n(needs.low, 'low-severity flag', 'low-severity flags'));
  return parts.join(', ');
}
