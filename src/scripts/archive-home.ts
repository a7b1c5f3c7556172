/**
 * The archive home's filters and sort (src/pages/index.astro): reveals the form, applies the
 * view in the URL's query (src/lib/site/home-view.ts) to the projects table, and keeps the
 * URL in step as the reader changes it; column headers become sort buttons. Without
 * JavaScript the form stays hidden and the table lists every project in the default order
 * (what needs a person first).
 */
import { compareHomeRows, homeRowMatches, homeViewQuery, parseHomeView, HOME_SORTS, type HomeRow, type HomeSort, type HomeView } from '../lib/site/home-view.ts';

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
    failed: n(d['failed']),
    notCheckable: n(d['notCheckable']),
    results: n(d['results']),
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

  const apply = (view: HomeView): void => {
    const sorted = [...rows].sort((a, b) => compareHomeRows(view.sort)(a.data, b.data));
    let shown = 0;
    for (const { tr, data } of sorted) {
      const match = homeRowMatches(data, view);
      tr.hidden = !match;
      if (match) shown++;
      body.append(tr);
    }
    const sorting = SORT_COLUMN[view.sort];
    for (const th of Array.from(table.querySelectorAll<HTMLElement>('th[data-sort]'))) {
      if (sorting && th.dataset['sort'] === sorting.column) th.setAttribute('aria-sort', sorting.order);
      else th.removeAttribute('aria-sort');
    }
    if (order) order.textContent = HOME_SORTS[view.sort];
    status.textContent = shown === rows.length ? `All ${rows.length} projects shown.` : `${shown} of ${rows.length} projects shown.`;
  };

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
  window.addEventListener('popstate', () => apply(fromUrl()));
  // On a phone the form starts folded, so the first projects are on the first screen.
  const fold = document.querySelector<HTMLDetailsElement>('#home-view-fold');
  if (fold && !parseHomeView(location.search).q && matchMedia('(max-width: 40rem)').matches) fold.open = false;
  form.hidden = false;
  apply(fromUrl());
}

setup();
