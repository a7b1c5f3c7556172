/**
 * The filters of cross-project search (spec/archive.md "Search across projects"; issue 11
 * scope 3 and 5): each filter's name as the page shows it, its short URL parameter
 * (`severity=high`), the names older links used (`flag+severity=high`), and what a count of
 * each record type counts (a flag count counts flags, a row count counts rows).
 *
 * Records name their facets by display name (search-records.ts); a name not listed here gets
 * a key made from it and is shown after the listed ones, sorted.
 */

import { grouped } from '../text/grouped.ts';

/** One filter. */
export interface FacetDefinition {
  /** URL parameter: short, stable, no spaces. */
  key: string;
  /** Name on the page and in records. */
  name: string;
  /** Parameter names of older links that mean this filter. */
  aliases: readonly string[];
}

/** Filters in the order the search page shows them. */
export const FACETS: readonly FacetDefinition[] = [
  { key: 'type', name: 'type', aliases: [] },
  { key: 'project', name: 'project', aliases: [] },
  { key: 'phase', name: 'phase', aliases: [] },
  { key: 'result', name: 'result', aliases: [] },
  { key: 'evidence', name: 'evidence status', aliases: ['evidence status'] },
  { key: 'cites', name: 'evidence kind', aliases: ['evidence kind'] },
  { key: 'check', name: 'check first', aliases: [] },
  { key: 'severity', name: 'flag severity', aliases: ['flag severity'] },
  { key: 'flag', name: 'flag kind', aliases: ['flag kind'] },
  // Open, or accepted in trailbook.baseline.json (issue 32): a flag's own state, a row's of the flags it carries (search-records.ts).
  { key: 'state', name: 'flag state', aliases: ['flag state', 'flag-state'] },
  { key: 'verdict', name: 'verdict', aliases: [] },
  { key: 'actor', name: 'actor', aliases: [] },
  { key: 'event', name: 'event type', aliases: ['event type'] },
  { key: 'agent', name: 'agent', aliases: [] },
  { key: 'status', name: 'status', aliases: [] },
  { key: 'format', name: 'source format', aliases: ['source format'] },
  { key: 'year', name: 'year', aliases: [] },
];

const BY_NAME = new Map(FACETS.map((f) => [f.name, f]));

/** The URL key of a facet name (`flag severity` → `severity`; an unlisted name → its slug). */
export function facetKey(name: string): string {
  return BY_NAME.get(name)?.key ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Facet keys in page order: the listed ones first, then others sorted. */
export function orderFacetKeys(keys: Iterable<string>): string[] {
  const all = [...new Set(keys)];
  const listed = FACETS.map((f) => f.key).filter((k) => all.includes(k));
  return [...listed, ...all.filter((k) => !listed.includes(k)).sort()];
}

/**
 * What one result of a record type is called when counted: decision rows (`decision`,
 * `superseded decision`) are rows, as on the archive home and in `check --json`
 * (`ProjectModel.counts.rows` counts both); every other type counts as itself.
 * Returns [singular, plural].
 */
export function countNoun(type: string): readonly [string, string] {
  switch (type) {
    case 'decision':
    case 'superseded decision':
      return ['row', 'rows'];
    case 'flag':
      return ['flag', 'flags'];
    // A flag trailbook.baseline.json accepts (search-records.ts): counted apart, as the archive home counts it (`+ 3 accepted`), not as an open flag.
    case 'accepted flag':
      return ['accepted flag', 'accepted flags'];
    case 'criterion':
    case 'rubric criterion':
      return [type, type.replace(/criterion$/, 'criteria')];
    case 'beads issue':
      return ['issue', 'issues'];
    case 'coord event':
      return ['event', 'events'];
    case 'gate verdict':
      return ['gate verdict', 'gate verdicts'];
    default:
      return [type, `${type}s`];
  }
}

/** Counts by noun, as the page says them: `30 rows, 18 flags, 5 accepted flags` (rows, then flags, then accepted flags, then the others by name; zero counts left out). */
export function countsText(byType: ReadonlyMap<string, number> | Readonly<Record<string, number>>): string {
  const entries = byType instanceof Map ? [...byType] : Object.entries(byType);
  const byNoun = new Map<string, { n: number; noun: readonly [string, string] }>();
  for (const [type, n] of entries) {
    if (n === 0) continue;
    const noun = countNoun(type);
    const entry = byNoun.get(noun[0]) ?? { n: 0, noun };
    entry.n += n;
    byNoun.set(noun[0], entry);
  }
  const rank = (noun: string): string => (noun === 'row' ? '0' : noun === 'flag' ? '1' : noun === 'accepted flag' ? '1a' : `2${noun}`);
  return [...byNoun.values()]
    .sort((a, b) => (rank(a.noun[0]) < rank(b.noun[0]) ? -1 : 1))
    .map(({ n, noun }) => `${grouped(n)} ${n === 1 ? noun[0] : noun[1]}`)
    .join(', ');
}

/** A filter's option as the search page labels it: its value and what it would show, `high (9 rows, 18 flags, 5 accepted flags)`; `(none)` when nothing. */
export function optionText(value: string, byType: ReadonlyMap<string, number> | Readonly<Record<string, number>>): string {
  const text = countsText(byType);
  return `${value} (${text === '' ? 'none' : text})`;
}

/** The search page's status line for `n` results (n > 0) of these types: `40 results: 30 rows, 8 flags, 2 accepted flags.` */
export function resultsText(n: number, byType: ReadonlyMap<string, number> | Readonly<Record<string, number>>): string {
  return `${grouped(n)} result${n === 1 ? '' : 's'}: ${countsText(byType)}.`;
}

/**
 * The status of a search that found nothing (the search page): with filters in use, what the
 * words find without them (`withoutFilters`: their results by type, or null when not searched
 * again), so the reader knows a filter, not the words, left nothing. `nothingSearched`: every
 * token of the query was left out (parse.ts `leftOutNotices` says why), no filter in use.
 */
export function noResultsText(filtersInUse: boolean, withoutFilters: Readonly<Record<string, number>> | null, nothingSearched = false): string {
  // Every word typed left out (`the of and`): nothing was looked for, so "No results." would read as "no record holds these words".
  if (nothingSearched && !filtersInUse) return 'No results: no word typed was searched (why is said above).';
  if (!filtersInUse || withoutFilters === null) return 'No results.';
  const n = Object.values(withoutFilters).reduce((a, b) => a + b, 0);
  if (n === 0) return 'No results, with or without the filters in use.';
  return `No results with the filters in use. Without them: ${grouped(n)} result${n === 1 ? '' : 's'} (${countsText(withoutFilters)}); remove a filter with its ×.`;
}

/**
 * What the search page's status line adds when tokens of the query are in no record
 * (`SearchOutcome.absent`, as typed): ` No record holds “colision”.`, so a reader of
 * "0 hold every word" or "No results." knows which word to check (find15: a typo was not said).
 * '' when there are none.
 */
export function absentText(absent: readonly string[]): string {
  if (absent.length === 0) return '';
  const quoted = absent.map((w) => `“${w}”`);
  return ` No record holds ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`}.`;
}

/**
 * What the search page's status line adds after its counts when some of the `total` results do
 * not hold every word typed (only `complete` do): ` 2 hold every word.`; for a single word, what
 * the others hold instead (the last word typed is also read as the start of a longer one: `test`
 * finds `testH44`): ` 385 hold “test”; 5 hold only a longer word beginning with it.` (use14: a
 * reader of "385 hold every word" of one word asked what the other 5 held). '' when every result
 * holds every word. `tokens`: the query's words as typed (src/lib/search/query/parse.ts), with
 * their index terms when known (a word of several terms, `fake-sha`, keeps "every word").
 */
export function partialText(complete: number, total: number, tokens: ReadonlyArray<{ raw: string; terms?: readonly string[] }>): string {
  if (complete >= total) return '';
  const holds = (n: number): string => `${grouped(n)} ${n === 1 ? 'holds' : 'hold'}`;
  const only = tokens.length === 1 ? tokens[0] : undefined;
  if (only !== undefined && (only.terms === undefined || only.terms.length <= 1)) return ` ${holds(complete)} “${only.raw}”; ${holds(total - complete)} only a longer word beginning with it.`;
  return ` ${holds(complete)} every word.`;
}
