/**
 * The search page's client: pagefind's JS API with our own rendering. Every text from the
 * index (titles, excerpts, filter names and values) is inserted as text, never as HTML;
 * excerpts keep only pagefind's <mark> highlights. The query and filters live in the URL.
 */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface PagefindAnchor {
  element: string;
  id: string;
  text: string;
}
interface PagefindData {
  anchors: PagefindAnchor[];
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sub_results: PagefindSubResult[];
}
interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}
interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  search(term: string | null, o: { filters: Record<string, string[]> }): Promise<{ results: PagefindResult[] } | null>;
  debouncedSearch?(term: string | null, o: { filters: Record<string, string[]> }, ms: number): Promise<{ results: PagefindResult[] } | null>;
}

const FILTER_ORDER = ['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'flag severity', 'actor', 'source format', 'year'];
const PAGE = 25;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

/** Rebuilds an excerpt from text nodes and <mark> only; anything else becomes text. */
export function safeExcerpt(html: string): DocumentFragment {
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

/** Only same-origin, site-relative result URLs are followed; the grouping query is dropped. */
function rowHref(url: string, base: string): string | null {
  if (!url.startsWith(base) || url.startsWith('//')) return null;
  return url.replace(/\?g=\d+/, '');
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

  let pagefind: Pagefind;
  try {
    pagefind = (await import(/* @vite-ignore */ `${base}pagefind/pagefind.js`)) as Pagefind;
    await pagefind.options({ baseUrl: base, excerptLength: 24 });
    await pagefind.init();
  } catch {
    status.textContent = 'The search index could not be loaded. Browse projects from the archive page instead.';
    return;
  }

  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  const available = await pagefind.filters();
  const selects = new Map<string, HTMLSelectElement>();
  const names = [...FILTER_ORDER.filter((n) => n in available), ...Object.keys(available).filter((n) => !FILTER_ORDER.includes(n)).sort()];
  for (const name of names) {
    const id = `filter-${name.replace(/[^a-z0-9]+/gi, '-')}`;
    const select = el('select', { id, name });
    select.append(el('option', { value: '' }, 'any'));
    const values = Object.entries(available[name] ?? {}).sort(([a], [b]) => a.localeCompare(b));
    for (const [value, count] of values) select.append(el('option', { value }, `${value} (${count})`));
    const wanted = params.get(name);
    if (wanted !== null && values.some(([v]) => v === wanted)) select.value = wanted;
    selects.set(name, select);
    filtersBox.append(el('label', { for: id }, name, select));
  }

  let generation = 0;
  let pending: PagefindResult[] = [];
  let shown = 0;

  const appendResults = async (gen: number): Promise<void> => {
    let added = 0;
    while (pending.length > 0 && added < PAGE) {
      const batch = pending.splice(0, 5);
      const datas = await Promise.all(batch.map((r) => r.data()));
      if (gen !== generation) return;
      for (const data of datas) {
        const project = data.meta['title'] ?? '';
        // A search without words has no sub-results: list every row (heading) of the document.
        const subs =
          data.sub_results.length > 0
            ? data.sub_results
            : data.anchors.filter((a) => a.element === 'h2').map((a) => ({ title: a.text, url: `${data.url}#${a.id}`, excerpt: '' }));
        for (const sub of subs) {
          const href = rowHref(sub.url, base);
          const title = href ? el('a', { href, class: 'result-title' }, sub.title) : el('span', { class: 'result-title' }, sub.title);
          const excerpt = el('p', { class: 'result-excerpt' });
          excerpt.append(safeExcerpt(sub.excerpt));
          const tags = Object.entries(data.filters)
            .filter(([k]) => k !== 'project')
            .map(([k, v]) => `${k}: ${v.join(', ')}`)
            .join(' · ');
          list.append(el('li', { class: 'result' }, title, el('p', { class: 'meta' }, project), excerpt, el('p', { class: 'meta result-filters' }, tags)));
          added++;
          shown++;
        }
      }
    }
    more.hidden = pending.length === 0;
  };

  const run = async (): Promise<void> => {
    const gen = ++generation;
    const term = input.value.trim();
    const filters: Record<string, string[]> = {};
    const next = new URLSearchParams();
    if (term !== '') next.set('q', term);
    for (const [name, select] of selects) {
      if (select.value !== '') {
        filters[name] = [select.value];
        next.set(name, select.value);
      }
    }
    const query = next.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    if (term === '' && Object.keys(filters).length === 0) {
      list.replaceChildren();
      more.hidden = true;
      status.textContent = 'Type words from a decision, or pick a filter.';
      return;
    }
    status.textContent = 'Searching…';
    const search = await pagefind.search(term === '' ? null : term, { filters });
    if (gen !== generation || search === null) return;
    pending = [...search.results];
    shown = 0;
    list.replaceChildren();
    await appendResults(gen);
    if (gen !== generation) return;
    status.textContent = shown === 0 ? 'No results.' : `Showing ${shown} result${shown === 1 ? '' : 's'}${pending.length > 0 ? ' (more below)' : ''}.`;
    status.dataset['count'] = String(shown);
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
  more.addEventListener('click', async () => {
    await appendResults(generation);
    status.textContent = `Showing ${shown} result${shown === 1 ? '' : 's'}${pending.length > 0 ? ' (more below)' : ''}.`;
  });
  await run();
}

void start();
