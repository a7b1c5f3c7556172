/**
 * The evidence ladder's rungs as Trailbook reads them (spec/input.md section 6: "The evidence
 * ladder's rung table is missing from the seed. Trailbook's reading: ..."). The rules that use
 * the ladder are in quality-and-design-controls.md, section 3.
 */

/** Rung number → what it means. */
export const EVIDENCE_LADDER: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: 'claimed',
  2: 'read the code or diff',
  3: 'static check (types, lint, search)',
  4: 'ran a repro or test on the real artifact',
  5: 'observed on the integrated target (CI on the landed head, deployed)',
};

/** `level 4 — ran a repro or test on the real artifact`, or `no level stated`. */
export function levelText(level: number | null): string {
  if (level === null) return 'no level stated';
  const meaning = EVIDENCE_LADDER[level as 1 | 2 | 3 | 4 | 5];
  return meaning ? `level ${level} — ${meaning}` : `level ${level}`;
}
