/**
 * A first page of a phrase with a near-universal word (issue 30, format 10), the parts the
 * engine (phrase-page.ts) needs: which of a query's words are read from their first
 * blocks and which checked in stored titles, and where the query's words first stand in a
 * stored title.
 *
 * Why it is exact: with no exact token and no filter, the best key a record can have
 * (engine.ts, ranking) is every word whole, in one field, one right after the other in the
 * query's order, that field a decision row's title (coverage 2 a word, phrase, proximity 0,
 * field 9 a word). Up to the last document of the blocks read, every record with that key is a
 * decision row holding each *listed* word (the rarest words, not near-universal) first in its
 * title at its place in the phrase; its stored title tells the rest. So the rows with the best key up to there are
 * found in document order, and when 25 are found they are the whole search's first page, in its
 * order: no later record ranks above them.
 */
import { nearUniversal, STORED_LIMITS, type DictEntry } from '../index/format.ts';
import { termsOf } from '../tokenize.ts';

/** A phrase's words: `listed` read from their first blocks, `checked` (near-universal, or past the {@link LISTED} rarest) in stored titles; places in the query's terms, ascending. */
export interface PhrasePlan {
  listed: number[];
  checked: number[];
}

/**
 * Words of a phrase read from their first blocks, at most: the rarest. Two words at their
 * places in a title leave few rows whose stored titles do not hold the phrase (the uniform
 * `ledger … 14` three words apart); each word more is a block more (`writer`: 67 KB).
 */
const LISTED = 2;

/**
 * Where each of `terms` first stands among the words of a stored title (`title`, as the doc
 * store keeps it: cut to {@link STORED_LIMITS}.title characters), -1 for a word it does not
 * hold; null when that cannot be told: the title was cut and a word is not in what was kept
 * (the cut's last word, perhaps the start of a longer one, does not count).
 */
export function titlePositions(title: string, terms: readonly string[]): number[] | null {
  const cut = title.length >= STORED_LIMITS.title && title.endsWith('…');
  const words = termsOf(cut ? title.slice(0, -1) : title);
  if (cut) words.pop();
  const out = terms.map((t) => words.indexOf(t));
  return cut && out.includes(-1) ? null : out;
}

/** Whether a title holds the phrase, from {@link titlePositions}: the query's words one right after the other, in its order. */
export function holdsPhrase(at: readonly number[]): boolean {
  const start = at[0] ?? -1;
  return start >= 0 && at.every((p, j) => p === start + j);
}

/**
 * Which of `terms` (the query's words in order; `entries[j]` is `terms[j]`'s dictionary entry)
 * are read from their first blocks (the {@link LISTED} rarest of those not near-universal,
 * format.ts nearUniversal, in an index of `docs` records) and which checked in stored titles
 * (the rest), or null when the query is not such a phrase: fewer than two words, a word
 * repeated or not in the index, no near-universal word, or only near-universal words (nothing
 * to read their records from).
 */
export function phrasePlan(terms: readonly string[], entries: ReadonlyArray<DictEntry | null>, docs: number): PhrasePlan | null {
  if (terms.length < 2 || new Set(terms).size !== terms.length) return null;
  const others: number[] = [];
  const checked: number[] = [];
  for (const [j, e] of entries.entries()) {
    if (e === null) return null;
    // A word's entry has a top block when it is in more than TOP_MIN records (the merge's own limit).
    (e[3] !== undefined && nearUniversal(e[1], docs, 0) ? checked : others).push(j);
  }
  if (checked.length === 0 || others.length === 0) return null;
  // The rarest words are read (two place the phrase in a title well enough); the rest are checked too.
  others.sort((a, b) => (entries[a]?.[1] ?? 0) - (entries[b]?.[1] ?? 0) || a - b);
  const listed = others.slice(0, LISTED).sort((a, b) => a - b);
  checked.push(...others.slice(LISTED));
  return { listed, checked: checked.sort((a, b) => a - b) };
}
