/**
 * What a search gives the page (engine.ts): the outcome of a query (its ranked hits, totals,
 * counts per filter value and what to mark) and a result ready to show.
 */
import type { EvidenceLine } from './evidence-line.ts';
import type { ParsedQuery } from './parse.ts';
import type { Segment } from './excerpt.ts';
import type { HitList } from './hit-list.ts';

/** What a search found. */
export interface SearchOutcome {
  parsed: ParsedQuery;
  /** Every result, best first. */
  hits: HitList;
  /** Results per record type. */
  totals: Record<string, number>;
  /** Results holding every token of the query (all of them for a query of filters only). */
  complete: number;
  /**
   * True when the hits are a first page read from common words' top blocks (format.ts,
   * TOP_MIN; `search(…, { firstPage: true })`): their first {@link FIRST_PAGE} hold every word,
   * ranked as a full search ranks those records, but other records may hold the words too, and
   * `hits`, `totals`, `complete` and `counts` count only the records read. For a query of one
   * filter value, the hits are the first of its records in document order (the whole search's
   * first hits) and `totals` and `complete` count every record with the value (the manifest's
   * counts); `hits` and `counts` are partial. Search again without `firstPage` for every result
   * and the counts.
   */
  firstPage: boolean;
  /**
   * Facet key → value → type → results with that value (the facet's own filter set aside).
   * Filled when the search returns, or, for `search(…, { countsLater: true })`, by
   * {@link SearchEngine.finishCounts}.
   */
  counts: Record<string, Record<string, Record<string, number>>>;
  /** What is left to count (`countsLater`), or null when `counts` is complete. */
  pendingCounts: (() => void) | null;
  /** Query tokens matched exactly (an id, a SHA, a path, a flag kind), by position. */
  exactTokens: boolean[];
  /** Terms the query matched (for highlighting), and the prefix. */
  terms: string[];
  prefix: string | null;
  /** The line of a `path:line` query, for landing on it in a file page. */
  line: number | null;
  /**
   * Tokens of the query (as typed) that no record holds: not found exactly, and a word of them
   * in no index's dictionary (the last token not the start of any word either). Looked for only
   * when no result holds every token (`complete` 0); else empty.
   */
  absent: string[];
}

/** A result ready to show. */
export interface ShownHit {
  href: string;
  title: string;
  /** The title with the query's words marked. */
  titleMarks: Segment[];
  project: string;
  excerpt: Segment[];
  /** The title around its first query word when that lies past what a phone shows of it (excerpt.ts), else empty. */
  titleExcerpt: Segment[];
  tags: Array<[name: string, values: string]>;
  type: string;
  /** The evidence the record cites and what became of each pointer (a decision row's, an invalid record's, a criterion's, a finding's location), or null: evidence-line.ts. */
  evidence: EvidenceLine | null;
}
