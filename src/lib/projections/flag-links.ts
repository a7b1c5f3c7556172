/**
 * Where a flag points, as the links Attention lists under it (decision trail, Part 3: each
 * flag links to its rows and evidence), and how many of them are shown before the rest fold
 * ("and 537 more"). One rule for every flag kind, on the recap page
 * (src/components/Attention.astro) and in recap.html (src/components/html/export-recap.ts): a
 * flag about 542 beads issues lists its first places, not 542 links.
 */
import type { Flag, TrailRow } from '../model/types.ts';
import { agree } from '../text/agree.ts';

/** One place a flag points at: a link when the page has its anchor, else text. */
export interface FlagLink {
  /** `#row-…` (`rows/3/#row-…` for a row on a later row page), `#beads-…`, or null when the page has no anchor for it. */
  href: string | null;
  /** `row 8635af1e (line 2)`, `.beads/issues.jsonl:17`, `decisions.jsonl` (the whole file), `row 1a2b3c4d (not in the trail)`. */
  label: string;
}

/** Places a flag lists before the rest fold: the first five, then "and N more". */
export const FLAG_LINKS_SHOWN = 5;

/**
 * The links of each flag: its places (`file:line`, so rows with one id in two places each get
 * theirs), then the row ids no place covers. The rows are indexed once, for every flag.
 *
 * @param rows - The project's decision rows (a place on a row links to the row's card).
 * @param placeHref - Where a place that is not a row links on this page (an event's or issue's
 *   anchor), or null to show it as text.
 * @param rowHref - Where a row's card is from this page (anchor → href): on the recap page,
 *   src/lib/site/row-pages.ts `rowHref` from page 1 (a row on a later row page is linked there,
 *   `rows/3/#row-…`); `#<anchor>` by default (recap.html holds every row).
 * @returns A function giving one flag's links, in that order.
 */
export function flagLinker(rows: readonly TrailRow[], placeHref: (at: { file: string; line: number }) => string | null, rowHref: (anchor: string) => string = (a) => `#${a}`): (f: Pick<Flag, 'at' | 'rows'>) => FlagLink[] {
  const rowByPlace = new Map<string, TrailRow>();
  const anchorById = new Map<string, string>();
  for (const r of rows) {
    rowByPlace.set(`${r.file}:${r.line}`, r);
    if (!anchorById.has(r.id)) anchorById.set(r.id, r.anchor);
  }
  return (f) => {
    const links: FlagLink[] = [];
    const covered = new Set<string>();
    for (const at of f.at) {
      const row = rowByPlace.get(`${at.file}:${at.line}`);
      if (row) {
        covered.add(row.id);
        links.push({ href: rowHref(row.anchor), label: `row ${row.id} (line ${at.line})` });
        // Line 0 is the whole file (empty, not read): named by its file (use16: an empty decisions.jsonl's card said "decisions.jsonl:0").
      } else links.push({ href: placeHref(at), label: at.line > 0 ? `${at.file}:${at.line}` : at.file });
    }
    for (const id of f.rows) {
      if (covered.has(id)) continue;
      const a = anchorById.get(id);
      links.push({ href: a ? rowHref(a) : null, label: a ? `row ${id}` : `row ${id} (not in the trail)` });
    }
    return links;
  };
}

/**
 * The links shown and the links folded: past {@link FLAG_LINKS_SHOWN}, the first ones are
 * shown and the rest go behind "and N more" (N = `folded.length`).
 */
export function foldFlagLinks<T>(links: readonly T[], shown = FLAG_LINKS_SHOWN): { shown: T[]; folded: T[] } {
  return links.length <= shown ? { shown: [...links], folded: [] } : { shown: links.slice(0, shown), folded: links.slice(shown) };
}

/** The words of the fold: `and 537 more places`. */
export function moreLinksText(folded: number): string {
  return `and ${folded} more ${agree(folded, 'place', 'places')}`;
}
