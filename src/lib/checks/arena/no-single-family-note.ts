/**
 * `arena/no-single-family-note`: selection.md says the judge is single-family
 * (quality-and-design-controls.md, section 2, "Known bias": "selection.md must say that the
 * judge is single-family"). Every judge is single-family while cross-family judging is
 * deferred, unless front matter `judge` says otherwise.
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const NO_SINGLE_FAMILY_NOTE = arenaKind('arena/no-single-family-note', 'medium', 'when the judge is single-family, design/selection.md says so (`judge: single-family`, or text naming it)');

export const noSingleFamilyNote: Check = {
  id: 'arena/no-single-family-note',
  kinds: [NO_SINGLE_FAMILY_NOTE],
  run({ arena }) {
    const s = arena?.selection;
    if (!s || !s.singleFamilyJudge || s.singleFamilyNote) return [];
    return [flagOf(NO_SINGLE_FAMILY_NOTE, `${s.file} does not say that the judge is single-family; the judge shares the authors’ family and may favour their style`, [], [{ file: s.file, line: 1 }])];
  },
};
