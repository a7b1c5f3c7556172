/**
 * `arena/score-cites-missing-section`: a score's cited section exists in that candidate's
 * design (quality-and-design-controls.md, section 2, step 3: the judge "cites the section
 * that supports the score"; a citation of a section the design does not have supports
 * nothing). Checked only when the candidate's `design.md` was read. A cell may cite several
 * sections (`4 (§ Shape, § Interface)`); each is checked. A cite matches a
 * heading when, ignoring case, `§`, `#` and surrounding punctuation, the heading equals it
 * or starts with it (`§ Risks` matches `## Risks and mitigations`); a cite that is a
 * number (`§ 2`) matches a heading numbered so.
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';
import { trimChars } from '../../text/trim-chars.ts';

export const SCORE_CITES_MISSING_SECTION = arenaKind('arena/score-cites-missing-section', 'medium', "every section a score cites exists in that candidate's design.md");

/** A heading or cite reduced for comparison: lower case, no `§`/`#`, single spaces, no trailing punctuation. */
export function sectionKey(text: string): string {
  const key = text
    .toLowerCase()
    .replace(/[§#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return trimChars(key, ' "\'`*_([{', ' "\'`*_)]}.,:;');
}

/** The sections one cell cites: `Shape, §Interface; Errors` gives three. */
export function citedSections(cites: string): string[] {
  return cites
    .split(/[,;§]/)
    .map((c) => c.trim())
    .filter((c) => sectionKey(c) !== '');
}

const NUMBERING = /^\d+(\.\d+)*\.?\s+/;

/**
 * The headings of one design, keyed for cites: sorted keys, with and without their numbering,
 * so each cite is one binary search (not a comparison with every heading).
 */
export class HeadingKeys {
  readonly #keys: string[];
  readonly #unnumbered: string[];
  constructor(headings: readonly string[]) {
    const keys = headings.map(sectionKey);
    this.#keys = [...keys].sort();
    this.#unnumbered = keys.map((h) => h.replace(NUMBERING, '')).sort();
  }

  /** Whether a cite names one of the headings (see the module comment). */
  has(cite: string): boolean {
    const key = sectionKey(cite);
    if (key === '') return true;
    if (/^\d+(\.\d+)*$/.test(key)) return hasKeyOrPrefix(this.#keys, key, [`${key}.`, `${key} `]);
    return hasKeyOrPrefix(this.#keys, key, [`${key} `]) || hasKeyOrPrefix(this.#unnumbered, key, [`${key} `]);
  }
}

/** Whether sorted `keys` hold `key`, or a key starting with one of `prefixes`. */
function hasKeyOrPrefix(keys: readonly string[], key: string, prefixes: readonly string[]): boolean {
  const at = (target: string): string | undefined => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as string) < target) lo = mid + 1;
      else hi = mid;
    }
    return keys[lo];
  };
  return at(key) === key || prefixes.some((p) => at(p)?.startsWith(p) === true);
}

/** Whether a cite names one of the headings. */
export function citesHeading(cite: string, headings: readonly string[]): boolean {
  return new HeadingKeys(headings).has(cite);
}

export const scoreCitesMissingSection: Check = {
  id: 'arena/score-cites-missing-section',
  kinds: [SCORE_CITES_MISSING_SECTION],
  run({ arena }) {
    const s = arena?.selection;
    if (!arena || !s?.matrix) return [];
    const byLabel = new Map(arena.candidates.map((c) => [c.label, c]));
    const keysOf = new Map<string, HeadingKeys>();
    const flags: Flag[] = [];
    for (const row of s.matrix.rows) {
      for (const cell of row.scores) {
        const candidate = byLabel.get(cell.candidate);
        if (cell.cites === null || !candidate) continue;
        let keys = keysOf.get(candidate.label);
        if (!keys) keysOf.set(candidate.label, (keys = new HeadingKeys(candidate.sections)));
        const found = keys;
        const missing = citedSections(cell.cites).filter((c) => !found.has(c));
        if (missing.length === 0) continue;
        const named = missing.map((c) => `§ ${quote(c, 40)}`).join(', ');
        flags.push(flagOf(SCORE_CITES_MISSING_SECTION, `candidate ${cell.candidate} scores ${cell.score ?? '?'} on ${quote(row.criterion, 40)} citing ${named}, but ${candidate.file} has no such section`, [], [{ file: s.file, line: row.line }]));
      }
    }
    return flags;
  },
};
