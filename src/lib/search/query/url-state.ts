/**
 * The search page's URL (issue 11 scope 5): `q` holds the words, each filter its short key
 * (`severity=high`, facets.ts); a filter may be given more than once (any of the values).
 * Older links keep working: a filter's display name (`flag+severity=high`, the key before
 * issue 11) means the same filter. Nothing is dropped silently: an unknown parameter or a
 * value no record has becomes a notice, and the page rewrites the URL in the short form. A
 * value naming exactly one known value by its words ({@link valuesMeant}: a project's id for
 * its folder) means that value, and a notice says so.
 */
import { FACETS } from '../facets.ts';

/** What the page needs to know of a filter. */
export interface KnownFacet {
  key: string;
  name: string;
  values: readonly string[];
}

/** The words, filters and notices of a URL. */
export interface SearchState {
  q: string;
  /** Facet key → values, in the facets' page order. */
  filters: Record<string, string[]>;
  /** Things of the URL that were ignored, in plain words. */
  notices: string[];
}

/** Values offered, at most, when an unknown value names several. */
const MEANT_OFFERED = 5;

/** A value's words, lowercase, joined by `-` (`content/tickets/faults` → `content-tickets-faults`). */
const slug = (text: string): string => {
  const words = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
  // The `-` at either end cut by index: /^-+|-+$/ is polynomial on a long run of `-` (recheck).
  let from = 0;
  let to = words.length;
  while (from < to && words[from] === '-') from++;
  while (to > from && words[to - 1] === '-') to--;
  return words.slice(from, to);
};

/**
 * The known values an unknown filter value names: those whose words are its words, end with
 * them or begin with them, compared without case or punctuation (`tickets-faults` names the
 * project `content/tickets/faults`, as the recap's URL `/p/tickets-faults/` names it;
 * `pstack` the source format `pstack TSV`). A whole word must match: `ticket` names neither.
 *
 * @param raw - The value as the URL gives it.
 * @param values - The filter's values in this archive.
 */
export function valuesMeant(raw: string, values: readonly string[]): string[] {
  const words = slug(raw);
  if (words === '') return [];
  return values.filter((v) => {
    const known = slug(v);
    return known === words || known.endsWith(`-${words}`) || known.startsWith(`${words}-`);
  });
}

/**
 * Reads a search URL's parameters against the archive's facets (keys, names and values).
 * Parameters the page itself does not use (`utm_*` and the like are not special): unknown.
 */
export function readSearchState(params: URLSearchParams, facets: readonly KnownFacet[]): SearchState {
  const byParam = new Map<string, KnownFacet>();
  for (const f of facets) {
    byParam.set(f.key, f);
    byParam.set(f.name, f);
  }
  // Filters this build has no record of are still known names: their values are reported, not their names.
  for (const def of FACETS) {
    const known = byParam.get(def.key) ?? { key: def.key, name: def.name, values: [] };
    for (const name of [def.key, def.name, ...def.aliases]) if (!byParam.has(name)) byParam.set(name, known);
  }
  const filters: Record<string, string[]> = Object.create(null);
  const notices: string[] = [];
  let q = '';
  for (const [name, raw] of params) {
    if (name === 'q') {
      q = q === '' ? raw : `${q} ${raw}`;
      continue;
    }
    const facet = byParam.get(name);
    if (!facet) {
      notices.push(`Unknown filter “${name}” ignored.`);
      continue;
    }
    if (raw === '') continue;
    let value = raw;
    if (!facet.values.includes(raw)) {
      const near = valuesMeant(raw, facet.values);
      if (near.length !== 1) {
        const offer = near.length > 1 ? `; did you mean ${near.slice(0, MEANT_OFFERED).map((v) => `“${v}”`).join(near.length === 2 ? ' or ' : ', ')}${near.length > MEANT_OFFERED ? ', …' : ''}?` : '.';
        notices.push(`No record has ${facet.name} “${raw}”: that filter is ignored${offer}`);
        continue;
      }
      value = near[0] as string;
      notices.push(`The ${facet.name} “${raw}” is read as “${value}”.`);
    }
    const list = (filters[facet.key] ??= []);
    if (!list.includes(value)) list.push(value);
  }
  const ordered: Record<string, string[]> = Object.create(null);
  for (const f of facets) if (filters[f.key]) ordered[f.key] = filters[f.key] as string[];
  return { q: q.trim(), filters: ordered, notices };
}

/** The short query string of a state (no leading `?`; empty when there is nothing). */
export function searchQuery(state: Pick<SearchState, 'q' | 'filters'>): string {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') params.set('q', state.q.trim());
  for (const [key, values] of Object.entries(state.filters)) for (const v of values) params.append(key, v);
  return params.toString();
}

/**
 * Notices for words typed as a filter (`severity:high`, `type=flag`): the box searches words
 * (`severity` and `high`), and a filter is picked under Filters or given in the URL; one notice
 * per such token whose name is a filter's key or name. Empty when there is none.
 */
export function filterWordsNotices(q: string, facets: readonly KnownFacet[]): string[] {
  const names = new Map<string, string>();
  for (const f of facets) for (const n of [f.key, f.name]) names.set(n.toLowerCase(), f.name);
  for (const def of FACETS) for (const n of [def.key, def.name, ...def.aliases]) if (!names.has(n.toLowerCase())) names.set(n.toLowerCase(), def.name);
  const out: string[] = [];
  for (const token of q.split(/\s+/)) {
    const m = /^([a-z][a-z ]*)[:=](.+)$/i.exec(token);
    const name = m ? names.get((m[1] as string).toLowerCase()) : undefined;
    if (name !== undefined) out.push(`“${token}” is searched as words; to filter by ${name}, pick a value under Filters.`);
  }
  return out;
}

/** How a search was started: a committed one (the form sent, a filter picked or removed) or typing in the box. */
export type SearchTrigger = 'committed' | 'typed';

/** A search shown for this long (ms) was read: the next one typed gets a history entry of its own. */
export const READ_MS = 2000;

/**
 * Whether a search's URL is a new history entry (Back returns to the search before it) rather
 * than replacing the current one (found by a new-user trial: Back never returned to an earlier
 * query). `previous`: the URL of the search shown and when its results were listed (ms on the
 * page's clock; null: not listed, or the page's first search, whose URL replaces the one it
 * came with). A committed search that changes the URL is a new entry; a typed one is when the
 * search before it was read ({@link READ_MS}), so typing `ledger writer` letter by letter does
 * not leave an entry per letter.
 */
export function newHistoryEntry(previous: { url: string; listedAt: number | null }, next: { url: string; trigger: SearchTrigger }, now: number): boolean {
  if (next.url === previous.url || previous.listedAt === null) return false;
  return next.trigger === 'committed' || now - previous.listedAt >= READ_MS;
}

/**
 * How far a reader had gone in a search's results when they left it: the results listed
 * (`shown`, one page or more after "Show more") and the page's scroll offset (`scrollY`, CSS
 * pixels). Kept in the history entry (`history.state`), so that Back from a result, which
 * loads the page again when the browser keeps no copy of it, lists as many results and returns
 * to the one followed, instead of the first page at the top (found by a new-user trial).
 */
export interface ListingState {
  shown: number;
  scrollY: number;
}

/** Results a returning reader has listed again at most: a bound on the work a history entry can ask for. */
export const MAX_RESTORED = 1000;

/**
 * The listing state a history entry holds (`history.state`, any value a page of this or an
 * older build stored, or null), or null when it holds none or one out of range. `shown` is
 * capped at {@link MAX_RESTORED}.
 */
export function readListingState(state: unknown): ListingState | null {
  if (typeof state !== 'object' || state === null) return null;
  const listing = (state as { listing?: unknown }).listing;
  if (typeof listing !== 'object' || listing === null) return null;
  const { shown, scrollY } = listing as { shown?: unknown; scrollY?: unknown };
  if (typeof shown !== 'number' || typeof scrollY !== 'number' || !Number.isInteger(shown) || shown < 0 || !Number.isFinite(scrollY) || scrollY < 0) return null;
  return { shown: Math.min(shown, MAX_RESTORED), scrollY };
}

/** The `history.state` that records a listing ({@link readListingState} reads it back). */
export function listingHistoryState(listing: ListingState): { listing: ListingState } {
  return { listing: { shown: listing.shown, scrollY: Math.round(listing.scrollY) } };
}
