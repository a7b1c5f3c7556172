/**
 * The shape of one search record (spec/archive.md "Search across projects"; issue 11), made by
 * search-records.ts, quality-records.ts, lifecycle-records.ts and evidence-records.ts and
 * analysed into a part by index/part.ts.
 */
import type { Severity } from '../model/types.ts';
import type { ExactKey } from './exact-keys.ts';
import type { StoredPointer } from './index/format.ts';

/** One search result: an anchor on a page of the archive, its words, facet values and exact tokens. */
export interface SearchRecord {
  /** Element id on its page (`row-3f2a9c10`, `flag-2`); unique within the project. */
  anchor: string;
  /** The result's title (a decision, a flag summary); the best field for words. */
  title: string;
  /** The reason or body (a row's why, a finding's scenario); the second field. */
  body: string;
  /**
   * The words of the body that are searched, when the body also says what is not the record's
   * own (a commit's or file's "Cited by 3 rows of …": every such record held `rows`, `of`,
   * `cited`, so a search for them listed every commit and file). Absent: the whole body.
   */
  indexedBody?: string;
  /** Evidence as written; the third field. */
  evidence?: string;
  /**
   * The record's evidence pointers with their outcomes, kept in the doc store and shown under the
   * result (a decision row's, an invalid record's, a criterion's, a finding's location); not searched (the evidence field is). Absent:
   * none.
   */
  pointers?: StoredPointer[];
  /** Short fields (result, phase, actor, ticket); the last field. */
  meta?: string;
  /** Filter name → values (see facets.ts for names). */
  facets: Record<string, string[]>;
  /** Page the anchor is on, relative to the part's page (`''` for the recap itself, `issue/x/`). */
  page?: string;
  /** Exact tokens (exact-keys.ts). */
  exact?: ExactKey[];
  /** The record's severity, a tie-break: a flag's own, a row's highest flag's. */
  severity?: Severity | null;
  /** ISO time of the record, a tie-break (newer first), or null. */
  time?: string | null;
}
