/**
 * `arena/unreadable-score`: every cell of the scores table holds a score (spec/input.md
 * section 5: "each cell a score with the section it cites"). An empty cell or one that does
 * not start with a number is kept as written and reported.
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const UNREADABLE_SCORE = arenaKind('arena/unreadable-score', 'low', 'every cell of the scores table starts with a number (the score)');

export const unreadableScore: Check = {
  id: 'arena/unreadable-score',
  kinds: [UNREADABLE_SCORE],
  run({ arena }) {
    const s = arena?.selection;
    if (!s?.matrix) return [];
    const flags: Flag[] = [];
    for (const row of s.matrix.rows) {
      for (const cell of row.scores) {
        if (cell.score === null) flags.push(flagOf(UNREADABLE_SCORE, `candidate ${cell.candidate} on ${quote(row.criterion, 40)}: ${cell.raw === '' ? 'the cell is empty' : `${quote(cell.raw, 30)} is not a score`}`, [], [{ file: s.file, line: row.line }]));
      }
    }
    return flags;
  },
};
