/**
 * The archive home's view: a text filter, a source filter, a "needs a person" filter and a
 * sort order, kept in the URL's query (`?q=app&show=high&sort=rows`) so a view can be shared.
 * Pure: src/pages/index.astro builds the table in the default order, src/scripts/archive-home.ts
 * applies a view to it; defaults are left out of URLs.
 */
import type { AuditFigure } from './audit-state.ts';
import { attentionKeys, compareAttention } from './needs-a-person.ts';
import type { ProjectCounts } from '../model/types.ts';
import { latestDate, type DatesOnly } from '../site/dates-only.ts';

/** Projects listed on one page of the archive's list (the home, then `projects/<n>/`: src/lib/archive/home-projects.ts). */
export const HOME_PAGE_SIZE = 500;

/**
 * Sort orders, with their labels; the first is the default (the order the page is built in):
 * what needs a person first (issue 27, src/lib/projections/needs-a-person.ts): evidence citing
 * things that do not exist, then distinct problems weighted by severity, then evidence that
 * did not resolve, then newest.
 */
export const HOME_SORTS = {
  attention: 'what needs a person first',
  newest: 'newest first',
  oldest: 'oldest first',
  title: 'title, A to Z',
  rows: 'most rows',
  high: 'most high-severity flags',
  blockers: 'most open blockers',
  flags: 'most flags',
  'not-verified': 'most evidence that did not resolve, then prose, then not checkable',
  results: 'most rows needing a look under Check first',
  invalid: 'most invalid records',
} as const;

/** Row filters, with their labels; the first is the default. */
export const HOME_SHOWS = {
  all: 'every project',
  attention: 'projects that need a person',
  blockers: 'with open blockers',
  high: 'with high-severity flags',
  medium: 'with medium-severity flags',
  low: 'with low-severity flags',
  flags: 'with flags',
  'not-verified': 'with evidence not verified',
  unresolved: 'with evidence that did not resolve',
  prose: 'with prose for evidence',
  'not-checkable': 'with evidence not checkable',
  results: 'with rows that need a look under Check first',
  invalid: 'with invalid records',
  'not-reviewed': 'not reviewed: the handover audit did not run, failed or is invalid',
  'never-invoked': 'handover audit never invoked (no audit.json)',
} as const;

/** A sort order. */
export type HomeSort = keyof typeof HOME_SORTS;
/** A row filter. */
export type HomeShow = keyof typeof HOME_SHOWS;

/** The view the URL describes. */
export interface HomeView {
  /** Words the title, folder or id must contain (case-insensitive). */
  q: string;
  /** A source kind the project must have (`bbs`, `coord.v1`, ...), or '' for any. */
  source: string;
  show: HomeShow;
  sort: HomeSort;
}

/** What the table knows of one project (read from its row's data attributes). */
export interface HomeRow {
  id: string;
  title: string;
  root: string;
  kinds: string[];
  /** Latest row time (ISO), else the latest date of a dates-only trail (`2026-10-07`), '' when none (src/lib/site/dates-only.ts, latestDate). */
  to: string;
  rows: number;
  high: number;
  medium: number;
  low: number;
  /** Evidence pointers that did not resolve (NOT_VERIFIED, not prose). */
  unresolved: number;
  /** Evidence cells holding no pointer (prose). */
  prose: number;
  /** Evidence pointers that could not be checked (INCONCLUSIVE). */
  notCheckable: number;
  /** Rows of Check first's first group: failed, open, inconclusive, reverted or skipped, or evidence that did not resolve. */
  results: number;
  /** Rows of Check first's second group: results in the agent's words. */
  words: number;
  /** Problems (src/lib/projections/problems.ts) citing things that do not exist. */
  citesMissing: number;
  /** Problems weighted by severity, open blockers as high ones. */
  score: number;
  /** Problems, every severity. */
  problems: number;
  invalid: number;
  /** Open blockers (src/lib/projections/open-blockers.ts). */
  blockers: number;
  /** The project's audit state as the home's figure counts it (src/lib/projections/audit-state.ts, auditFigure). */
  audit: AuditFigure;
}

/** The default view: the table as built. */
export const DEFAULT_HOME_VIEW: HomeView = { q: '', source: '', show: 'all', sort: 'attention' };

/**
 * A project's row on the home, from its summary's counts (src/lib/projections/counts.ts).
 *
 * @param kinds - The source kinds the Sources column names (`bbs`, `coord.v1`, ...).
 */
export function homeRow(p: { id: string; title: string; root: string; span: { to: string } | null; datesOnly?: DatesOnly | undefined; counts: ProjectCounts }, kinds: string[], audit: AuditFigure): HomeRow {
  const c = p.counts;
  const to = latestDate(p);
  const attention = attentionKeys(p.id, to, c);
  return {
    id: p.id,
    title: p.title,
    root: p.root,
    kinds,
    to,
    rows: c.rows,
    high: c.flags.high,
    medium: c.flags.medium,
    low: c.flags.low,
    unresolved: c.pointers.unresolved,
    prose: c.pointers.prose,
    notCheckable: c.pointers.notCheckable,
    results: c.checkFirstOpen,
    words: c.checkFirstWords,
    citesMissing: attention.citesMissing,
    score: attention.score,
    problems: c.problems.high + c.problems.medium + c.problems.low,
    invalid: c.invalid,
    blockers: c.openBlockers,
    audit,
  };
}

const isSort = (v: string | null): v is HomeSort => v !== null && Object.hasOwn(HOME_SORTS, v);
const isShow = (v: string | null): v is HomeShow => v !== null && Object.hasOwn(HOME_SHOWS, v);

/** The view of a query string; unknown values fall back to the defaults. */
export function parseHomeView(search: string): HomeView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const show = params.get('show');
  return { q: (params.get('q') ?? '').trim(), source: params.get('source') ?? '', show: isShow(show) ? show : 'all', sort: isSort(sort) ? sort : DEFAULT_HOME_VIEW.sort };
}

/** The keys of the home's URL ({@link parseHomeView}). */
const HOME_KEYS = ['q', 'source', 'show', 'sort'];

/**
 * What the home ignores of a query string, in plain words, as the search page says it
 * (src/lib/search/query/url-state.ts): an unknown `show` or `sort` and what is used instead, a
 * `source` no project has, an unknown key. Empty when the whole query is read.
 *
 * @param search - The query string (`?show=high`).
 * @param sources - The source kinds the home's projects have (its Source menu).
 */
export function homeViewNotices(search: string, sources: readonly string[]): string[] {
  const params = new URLSearchParams(search);
  const notices: string[] = [];
  const show = params.get('show');
  if (show !== null && show !== '' && !isShow(show)) notices.push(`Unknown show “${show}”: every project is shown (show is one of ${Object.keys(HOME_SHOWS).filter((k) => k !== 'all').join(', ')}).`);
  const sort = params.get('sort');
  if (sort !== null && sort !== '' && !isSort(sort)) notices.push(`Unknown sort “${sort}”: sorted by ${HOME_SORTS[DEFAULT_HOME_VIEW.sort]} (sort is one of ${Object.keys(HOME_SORTS).filter((k) => k !== DEFAULT_HOME_VIEW.sort).join(', ')}).`);
  const source = params.get('source');
  if (source !== null && source !== '' && !sources.includes(source)) notices.push(`No project has source “${source}”: every source is shown${sources.length > 0 ? ` (source is one of ${sources.join(', ')})` : ''}.`);
  for (const key of new Set(params.keys())) if (!HOME_KEYS.includes(key)) notices.push(`Unknown key “${key}” ignored.`);
  return notices;
}

/**
 * The home's status line under its controls on a single page of projects: `All 21 projects
 * shown.`, `3 of 21 projects shown.`; for an archive of one project `1 project shown.` (use12:
 * it said "All 1 projects shown."). `shown` of `total` projects.
 */
export function homeStatusText(shown: number, total: number): string {
  if (shown === total) return total === 1 ? '1 project shown.' : `All ${total} projects shown.`;
  return `${shown} of ${total} project${total === 1 ? '' : 's'} shown.`;
}

/** The query string of a view (`?q=app&sort=rows`), '' for the default view. */
export function homeViewQuery(view: HomeView): string {
  const params = new URLSearchParams();
  if (view.q !== '') params.set('q', view.q);
  if (view.source !== '') params.set('source', view.source);
  if (view.show !== 'all') params.set('show', view.show);
  if (view.sort !== DEFAULT_HOME_VIEW.sort) params.set('sort', view.sort);
  const qs = params.toString();
  return qs === '' ? '' : `?${qs}`;
}

/** Whether a project passes the view's filters. */
export function homeRowMatches(row: HomeRow, view: HomeView): boolean {
  const q = view.q.toLowerCase();
  if (q !== '' && ![row.title, row.root, row.id].some((t) => t.toLowerCase().includes(q))) return false;
  if (view.source !== '' && !row.kinds.includes(view.source)) return false;
  const flags = row.high + row.medium + row.low;
  switch (view.show) {
    case 'attention':
      return flags > 0 || row.unresolved + row.prose + row.notCheckable > 0 || row.results > 0 || row.invalid > 0 || row.blockers > 0 || row.audit === 'not-reviewed' || row.audit === 'never-invoked';
    case 'blockers':
      return row.blockers > 0;
    case 'high':
      return row.high > 0;
    case 'medium':
      return row.medium > 0;
    case 'low':
      return row.low > 0;
    case 'flags':
      return flags > 0;
    case 'not-verified':
      return row.unresolved + row.prose + row.notCheckable > 0;
    case 'unresolved':
      return row.unresolved > 0;
    case 'prose':
      return row.prose > 0;
    case 'not-checkable':
      return row.notCheckable > 0;
    case 'results':
      return row.results > 0;
    case 'invalid':
      return row.invalid > 0;
    case 'not-reviewed':
      return row.audit === 'not-reviewed';
    case 'never-invoked':
      return row.audit === 'never-invoked';
    default:
      return true;
  }
}

const byId = (a: HomeRow, b: HomeRow): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newest = (a: HomeRow, b: HomeRow): number => b.to.localeCompare(a.to);
/** Most of the first key, then of the next, ...; ties broken by project id. */
const most =
  (...keys: Array<(r: HomeRow) => number>) =>
  (a: HomeRow, b: HomeRow): number => {
    for (const key of keys) {
      const d = key(b) - key(a);
      if (d !== 0) return d;
    }
    return byId(a, b);
  };

/** The comparator of a sort order (ties broken by project id, so the order is stable). */
export function compareHomeRows(sort: HomeSort): (a: HomeRow, b: HomeRow) => number {
  switch (sort) {
    case 'attention':
      return compareAttention;
    case 'oldest':
      return (a, b) => Number(a.to === '') - Number(b.to === '') || a.to.localeCompare(b.to) || byId(a, b);
    case 'title':
      return (a, b) => a.title.localeCompare(b.title, 'en') || byId(a, b);
    case 'rows':
      return most((r) => r.rows);
    case 'high':
      return most((r) => r.high, (r) => r.medium, (r) => r.low);
    case 'flags':
      return most((r) => r.high + r.medium + r.low, (r) => r.high);
    case 'not-verified':
      return most((r) => r.unresolved, (r) => r.prose, (r) => r.notCheckable);
    case 'results':
      return most((r) => r.results);
    case 'invalid':
      return most((r) => r.invalid);
    case 'blockers':
      return most((r) => r.blockers);
    default:
      return (a, b) => newest(a, b) || byId(a, b);
  }
}
