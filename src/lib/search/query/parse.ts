/**
 * A search query cut into tokens (issue 11): each whitespace-separated token is matched
 * exactly (an id, a SHA prefix, a path, a flag kind: exact-keys.ts) or as words (its terms,
 * cut by the index's own tokenizer). The last token's last Latin word also matches words it
 * begins (`pars` finds `parser`), ranked below whole words.
 */
import { normaliseWord, queryTerms, STOP_WORDS } from '../tokenize.ts';
import { trimChars } from '../../text/trim-chars.ts';
import { queryExactKeys, type ExactQuery } from '../exact-keys.ts';

/** At most this many tokens of a query are used (the rest are ignored and said so). */
export const MAX_TOKENS = 12;
/** At most this many terms in all. */
export const MAX_TERMS = 30;

/** One token of a query. */
export interface QueryToken {
  /** As typed. */
  raw: string;
  /** Index terms, in order, without repeats (may be empty: a SHA, or only stop words). */
  terms: string[];
  /** Exact lookups. */
  exact: ExactQuery[];
  /** A word the last term may begin (lower case), or null. */
  prefix: string | null;
}

/** Boolean operators as search boxes elsewhere take them, in capitals. */
const OPERATORS: ReadonlySet<string> = new Set(['OR', 'AND', 'NOT']);
/** A word with a leading `-`, as search boxes elsewhere exclude it (`-baseline`; not `--full`, `-1` or `-p`). */
const EXCLUDED = /^-[\p{L}][\p{L}\p{N}_]+$/u;

/** Two SHA prefixes joined by `..` or `...`, as git writes a range of commits. */
const GIT_RANGE = /^([0-9a-fA-F]{4,40})\.{2,3}([0-9a-fA-F]{4,40})$/;

/** A SHA after a field name as search boxes elsewhere write it (`commit:3f2a9c1`, `sha=3f2a9c1`): the word and the SHA, as `commit 3f2a9c1` is. */
const FIELD_SHA = /^(commit|sha|rev)[:=]([0-9a-fA-F]{4,40})$/i;

/** A parsed query. */
export interface ParsedQuery {
  tokens: QueryToken[];
  /** Tokens left out: only common words (`the`), or past the limits. */
  ignored: string[];
}

/** Cuts a query into tokens (a git range `a..b` into its two SHAs; `commit:<sha>` into the word and the SHA: find16, it was read as words and listed 97 results). */
export function parseQuery(q: string): ParsedQuery {
  // Quotes around a token, trimmed in linear time (src/lib/text/trim-chars.ts).
  // A git range (`3f2a9c1..8e01b4d`, `a...b`) is its two commits.
  const raws = q
    .split(/\s+/)
    .map((t) => trimChars(t, '"\'“”‘’'))
    .flatMap((t) => GIT_RANGE.exec(t)?.slice(1, 3) ?? FIELD_SHA.exec(t)?.slice(1, 3) ?? [t])
    .filter((t) => t !== '');
  const tokens: QueryToken[] = [];
  const ignored: string[] = [];
  let termCount = 0;
  raws.forEach((raw, i) => {
    // The words as typed (tokenize.ts queryTerms: not the case parts and joined words the index adds).
    const terms = [...new Set(queryTerms(raw))];
    const exact = queryExactKeys(raw);
    // An operator in capitals (`OR`, `NOT`) is not searched: search has none (operatorNotices).
    if (OPERATORS.has(raw) || (terms.length === 0 && exact.length === 0) || tokens.length >= MAX_TOKENS || termCount + terms.length > MAX_TERMS) {
      ignored.push(raw);
      return;
    }
    termCount += terms.length;
    let prefix: string | null = null;
    if (i === raws.length - 1 && terms.length > 0) {
      const words = raw.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
      const last = normaliseWord(words[words.length - 1] ?? '');
      if (/^[a-z]{3,}$/.test(last)) prefix = last;
    }
    tokens.push({ raw, terms, exact, prefix });
  });
  return { tokens, ignored };
}

/**
 * What the search page says of the tokens a query left out (`ParsedQuery.ignored`), one notice
 * per reason, in the order typed: only common words (`the`, `of`: {@link STOP_WORDS}), no letter
 * or digit at all (`[]()*+?`), or past the limits ({@link MAX_TOKENS} tokens, {@link MAX_TERMS}
 * words). find15: `the of and` and `[]()*+?{}^$|\` were both said to be "too common, or past
 * the 12-word limit", neither of which the second was.
 */
export function leftOutNotices(ignored: readonly string[]): string[] {
  const quoted = (ws: readonly string[]): string => ws.map((w) => `“${w}”`).join(', ');
  // An operator typed in capitals is said by operatorNotices, not as a common word (find16).
  ignored = ignored.filter((w) => !OPERATORS.has(w));
  const noWord = ignored.filter((w) => !/[\p{L}\p{N}]/u.test(w));
  const common = ignored.filter((w) => /[\p{L}\p{N}]/u.test(w) && (w.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).every((run) => STOP_WORDS.has(normaliseWord(run))));
  const past = ignored.filter((w) => !noWord.includes(w) && !common.includes(w));
  const out: string[] = [];
  if (common.length > 0) out.push(`Left out of the search: ${quoted(common)} (${common.length === 1 ? 'a word' : 'words'} too common to search).`);
  if (noWord.length > 0) out.push(`Left out of the search: ${quoted(noWord)} (no letter or digit to search).`);
  if (past.length > 0) out.push(`Left out of the search: ${quoted(past)} (past the ${MAX_TOKENS}-word limit).`);
  return out;
}

/**
 * What the search page says of the operators a query types, which search here does not have
 * (find16): `libpipewire -baseline` ranked the records holding `baseline` higher, unsaid, and
 * `libpipewire OR pipewire` said `“OR” (a word too common to search)`. `OR`, `AND` and `NOT` in
 * capitals are left out of the search ({@link parseQuery}); a word after `-` is searched as any
 * word is. Words are never excluded and never alternatives: each is searched, and results
 * holding every word come first.
 */
export function operatorNotices(q: string): string[] {
  const tokens = q.split(/\s+/).map((t) => trimChars(t, '"\'“”‘’'));
  const out: string[] = [];
  const operators = [...new Set(tokens.filter((t) => OPERATORS.has(t)))];
  if (operators.length > 0) out.push(`Left out of the search: ${operators.map((o) => `“${o}”`).join(', ')} (search has no operators: every other word is searched, and results holding every word come first, then those holding some).`);
  const excluded = [...new Set(tokens.filter((t) => EXCLUDED.test(t)))];
  if (excluded.length > 0) out.push(`A leading “-” does not leave a word out here: ${excluded.map((t) => `“${t.slice(1)}”`).join(', ')} ${excluded.length === 1 ? 'is' : 'are'} searched like the other words. To narrow results, pick a filter.`);
  return out;
}

/** A day as ISO 8601 writes it, with or without its time (`2026-08-19`, `2026-08-19T05:55:00Z`). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[tT ][\d:.]+(?:[zZ]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The notice for a query holding a date (find16: `2026-08-19`, the day of 12 rows of the real
 * corpus, said "No results."): a record's own date is not searched, only the words it writes;
 * the `year` filter narrows by year. Null without a date.
 */
export function dateNotice(q: string): string | null {
  const dated = q.split(/\s+/).some((t) => ISO_DAY.test(trimChars(t, '"\'“”‘’')));
  return dated ? 'A date is found only where a record writes it: a row’s own date is not searched. To narrow results by year, pick the year filter.' : null;
}

/**
 * The notice for a query that quotes words together (`"line counter"`), or null: quotes do not
 * search a phrase here (each token is searched, quotes trimmed), and the reader who typed them
 * expects one.
 */
export function phraseNotice(q: string): string | null {
  // The text between two quotes holds a space: the parts between quote marks at odd places
  // that a quote closes (split, not a backtracking pattern: tests/unit/regex-linearity.test.ts).
  const parts = q.split(/["“”]/);
  const quoted = parts.some((part, i) => i % 2 === 1 && i < parts.length - 1 && /\s/.test(part));
  return quoted ? 'Quotes do not search a phrase: each word is searched, and results holding every word come first.' : null;
}
