/**
 * The search page's client. Words go to pagefind (one document per part of a project, each
 * record a heading → a sub-result on its anchor); filters go to Trailbook's facet index
 * (search-index/facets.json and one shard per project; see src/lib/search/facet-index.ts).
 * Every text from the indexes is inserted as text, never as HTML; excerpts keep only
 * pagefind's <mark> highlights. The query and the filters live in the URL.
 */
import { candidateProjects, recordMatches, type FacetShard, type FacetSummary } from '../lib/search/facet-index.ts';
import { FILTER_ORDER } from '../lib/search/search-records.ts';

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface PagefindData {
  url: string;
  meta: Record<string, string>;
  sub_results: PagefindSubResult[];
}
interface PagefindResult {
  data(): Promise<PagefindData>;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options: Record<string, unknown>): Promise<void>;
  search(term: string, o: { filters: Record<string, string[]> }): Promise<{ results: PagefindResult[] } | null>;
}

/** One row of the result list. */
interface Hit {
  href: string;
  title: string;
  project: string;
  excerpt: string | null;
  tags: string;
}

const PAGE = 25;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Rebuilds an excerpt from text and <mark> only; anything else becomes its text. */
function safeExcerpt(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createDocumentFragment();
  const walk = (node: Node): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) out.append(child.textContent ?? '');
      else if (child instanceof Element && child.tagName === 'MARK') out.append(el('mark', {}, child.textContent ?? ''));
      else walk(child);
    }
  };
  walk(template.content);
  return out;
}

/** Facet values of a shard record, as "name: values" text (project left out). */
function tagsOf(shard: FacetShard, vector: number[][]): string {
  return shard.facets
    .map((name, f) => [name, (vector[f] ?? []).map((i) => shard.values[f]?.[i] ?? '').join(', ')] as const)
    .filter(([name, values]) => name !== 'project' && values !== '')
    .map(([name, values]) => `${name}: ${values}`)
    .join(' · ');
}

async function start(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#search-form');
  const input = document.querySelector<HTMLInputElement>('#search-input');
  const filtersBox = document.querySelector<HTMLElement>('#search-filters');
  const status = document.querySelector<HTMLElement>('#search-status');
  const list = document.querySelector<HTMLOListElement>('#search-results');
  const more = document.querySelector<HTMLButtonElement>('#search-more');
  if (!form || !input || !filtersBox || !status || !list || !more) return;
  const base = form.dataset['base'] ?? '/';
  form.hidden = false;
  document.querySelector('#search-nojs')?.remove();

  // Words need pagefind: when the page opens with words, fetch it alongside the facet summary.
  const pagefindModule = (): Promise<Pagefind> => import(/* @vite-ignore */ `${base}pagefind/pagefind.js`) as Promise<Pagefind>;
  let pagefindImport: Promise<Pagefind> | null = new URLSearchParams(location.search).get('q') ? pagefindModule() : null;
  let summary: FacetSummary;
  try {
    const response = await fetch(`${base}search-index/facets.json`);
    if (!response.ok) throw new Error(String(response.status));
    summary = (await response.json()) as FacetSummary;
  } catch {
    status.textContent = 'The search index could not be loaded. Browse projects from the archive page instead.';
    return;
  }
  let pagefind: Pagefind | null = null;
  const loadPagefind = async (): Promise<Pagefind> => {
    if (!pagefind) {
      pagefindImport ??= pagefindModule();
      const module = await pagefindImport;
      // Indexed URLs already hold the base path (src/lib/search/write-search-index.ts); pagefind
      // would put its baseUrl in front again (/archive/archive/...), so it is the site root.
      await module.options({ baseUrl: '/', excerptLength: 24 });
      // Recently changed projects live in a second, small index (src/lib/search/write-search-index.ts).
      if (summary.words.delta) await module.mergeIndex(`${base}pagefind-delta/`, { baseUrl: '/' });
      await module.init();
      pagefind = module;
    }
    return pagefind;
  };
  const shards = new Map<number, Promise<FacetShard>>();
  const shardOf = (project: number): Promise<FacetShard> => {
    let pending = shards.get(project);
    if (!pending) {
      const id = summary.projects[project]?.id ?? '';
      pending = fetch(`${base}search-index/p/${encodeURIComponent(id)}.json`).then((r) => r.json() as Promise<FacetShard>);
      shards.set(project, pending);
    }
    return pending;
  };
  const projectByUrl = new Map(summary.projects.map((p, i) => [p.url, i]));
  const stale = new Set(summary.words.stale);

  const params = new URLSearchParams(location.search);
  // Words in the URL win; otherwise keep what the reader typed while the index was loading.
  const urlWords = params.get('q');
  if (urlWords !== null) input.value = urlWords;
  const names = [...FILTER_ORDER.filter((n) => n in summary.facets), ...Object.keys(summary.facets).filter((n) => !FILTER_ORDER.includes(n)).sort()];
  const selects = new Map<string, HTMLSelectElement>();
  for (const name of names) {
    const id = `filter-${name.replace(/[^a-z0-9]+/gi, '-')}`;
    const select = el('select', { id, name });
    select.append(el('option', { value: '' }, 'any'));
    const values = Object.entries(summary.facets[name] ?? {});
    for (const [value, info] of values) select.append(el('option', { value }, `${value} (${info.count})`));
    const wanted = params.get(name);
    if (wanted !== null && values.some(([v]) => v === wanted)) select.value = wanted;
    selects.set(name, select);
    filtersBox.append(el('label', { for: id }, name, select));
  }

  let generation = 0;
  let next: (() => Promise<Hit[]>) | null = null;
  let shown = 0;

  /** Hits for a search with filters only: walk candidate projects' shards in order. */
  const filterOnly = (filters: Record<string, string[]>): (() => Promise<Hit[]>) => {
    const queue = candidateProjects(summary, filters);
    let current: { shard: FacetShard; at: number; project: number } | null = null;
    return async () => {
      const hits: Hit[] = [];
      while (hits.length < PAGE) {
        if (!current) {
          const project = queue.shift();
          if (project === undefined) break;
          current = { shard: await shardOf(project), at: 0, project };
        }
        const { shard } = current;
        const meta = summary.projects[current.project];
        while (current.at < shard.records.length && hits.length < PAGE) {
          const [anchor, title, page, vector] = shard.records[current.at++] as FacetShard['records'][number];
          if (recordMatches(shard, vector, filters)) hits.push({ href: `${meta?.url ?? base}${page}#${anchor}`, title, project: meta?.title ?? '', excerpt: null, tags: tagsOf(shard, vector) });
        }
        if (current.at >= shard.records.length) current = null;
      }
      return hits;
    };
  };

  /** Hits for a search with words: pagefind's sub-results, kept when their record passes the filters. */
  const withWords = async (term: string, filters: Record<string, string[]>): Promise<() => Promise<Hit[]>> => {
    const pf = await loadPagefind();
    const pagefindFilters: Record<string, string[]> = filters['project'] ? { project: filters['project'] } : {};
    const search = await pf.search(term, { filters: pagefindFilters });
    const results = search ? [...search.results] : [];
    const others = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== 'project'));
    return async () => {
      const hits: Hit[] = [];
      while (hits.length < PAGE && results.length > 0) {
        const datas = await Promise.all(results.splice(0, 5).map((r) => r.data()));
        // Each result's project shard, fetched side by side.
        const shards = await Promise.all(
          datas.map((data) => {
            const project = projectByUrl.get(data.url.split('?')[0] as string);
            return project === undefined ? null : shardOf(project);
          }),
        );
        for (const [i, data] of datas.entries()) {
          const projectUrl = data.url.split('?')[0] as string;
          const project = projectByUrl.get(projectUrl);
          const shard = shards[i];
          if (project === undefined || !shard) continue;
          // The main index's entries of a changed project are out of date: the delta has them.
          if (stale.has(projectUrl) && data.meta['index'] !== 'delta') continue;
          const byAnchor = new Map(shard.records.map((r) => [r[0], r]));
          for (const sub of data.sub_results) {
            const anchor = sub.url.split('#')[1] ?? '';
            const record = byAnchor.get(anchor);
            if (!record || !recordMatches(shard, record[3], others)) continue;
            hits.push({ href: `${projectUrl}${record[2]}#${anchor}`, title: record[1], project: summary.projects[project]?.title ?? '', excerpt: sub.excerpt, tags: tagsOf(shard, record[3]) });
          }
        }
      }
      return hits;
    };
  };

  const render = (hits: Hit[]): void => {
    for (const hit of hits) {
      const excerpt = el('p', { class: 'result-excerpt' });
      if (hit.excerpt) excerpt.append(safeExcerpt(hit.excerpt));
      list.append(el('li', { class: 'result' }, el('a', { href: hit.href, class: 'result-title' }, hit.title), el('p', { class: 'meta' }, hit.project), excerpt, el('p', { class: 'meta result-filters' }, hit.tags)));
      shown++;
    }
  };

  const showMore = async (gen: number): Promise<void> => {
    if (!next) return;
    const hits = await next();
    if (gen !== generation) return;
    render(hits);
    more.hidden = hits.length < PAGE;
    status.textContent = shown === 0 ? 'No results.' : `Showing ${shown} result${shown === 1 ? '' : 's'}${more.hidden ? '' : ' (more below)'}.`;
    status.dataset['count'] = String(shown);
  };

  const run = async (): Promise<void> => {
    const gen = ++generation;
    const term = input.value.trim();
    const filters: Record<string, string[]> = {};
    const query = new URLSearchParams();
    if (term !== '') query.set('q', term);
    for (const [name, select] of selects) {
      if (select.value !== '') {
        filters[name] = [select.value];
        query.set(name, select.value);
      }
    }
    const qs = query.toString();
    history.replaceState(null, '', `${location.pathname}${qs ? `?${qs}` : ''}`);
    list.replaceChildren();
    shown = 0;
    next = null;
    more.hidden = true;
    if (term === '' && Object.keys(filters).length === 0) {
      status.textContent = 'Type words from a decision, or pick a filter.';
      delete status.dataset['count'];
      return;
    }
    status.textContent = 'Searching…';
    const pager = term === '' ? filterOnly(filters) : await withWords(term, filters);
    if (gen !== generation) return;
    next = pager;
    await showMore(gen);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 150);
  });
  for (const select of selects.values()) select.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  more.addEventListener('click', () => void showMore(generation));
  await run();
}

void start();
