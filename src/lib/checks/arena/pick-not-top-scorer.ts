/**
 * `arena/pick-not-top-scorer`: a pick that is not the top scorer says why
 * (spec/input.md section 5: "a pick that is not the top scorer with no reason given";
 * quality-and-design-controls.md, section 2, step 3: the judge "names the pick").
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const PICK_NOT_TOP_SCORER = arenaKind('arena/pick-not-top-scorer', 'medium', 'a pick that is not the top scorer gives its reason (a Pick section with text, or front matter `reason`)');

export const pickNotTopScorer: Check = {
  id: 'arena/pick-not-top-scorer',
  kinds: [PICK_NOT_TOP_SCORER],
  run({ arena }) {
    const s = arena?.selection;
    const m = s?.matrix;
    if (!s || !m || s.pick === null || m.top.length === 0 || m.top.includes(s.pick) || s.pickReason !== '') return [];
    const totals = m.candidates.map((c) => `${c} ${m.totals[c] ?? 0}`).join(', ');
    return [flagOf(PICK_NOT_TOP_SCORER, `${s.file} picks ${s.pick}, but ${m.top.join(' and ')} scored highest (totals: ${totals}) and no reason is given`, [], [{ file: s.file, line: s.pickLine || m.line }])];
  },
};
