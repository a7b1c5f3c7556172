/**
 * Row pages (issue 30, scope 3): a recap carries its first {@link RECAP_ROWS} decision rows
 * itself and links the rest, {@link ROWS_PER_PAGE} a page, at `p/<id>/rows/<n>/` (n ≥ 2), so
 * a 1,000-row recap is a page a person reads, not a megabyte of HTML. Every row stays
 * reachable without scripts (the pager on the recap and on every row page), and every link the
 * pages write to a row lands on it without scripts: it carries the path of the row's page
 * ({@link rowHref}: `rows/3/#row-…` from the recap). A permalink to a row on a later page
 * (`p/<id>/#row-…`, an old link) is taken there by the recap's script from the map of row ids
 * per page it carries ({@link rowPageMap}); search results link the row page itself.
 * Superseded rows stay in the recap's footnote (a few at most). The offline recap.html and
 * `recap.json.gz` keep every row; print the recap.html to print them all.
 *
 * A row page holds twice the recap's rows: its frame (head, site header and footer, pager:
 * about 4 KB) is paid once per page, about 20 bytes a row at 200 rows instead of 40 at 100,
 * and a 1,000-row project has 5 row pages, not 9 (fewer files for a rebuild to carry over).
 */

/** Decision rows a recap shows itself (page 1). */
export const RECAP_ROWS = 100;

/** Decision rows each row page (page ≥ 2) holds. */
export const ROWS_PER_PAGE = 200;

/** Pages of a recap's shown (not superseded) rows: 1 (the recap alone), then a page per {@link ROWS_PER_PAGE} rows past the first {@link RECAP_ROWS}. */
export function rowPageCount(shownRows: number): number {
  return shownRows <= RECAP_ROWS ? 1 : 1 + Math.ceil((shownRows - RECAP_ROWS) / ROWS_PER_PAGE);
}

/** The page (1-based; 1 is the recap) of the shown row at `index` (0-based, file order). */
export function rowPageOf(index: number): number {
  return index < RECAP_ROWS ? 1 : 2 + Math.floor((index - RECAP_ROWS) / ROWS_PER_PAGE);
}

/** The shown rows of page `page`: `[from, to)`, 0-based. */
export function rowPageRange(page: number, shownRows: number): { from: number; to: number } {
  if (page <= 1) return { from: 0, to: Math.min(shownRows, RECAP_ROWS) };
  const from = RECAP_ROWS + (page - 2) * ROWS_PER_PAGE;
  return { from, to: Math.min(shownRows, from + ROWS_PER_PAGE) };
}

/** A row page's path relative to the recap's (`''` for page 1, the recap itself; `rows/2/`). */
export function rowPagePath(page: number): string {
  return page <= 1 ? '' : `rows/${page}/`;
}

/** The prefix every row anchor has (src/lib/trail/rows.ts: `row-<id>`, `row-L<line>`), left out of the map. */
const ANCHOR_PREFIX = 'row-';

/**
 * The recap's map of the rows on later pages: page number → the anchors of its rows without
 * their `row-` prefix (every row anchor has it), joined by spaces (about 9 bytes a row on a
 * real-shaped trail; the prefix was 3.6 KB of a 1,000-row recap). Empty when every row is on
 * the recap. Read with {@link rowPageOfAnchor}.
 */
export function rowPageMap(shownAnchors: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let page = 2; page <= rowPageCount(shownAnchors.length); page++) {
    const { from, to } = rowPageRange(page, shownAnchors.length);
    out[String(page)] = shownAnchors
      .slice(from, to)
      .map((a) => (a.startsWith(ANCHOR_PREFIX) ? a.slice(ANCHOR_PREFIX.length) : a))
      .join(' ');
  }
  return out;
}

/**
 * The page (≥ 2) of {@link rowPageMap} holding the row anchor `anchor` (`row-1dbe060b`), or
 * null when the map does not list it (a row on the recap, or not a row).
 */
export function rowPageOfAnchor(map: Readonly<Record<string, string>>, anchor: string): number | null {
  if (!anchor.startsWith(ANCHOR_PREFIX)) return null;
  const key = anchor.slice(ANCHOR_PREFIX.length);
  if (key === '' || /\s/.test(key)) return null;
  for (const [page, anchors] of Object.entries(map)) if (anchors.split(' ').includes(key)) return Number(page);
  return null;
}

/** {@link rowPageMap} as JSON to sit inside the recap's `<script type="application/json">` (no `<` left to close it). */
export function rowPageMapJson(shownAnchors: readonly string[]): string {
  return JSON.stringify(rowPageMap(shownAnchors)).replaceAll('<', '\\u003c');
}

/**
 * The page (≥ 2) of each shown row past the recap's first {@link RECAP_ROWS}, by anchor
 * (`row-1dbe060b` → 3): built once per project's rows, read per link by {@link rowHref}. A row
 * it does not list (on the recap, or superseded: the recap's footnote) and any other anchor
 * (`flag-3`, `decisions`) are the recap's.
 *
 * @param rows - The project's decision rows in file order; a row with `supersededBy` ids is not shown.
 */
export function rowPagesByAnchor(rows: ReadonlyArray<{ anchor: string; supersededBy: readonly string[] }>): ReadonlyMap<string, number> {
  const out = new Map<string, number>();
  let index = 0;
  for (const r of rows) {
    if (r.supersededBy.length > 0) continue;
    if (index >= RECAP_ROWS) out.set(r.anchor, rowPageOf(index));
    index++;
  }
  return out;
}

/**
 * Where a link on page `from` (1: the recap `p/<id>/`; n ≥ 2: `p/<id>/rows/<n>/`) to the anchor
 * `anchor` goes, so it lands without scripts: `#<anchor>` when the anchor is on that page,
 * else the path of its page relative to `from` and the fragment — `rows/3/#row-…` from the
 * recap, `../../#flag-2` (the recap) or `../3/#row-…` from a row page. Relative, so it holds
 * under any `--base` (pages are directories: astro.config `trailingSlash: 'always'`), and
 * 7 bytes (`rows/3/`; 8 from page 10) or 6 (`../../`) longer than the fragment, not a whole
 * `/p/<id>/…` path.
 *
 * @param pages - {@link rowPagesByAnchor} of the project's rows.
 */
export function rowHref(pages: ReadonlyMap<string, number>, from: number, anchor: string): string {
  const to = pages.get(anchor) ?? 1;
  if (to === from || (to <= 1 && from <= 1)) return `#${anchor}`;
  if (from <= 1) return `rows/${to}/#${anchor}`;
  return to <= 1 ? `../../#${anchor}` : `../${to}/#${anchor}`;
}

/** {@link rowHref} from page `from` as a function of the anchor, over `pages` built once. */
export function rowLinker(pages: ReadonlyMap<string, number>, from: number): (anchor: string) => string {
  return (anchor) => rowHref(pages, from, anchor);
}
