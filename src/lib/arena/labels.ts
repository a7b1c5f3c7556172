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
  let best: { label: string; at: number } | null = null;
  for (const label of labels) {
    const at = labelMention(text, label);
    if (at !== null && (best === null || at < best.at)) best = { label, at };
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
