/**
 * `arena/scores-off-rubric`: the scores table scores the rubric's criteria, all of them and no
 * other (quality-and-design-controls.md, section 2, step 1 "Rubric first. Before any candidate
 * exists, the lead writes design/rubric.md"; step 3: "The judge scores each criterion per
 * candidate"). A row for a criterion the rubric does not have was judged on something fixed
 * after the candidates existed (the bias the rubric-first step is there to reduce); a rubric
 * criterion with no row was not judged. Names are matched leniently, so wording drift is no
 * flag: case, emphasis and numbering are ignored, one name may be the start of the other
 * (`Size cap` for `Size cap first`), and a row may name a criterion by its number (`1`, `#1`,
 * `C1`, `criterion 1`). Checked only when both the rubric and the scores table have criteria.
 */
import type { Flag } from '../../model/types.ts';
import type { RubricCriterion } from '../../model/arena.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';
import { trimEndChars } from '../../text/trim-chars.ts';

export const SCORES_OFF_RUBRIC = arenaKind('arena/scores-off-rubric', 'medium', 'the scores table of design/selection.md scores each criterion of design/rubric.md and no other (names matched ignoring case, emphasis and numbering, or by number)');

/** A criterion name reduced for matching: lower case, no emphasis, numbering or trailing punctuation, single spaces. */
export function criterionKey(text: string): string {
  const key = text
    .toLowerCase()
    .replace(/[*_`]/g, '')
    .replace(/^\s*(?:criterion\s+|#|c)?\d+\s*[.):—–-]?\s+/, '')
    .replace(/\s+/g, ' ');
  return trimEndChars(key, ' .,:;').trim();
}

/** The criterion number a row names by number alone (`1`, `#1`, `C1`, `criterion 1`), or null. */
function numberOf(text: string): number | null {
  const m = /^\s*(?:criterion\s+|#|c)?(\d+)\.?\s*$/i.exec(text.replace(/[*_`]/g, ''));
  return m ? Number(m[1]) : null;
}

/** Whether a scores row names `criterion` (see the module comment). */
export function namesCriterion(row: string, criterion: Pick<RubricCriterion, 'n' | 'name' | 'text'>): boolean {
  const n = numberOf(row);
  if (n !== null) return n === criterion.n;
  const key = criterionKey(row);
  if (key === '') return false;
  return [criterion.name, criterion.text].some((c) => {
    const other = criterionKey(c);
    return other !== '' && (other === key || other.startsWith(`${key} `) || key.startsWith(`${other} `));
  });
}

export const scoresOffRubric: Check = {
  id: 'arena/scores-off-rubric',
  kinds: [SCORES_OFF_RUBRIC],
  run({ arena }) {
    const rubric = arena?.rubric;
    const s = arena?.selection;
    const m = s?.matrix;
    if (!rubric || !s || !m || rubric.criteria.length === 0 || m.rows.length === 0) return [];
    const flags: Flag[] = [];
    const names = rubric.criteria.map((c) => c.name).join(', ');
    for (const row of m.rows) {
      if (row.criterion === '' || rubric.criteria.some((c) => namesCriterion(row.criterion, c))) continue;
      flags.push(flagOf(SCORES_OFF_RUBRIC, `${s.file} scores ${quote(row.criterion, 50)}, which is not a criterion of ${rubric.file} (${names}): it was judged on a criterion not fixed before the candidates`, [], [{ file: s.file, line: row.line }]));
    }
    for (const c of rubric.criteria) {
      if (m.rows.some((row) => namesCriterion(row.criterion, c))) continue;
      flags.push(flagOf(SCORES_OFF_RUBRIC, `criterion ${c.n} ${quote(c.name, 50)} of ${rubric.file} has no row in the scores table of ${s.file}: the candidates were not judged on it`, [], [{ file: rubric.file, line: c.line }]));
    }
    return flags;
  },
};
