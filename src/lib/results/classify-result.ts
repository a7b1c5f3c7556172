/**
 * Reads a row's free-text `result` as written (issue 27, scope 1; decision trail, Part 1,
 * `result`: "`verified`, `failed`, `open`, `inconclusive`, `reverted`, or a short predicate
 * note"; `skipped` is the design arena's word, quality-and-design-controls.md). Pstack, whose
 * trails are most of the real corpus, defines the result as free text, so agents write
 * `tests green`, `FAIL 4 High`, `failed; source-oracle adaptation in progress`. This module maps
 * such text to a state; the text itself is always shown beside it.
 *
 * The rule (docs/checks.md, "Results as written"):
 * 1. The text is cut into clauses at `;`, `,`, `!`, `?`, brackets, line breaks, a `.` or `:`
 *    before a space, a dash between spaces, and the word `but`.
 * 2. In each clause the words of {@link ../results/result-words.ts} are found (any case;
 *    Latin words whole, Japanese, Korean and Chinese words as text).
 * 3. Negation: a state word with `not`, `no`, `never`, `0`, `zero`, `without` … at most two
 *    words before it is denied. A denied failure is a success (`0 failed`); a denied outcome
 *    (`not passing`, `not green`) is a failure; a denied check (`never verified`) is
 *    inconclusive; any other denied word says nothing.
 * 4. A failure already dealt with (`errors noted`, `blockers resolved`), caught on purpose
 *    (`failed before fix`, `disabled rehash failed regression`) or a failure noun used as a
 *    modifier (`error codes`, `regression tests`) says nothing.
 * 5. A fraction below its whole beside a success (`4/5 green`) is partial: inconclusive.
 * 6. The most serious state found wins: failed, reverted, open, inconclusive, skipped,
 *    verified, reported done; none found: note.
 *
 * Pure; linear in the text's length.
 */
import type { ResultClass } from '../model/types.ts';
import { CJK_WORDS, DELIBERATE_BEFORE, DONE_WORDS, FAILED_WORDS, FAILURE_NOUNS, INCONCLUSIVE_WORDS, MODIFIED_NOUNS, NEGATORS, OPEN_WORDS, REVERTED_WORDS, SETTLED_AFTER, SKIPPED_WORDS, VERIFIED_WORDS } from './result-words.ts';

/** Every result state, most serious first: the order the recap and search list them in. */
export const RESULT_CLASSES = ['failed', 'reverted', 'open', 'inconclusive', 'skipped', 'verified', 'reported-done', 'note'] as const satisfies readonly ResultClass[];

/** What each state is called on a page, in search's `result` filter and in exports' words. */
export const RESULT_LABELS: Readonly<Record<ResultClass, string>> = {
  failed: 'failed',
  reverted: 'reverted',
  open: 'open',
  inconclusive: 'inconclusive',
  skipped: 'skipped',
  verified: 'verified',
  'reported-done': 'reported done',
  note: 'note',
};

/**
 * The states of Check first's first group (issue 27): a row with one of these results needs a
 * person whatever its evidence says.
 */
export const OPEN_RESULTS: ReadonlySet<ResultClass> = new Set(['failed', 'reverted', 'open', 'inconclusive', 'skipped']);

/** Whether a result is in the agent's words only: `reported done` or a note (Check first's second group). */
export function inAgentsWords(result: ResultClass): boolean {
  return result === 'reported-done' || result === 'note';
}

/** A result read: its state and the word that decided it (null for a note). */
export interface ResultReading {
  state: ResultClass;
  /** The words as written that decided the state (`FAIL`, `0 failed`, `not passing`), or null. */
  word: string | null;
}

type State = Exclude<ResultClass, 'note'>;

const RANK: Readonly<Record<ResultClass, number>> = Object.fromEntries(RESULT_CLASSES.map((c, i) => [c, i])) as Record<ResultClass, number>;

/** Outcome words a negation turns into a failure (`not passing`, `not green`). */
const OUTCOMES = new Set(['pass', 'passed', 'passes', 'passing', 'green', 'ok', 'okay', 'succeeded', 'success', 'successful', 'clean', 'works', 'working', 'holds']);
/** Check words a negation turns into inconclusive (`never verified`, `not confirmed`). */
const CHECKS = new Set(['verified', 'confirmed']);

interface Phrase {
  words: readonly string[];
  state: State;
}

/** Phrases by their first word, longest first. */
const PHRASES: ReadonlyMap<string, readonly Phrase[]> = (() => {
  const lists: Array<[readonly string[], State]> = [
    [FAILED_WORDS, 'failed'],
    [OPEN_WORDS, 'open'],
    [INCONCLUSIVE_WORDS, 'inconclusive'],
    [REVERTED_WORDS, 'reverted'],
    [SKIPPED_WORDS, 'skipped'],
    [VERIFIED_WORDS, 'verified'],
    [DONE_WORDS, 'reported-done'],
    [['exit 0'], 'reported-done'],
  ];
  const map = new Map<string, Phrase[]>();
  for (const [list, state] of lists) {
    for (const text of list) {
      const words = text.split(' ');
      const first = words[0] as string;
      map.set(first, [...(map.get(first) ?? []), { words, state }]);
    }
  }
  for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length);
  return map;
})();

const NEGATOR = new Set(NEGATORS);
const SETTLED = new Set(SETTLED_AFTER);
const DELIBERATE = new Set(DELIBERATE_BEFORE);
const NOUNS = new Set(FAILURE_NOUNS);
const MODIFIED = new Set(MODIFIED_NOUNS);
const CJK = [...CJK_WORDS].sort((a, b) => b[0].length - a[0].length);
const HAS_CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

/** Clause breaks (rule 1). */
const CLAUSE_BREAK = /[;,!?()[\]{}\n\r|]|[.:](?=\s|$)|\s[-–—]+\s|\bbut\b/iu;
/** A word: letters and digits, joined by `'`, `-`, `/` or `.` (`fail-closed`, `4/5`, `1.1s`, `didn't`). */
const WORD = /[\p{L}\p{N}]+(?:['’\-/.][\p{L}\p{N}]+)*/gu;

/** The states one clause says, with the words that said them. */
function readClause(clause: string, found: Array<{ state: ResultClass; word: string }>): void {
  const raw = [...clause.matchAll(WORD)].map((m) => m[0]);
  const words = raw.map((w) => w.toLowerCase().replace(/’/g, "'"));
  const spoken: Array<{ state: ResultClass; word: string }> = [];
  let success = false;
  for (let i = 0; i < words.length; ) {
    const phrase = (PHRASES.get(words[i] as string) ?? []).find((p) => p.words.every((w, k) => words[i + k] === w));
    if (!phrase) {
      i++;
      continue;
    }
    const at = i;
    const end = i + phrase.words.length;
    i = end;
    const word = raw.slice(at, end).join(' ');
    const from = NEGATOR.has(words[at - 1] ?? '') ? at - 1 : NEGATOR.has(words[at - 2] ?? '') ? at - 2 : at;
    const denier = from < at ? words[from] : undefined;
    const said = raw.slice(from, end).join(' ');
    const only = phrase.words.length === 1 ? phrase.words[0] as string : '';
    if (phrase.state === 'failed') {
      if (denier !== undefined) {
        spoken.push({ state: 'reported-done', word: said });
        success = true;
        continue;
      }
      if (NOUNS.has(only) && (MODIFIED.has(words[end] ?? '') || OUTCOMES.has(words[end] ?? ''))) continue;
      if (words.slice(end).some((w) => SETTLED.has(w))) continue;
      if (DELIBERATE.has(words[0] ?? '') && at > 0) continue;
      spoken.push({ state: 'failed', word });
      continue;
    }
    if (phrase.state === 'reported-done' || phrase.state === 'verified') {
      if (denier !== undefined) {
        if (OUTCOMES.has(only)) spoken.push({ state: 'failed', word: said });
        else if (CHECKS.has(only)) spoken.push({ state: 'inconclusive', word: said });
        continue;
      }
      if (phrase.state === 'reported-done') success = true;
      spoken.push({ state: phrase.state, word });
      continue;
    }
    if (denier !== undefined) continue;
    if (phrase.state === 'open' && words.slice(end).some((w) => SETTLED.has(w) && w !== 'before')) continue;
    spoken.push({ state: phrase.state, word });
  }
  // Rule 5: a fraction below its whole beside a success (`4/5 green`).
  if (success) {
    const part = raw.find((w) => /^\d+\/\d+$/.test(w) && Number(w.split('/')[0]) < Number(w.split('/')[1]));
    if (part !== undefined) spoken.push({ state: 'inconclusive', word: part });
  }
  if (HAS_CJK.test(clause)) {
    for (let j = 0; j < clause.length; ) {
      const hit = CJK.find(([w]) => clause.startsWith(w, j));
      if (hit) {
        spoken.push({ state: hit[1], word: hit[0] });
        j += hit[0].length;
      } else j++;
    }
  }
  found.push(...spoken);
}

/**
 * Reads a result as written.
 *
 * @param result - The row's `result` cell, as written.
 * @returns Its state and the words that decided it ({@link ResultReading}); a text with none
 *   of the listed words is a `note` (word null).
 */
export function readResult(result: string): ResultReading {
  const text = result.trim();
  if (/^verified$/i.test(text)) return { state: 'verified', word: text };
  const found: Array<{ state: ResultClass; word: string }> = [];
  for (const clause of text.split(CLAUSE_BREAK)) if (clause !== undefined && clause.trim() !== '') readClause(clause, found);
  let best: { state: ResultClass; word: string } | null = null;
  for (const f of found) if (best === null || RANK[f.state] < RANK[best.state]) best = f;
  return best === null ? { state: 'note', word: null } : best;
}

/** Results already read: trails repeat a few results (`tests green`, `open`) over thousands of rows. */
const READ = new Map<string, ResultClass>();
/** Past this many distinct results the memo starts again (memory stays bounded whatever the input). */
const READ_MAX = 4096;

/** A result's state ({@link readResult}), memoised for short texts. */
export function classifyResult(result: string): ResultClass {
  if (result.length > 200) return readResult(result).state;
  const known = READ.get(result);
  if (known !== undefined) return known;
  const state = readResult(result).state;
  if (READ.size >= READ_MAX) READ.clear();
  READ.set(result, state);
  return state;
}
