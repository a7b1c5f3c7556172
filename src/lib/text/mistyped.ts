/**
 * Which known word a mistyped one was meant as (a configuration key written `titel`, `Repo`,
 * `haed`): one edit away (a letter added, dropped, changed, or two neighbours swapped), letter
 * case aside. One edit only, so another tool's keys in a shared file (`name` beside `head`, two
 * edits) are not taken for typos.
 */

/**
 * The optimal string alignment distance of `a` and `b` (Levenshtein with adjacent
 * transpositions), in edits, stopping once it exceeds `limit` (returns `limit + 1` then).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The one word of `known` that `word` is one edit from, letter case aside (`Title` → `title`,
 * `titel` → `title`); null when `word` is one of them as written, when none is that near, or
 * when two are.
 */
export function mistypedFor(word: string, known: readonly string[]): string | null {
  if (known.includes(word)) return null;
  const lower = word.toLowerCase();
  const near = known.filter((k) => editDistance(lower, k.toLowerCase(), 1) <= 1);
  return near.length === 1 ? (near[0] as string) : null;
}
