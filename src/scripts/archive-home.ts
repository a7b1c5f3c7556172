/**
 * The archive home's filters and sort (src/pages/index.astro): reveals the form, applies the
 * view in the URL's query (src/lib/projections/home-view.ts) to the projects table, and keeps the
 * URL in step as the reader changes it; column headers become sort buttons. Without
 * JavaScript the form stays hidden and the table lists every project in the default order
 * (what needs a person first).
 *
 * A paged archive (src/lib/archive/home-projects.ts) shows its first page with a pager; a view
 * other than the default one takes in the rows of every other page (fetched once, rows as the
 * pages drew them) and shows the matches a page at a time ("Show more projects").
 */
import { compareHomeRows, homeRowMatches, homeStatusText, homeViewNotices, homeViewQuery, parseHomeView, HOME_SORTS, type HomeRow, type HomeSort, type HomeView } from '../lib/projections/home-view.ts';
import { HOME_PAGE_SIZE } from '../lib/projections/home-view.ts';
import { homePageUrl } from '../lib/site/urls.ts';

/** The column header (its `data-sort`) each sort order marks with `aria-sort`. */
const SORT_COLUMN: Partial<Record<HomeSort, { column: HomeSort; order: 'ascending' | 'descending' }>> = {
  newest: { column: 'newest', order: 'descending' },
  oldest: { column: 'newest', order: 'ascending' },
  title: { column: 'title', order: 'ascending' },
  rows: { column: 'rows', order: 'descending' },
  high: { column: 'high', order: 'descending' },
  flags: { column: 'high', order: 'descending' },
  'not-verified': { column: 'not-verified', order: 'descending' },
  results: { column: 'results', order: 'descending' },
  invalid: { column: 'invalid', order: 'descending' },
  blockers: { column: 'blockers', order: 'descending' },
};

/** The sort a header's button applies: the time column turns newest first into oldest first. */
function headerSort(column: HomeSort, current: HomeSort): HomeSort {
  if (column === 'newest') return current === 'newest' ? 'oldest' : 'newest';
  return column;
}

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
    unresolved: n(d['unresolved']),
    prose: n(d['prose']),
    notCheckable: n(d['notCheckable']),
    results: n(d['results']),
    words: n(d['words']),
    citesMissing: n(d['citesMissing']),
    score: n(d['score']),
    problems: n(d['problems']),
    invalid: n(d['invalid']),
    blockers: n(d['blockers']),
    audit: d['audit'] === 'reviewed' || d['audit'] === 'no-trail' || d['audit'] === 'never-invoked' ? d['audit'] : 'not-reviewed',
  };
}

function setup(): void {
  const form = document.querySelector<HTMLFormElement>('#home-view');
  const table = document.querySelector<HTMLTableElement>('#projects');
  const body = table?.tBodies[0];
  const status = document.querySelector<HTMLElement>('#home-status');
  const order = document.querySelector<HTMLElement>('#home-order');
  const notices = document.querySelector<HTMLElement>('#home-notices');
  if (!form || !table || !body || !status) return;
  const field = <T extends HTMLInputElement | HTMLSelectElement>(name: string): T => form.elements.namedItem(name) as T;
  const q = field<HTMLInputElement>('q');
  const source = field<HTMLSelectElement>('source');
  const show = field<HTMLSelectElement>('show');
  const sort = field<HTMLSelectElement>('sort');
  const rows = Array.from(body.rows).map((tr) => ({ tr, data: rowData(tr) }));
  const firstPage = [...rows];
  const pages = Number(table.dataset['pages'] ?? '1') || 1;
  const total = Number(table.dataset['total'] ?? String(rows.length)) || rows.length;
  const base = form.dataset['base'] ?? '/';
  const pager = document.querySelector<HTMLElement>('#home-pager');
  const more = document.querySelector<HTMLButtonElement>('#home-more');
  let limit = HOME_PAGE_SIZE;
  let latest = 0;
  let everyPage: Promise<void> | null = null;

  /** Takes in the rows of pages 2..n, hidden (once). */
  const loadEveryPage = (): Promise<void> => {
    everyPage ??= (async () => {
      for (let n = 2; n <= pages; n++) {
        const response = await fetch(homePageUrl(base, n));
        if (!response.ok) throw new Error(`${homePageUrl(base, n)}: ${response.status}`);
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        for (const tr of Array.from(doc.querySelectorAll<HTMLTableRowElement>('#projects tbody tr'))) {
          const row = document.importNode(tr, true);
          row.hidden = true;
          body.append(row);
          rows.push({ tr: row, data: rowData(row) });
        }
      }
    })();
    everyPage.catch(() => {
      everyPage = null;
    });
    return everyPage;
  };

  const markSort = (view: HomeView): void => {
    const sorting = SORT_COLUMN[view.sort];
    for (const th of Array.from(table.querySelectorAll<HTMLElement>('th[data-sort]'))) {
      if (sorting && th.dataset['sort'] === sorting.column) th.setAttribute('aria-sort', sorting.order);
      else th.removeAttribute('aria-sort');
    }
    if (order) order.textContent = HOME_SORTS[view.sort];
  };

  const apply = async (view: HomeView): Promise<void> => {
    const run = ++latest;
    markSort(view);
    if (pages > 1) {
      const first = homeViewQuery(view) === '';
      if (pager) pager.hidden = !first;
      if (first) {
        for (const { tr } of rows) tr.hidden = true;
        for (const { tr } of firstPage) {
          tr.hidden = false;
          body.append(tr);
        }
        if (more) more.hidden = true;
        status.textContent = `The first ${firstPage.length} of ${total} projects shown; the pages below list the rest.`;
        return;
      }
      status.textContent = `Reading all ${total} projects…`;
      try {
        await loadEveryPage();
      } catch (error) {
        status.textContent = `Not every page of projects could be read (${(error as Error).message}); the pages below list them all.`;
        if (pager) pager.hidden = false;
        return;
      }
      if (run !== latest) return;
    }
    const sorted = [...rows].sort((a, b) => compareHomeRows(view.sort)(a.data, b.data));
    let matches = 0;
    let shown = 0;
    for (const { tr, data } of sorted) {
      const match = homeRowMatches(data, view);
      if (match) matches++;
      tr.hidden = !match || (pages > 1 && matches > limit);
      if (!tr.hidden) shown++;
      body.append(tr);
    }
    if (more) more.hidden = shown >= matches;
    if (pages > 1) status.textContent = matches === 0 ? `No project of ${total} matches.` : `${matches} of ${total} projects match; ${shown === matches ? 'all shown' : `the first ${shown} shown`}.`;
    else status.textContent = homeStatusText(shown, rows.length);
  };

  /** What the URL's view leaves out, said (as the search page does), until a control changes the view. */
  const say = (lines: readonly string[]): void => {
    if (!notices) return;
    notices.replaceChildren(...lines.map((t) => Object.assign(document.createElement('span'), { textContent: t })));
    notices.hidden = lines.length === 0;
  };
  const fromUrl = (): HomeView => {
    say(homeViewNotices(location.search, Array.from(source.options, (o) => o.value).filter((v) => v !== '')));
    const view = parseHomeView(location.search);
    if (!Array.from(source.options).some((o) => o.value === view.source)) view.source = '';
    q.value = view.q;
    source.value = view.source;
    show.value = view.show;
    sort.value = view.sort;
    return view;
  };

  const update = (): void => {
    say([]);
    const view = parseHomeView(homeViewQuery({ q: q.value, source: source.value, show: show.value as HomeView['show'], sort: sort.value as HomeView['sort'] }));
    history.replaceState(null, '', `${location.pathname}${homeViewQuery(view)}${location.hash}`);
    limit = HOME_PAGE_SIZE;
    void apply(view);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  q.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(update, 120);
  });
  for (const select of [source, show, sort]) select.addEventListener('change', update);
  // Column headers sort: each becomes a button that picks its order in the Sort menu.
  for (const th of Array.from(table.querySelectorAll<HTMLElement>('th[data-sort]'))) {
    const column = th.dataset['sort'] as HomeSort;
    if (!Object.hasOwn(HOME_SORTS, column)) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort-button';
    button.append(...Array.from(th.childNodes));
    th.append(button);
    button.addEventListener('click', () => {
      sort.value = headerSort(column, sort.value as HomeSort);
      update();
    });
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
  });
  window.addEventListener('popstate', () => void apply(fromUrl()));
  more?.addEventListener('click', () => {
    limit += HOME_PAGE_SIZE;
    void apply(fromUrl());
  });
  // On a phone the form starts folded, so the first projects are on the first screen.
  const fold = document.querySelector<HTMLDetailsElement>('#home-view-fold');
  if (fold && !parseHomeView(location.search).q && matchMedia('(max-width: 40rem)').matches) fold.open = false;
  form.hidden = false;
  void apply(fromUrl());
}

setup();
