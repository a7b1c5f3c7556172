/**
 * The dates a project's rows carry when none has an ISO-8601 time with a zone (its model's
 * `span` is null): a trail dated `2026-10-07`, row after row (use12, the real trail
 * Jenzoga/JMT-MCMT). The recap's time span and the archive home's Time span column say them
 * (src/lib/site/words.ts), the home from the project summary (src/lib/archive/summary.ts).
 */

/** The earliest and latest `YYYY-MM-DD` a project's rows are dated with, and how many rows are so dated. */
export interface DatesOnly {
  from: string;
  to: string;
  rows: number;
}

/** A row `ts` that is a date without a time of day (`2026-10-07`, blanks around it ignored). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dates `rows` are dated with, from each row's `ts` that is a date alone; null when no
 * row is (a row with a time, or with no date at all, is left out).
 */
export function datesOnly(rows: ReadonlyArray<{ ts: string }>): DatesOnly | null {
  const dates = rows.map((r) => r.ts.trim()).filter((ts) => DATE_ONLY.test(ts));
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return { from: sorted[0] as string, to: sorted.at(-1) as string, rows: dates.length };
}

/**
 * How new a project is, as the home's "newest first", its default order's tie-break,
 * `archive.json`, the feed, the build report and `build`'s "Next: start with" compare projects:
 * its latest row time (ISO-8601), else the latest date its rows carry without a time of day
 * (`2026-10-07`, {@link DatesOnly}), else '' (no date: listed last). A date sorts before the
 * times of its own day (string order). use14: a dates-only project counted as having no date.
 */
export function latestDate(p: { span?: { to: string } | null; datesOnly?: DatesOnly | undefined }): string {
  return p.span?.to ?? p.datesOnly?.to ?? '';
}

/**
 * {@link latestDate} of a whole model (its rows at hand, not yet summarised): the search index
 * part's recency (src/lib/search/write-search-index.ts), so that a dates-only project's results
 * are not ranked as the oldest on a tie (use14). Null when no row is dated.
 */
export function modelLatestDate(model: { span: { to: string } | null; rows: ReadonlyArray<{ ts: string }> }): string | null {
  return model.span?.to ?? datesOnly(model.rows)?.to ?? null;
}
