/**
 * `arena/pick-without-trail-row`: the pick has a decision-trail row with phase `design` whose
 * evidence points at selection.md (quality-and-design-controls.md, section 2, step 5: "The
 * lead writes one decision-trail row for the pick, with evidence pointing at selection.md").
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const PICK_WITHOUT_TRAIL_ROW = arenaKind('arena/pick-without-trail-row', 'medium', 'a pick in design/selection.md has a trail row with phase `design` whose evidence points at selection.md');

export const pickWithoutTrailRow: Check = {
  id: 'arena/pick-without-trail-row',
  kinds: [PICK_WITHOUT_TRAIL_ROW],
  run({ arena }) {
    const s = arena?.selection;
    if (!arena || !s || s.pick === null || arena.pickRows.length > 0) return [];
    return [flagOf(PICK_WITHOUT_TRAIL_ROW, `${s.file} picks candidate ${s.pick}, but no trail row with phase design cites ${s.file}: the pick is not in the decision trail`, [], [{ file: s.file, line: s.pickLine || 1 }])];
  },
};
