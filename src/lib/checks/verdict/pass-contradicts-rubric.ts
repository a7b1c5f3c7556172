/**
 * `verdict/pass-contradicts-rubric`: a babysit text verdict that passes (PASS or FIXED(N)) has
 * no rubric dimension graded below B (C, D, or a grade outside A–D such as F), and `freshness=A` when freshness is graded — babysit's
 * own readiness reading of its `RUBRIC:` line (spec/input.md section 6: "RUBRIC: with A–D
 * grades"; quality-and-design-controls.md, section 3: the verdict must be supported by what
 * was checked).
 */
import { rubricContradictions } from '../../verdicts/states.ts';
import { flagOf, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const PASS_CONTRADICTS_RUBRIC = verdictKind('verdict/pass-contradicts-rubric', 'medium', 'a babysit text verdict PASS or FIXED(N) grades no RUBRIC dimension below B (C, D, or outside A–D), and grades freshness A', 'section 3');

export const passContradictsRubric: Check = {
  id: 'verdict/pass-contradicts-rubric',
  kinds: [PASS_CONTRADICTS_RUBRIC],
  run({ verdicts }) {
    return (verdicts?.qa ?? [])
      .filter((v) => v.form === 'babysit-text' && v.verdictClass === 'pass')
      .flatMap((v) => {
        const against = rubricContradictions(v.rubric);
        if (against.length === 0) return [];
        return [flagOf(PASS_CONTRADICTS_RUBRIC, `${v.file} says ${v.verdict}, but its rubric grades ${against.map((g) => `${g.dimension}=${g.grade}`).join(', ')}`, [], [{ file: v.file, line: v.line }])];
      });
  },
};
