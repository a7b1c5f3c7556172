/**
 * The pages of the archive's list of projects (issue 17: a 10,000-project archive keeps the
 * home's first view small). An archive of more than {@link HOME_PAGE_SIZE} projects lists the
 * first of them, in the home's default order, on the home and the rest on `projects/<n>/`;
 * the home's filters then take in every page's rows (src/scripts/archive-home.ts).
 */
import type { ProjectSummary } from './summary.ts';
import { formatOf } from '../formats/format-lookup.ts';
import { auditFigure } from '../projections/audit-state.ts';
import { compareHomeRows, DEFAULT_HOME_VIEW, HOME_PAGE_SIZE, homeRow, type HomeRow } from '../projections/home-view.ts';
import { withoutAccepted, type AcceptedCounts } from './accepted-counts.ts';

/** The pages of a list: page 1 is the home, page n > 1 is `projects/<n>/`. Always at least one page. */
export function homePages<T>(projects: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < projects.length; i += HOME_PAGE_SIZE) pages.push(projects.slice(i, i + HOME_PAGE_SIZE));
  return pages.length === 0 ? [[]] : pages;
}

/** A project's source kinds as the home names them (`bbs`, `coord.v1`, ...: each format's `kind`, src/lib/formats/). */
export const kindsOf = (p: { sources: ReadonlyArray<{ format: string }> }): string[] => [...new Set(p.sources.map((s) => formatOf(s.format)?.kind ?? s.format).filter((k) => k !== ''))];

/**
 * Every project with its home row, in the home's default order (the order of the pages). A
 * row counts only open flags: those `accepted` (trailbook.baseline.json, issue 32) are no open
 * fault, so they neither order the table nor match its "with flags" filters.
 */
export function homeList(summaries: readonly ProjectSummary[], accepted: AcceptedCounts = new Map()): Array<{ p: ProjectSummary; row: HomeRow }> {
  const order = compareHomeRows(DEFAULT_HOME_VIEW.sort);
  return summaries.map((p) => ({ p, row: homeRow(withoutAccepted(p, accepted), kindsOf(p), auditFigure(p)) })).sort((a, b) => order(a.row, b.row));
}
