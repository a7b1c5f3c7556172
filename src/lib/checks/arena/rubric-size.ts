/**
 * `arena/rubric-size`: the rubric has 3–6 criteria (quality-and-design-controls.md, section 2,
 * step 1: "the lead writes design/rubric.md: 3–6 criteria"). An arena without a rubric has 0.
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';
import { countOf } from '../../site/words.ts';

export const RUBRIC_SIZE = arenaKind('arena/rubric-size', 'medium', 'design/rubric.md has 3–6 criteria (a numbered list or a table, one criterion each)');

/** Fewest criteria a rubric may have (section 2, step 1: "3–6 criteria"). */
export const RUBRIC_MIN = 3;
/** Most criteria a rubric may have (section 2, step 1). */
export const RUBRIC_MAX = 6;

export const rubricSize: Check = {
  id: 'arena/rubric-size',
  kinds: [RUBRIC_SIZE],
  run({ arena }) {
    if (!arena || (arena.candidates.length === 0 && arena.selection === null && arena.rubric === null)) return [];
    const r = arena.rubric;
    if (r === null) {
      const at = arena.selection ? { file: arena.selection.file, line: 1 } : { file: arena.candidates[0]?.file ?? 'design', line: 1 };
      return [flagOf(RUBRIC_SIZE, 'the arena has no design/rubric.md: 0 criteria, so nothing fixed the judge’s criteria before the candidates', [], [at])];
    }
    const n = r.criteria.length;
    if (n >= RUBRIC_MIN && n <= RUBRIC_MAX) return [];
    return [flagOf(RUBRIC_SIZE, `${r.file} has ${countOf(n, 'criterion', 'criteria')}; a rubric has ${RUBRIC_MIN}–${RUBRIC_MAX}`, [], [{ file: r.file, line: r.criteria[0]?.line ?? 1 }])];
  },
};
