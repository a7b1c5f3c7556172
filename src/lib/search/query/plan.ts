/**
 * A search's plan of lookups for one index (engine.ts): every exact lookup (ids, SHAs, paths,
 * flag kinds), every word's dictionary entry and a last word's prefix are started at once (one
 * round trip, not one per lookup), and postings are fetched as soon as an entry is read, while
 * the parts table is still being decoded (docs/architecture.md, "Round trips").
 */
import { facetTerm, type DictEntry } from '../index/format.ts';
import { pathMatch } from '../exact-keys.ts';
import type { ParsedQuery } from './parse.ts';
import type { IndexRuntime } from './runtime.ts';
import { phrasePlan } from './phrase.ts';

/** Most words a prefix may stand for. */
/** The shortest SHA key (`hex:` and 7 digits, git's shortest abbreviation) a longer SHA typed finds. */
const SHORTEST_SHA_KEY = 'hex:'.length + 7;

export const PREFIX_TERMS = 8;

/** The lookups a search started. */
export interface Lookups {
  /** Each word term's dictionary entry (null: not in the index). */
  speculative: Map<string, Promise<DictEntry | null>>;
  /** The words a last word only begun may be, or null. */
  earlyPrefix: Promise<DictEntry[]> | null;
  /** Per query token, the records found exactly: [document, exact score, facet code word]. */
  exactLookups: Promise<Array<Array<[number, number, number]>>>;
}

/**
 * Starts every lookup of `parsed` (with filters `active`) in index `ix`; nothing is awaited.
 * `firstPage`: a common word's top block is fetched instead of its postings (once every word's
 * entry is read), or, for a phrase with a near-universal word, the other words' first blocks
 * (phrase.ts); a last word's other words are looked up but their postings not fetched
 * (engine.ts, `firstPage`).
 */
export function planLookups(ix: IndexRuntime, parsed: ParsedQuery, active: Array<[string, readonly string[]]>, firstPage = false): Lookups {
  const tokens = parsed.tokens;
  // Exact lookups first: a token matched exactly needs no word lookups. Every lookup, and the
  // dictionary entries of every word, are fetched at once (one round trip, not one per lookup);
  // the entries of a token matched exactly are then left unused.
  const speculative = new Map<string, Promise<DictEntry | null>>();
  // Filters alone: the postings filterCandidates will read are fetched now (their entries are
  // in the manifest): the smallest filter's, and the second smallest's unless a project
  // filter (its records come from the parts table) may be the other.
  if (tokens.length === 0) {
    const byFilter = active
      .filter(([key]) => key !== 'project')
      .map(([key, wanted]) => wanted.map((v) => ix.facetEntry(facetTerm(key, v))).filter((e): e is DictEntry => e !== null))
      .sort((a, b) => a.reduce((n, e) => n + e[1], 0) - b.reduce((n, e) => n + e[1], 0));
    const read = active.some(([key]) => key === 'project') ? 1 : 2;
    // One value of one filter, on a first page: its first block (one-filter.ts).
    const one = firstPage && active.length === 1 && active[0]?.[0] !== 'project' && active[0]?.[1].length === 1;
    for (const entries of byFilter.slice(0, read)) for (const e of entries) (one ? ix.prefetchTop(e) : ix.prefetchPostings(e));
  }
  // A plain word's postings (a token with no exact form: not an id, SHA, path or flag kind, which
  // are looked up first) are fetched as soon as its entry is read, while the parts table is
  // decoded; so are the words a last word only begun may be.
  for (const t of tokens)
    for (const term of t.terms)
      if (!speculative.has(term)) {
        const pending = ix.entry(term);
        if (!firstPage) pending.then((e) => (e && t.exact.length === 0 ? ix.prefetchPostings(e) : undefined)).catch(() => undefined); // awaited below when used; unused, its failure does not matter
        speculative.set(term, pending);
      }
  // A first page: once every word's entry is read, the words' top blocks, or for a phrase with
  // a near-universal word the other words' first blocks (phrase-page.ts).
  if (firstPage) {
    const terms = [...speculative.keys()];
    const phrase = active.length === 0 && tokens.every((t) => t.exact.length === 0 && t.terms.length === 1) && terms.length === tokens.length;
    Promise.all(terms.map((term) => speculative.get(term) as Promise<DictEntry | null>))
      .then((entries) => {
        const plan = phrase ? phrasePlan(terms, entries, ix.info.docs) : null;
        if (plan) for (const j of plan.listed) ix.prefetchBlock(entries[j] as DictEntry, 0);
        else entries.forEach((e, j) => (e && tokens.some((t) => t.exact.length === 0 && t.terms.includes(terms[j] as string)) ? ix.prefetchTop(e) : undefined));
      })
      .catch(() => undefined);
  }
  const lastToken = tokens[tokens.length - 1];
  // (Not for a first page holding a common word, read from top blocks, which needs no prefix:
  // the engine looks the prefix up itself if the top blocks fall short.)
  const topBlocks = firstPage && tokens.some((t) => t.exact.length === 0 && t.terms.some((term) => ix.hasTopBlock(term)));
  const earlyPrefix = lastToken?.prefix && lastToken.exact.length === 0 && !topBlocks ? ix.prefixed(lastToken.prefix, PREFIX_TERMS) : null;
  if (!firstPage) earlyPrefix?.then((es) => es.forEach((e) => ix.prefetchPostings(e))).catch(() => undefined);
  const exactLookups = Promise.all(
    tokens.map(async (t) => {
      const lookups = await Promise.all(
        t.exact.map(async (e) => {
          // [document, exact score, facet code word] (the entry carries the word: no part's sigs.bin is read).
          const found: Array<[number, number, number]> = [];
          if (e.type === 'hex') {
            // SHAs beginning with the token, and SHAs a record wrote shorter (7+ digits) that the
            // token begins with: a full SHA pasted from `git log` finds the row citing `2842af7`
            // where no repository resolved it (find15: "No results." before).
            const [longer, shorter] = await Promise.all([ix.exact(`hex:${e.prefix}`, true), ix.exactShorter(`hex:${e.prefix}`, SHORTEST_SHA_KEY)]);
            for (const [, entries] of [...longer, ...shorter]) for (const en of entries) found.push([en[0], en[1] * 10, en[2]]);
          }
          else if (e.type === 'key') for (const [, entries] of await ix.exact(e.key, false)) for (const en of entries) found.push([en[0], en[1] * 10, en[2]]);
          else
            for (const [, entries] of await ix.exact(e.key, false))
              for (const en of entries) {
                const score = pathMatch({ path: en[3] ?? '', quality: en[1] as 2 | 3, ...(en[4] !== undefined ? { from: en[4], to: en[5] as number } : {}) }, { path: e.path, ...(e.line !== undefined ? { line: e.line } : {}) });
                if (score !== null) found.push([en[0], score, en[2]]);
              }
          return found;
        }),
      );
      return lookups.flat();
    }),
  );
  return { speculative, earlyPrefix, exactLookups };
}
