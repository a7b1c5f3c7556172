/**
 * The one singular/plural choice (issue 31): the word that agrees with a count, `one` when the
 * count is 1 and `many` otherwise (`is`/`are`, `entry`/`entries`, `it`/`them`). Counted nouns
 * are worded with it by `countOf` (src/lib/site/words.ts: `3 rows`) and the CLI's `plural`
 * (src/cli/output.ts: `1,234 rows`).
 */
export function agree(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
