/**
 * What the archive home shows of each project (spec/archive.md "Archive home"), computed once
 * from its summary: the pages, the paged list (`/projects/<n>/`) and the filters' data
 * (`home-index.json`) all read it, so a row looks the same wherever it is drawn. An archive of
 * more than {@link HOME_PAGE_SIZE} projects is paged: the home holds the newest, every further
 * page the next ones, and the filters load the whole list only when a view asks for it.
 */
import type { ProjectSummary } from '../archive/summary.ts';
import { auditState, type AuditState } from '../projections/audit-state.ts';

/** Projects listed on one page of the home. */
export const HOME_PAGE_SIZE = 500;

/** One project as the home lists it. */
export interface HomeProject {
  id: string;
  title: string;
  root: string;
  /** Source kinds (`bbs`, `coord.v1`, ...). */
  kinds: string[];
  /** Whether a source was found but not read yet. */
  notRead: boolean;
  /** Time span (ISO), '' when the project has no timed record. */
  from: string;
  to: string;
  rows: number;
  superseded: number;
  blockers: number;
  high: number;
  medium: number;
  low: number;
  /** Evidence not verified (NOT_VERIFIED and INCONCLUSIVE). */
  notVerified: number;
  resultNotVerified: number;
  invalid: number;
  audit: AuditState;
  /** The audit column's word. */
  auditWord: { tone: 'good' | 'bad' | 'unknown'; label: string };
}

const KIND: Record<string, string> = { 'bbs-trail': 'bbs', 'pstack-trail': 'pstack', 'babysit-telemetry': 'telemetry', audit: 'audit', beads: 'beads', coord: 'coord.v1', 'babysit-history': 'babysit history', 'project-config': '', handover: 'handover' };

function auditWord(p: ProjectSummary): HomeProject['auditWord'] {
  if (auditState(p) === 'no-trail') return { tone: 'unknown', label: 'no trail to audit' };
  if (!p.audit.present) return { tone: 'unknown', label: 'never invoked' };
  if (!p.audit.valid) return { tone: 'bad', label: 'invalid audit.json' };
  if (p.audit.status === 'ran') return { tone: p.audit.flagCount === 0 ? 'good' : 'bad', label: p.audit.flagCount === 0 ? 'reviewed, no flags' : `reviewed, ${p.audit.flagCount} flags` };
  return { tone: 'bad', label: `not reviewed (${p.audit.status})` };
}

/** A project as the home lists it. */
export function homeProject(p: ProjectSummary): HomeProject {
  return {
    id: p.id,
    title: p.title,
    root: p.root,
    kinds: [...new Set(p.sources.map((s) => KIND[s.format] ?? s.format).filter((k) => k !== ''))],
    notRead: p.sources.some((s) => s.notRead),
    from: p.span?.from ?? '',
    to: p.span?.to ?? '',
    rows: p.counts.rows,
    superseded: p.counts.superseded,
    blockers: p.counts.openBlockers,
    high: p.counts.flags.high,
    medium: p.counts.flags.medium,
    low: p.counts.flags.low,
    notVerified: p.counts.evidence.NOT_VERIFIED + p.counts.evidence.INCONCLUSIVE,
    resultNotVerified: p.counts.resultNotVerified,
    invalid: p.counts.invalid,
    audit: auditState(p),
    auditWord: auditWord(p),
  };
}

/** Every project as the home lists them, newest first (ties by id): the order of the pages. */
export function homeProjects(summaries: readonly ProjectSummary[]): HomeProject[] {
  return summaries.map(homeProject).sort((a, b) => b.to.localeCompare(a.to) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The home's pages: page 1 is the home itself, page n > 1 is `projects/<n>/`. Always at least one page. */
export function homePages<T>(projects: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < projects.length; i += HOME_PAGE_SIZE) pages.push(projects.slice(i, i + HOME_PAGE_SIZE));
  return pages.length === 0 ? [[]] : pages;
}
