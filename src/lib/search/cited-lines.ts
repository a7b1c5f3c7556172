/**
 * The cited lines of a file's search record, written into its body ("… at lines 3-5, 9.") and
 * read back by the search page: a file result gets the query's `#L<n>` only when a row cited
 * that line of that version of the file (tryout, round 7: `src/five.ts:4` landed on line 4 of
 * the head's version, which has 2 lines; the row cited line 4 of an older commit's version).
 */

/** A range of cited lines, 1-based, inclusive. */
export interface CitedRange {
  from: number;
  to: number;
}

/** `3-5, 9`: the ranges as the record's body says them (sorted by the caller). */
export function citedLinesText(list: readonly CitedRange[]): string {
  return list.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(', ');
}

/** Whether a file record's body (see {@link citedLinesText}) says `line` was cited. */
export function bodyCitesLine(body: string, line: number): boolean {
  const said = / at lines ([\d, -]+)\.$/.exec(body);
  if (!said) return false;
  return (said[1] as string).split(', ').some((r) => {
    const [from, to] = r.split('-').map(Number) as [number, number | undefined];
    return line >= from && line <= (to ?? from);
  });
}
