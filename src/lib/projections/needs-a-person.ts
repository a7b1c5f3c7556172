/**
 * Which project a person should look at first (the closing line of `trailbook build` and
 * `trailbook check`), in the order the archive home lists projects by default ("what needs a
 * person first", src/lib/projections/home-view.ts): evidence citing things that do not exist first,
 * then distinct problems weighted by severity (issue 27), then pointers that did not resolve;
 * then the newest, then by id. A flag is a
 * finding that needs a person (the decision trail's Part 3); open blockers, spec/archive.md
 * recap item 2.
 */
import type { ProjectCounts } from '../model/types.ts';
import { problemScore } from './problems.ts';
import { latestDate, type DatesOnly } from '../site/dates-only.ts';

/** What a project has that needs a person; all zero when nothing does. */
export interface NeedsAPerson {
  high: number;
  openBlockers: number;
  medium: number;
  invalid: number;
  low: number;
  /** Problems: flags of one kind and cause said once (src/lib/projections/problems.ts); absent in counts stored before issue 27. */
  problems?: number;
  /** Problems whose evidence cites a commit, path, lines or rubric row that does not exist. */
  citesMissing?: number;
}

/** The fields the attention order reads. */
export interface AttentionKeys {
  id: string;
  /** Problems citing things that do not exist (src/lib/projections/problems.ts `CITES_MISSING_KINDS`). */
  citesMissing: number;
  /** Problems weighted by severity, open blockers as high ones (src/lib/projections/problems.ts `problemScore`). */
  score: number;
  /** Evidence pointers that did not resolve (prose apart, not counted here). */
  unresolved: number;
  /** Latest record time (ISO), '' when none. */
  to: string;
}

/**
 * The attention order (issue 27, scope 3): negative when `a` needs a person before `b`. A
 * project whose evidence cites things that do not exist first; then distinct problems weighted
 * by severity (not flags: 25 flags of one cause are one problem), open blockers as high ones;
 * then more such citing problems, pointers that did not resolve, the newest, the id.
 */
export function compareAttention(a: AttentionKeys, b: AttentionKeys): number {
  return (
    Number(b.citesMissing > 0) - Number(a.citesMissing > 0) ||
    b.score - a.score ||
    b.citesMissing - a.citesMissing ||
    b.unresolved - a.unresolved ||
    b.to.localeCompare(a.to) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The attention keys of a project's counts. */
export function attentionKeys(id: string, to: string, counts: Pick<ProjectCounts, 'problems' | 'openBlockers' | 'pointers'>): AttentionKeys {
  const problems = counts.problems ?? { high: 0, medium: 0, low: 0, citesMissing: 0 };
  return { id, citesMissing: problems.citesMissing, score: problemScore(problems, counts.openBlockers ?? 0), unresolved: counts.pointers?.unresolved ?? 0, to };
}

type Counted = Pick<ProjectCounts, 'flags' | 'invalid' | 'openBlockers' | 'pointers' | 'problems'>;

/** The counts of {@link NeedsAPerson} for one project. */
export function needsAPerson(counts: Counted): NeedsAPerson {
  const out: NeedsAPerson = { high: counts.flags.high, openBlockers: counts.openBlockers ?? 0, medium: counts.flags.medium, invalid: counts.invalid, low: counts.flags.low };
  if (counts.problems) {
    out.problems = counts.problems.high + counts.problems.medium + counts.problems.low;
    out.citesMissing = counts.problems.citesMissing;
  }
  return out;
}

/**
 * The project to look at first, with what it has, or null when no project has a flag, an open
 * blocker, an invalid record or a failed evidence pointer.
 */
export function worstProject<P extends { id: string; counts: Counted; span?: { to: string } | null; datesOnly?: DatesOnly | undefined }>(projects: readonly P[]): { project: P; needs: NeedsAPerson } | null {
  let best: { project: P; needs: NeedsAPerson; keys: AttentionKeys } | null = null;
  for (const project of projects) {
    const needs = needsAPerson(project.counts);
    const failed = project.counts.pointers?.failed ?? 0;
    if (needs.high + needs.openBlockers + needs.medium + needs.invalid + needs.low + failed === 0) continue;
    const keys = attentionKeys(project.id, latestDate(project), project.counts);
    if (best === null || compareAttention(keys, best.keys) < 0) best = { project, needs, keys };
  }
  return best && { project: best.project, needs: best.needs };
}

/**
 * `4 high-severity flags, 1 open blocker, 2 medium, 1 invalid record, 3 low`: the non-zero
 * counts in order; flags as the problems they are when fewer (issue 27: `1 problem (25
 * high-severity flags), 25 invalid records`); first, when there are any, how many of the
 * problems cite what does not exist, said as a part of them (`3 of its 4 problems cite what
 * does not exist (4 high-severity flags, 1 medium-severity flag)`: use10, a new user read
 * "3 problems of evidence citing what does not exist, 4 problems (…)" as 7).
 */
export function describeNeeds(needs: NeedsAPerson): string {
  const n = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;
  const high = needs.high > 0 ? n(needs.high, 'high-severity flag', 'high-severity flags') : null;
  const medium = needs.medium > 0 ? n(needs.medium, 'medium-severity flag', 'medium-severity flags') : null;
  const low = needs.low > 0 ? n(needs.low, 'low-severity flag', 'low-severity flags') : null;
  const blockers = needs.openBlockers > 0 ? n(needs.openBlockers, 'open blocker', 'open blockers') : null;
  const invalid = needs.invalid > 0 ? n(needs.invalid, 'invalid record', 'invalid records') : null;
  const flags = needs.high + needs.medium + needs.low;
  const severities = [high, medium, low].filter((x) => x !== null).join(', ');
  const cites = needs.citesMissing ?? 0;
  const problems = needs.problems ?? 0;
  let said: Array<string | null>;
  if (cites > 0 && problems >= cites) {
    const part = cites === problems ? (problems === 1 ? 'its problem cites' : `all ${problems} of its problems cite`) : `${cites} of its ${problems} problems ${cites === 1 ? 'cites' : 'cite'}`;
    said = [`${part} what does not exist (${severities})`, blockers, invalid];
  } else if (needs.problems !== undefined && needs.problems < flags) said = [`${n(needs.problems, 'problem', 'problems')} (${severities})`, blockers, invalid];
  else said = [high, blockers, medium, invalid, low];
  return said.filter((x): x is string => x !== null).join(', ');
}
