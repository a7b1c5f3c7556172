/**
 * One cell of selection.md's scores table (spec/input.md section 5: "each cell a score with
 * the section it cites, e.g. `4 (§ Shape)`"; quality-and-design-controls.md, section 2,
 * step 3: "cites the section that supports the score").
 */

/** A score cell, read. */
export interface ScoreCell {
  /** The number, or null when the cell starts with none. */
  score: number | null;
  /** `N` of a `4/5` cell, else null. */
  outOf: number | null;
  /** The cited section(s) without `§` (`Shape`, `Shape, Risks`), or null when none is cited. */
  cites: string | null;
}

/**
 * Reads a cell. Accepted: `4 (§ Shape)`, `4 (§Shape, §Risks)`, `4 § Shape`, `4/5 (§ Shape)`,
 * `**4** (§ Shape)`, `4 (Shape)`; a bare `4` has no citation. Empty, `—`, `n/a` and text
 * that does not start with a number have no score. Pure.
 */
export function parseScoreCell(raw: string): ScoreCell {
  const t = raw.replace(/\*\*|__/g, '').trim();
  const m = /^(\d+(?:[.,]\d+)?)(?:\s*\/\s*(\d+(?:[.,]\d+)?))?\s*(.*)$/s.exec(t);
  if (!m) return { score: null, outOf: null, cites: null };
  const score = Number((m[1] as string).replace(',', '.'));
  const outOf = m[2] === undefined ? null : Number(m[2].replace(',', '.'));
  let rest = (m[3] ?? '').trim();
  const paren = /^\((.*)\)$/s.exec(rest);
  if (paren) rest = (paren[1] as string).trim();
  const cites = rest.replace(/§\s*/g, '').replace(/\s+/g, ' ').trim();
  return { score, outOf, cites: cites === '' ? null : cites };
}
