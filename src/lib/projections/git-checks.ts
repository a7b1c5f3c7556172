/**
 * Whether a project's repository problem is worth saying (spec/archive.md item 1: the header
 * names the repository; docs/checks.md, severity rule: a flag a person would dismiss is a defect).
 * "No repository" matters only when the project cites something git would check: a beads-only
 * or coordination-only project with no evidence pointer has nothing made inconclusive by it,
 * and calling it "git checks inconclusive" on every such project is noise (new-user trial,
 * 2026-12-01). Any other problem — a repository named in trailbook.json that cannot be opened,
 * refused, or whose landed head is unknown — is always said: someone asked for that repository.
 */
import type { ProjectCounts, RepositoryInfo } from '../model/types.ts';
import { pointerTotal } from './counts.ts';

/**
 * The reason git checks are inconclusive for this project, as shown after "git checks
 * inconclusive: ", or `null` when there is none worth showing.
 */
export function gitChecksProblem(p: { repository: Pick<RepositoryInfo, 'problem'>; counts: Pick<ProjectCounts, 'pointers'> }): string | null {
  const problem = p.repository.problem;
  if (problem === null) return null;
  if (problem === 'no repository' && pointerTotal(p.counts) === 0) return null;
  return problem;
}
