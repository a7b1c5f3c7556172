/**
 * Words of Trailbook's search index (issue 11): one tokenizer for the index writer and for the
 * search page, so a query is cut exactly as the records were.
 *
 * - Text is cut into runs of letters, digits and marks (Unicode classes, so Cyrillic, Greek
 *   and Devanagari words are words). Each run is NFKC-normalised and lower-cased; Latin runs
 *   lose their accents (`café` is `cafe`).
 * - Latin words are stemmed with the Porter stemmer (`caching`, `cached`, `cache` → `cach`).
 * - A short list of English function words ({@link STOP_WORDS}) is not indexed and not
 *   required of a result; positions count the remaining words, so `writer for step` reads as
 *   `writer step` when a phrase is scored.
 * - Scripts written without spaces between words (Han, Hiragana, Katakana, Hangul, Thai, Lao,
 *   Khmer, Myanmar) are indexed as overlapping pairs of characters (a run of one character
 *   is itself a term), as Lucene's CJK bigram filter does: `文字列` is `文字`, `字列`. This needs
 *   no dictionary, so the browser and the build agree whatever their ICU versions.
 * - Hexadecimal tokens of 7 to 40 characters with a digit and a letter (SHAs, row ids) are not
 *   words: they go to the exact-token map (exact-keys.ts), which matches their prefixes.
 * - Tokens longer than {@link MAX_TERM} characters are dropped (base64 blobs, minified code).
 * - An identifier whose case changes inside (`StateBasis`, `attachedImagesCount`,
 *   `XMLHttpRequest`) is indexed whole and then as its parts ({@link caseParts}), so its words
 *   find it, typed apart or in snake_case (`state basis`, `attached_images_count`); words
 *   joined by `_` or `-` (`user_text`, `head-lock`, each beginning with a letter) are indexed
 *   as one word too, before them, so `userText` and `headlock` find them. A query's words are
 *   only its words as typed ({@link queryTerms}).
 */
import { stemmer } from 'stemmer';

/** Longest term indexed, in characters. */
export const MAX_TERM = 64;

/** English function words that are neither indexed nor required of a result. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'for', 'from', 'has', 'have', 'if', 'in', 'into', 'is', 'it', 'its', 'of', 'on', 'or', 'so', 'than', 'that', 'the', 'their', 'then', 'there', 'these', 'this', 'those', 'to', 'was', 'were', 'will', 'with',
]);

/** A run of space-less script (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar, the long-vowel mark), or a run of other letters, digits and marks. A literal, so the linearity test reads it. */
const RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc]+)|((?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc])[\p{L}\p{N}\p{M}])+)/gu;
const LATIN = /^[\p{Script=Latin}\p{N}\p{M}]+$/u;
const HEX = /^[0-9a-f]{7,40}$/;

/** A term of the text, with where its run starts and ends in the original string (UTF-16 offsets). */
export interface Token {
  term: string;
  start: number;
  end: number;
}

/** Whether a lower-case token is a hexadecimal id (a SHA or a row id), which is matched exactly, not as a word. */
export function isHexToken(word: string): boolean {
  return HEX.test(word) && /[0-9]/.test(word) && /[a-f]/.test(word);
}

const stems = new Map<string, string>();

/** The index term of one normalised word: its Porter stem for plain Latin words, else the word. */
export function stemOf(word: string): string {
  if (!/^[a-z]{3,}$/.test(word)) return word;
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size < 100_000) stems.set(word, s);
  }
  return s;
}

/** NFKC, lower case, and no accents on Latin letters. */
export function normaliseWord(run: string): string {
  if (/^[A-Za-z0-9]*$/.test(run)) return run.toLowerCase();
  const w = run.normalize('NFKC').toLowerCase();
  return LATIN.test(w) ? w.normalize('NFKD').replace(/\p{M}/gu, '') : w;
}

/** Terms of a space-less run: overlapping pairs of characters, or the character alone. */
function grams(run: string, start: number, out: Token[]): void {
  const chars = Array.from(run.normalize('NFKC').toLowerCase());
  if (chars.length === 1) {
    out.push({ term: chars[0] as string, start, end: start + run.length });
    return;
  }
  // Offsets of each character in the original run (the normalised run may differ in length; then the whole run is the span).
  const original = Array.from(run);
  const sameLength = original.length === chars.length;
  let offset = start;
  const at: number[] = [];
  for (const c of original) {
    at.push(offset);
    offset += c.length;
  }
  at.push(offset);
  for (let i = 0; i + 1 < chars.length; i++) {
    out.push({ term: `${chars[i]}${chars[i + 1]}`, start: sameLength ? (at[i] as number) : start, end: sameLength ? (at[i + 2] as number) : start + run.length });
  }
}

/**
 * Every index term of `text`, in order (stop words, hex ids and overlong tokens left out).
 * The position of a term is its index in the returned list.
 */
export function tokenize(text: string): Token[] {
  return tokenizeWith(text, true);
}

/** A run that joins a chain of words written with `_` or `-` between them (`user_text`, `head-lock`): ASCII letters first. */
const JOINS = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * The words of `text` with their offsets; `more`: also an identifier's case parts (after it)
 * and a chain's joined word (before it), as the index holds them, where a query's own words
 * are only the words as typed ({@link queryTerms}).
 */
function tokenizeWith(text: string, more: boolean): Token[] {
  const out: Token[] = [];
  // The chain of words joined by `_` or `-` being read: its runs, where it starts in the text and in `out`.
  let chain: string[] = [];
  let chainStart = 0;
  let chainAt = 0;
  let lastEnd = -2;
  const flush = (): void => {
    if (chain.length >= 2) {
      const term = termOf(chain.join(''));
      if (term !== null) out.splice(chainAt, 0, { term, start: chainStart, end: lastEnd });
    }
    chain = [];
  };
  for (const m of text.matchAll(RUN)) {
    const start = m.index;
    if (m[1] !== undefined) {
      if (more) flush();
      grams(m[1], start, out);
      continue;
    }
    if (more) {
      const joins = JOINS.test(m[0]);
      const sep = text[lastEnd];
      if (!(chain.length > 0 && joins && start === lastEnd + 1 && (sep === '_' || sep === '-'))) {
        flush();
        if (joins) {
          chainStart = start;
          chainAt = out.length;
        }
      }
      if (joins) chain.push(m[0]);
    }
    const term = termOf(m[0]);
    if (term !== null) out.push({ term, start, end: start + m[0].length });
    if (more) partTokens(m[0], start, out);
    lastEnd = start + m[0].length;
  }
  if (more) flush();
  return out;
}

/**
 * The index terms of `text` only, in order — what {@link tokenize} gives without the offsets
 * (the index writer's fast path: no object per term).
 */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  // The chain of words joined by `_` or `-` (tokenizeWith): its runs, where it starts in `out`.
  let chain: string[] = [];
  let chainAt = 0;
  let lastEnd = -2;
  const flush = (): void => {
    if (chain.length >= 2) {
      const term = termOf(chain.join(''));
      if (term !== null) out.splice(chainAt, 0, term);
    }
    chain = [];
  };
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m !== null; m = RUN.exec(text)) {
    if (m[1] !== undefined) {
      flush();
      const chars = Array.from(m[1].normalize('NFKC').toLowerCase());
      if (chars.length === 1) out.push(chars[0] as string);
      else for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
      continue;
    }
    const joins = JOINS.test(m[0]);
    const sep = text[lastEnd];
    if (!(chain.length > 0 && joins && m.index === lastEnd + 1 && (sep === '_' || sep === '-'))) {
      flush();
      if (joins) chainAt = out.length;
    }
    if (joins) chain.push(m[0]);
    const term = termOf(m[0]);
    if (term !== null) out.push(term);
    // An identifier that changes case: its parts too (caseParts; rare, so not memoised).
    const parts = /[A-Z]/.test(m[0]) ? caseParts(m[0]) : null;
    if (parts) for (const [from, to] of parts) {
      const part = termOf(m[0].slice(from, to));
      if (part !== null) out.push(part);
    }
    lastEnd = m.index + m[0].length;
  }
  flush();
  return out;
}

const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;

/**
 * Where an identifier of ASCII letters and digits changes case, as offsets into `run`
 * (`attachedImagesCount` → [[0, 8], [8, 14], [14, 19]]; `XMLHttpRequest` → XML, Http, Request),
 * or null: no such change (`Committed`, `GITHUB`, `github`; a digit before a capital,
 * `2026-08-19T05:55:00Z`, is no change), or other letters. A loop, not a pattern (tests/unit/regex-linearity.test.ts).
 */
export function caseParts(run: string): Array<[number, number]> | null {
  if (run.length < 3 || !/^[A-Za-z0-9]+$/.test(run)) return null;
  const cuts: number[] = [];
  for (let i = 1; i < run.length; i++) {
    const prev = run.charCodeAt(i - 1);
    const c = run.charCodeAt(i);
    if (!isUpper(c)) continue;
    // lower, then upper (`eI` of `attachedImages`); or upper, upper, lower (`LH` of `XMLHttp`).
    // Not a digit, then upper: a time's `19T05`, `00Z` stays one word.
    if (isLower(prev) || (isUpper(prev) && i + 1 < run.length && isLower(run.charCodeAt(i + 1)))) cuts.push(i);
  }
  if (cuts.length === 0) return null;
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const cut of cuts) {
    out.push([from, cut]);
    from = cut;
  }
  out.push([from, run.length]);
  return out;
}

/** The parts' terms of an identifier that changes case, with their offsets (`start`: where the run starts). */
function partTokens(run: string, start: number, out: Token[]): void {
  const parts = caseParts(run);
  if (!parts) return;
  for (const [from, to] of parts) {
    const term = termOf(run.slice(from, to));
    if (term !== null) out.push({ term, start: start + from, end: start + to });
  }
}

/**
 * The terms of a query's text: its words as typed, without the case parts and joined chains
 * the index adds ({@link tokenize}): every term of a token is required, and `GitHub` must find
 * `github`, `user_text` the rows writing `user text`. What the index adds makes the other
 * spellings meet: `state basis` finds `StateBasis` (its parts), `userText` finds `user_text`
 * and `headlock` finds `head-lock` (the joined chain).
 */
export function queryTerms(text: string): string[] {
  return tokenizeWith(text, false).map((t) => t.term);
}

const terms = new Map<string, string | null>();

/** The index term of one run of letters and digits, or null (stop word, hex id, too long); memoised. */
function termOf(run: string): string | null {
  let term = terms.get(run);
  if (term !== undefined) return term;
  const word = normaliseWord(run);
  term = word === '' || word.length > MAX_TERM || STOP_WORDS.has(word) || isHexToken(word) ? null : stemOf(word);
  if (terms.size > 200_000) terms.clear();
  terms.set(run, term);
  return term;
}

/** Hexadecimal ids written in `text` (lower case, in order, repeats kept). */
export function hexTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(RUN)) {
    if (m[2] === undefined) continue;
    const word = m[0].toLowerCase();
    if (isHexToken(word)) out.push(word);
  }
  return out;
}
