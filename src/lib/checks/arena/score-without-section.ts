/**
 * `arena/score-without-section`: every score cites the section that supports it
 * (quality-and-design-controls.md, section 2, step 3: "The judge scores each criterion per
 * candidate, cites the section that supports the score"; spec/input.md section 5: "a score
 * that cites no section").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const SCORE_WITHOUT_SECTION = arenaKind('arena/score-without-section', 'medium', 'every score in the scores table cites the section that supports it, e.g. `4 (§ Shape)`');

export const scoreWithoutSection: Check = {
  id: 'arena/score-without-section',
  kinds: [SCORE_WITHOUT_SECTION],
  run({ arena }) {
    const s = arena?.selection;
    if (!s?.matrix) return [];
    const flags: Flag[] = [];
    for (const row of s.matrix.rows) {
      for (const cell of row.scores) {
        if (cell.score !== null && cell.cites === null) {
          flags.push(flagOf(SCORE_WITHOUT_SECTION, `candidate ${cell.candidate} scores ${cell.score} on ${quote(row.criterion, 40)} and cites no section`, [], [{ file: s.file, line: row.line }]));
        }
      }
    }
    return flags;
  },
};
