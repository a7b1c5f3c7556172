/**
 * The search page's client (issue 11): reads the words and filters from the URL, asks the
 * engine (src/lib/search/query/engine.ts) over Trailbook's own index files, and lists ranked
 * records with their counts. Index files are gzip data, decompressed as they arrive (index-file.ts); every text from
 * them is inserted as text, never as HTML. Keys: `/` focuses the box (src/scripts/keys.ts),
 * ↓ and ↑ move through the results, Enter opens one.
 */
import { SearchEngine, type Filters, type Hit, type SearchOutcome, type ShownHit } from '../lib/search/query/engine.ts';
import { filterWordsNotices, listingHistoryState, newHistoryEntry, readListingState, readSearchState, searchQuery, type KnownFacet, type ListingState, type SearchTrigger } from '../lib/search/query/url-state.ts';
import { absentText, noResultsText, optionText, partialText, resultsText } from '../lib/search/facets.ts';
import { dateNotice, leftOutNotices, operatorNotices, phraseNotice } from '../lib/search/query/parse.ts';
import type { SearchManifest } from '../lib/search/index/format.ts';
import { indexFileBytes } from './index-file.ts';
import { grouped } from '../lib/text/grouped.ts';

const PAGE = 25;
/** Options a filter select labels after every search; a longer one (an archive of many projects) labels its options when it is opened. */
const LABEL_NOW = 500;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}


/**
 * A result's evidence line (find16; query/evidence-line.ts): `Evidence` and the pointers as a
 * row card's evidence list writes them (site.css "Row cards": the pointer in <code>, the status
 * word in <b> with its icon from data-status, the failed check in <small>), then how many more.
 */
function evidenceLine(line: ShownHit['evidence']): HTMLElement[] {
  if (!line) return [];
  const items = line.items.map((item) => {
    const code = el('code');
    for (const s of item.text) code.append(s.mark ? el('mark', {}, s.text) : s.text);
    const attrs: Record<string, string> = item.status === 'VERIFIED' ? {} : { 'data-status': item.status };
    if (item.prose) attrs['data-outcome'] = 'prose';
    return el('li', attrs, code, ' ', el('b', {}, item.label), ...(item.fault ? [' ', el('small', {}, item.fault)] : []));
  });
  if (line.more > 0) items.push(el('li', { class: 'result-evidence-more' }, `and ${line.more} more`));
  return [el('div', { class: 'result-evidence' }, el('span', { class: 'meta' }, 'Evidence:'), ' ', el('ul', { class: 'evidence' }, ...items))];
}

async function start(): Promise<void> {
  const form = document.querySelector<HTMLFormElement>('#search-form');
  const input = document.querySelector<HTMLInputElement>('#search-input');
  const filtersBox = document.querySelector<HTMLElement>('#search-filters');
  const disclosure = document.querySelector<HTMLDetailsElement>('#search-filters-box');
  const summaryText = document.querySelector<HTMLElement>('#search-filters-summary');
  const chips = document.querySelector<HTMLElement>('#search-chips');
  const notices = document.querySelector<HTMLElement>('#search-notices');
  const status = document.querySelector<HTMLElement>('#search-status');
  const list = document.querySelector<HTMLOListElement>('#search-results');
  const more = document.querySelector<HTMLButtonElement>('#search-more');
  if (!form || !input || !filtersBox || !disclosure || !summaryText || !chips || !notices || !status || !list || !more) return;
  const base = form.dataset['base'] ?? '/';
  form.hidden = false;
  document.querySelector('#search-nojs')?.remove();

  // The main index's parts table, fetched beside the manifest (both are preloaded by the page;
  // every search needs it): the engine uses it only when its digest is the one the manifest
  // names (a cached copy of an older build is set aside), else fetches this build's.
  const earlyTable = fetch(`${base}search-index/main/parts.bin`).then((r) => (r.ok ? indexFileBytes(r) : Promise.reject(new Error(String(r.status)))));
  earlyTable.catch(() => undefined);
  let manifest: SearchManifest;
  try {
    const response = await fetch(`${base}search-index/manifest.json`);
    if (!response.ok) throw new Error(String(response.status));
    manifest = (await response.json()) as SearchManifest;
    // Marks for the benchmark (scripts/bench.ts reads them): manifest read, search done, first result listed.
    performance.mark('search:manifest');
  } catch {
    status.textContent = 'The search index could not be loaded. Browse projects from the archive page instead.';
    return;
  }
  const load = async (path: string): Promise<Uint8Array> => {
    const response = await fetch(`${base}search-index/${path}?v=${manifest.generation}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return indexFileBytes(response);
  };
  const engine = new SearchEngine(manifest, load, base, { 'main/parts.bin': earlyTable });
  const known: KnownFacet[] = manifest.facets.map((f) => ({ key: f.key, name: f.name, values: f.values.map((v) => v.value) }));
  const archiveCounts = (key: string, value: string): Record<string, number> => manifest.facets.find((f) => f.key === key)?.values.find((v) => v.value === value)?.counts ?? {};

  // Where a reader left this search, when they come back to it (Back, or a reload): the page
  // puts them there itself, once the results are listed.
  const initialListing = readListingState(history.state);
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  // The state in the URL; an older or longer URL is rewritten in the short form.
  const initial = readSearchState(new URLSearchParams(location.search), known);
  if (initial.q !== '' || new URLSearchParams(location.search).has('q')) {
    input.value = initial.q;
    // Arrived from a search box (the header's, on another page): the keys work at once — ↓ to the results, typing refines (issue 32).
    input.focus({ preventScroll: true });
  }
  // The filters in use (the URL's, then the reader's): the selects show them once built.
  const filters: Record<string, string[]> = initial.filters;
  let pendingNotices = initial.notices;
  const selects = new Map<string, HTMLSelectElement>();
  /** Builds the filter selects (after the first results are listed: a thousand projects make a long list). */
  const ensureSelects = (): void => {
    if (selects.size > 0 || manifest.facets.length === 0) return;
    const labels: HTMLElement[] = [];
    for (const f of manifest.facets) {
      const id = `filter-${f.key}`;
      const select = el('select', { id, name: f.key });
      select.append(el('option', { value: '' }, 'any'));
      for (const v of f.values) select.append(el('option', { value: v.value }, v.value));
      select.value = filters[f.key]?.[0] ?? '';
      // A long list is labelled when it is about to be opened (focus comes first, by key or pointer).
      select.addEventListener('focus', () => labelPending(f.key, select));
      select.addEventListener('pointerdown', () => labelPending(f.key, select));
      select.addEventListener('change', () => {
        if (select.value === '') delete filters[f.key];
        else filters[f.key] = [select.value];
        pendingNotices = [];
        void run('committed');
      });
      selects.set(f.key, select);
      labels.push(el('label', { for: id }, el('span', {}, f.name), select));
    }
    filtersBox.append(...labels);
  };
  const currentFilters = (): Record<string, string[]> => {
    const out: Record<string, string[]> = Object.create(null);
    for (const f of manifest.facets) if (filters[f.key]?.length) out[f.key] = [...(filters[f.key] as string[])];
    return out;
  };

  /** Option labels: the count of results each value would show with this query. */
  const labelOption = (key: string, option: HTMLOptionElement, outcome: SearchOutcome | null): void => {
    if (option.value === '') return;
    // A first page read from common words' best records counts only those: no count is shown until every result is read.
    if (outcome?.firstPage) {
      option.textContent = option.value;
      return;
    }
    const byType = outcome ? (outcome.counts[key]?.[option.value] ?? {}) : archiveCounts(key, option.value);
    option.textContent = optionText(option.value, byType);
  };
  /** Selects whose options are labelled when the reader reaches them (a long list: 10,000 projects took 0.1 s a search), with the outcome to label them by. */
  const unlabelled = new Map<HTMLSelectElement, SearchOutcome | null>();
  const label = (outcome: SearchOutcome | null): void => {
    for (const [key, select] of selects) {
      if (select.options.length > LABEL_NOW) {
        // The chosen value's label now (a closed select shows it), the rest on focus.
        const chosen = select.selectedOptions[0];
        if (chosen) labelOption(key, chosen, outcome);
        unlabelled.set(select, outcome);
        continue;
      }
      for (const option of Array.from(select.options)) labelOption(key, option, outcome);
    }
  };
  const labelPending = (key: string, select: HTMLSelectElement): void => {
    if (!unlabelled.has(select)) return;
    const outcome = unlabelled.get(select) ?? null;
    unlabelled.delete(select);
    for (const option of Array.from(select.options)) labelOption(key, option, outcome);
  };

  const renderChips = (inUse: Filters): void => {
    chips.replaceChildren();
    for (const [key, values] of Object.entries(inUse)) {
      const name = manifest.facets.find((f) => f.key === key)?.name ?? key;
      for (const v of values) {
        const remove = el('button', { type: 'button', class: 'chip', 'data-filter': key, 'aria-label': `Remove filter ${name}: ${v}` }, `${name}: ${v}`, el('span', { 'aria-hidden': 'true' }, ' ×'));
        remove.addEventListener('click', () => {
          const left = (filters[key] ?? []).filter((x) => x !== v);
          if (left.length > 0) filters[key] = left;
          else delete filters[key];
          const select = selects.get(key);
          if (select) select.value = left[0] ?? '';
          void run('committed');
        });
        chips.append(remove);
      }
    }
    const active = Object.keys(inUse).length;
    summaryText.textContent = active === 0 ? 'Filters' : `Filters (${active} active)`;
  };

  let generation = 0;
  let outcome: SearchOutcome | null = null;
  let shown = 0;
  /** The next hit of `outcome.hits` to show, and the hits shown (a first page's, skipped when every result is read). */
  let cursor = 0;
  const listed = new Set<string>();
  const hitKey = (h: Hit): string => `${h.index}:${h.doc}`;
  /** The next hits not listed yet, `n` at most (a page). */
  const nextHits = (n = PAGE): Hit[] => {
    const out: Hit[] = [];
    const hits = outcome?.hits;
    while (hits && out.length < n && cursor < hits.length) {
      const h = hits.hit(cursor++);
      if (!listed.has(hitKey(h))) out.push(h);
    }
    return out;
  };
  /** The hits not listed yet, at most. */
  const left = (): number => (outcome ? outcome.hits.length - cursor : 0);

  /**
   * Appends hits in order, each as soon as it and those before it are read (the first shows
   * after one small fetch). `current`: the search they come from (a search still running for
   * its leading hit).
   */
  const render = async (gen: number, hits: readonly Hit[], current: SearchOutcome | null = outcome): Promise<void> => {
    if (!current) return;
    for (const h of hits) listed.add(hitKey(h));
    // The first hit alone first (its file was fetched by the search): the others' files are
    // requested once it is listed, so their downloads do not hold it back.
    const firstShow = hits[0] ? engine.show([hits[0]], current) : null;
    if (firstShow) await firstShow.catch(() => undefined);
    const pending = hits.map((h, i) => (i === 0 && firstShow ? firstShow : engine.show([h], current)));
    for (const next of pending) {
      const [hit] = await next;
      if (gen !== generation) return;
      if (!hit) continue;
      const segments = (p: HTMLElement, list: typeof hit.excerpt): HTMLElement => {
        for (const s of list) p.append(s.mark ? el('mark', {}, s.text) : s.text);
        return p;
      };
      const excerpt = segments(el('p', { class: 'result-excerpt' }), hit.excerpt);
      // On a phone the title is clamped: the part of it holding the word is shown instead (site.css).
      const echo = hit.titleExcerpt.length > 0 ? [segments(el('p', { class: 'result-excerpt result-title-echo' }), hit.titleExcerpt)] : [];
      const tags = hit.tags.map(([name, values]) => `${name}: ${values}`).join(' · ');
      const title = el('a', { href: hit.href, class: 'result-title' });
      for (const s of hit.titleMarks) title.append(s.mark ? el('mark', {}, s.text) : s.text);
      list.append(el('li', { class: echo.length > 0 ? 'result result-has-echo' : 'result', 'data-type': hit.type }, title, el('p', { class: 'meta' }, hit.project), excerpt, ...echo, ...evidenceLine(hit.evidence), el('p', { class: 'meta result-filters' }, tags)));
      shown++;
      if (shown === 1) performance.mark('search:first-result');
    }
  };

  /** Lists the next `n` hits not listed yet, then offers the rest. */
  const listNext = async (gen: number, n = PAGE): Promise<void> => {
    await render(gen, nextHits(n));
    if (gen !== generation) return;
    more.hidden = left() <= 0;
    more.textContent = `Show ${Math.min(PAGE, left())} more`;
  };

  /** "Show more": past a first page, every result is read first (its rank among them, and the counts). */
  const showMore = async (gen: number): Promise<void> => {
    if (!outcome) return;
    if (outcome.firstPage && !(await everyResult(gen))) return;
    await listNext(gen);
  };

  /** Results in all: the hits, or a filter's first page's count (its value's records, from the manifest). */
  const resultCount = (result: SearchOutcome): number => (result.firstPage && result.parsed.tokens.length === 0 ? result.complete : result.hits.length);
  /** What the status line says of a search's results. */
  const statusText = (result: SearchOutcome, q: string, filtersInUse: boolean, without: Record<string, number> | null): string => {
    const n = resultCount(result);
    if (result.firstPage && result.parsed.tokens.length > 0) return `${grouped(result.complete)} or more results hold every word; the first listed are the best of those where the words stand out (titles first). Show more to read and count every result.`;
    const partial = partialText(result.complete, n, result.parsed.tokens);
    // A word no record holds is named (a typo): after "No results." or "0 hold every word.".
    const absent = absentText(result.absent);
    return n === 0 ? `${noResultsText(filtersInUse && q !== '', without, result.parsed.tokens.length === 0 && result.parsed.ignored.length > 0)}${absent}` : `${resultsText(n, result.totals)}${partial}${absent}`;
  };

  /**
   * Replaces a first page (`outcome.firstPage`) with the search of every result: the status line
   * and the filters' counts say them all; the results listed stay, and the next are those not
   * listed yet. Returns false when another search started meanwhile or this one failed.
   */
  const everyResult = async (gen: number): Promise<boolean> => {
    const first = outcome;
    if (!first?.firstPage) return true;
    const q = input.value.trim();
    const inUse = currentFilters();
    let result: SearchOutcome;
    try {
      result = await engine.search(q, inUse, { countsLater: true });
    } catch {
      if (gen === generation) status.textContent = 'The search index could not be read: a file of it is missing or damaged. Build the archive again, or browse projects from the archive page.';
      return false;
    }
    if (gen !== generation || outcome !== first) return false;
    outcome = result;
    cursor = 0;
    status.textContent = statusText(result, q, Object.keys(inUse).length > 0, null);
    engine.finishCounts(result);
    label(result);
    return true;
  };

  /** Records in the current history entry how far the reader has gone (url-state.ts ListingState): Back returns there. */
  const remember = (): void => {
    history.replaceState(listingHistoryState({ shown, scrollY: window.scrollY }), '', location.href);
  };
  /** When the search shown was listed (performance.now()), or null: not listed yet (url-state.ts newHistoryEntry). */
  let listedAt: number | null = null;
  /**
   * Runs the search of the box and the filters. `trigger`: typed or committed (a new history
   * entry or not, url-state.ts newHistoryEntry), or `restore` (Back or Forward: the URL is
   * already the search's). `listing`: how far the reader had gone when they left this search
   * (its history entry's), listed again and scrolled to before the search counts as settled.
   */
  const run = async (trigger: SearchTrigger | 'restore' = 'typed', listing: ListingState | null = null): Promise<void> => {
    const gen = ++generation;
    const q = input.value.trim();
    const inUse = currentFilters();
    // The search starts first, so its index files are requested while the page is updated below.
    // Its first result is listed as soon as the engine knows it (a phrase's: once its title is
    // read, before the rest of the first page's are), and the rest after it.
    let leading: Promise<void> | null = null;
    const onLeading = (hit: Hit, partial: SearchOutcome): void => {
      if (gen === generation && shown === 0 && leading === null) leading = render(gen, [hit], partial);
    };
    const searching = q === '' && Object.keys(filters).length === 0 ? null : engine.search(q, inUse, { countsLater: true, firstPage: true, onLeading });
    searching?.catch(() => undefined); // awaited below, where a failure is reported
    const qs = searchQuery({ q, filters: inUse });
    const url = `${location.pathname}${qs ? `?${qs}` : ''}`;
    if (trigger !== 'restore') {
      if (newHistoryEntry({ url: `${location.pathname}${location.search}`, listedAt }, { url, trigger }, performance.now())) {
        remember();
        history.pushState(null, '', url);
      }
      else history.replaceState(null, '', url);
    }
    listedAt = null;
    renderChips(inUse);
    delete status.dataset['count'];
    list.replaceChildren();
    shown = 0;
    cursor = 0;
    listed.clear();
    more.hidden = true;
    if (!searching) {
      outcome = null;
      ensureSelects();
      label(null);
      status.textContent = 'Type words, a row id, a SHA or a path, or pick a filter.';
      showNotices([]);
      return;
    }
    status.textContent = 'Searching…';
    let result: SearchOutcome;
    try {
      result = await searching;
    } catch {
      if (gen !== generation) return;
      status.textContent = 'The search index could not be read: a file of it is missing or damaged. Build the archive again, or browse projects from the archive page.';
      return;
    }
    if (gen !== generation) return;
    performance.mark('search:searched');
    outcome = result;
    const n = resultCount(result);
    const ignored = leftOutNotices(result.parsed.ignored);
    const phrase = phraseNotice(q);
    const date = dateNotice(q);
    showNotices([...ignored, ...operatorNotices(q), ...(phrase === null ? [] : [phrase]), ...(date === null ? [] : [date]), ...filterWordsNotices(q, known)]);
    const filtersInUse = Object.keys(inUse).length > 0;
    // Nothing with filters in use: say whether the words alone find something.
    const without = n === 0 && filtersInUse && q !== '' ? await engine.search(q, {}).then((r) => r.totals, () => null) : null;
    if (gen !== generation) return;
    status.textContent = statusText(result, q, filtersInUse, without);
    // After the leading hit, if it was listed: a page in all, the leading hit and those not listed yet.
    if (leading) await leading;
    if (gen !== generation) return;
    await listNext(gen, PAGE - shown);
    if (gen !== generation) return;
    // Then the filters, with what each value would show (counted now: the first results came first).
    engine.finishCounts(result);
    ensureSelects();
    label(result);
    // Back to a search left further down: as many results as were listed, and the place.
    if (listing) {
      while (shown < listing.shown && (outcome?.firstPage || left() > 0)) {
        const before = shown;
        await showMore(gen);
        if (gen !== generation) return;
        if (shown === before) break;
      }
      window.scrollTo(0, listing.scrollY);
    }
    // Set once the first results are listed: tests and scripts wait for it.
    status.dataset['count'] = String(n);
    listedAt = performance.now();
  };

  const showNotices = (extraNotices: string[]): void => {
    const all = [...pendingNotices, ...extraNotices];
    notices.replaceChildren(...all.map((t) => el('span', {}, t)));
    notices.hidden = all.length === 0;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    pendingNotices = [];
    timer = setTimeout(() => void run(), 150);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run('committed');
  });
  // Back and Forward between searches: the box, the filters and the results of the URL's.
  window.addEventListener('popstate', (event) => {
    const state = readSearchState(new URLSearchParams(location.search), known);
    input.value = state.q;
    for (const key of Object.keys(filters)) delete filters[key];
    Object.assign(filters, state.filters);
    for (const [key, select] of selects) select.value = filters[key]?.[0] ?? '';
    pendingNotices = state.notices;
    clearTimeout(timer);
    void run('restore', readListingState(event.state));
  });
  // Leaving by a result (or any way): the entry keeps how far the reader had gone.
  list.addEventListener('click', remember, { capture: true });
  window.addEventListener('pagehide', remember);
  // One "Show more" at a time: a second click while the first reads and lists would list from a
  // cursor the first is still moving (found by tests/e2e/row-pages.test.ts: 50 of 56 listed).
  more.addEventListener('click', () => {
    if (more.disabled) return;
    more.disabled = true;
    void showMore(generation).finally(() => {
      more.disabled = false;
    });
  });
  // A first page's filters are labelled without counts: every result is read, and counted, when the filters are opened.
  disclosure.addEventListener('toggle', () => {
    if (disclosure.open && outcome?.firstPage) void everyResult(generation);
  });

  // ↓ from the box to the first result; ↓ and ↑ between results; ↑ from the first back to the box.
  const links = (): HTMLAnchorElement[] => Array.from(list.querySelectorAll<HTMLAnchorElement>('a.result-title'));
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown') return;
    const first = links()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  });
  // ↓ with the focus nowhere in particular (the page itself) goes to the first result too.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' || event.defaultPrevented || (document.activeElement !== document.body && document.activeElement?.id !== 'main')) return;
    const first = links()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  });
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && at === 0) input.focus();
    else all[Math.min(all.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  });
  await run('typed', initialListing);
}

void start();
