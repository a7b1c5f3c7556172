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
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(?:^|[^\\p{L}\\p{N}_])(?:candidate\\s+)?\\**${escaped}\\**(?=$|[^\\p{L}\\p{N}_])`, 'u');
    const m = re.exec(text);
    if (m && (best === null || m.index < best.at)) best = { label, at: m.index };
  }
  return best?.label ?? null;
}
