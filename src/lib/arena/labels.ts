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

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const WORD_ONLY = /^[\p{L}\p{N}_]+$/u;

/** Whether the character (code point) starting at `at` is a letter, digit or `_`. */
function wordAt(text: string, at: number): boolean {
  const cp = text.codePointAt(at);
  return cp !== undefined && WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Whether the character (code point) ending just before `at` is a letter, digit or `_`. */
function wordBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = at >= 2 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(at - 2) >= 0xd800 && text.charCodeAt(at - 2) <= 0xdbff ? at - 2 : at - 1;
  return wordAt(text, start);
}

/**
 * Labels holding a character other than a letter, digit or `_` (`x-1`) are looked for by
 * scanning the text, one scan each; past this many in one search the rest are not looked for
 * (an arena has a handful of candidates: a table header of 100,000 such labels would make the
 * search quadratic).
 */
export const MAX_SCANNED_LABELS = 200;

/**
 * Where `label` is first named in `text` as a whole word (nothing but a non-letter, non-digit
 * or the text's end on either side: `candidate B`, `**B**`, `B.`), or -1.
 */
function scanFor(text: string, label: string): number {
  for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + 1)) {
    if (!wordBefore(text, at) && !wordAt(text, at + label.length)) return at;
  }
  return -1;
}

/**
 * Whole-word mentions of labels in an ordered list of texts, read once: the first text naming a
 * label is found without a scan per label and text (linear in the texts, not labels × texts).
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
      const at = scanFor(this.#texts[i] as string, label);
      if (at !== -1) return { text: i, at };
    }
    return null;
  }
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
