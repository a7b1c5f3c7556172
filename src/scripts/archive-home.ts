/**
 * The archive home's filters and sort (src/pages/index.astro): reveals the form, applies the
 * view in the URL's query (src/lib/site/home-view.ts) to the projects table, and keeps the
 * URL in step as the reader changes it. Without JavaScript the form stays hidden and the
 * table lists every project, newest first (a paged archive: the newest, with a pager).
 *
 * In a paged archive (src/lib/site/home-projects.ts) a view other than the default one runs
 * over every project: the list is loaded once from `home-index.json`, and the matching rows are
 * drawn by the pages' own row builder, a page at a time ("Show more projects").
 */
import { compareHomeRows, DEFAULT_HOME_VIEW, homeRowMatches, homeViewQuery, parseHomeView, HOME_SORTS, type HomeRow, type HomeView } from '../lib/site/home-view.ts';
import { HOME_PAGE_SIZE, type HomeProject } from '../lib/site/home-projects.ts';
import { homeRowHtml } from '../components/html/home-row.ts';

const SORT_COLUMN: Record<string, { column: string; order: 'ascending' | 'descending' }> = {
  newest: { column: 'time', order: 'descending' },
  oldest: { column: 'time', order: 'ascending' },
  title: { column: 'title', order: 'ascending' },
  rows: { column: 'rows', order: 'descending' },
  high: { column: 'flags', order: 'descending' },
  flags: { column: 'flags', order: 'descending' },
  'not-verified': { column: 'not-verified', order: 'descending' },
  invalid: { column: 'invalid', order: 'descending' },
  blockers: { column: 'blockers', order: 'descending' },
};

function rowData(tr: HTMLTableRowElement): HomeRow {
  const d = tr.dataset;
  const n = (v: string | undefined): number => Number(v ?? 0) || 0;
  return {
    id: d['project'] ?? '',
    title: d['title'] ?? '',
    root: d['root'] ?? '',
    kinds: (d['kinds'] ?? '').split('|').filter((k) => k !== ''),
    to: d['to'] ?? '',
    rows: n(d['rows']),
    high: n(d['high']),
    medium: n(d['medium']),
    low: n(d['low']),
    notVerified: n(d['notVerified']),
    invalid: n(d['invalid']),
    blockers: n(d['blockers']),
    audit: d['audit'] === 'reviewed' || d['audit'] === 'no-trail' ? d['audit'] : 'not-reviewed',
  };
}

function setup(): void {
  const form = document.querySelector<HTMLFormElement>('#home-view');
  const table = document.querySelector<HTMLTableElement>('#projects');
  const body = table?.tBodies[0];
  const status = document.querySelector<HTMLElement>('#home-status');
  const order = document.querySelector<HTMLElement>('#home-order');
  if (!form || !table || !body || !status) return;
  const field = <T extends HTMLInputElement | HTMLSelectElement>(name: string): T => form.elements.namedItem(name) as T;
  const q = field<HTMLInputElement>('q');
  const source = field<HTMLSelectElement>('source');
  const show = field<HTMLSelectElement>('show');
  const sort = field<HTMLSelectElement>('sort');
  const rows = Array.from(body.rows).map((tr) => ({ tr, data: rowData(tr) }));

  const markSort = (view: HomeView): void => {
    const sorting = SORT_COLUMN[view.sort];
    for (const th of Array.from(table.querySelectorAll<HTMLElement>('th[data-sort]'))) {
      if (sorting && th.dataset['sort'] === sorting.column) th.setAttribute('aria-sort', sorting.order);
      else th.removeAttribute('aria-sort');
    }
    if (order) order.textContent = HOME_SORTS[view.sort];
  };

  const pages = Number(table.dataset['pages'] ?? '1') || 1;
  const total = Number(table.dataset['total'] ?? String(rows.length)) || rows.length;
  const base = form.dataset['base'] ?? '/';
  const pager = document.querySelector<HTMLElement>('#home-pager');
  const more = document.querySelector<HTMLButtonElement>('#home-more');
  const firstPage = body.innerHTML;
  let everyProject: Promise<HomeProject[]> | null = null;
  let drawn = { matches: [] as HomeProject[], shown: 0 };
  let current = 0;

  /** Draws the next page of matches (a paged archive's filtered view). */
  const drawMore = (): void => {
    const next = drawn.matches.slice(drawn.shown, drawn.shown + HOME_PAGE_SIZE);
    body.insertAdjacentHTML('beforeend', next.map((p) => homeRowHtml(p, base).value).join(''));
    drawn.shown += next.length;
    if (more) more.hidden = drawn.shown >= drawn.matches.length;
    status.textContent = drawn.matches.length === 0 ? `No project of ${total} matches.` : `${drawn.matches.length} of ${total} projects match; ${drawn.shown === drawn.matches.length ? 'all shown' : `the first ${drawn.shown} shown`}.`;
  };

  const applyPaged = async (view: HomeView): Promise<void> => {
    const run = ++current;
    markSort(view);
    if (homeViewQuery(view) === homeViewQuery(DEFAULT_HOME_VIEW)) {
      body.innerHTML = firstPage;
      if (pager) pager.hidden = false;
      if (more) more.hidden = true;
      status.textContent = `The newest ${rows.length} of ${total} projects shown; the pager below lists the rest.`;
      return;
    }
    status.textContent = `Filtering all ${total} projects…`;
    everyProject ??= fetch(`${base}home-index.json`).then(async (r) => {
      if (!r.ok) throw new Error(`home-index.json: ${r.status}`);
      return ((await r.json()) as { projects: HomeProject[] }).projects;
    });
    let all: HomeProject[];
    try {
      all = await everyProject;
    } catch (error) {
      everyProject = null;
      status.textContent = `The list of every project could not be loaded (${(error as Error).message}); the pager below lists them all.`;
      return;
    }
    if (run !== current) return;
    drawn = { matches: all.filter((p) => homeRowMatches(p, view)).sort(compareHomeRows(view.sort)), shown: 0 };
    body.innerHTML = '';
    if (pager) pager.hidden = true;
    drawMore();
  };

  const applyPage = (view: HomeView): void => {
    const sorted = [...rows].sort((a, b) => compareHomeRows(view.sort)(a.data, b.data));
    let shown = 0;
    for (const { tr, data } of sorted) {
      const match = homeRowMatches(data, view);
      tr.hidden = !match;
      if (match) shown++;
      body.append(tr);
    }
    markSort(view);
    status.textContent = shown === rows.length ? `All ${rows.length} projects shown.` : `${shown} of ${rows.length} projects shown.`;
  };

  const apply = (view: HomeView): void => {
    if (pages > 1) void applyPaged(view);
    else applyPage(view);
  };
  more?.addEventListener('click', drawMore);

  const fromUrl = (): HomeView => {
    const view = parseHomeView(location.search);
    if (!Array.from(source.options).some((o) => o.value === view.source)) view.source = '';
    q.value = view.q;
    source.value = view.source;
    show.value = view.show;
    sort.value = view.sort;
    return view;
  };

  const update = (): void => {
    const view = parseHomeView(homeViewQuery({ q: q.value, source: source.value, show: show.value as HomeView['show'], sort: sort.value as HomeView['sort'] }));
    history.replaceState(null, '', `${location.pathname}${homeViewQuery(view)}${location.hash}`);
    apply(view);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  q.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, 120);
  });
  for (const select of [source, show, sort]) select.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  window.addEventListener('popstate', () => apply(fromUrl()));
  form.hidden = false;
  apply(fromUrl());
}

setup();
