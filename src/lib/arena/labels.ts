/**
 * Blind candidate labels (quality-and-design-controls.md, section 2, step 3: "the candidate
 * documents with labels A, B, C"). Candidate folders are `design/candidates/<n>/`; Trailbook
 * maps `<n>` to the judge's label so scores, picks and grafts can be joined to the files.
 */

/**
 * The label of candidate folder `folder`:
 * - one letter (`a`, `B`) → that letter upper-cased;
 * - a number 1–26 (`1`, `02`) → the letter at that position (`1` → `A`);
 * - `candidate-x`, `candidate_2`, `cand-3` → the label of the part after the prefix;
 * - anything else → the folder name as written.
 */
export function candidateLabel(folder: string): string {
  const f = folder.trim();
  if (/^[A-Za-z]$/.test(f)) return f.toUpperCase();
  if (/^\d+$/.test(f)) {
    const n = Number(f);
    if (n >= 1 && n <= 26) return String.fromCharCode(64 + n);
    return f;
  }
  const prefixed = /^(?:candidate|cand)[-_ ]?([A-Za-z0-9]+)$/i.exec(f);
  return prefixed ? candidateLabel(prefixed[1] as string) : f;
}

/**
 * The label a header cell or a mention names: `B`, `**B**`, `Candidate B`, `cand. b` → `B`.
 * Returns the text as written when it is no single label.
 */
export function labelOf(text: string): string {
  const t = text.replace(/\*\*|__|`/g, '').trim();
  const m = /^(?:candidate|cand\.?)\s*([A-Za-z0-9]+)$/i.exec(t);
  return candidateLabel(m ? (m[1] as string) : t);
}

/** Finds the first of `labels` named in `text` as a whole word (`candidate B`, `**B**`, `B.`). */
export function mentionedLabel(text: string, labels: readonly string[]): string | null {
  const mentions = new LabelMentions([text]);
  let best: { label: string; at: number } | null = null;
  for (const label of labels) {
    const hit = mentions.first(label);
    if (hit && (best === null || hit.at < best.at)) best = { label, at: hit.at };
  }
  return best?.label ?? null;
}

const WORD_CHAR = /^[\p{L}\p{N}_]$/u;
const isWordChar = (text: string, at: number): boolean => at >= 0 && at < text.length && WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at) as number));
const isWordBefore = (text: string, end: number): boolean => {
  if (end <= 0) return false;
  const low = text.charCodeAt(end - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && end >= 2 ? end - 2 : end - 1;
  return isWordChar(text, start);
};

/**
 * Where `label` is first named in `text` as a whole word, optionally in bold and after
 * `candidate ` (`candidate B`, `**B**`, `B.`): the index of the character before the mention
 * (0 at the start), or null. Found occurrence by occurrence, in linear time.
 */
export function labelMention(text: string, label: string): number | null {
  if (label === '') return null;
  for (let i = text.indexOf(label); i !== -1; i = text.indexOf(label, i + 1)) {
    // Bold marks are not word characters: only the character right after the label bounds it.
    if (isWordChar(text, i + label.length)) continue;
    let stars = i;
    while (stars > 0 && text[stars - 1] === '*') stars--;
    // `candidate B`: the word and its spaces belong to the mention.
    let spaces = stars;
    while (spaces > 0 && /\s/.test(text[spaces - 1] as string)) spaces--;
    const word = spaces - 'candidate'.length;
    if (spaces < stars && word >= 0 && text.slice(word, spaces) === 'candidate' && !isWordBefore(text, word)) return Math.max(0, word - 1);
    if (stars === 0) return 0;
    if (!isWordBefore(text, stars)) return stars - 1;
    // `x**B`: the first bold mark is the boundary.
    if (stars < i) return stars;
  }
  return null;
}

const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const WORD_ONLY = /^[\p{L}\p{N}_]+$/u;

/**
 * Labels holding a character other than a letter, digit or `_` (`x-1`) are looked for text by
 * text ({@link labelMention}); past this many in one search the rest are not looked for (an
 * arena has a handful of candidates: a table header of 100,000 such labels against as many
 * "why it lost" items would make the search quadratic).
 */
export const MAX_SCANNED_LABELS = 200;

/**
 * Whole-word mentions of labels in an ordered list of texts, read once: the first text naming a
 * label is found without a search per label and text (linear in the texts, not labels × texts).
 * A label of letters, digits and `_` is a mention exactly where it is a whole word of the text,
 * so one index of the words answers for every such label; its offset is the word's, which
 * orders mentions as {@link labelMention} does but for a `candidate ` before it.
 */
export class LabelMentions {
  readonly #texts: readonly string[];
  /** Each word (a run of letters, digits and `_`) → [first text holding it, its offset there]. */
  readonly #words = new Map<string, [number, number]>();
  #scanned = 0;

  constructor(texts: readonly string[]) {
    this.#texts = texts;
    texts.forEach((text, i) => {
      for (const m of text.matchAll(WORD_RUN)) if (!this.#words.has(m[0])) this.#words.set(m[0], [i, m.index]);
    });
  }

  /** The first text naming `label` and the offset there, or null. */
  first(label: string): { text: number; at: number } | null {
    if (label === '') return null;
    if (WORD_ONLY.test(label)) {
      const hit = this.#words.get(label);
      return hit ? { text: hit[0], at: hit[1] } : null;
    }
    if (this.#scanned++ >= MAX_SCANNED_LABELS) return null;
    for (let i = 0; i < this.#texts.length; i++) {
      const at = labelMention(this.#texts[i] as string, label);
      if (at !== null) return { text: i, at };
    }
    return null;
  }
}
