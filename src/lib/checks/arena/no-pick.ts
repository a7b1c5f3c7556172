/**
 * `arena/no-pick`: selection.md names the pick (quality-and-design-controls.md, section 2,
 * step 5: "design/selection.md holds the rubric, the scores, the pick, ..."), in front matter
 * `pick` or in a Pick section.
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const NO_PICK = arenaKind('arena/no-pick', 'medium', 'design/selection.md names the picked candidate (front matter `pick`, or a Pick section naming a candidate)');

export const noPick: Check = {
  id: 'arena/no-pick',
  kinds: [NO_PICK],
  run({ arena }) {
    const s = arena?.selection;
    if (!s || s.pick !== null) return [];
    return [flagOf(NO_PICK, `${s.file} names no picked candidate`, [], [{ file: s.file, line: 1 }])];
  },
};
