/**
 * Where a home row's evidence figure lands on the project's recap (use11): a pointer that did
 * not resolve and a cell of prose are flagged in Attention; a pointer that could not be checked
 * is listed or said under Check first when a decision row or an invalid record holds it
 * (`counts.evidence.INCONCLUSIVE`, which counts exactly those), else it is a QA verdict's or a
 * review finding's, and the recap's own figure (VerdictStrip) says where: the row lands on the
 * recap's top. Before, "1 not checkable" of tickets-arena-clean (a QA journey's `npm test`)
 * landed on Check first saying "Every row's evidence resolved".
 */
import type { ProjectCounts } from '../model/types.ts';

/**
 * The fragment a home row's evidence figure of outcome `outcome` links to on the recap, or ''
 * (the recap's top).
 *
 * @param counts - The project's counts (`evidence`: pointers of rows and invalid records by status).
 * @param hasTrail - Whether the project has a decision trail (a recap has Check first only then).
 */
export function homeEvidenceFragment(counts: Pick<ProjectCounts, 'evidence'>, hasTrail: boolean, outcome: string): string {
  if (outcome === 'unresolved' || outcome === 'prose') return '#attention';
  if (outcome === 'notCheckable' && hasTrail && counts.evidence.INCONCLUSIVE > 0) return '#check-first';
  return '';
}
