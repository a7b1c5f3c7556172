/**
 * `arena/rubric-weights`: when a rubric weights its criteria, the weights add up to the total it
 * declares (a `Total` row, prose such as "Weights sum to 100", or 100 when every weight is a
 * percentage). The seed's rubric has no weights (quality-and-design-controls.md, section 2,
 * step 1); a rubric that adds them and gets the sum wrong leaves the judge weighing criteria
 * differently from what the lead wrote. An arithmetic slip in the rubric, not a claim about
 * the candidates: low, as an unreadable score is. Trailbook's totals are unweighted either way.
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const RUBRIC_WEIGHTS = arenaKind('arena/rubric-weights', 'low', 'the weights of design/rubric.md add up to the total it declares (a Total row, "weights sum to N", or 100 for percentages)');

export const rubricWeights: Check = {
  id: 'arena/rubric-weights',
  kinds: [RUBRIC_WEIGHTS],
  run({ arena }) {
    const r = arena?.rubric;
    const w = r?.weights;
    if (!r || !w || w.declared === null || Math.abs(w.sum - w.declared) < 1e-9) return [];
    return [flagOf(RUBRIC_WEIGHTS, `the weights of ${r.file} add up to ${w.sum}, but it declares a total of ${w.declared}`, [], [{ file: r.file, line: w.line || 1 }])];
  },
};
