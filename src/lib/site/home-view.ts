/**
 * The archive home's view: a text filter, a source filter, a "needs a person" filter and a
 * sort order, kept in the URL's query (`?q=app&show=high&sort=rows`) so a view can be shared.
 * Pure: src/scripts/archive-home.ts applies it to the table; defaults are left out of URLs.
 */
import type { AuditState } from '../projections/audit-state.ts';

/** Sort orders, with their labels; the first is the default (the order the page is built in). */
export const HOME_SORTS = {
  newest: 'newest first',
  oldest: 'oldest first',
  title: 'title, A to Z',
  rows: 'most rows',
  high: 'most high-severity flags',
  blockers: 'most open blockers',
  flags: 'most flags',
  'not-verified': 'most evidence not verified',
  invalid: 'most invalid records',
} as const;

/** Row filters, with their labels; the first is the default. */
export const HOME_SHOWS = {
  all: 'every project',
  attention: 'projects that need a person',
  blockers: 'with open blockers',
  high: 'with high-severity flags',
  flags: 'with flags',
  'not-verified': 'with evidence not verified',
  invalid: 'with invalid records',
  'not-reviewed': 'not reviewed by the handover audit',
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
  /** Latest row time (ISO), '' when none. */
  to: string;
  rows: number;
  high: number;
  medium: number;
  low: number;
  notVerified: number;
  invalid: number;
  /** Open blockers (src/lib/projections/open-blockers.ts). */
  blockers: number;
  /** The project's audit state (src/lib/projections/audit-state.ts). */
  audit: AuditState;
}

/** The default view: the table as built. */
export const DEFAULT_HOME_VIEW: HomeView = { q: '', source: '', show: 'all', sort: 'newest' };

const isSort = (v: string | null): v is HomeSort => v !== null && Object.hasOwn(HOME_SORTS, v);
const isShow = (v: string | null): v is HomeShow => v !== null && Object.hasOwn(HOME_SHOWS, v);

/** The view of a query string; unknown values fall back to the defaults. */
export function parseHomeView(search: string): HomeView {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const show = params.get('show');
  return { q: (params.get('q') ?? '').trim(), source: params.get('source') ?? '', show: isShow(show) ? show : 'all', sort: isSort(sort) ? sort : 'newest' };
}

/** The query string of a view (`?q=app&sort=rows`), '' for the default view. */
export function homeViewQuery(view: HomeView): string {
  const params = new URLSearchParams();
  if (view.q !== '') params.set('q', view.q);
  if (view.source !== '') params.set('source', view.source);
  if (view.show !== 'all') params.set('show', view.show);
  if (view.sort !== 'newest') params.set('sort', view.sort);
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
      return flags > 0 || row.notVerified > 0 || row.invalid > 0 || row.blockers > 0 || row.audit === 'not-reviewed';
    case 'blockers':
      return row.blockers > 0;
    case 'high':
      return row.high > 0;
    case 'flags':
      return flags > 0;
    case 'not-verified':
      return row.notVerified > 0;
    case 'invalid':
      return row.invalid > 0;
    case 'not-reviewed':
      return row.audit === 'not-reviewed';
    default:
      return true;
  }
}

const byId = (a: HomeRow, b: HomeRow): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const most = (key: (r: HomeRow) => number) => (a: HomeRow, b: HomeRow): number => key(b) - key(a) || byId(a, b);

/** The comparator of a sort order (ties broken by project id, so the order is stable). */
export function compareHomeRows(sort: HomeSort): (a: HomeRow, b: HomeRow) => number {
  switch (sort) {
    case 'oldest':
      return (a, b) => Number(a.to === '') - Number(b.to === '') || a.to.localeCompare(b.to) || byId(a, b);
    case 'title':
      return (a, b) => a.title.localeCompare(b.title, 'en') || byId(a, b);
    case 'rows':
      return most((r) => r.rows);
    case 'high':
      return most((r) => r.high);
    case 'flags':
      return most((r) => r.high + r.medium + r.low);
    case 'not-verified':
      return most((r) => r.notVerified);
    case 'invalid':
      return most((r) => r.invalid);
    case 'blockers':
      return most((r) => r.blockers);
    default:
      return (a, b) => b.to.localeCompare(a.to) || byId(a, b);
  }
}
