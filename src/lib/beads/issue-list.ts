/**
 * How the recap lists a project's beads issues (spec/archive.md, Coordination: "beads issue
 * lifecycle"): every issue, but a long list keeps in view the ones a person may need — not
 * closed, or whose log disagrees with the export (a status the replay does not reach, a gap)
 * — and folds the closed issues that have nothing to say. 45ck/prompt-language's 561 issues
 * made a 55,000 px table; 446 of them are closed with a history that agrees. Pure.
 */
import type { BeadsIssue, BeadsModel } from '../model/beads.ts';
import { countOf } from '../site/words.ts';
import { agree } from '../text/agree.ts';

/** Past this many issues, the closed ones with nothing to look at are folded. */
export const FOLD_CLOSED_FROM = 50;

/** Whether an issue's log disagrees with its export: replay ends elsewhere, or an entry records a status replay had not reached. */
export function logDisagrees(issue: Pick<BeadsIssue, 'origin' | 'replayedStatus' | 'status' | 'gaps'>, hasHistory: boolean): boolean {
  return (hasHistory && issue.origin !== 'events' && issue.replayedStatus !== null && issue.replayedStatus !== issue.status) || issue.gaps > 0;
}

/**
 * The issues in view and the issues folded, each in the model's order. Nothing is folded when
 * the list is short ({@link FOLD_CLOSED_FROM} or fewer).
 */
export function issueList(model: Pick<BeadsModel, 'issues' | 'hasHistory'>): { shown: BeadsIssue[]; folded: BeadsIssue[] } {
  if (model.issues.length <= FOLD_CLOSED_FROM) return { shown: [...model.issues], folded: [] };
  const shown: BeadsIssue[] = [];
  const folded: BeadsIssue[] = [];
  for (const issue of model.issues) (issue.status === 'closed' && !logDisagrees(issue, model.hasHistory) ? folded : shown).push(issue);
  return { shown, folded };
}

/**
 * The issue list's sentence on its lifecycle log: how many log entries the statuses were
 * replayed from and how many issues end with another status than the export's, counted and
 * agreeing as everywhere (count15: `Status replayed from 2305 log entries`, ungrouped, and
 * `1 issue end with`): `Status replayed from 2,305 log entries; 34 issues end with a status
 * other than the export's.`
 */
export function replayNote(entries: number, mismatches: number): string {
  return `Status replayed from ${countOf(entries, 'log entry', 'log entries')}; ${countOf(mismatches, 'issue')} ${agree(mismatches, 'ends', 'end')} with a status other than the export's.`;
}
