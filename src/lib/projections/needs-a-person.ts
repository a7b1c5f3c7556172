/**
 * Which project a person should look at first (the closing line of `trailbook build` and
 * `trailbook check`), in the order the archive home lists projects by default ("what needs a
 * person first", src/lib/projections/home-view.ts): the most high-severity flags, then open blockers,
 * then evidence pointers that failed their check; then the newest, then by id. A flag is a
 * finding that needs a person (the decision trail's Part 3); open blockers, spec/archive.md
 * recap item 2.
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

/** The fields the attention order reads. */
export interface AttentionKeys {
  id: string;
  high: number;
  blockers: number;
  /** Evidence pointers that failed their check. */
  failed: number;
  /** Latest record time (ISO), '' when none. */
  to: string;
}

/** The attention order: negative when `a` needs a person before `b`. */
export function compareAttention(a: AttentionKeys, b: AttentionKeys): number {
  return b.high - a.high || b.blockers - a.blockers || b.failed - a.failed || b.to.localeCompare(a.to) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

type Counted = Pick<ProjectCounts, 'flags' | 'invalid' | 'openBlockers' | 'pointers'>;

/** The counts of {@link NeedsAPerson} for one project. */
export function needsAPerson(counts: Counted): NeedsAPerson {
  return { high: counts.flags.high, openBlockers: counts.openBlockers ?? 0, medium: counts.flags.medium, invalid: counts.invalid, low: counts.flags.low };
}

/**
 * The project to look at first, with what it has, or null when no project has a flag, an open
 * blocker, an invalid record or a failed evidence pointer.
 */
export function worstProject<P extends { id: string; counts: Counted; span?: { to: string } | null }>(projects: readonly P[]): { project: P; needs: NeedsAPerson } | null {
  let best: { project: P; needs: NeedsAPerson; keys: AttentionKeys } | null = null;
  for (const project of projects) {
    const needs = needsAPerson(project.counts);
    const failed = project.counts.pointers?.failed ?? 0;
    if (needs.high + needs.openBlockers + needs.medium + needs.invalid + needs.low + failed === 0) continue;
    const keys = { id: project.id, high: needs.high, blockers: needs.openBlockers, failed, to: project.span?.to ?? '' };
    if (best === null || compareAttention(keys, best.keys) < 0) best = { project, needs, keys };
  }
  return best && { project: best.project, needs: best.needs };
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
