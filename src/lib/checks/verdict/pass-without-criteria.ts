/**
 * `verdict/pass-without-criteria`: a structured gate that passes lists the criteria it
 * covered (quality-and-design-controls.md, section 3: "A gate passes only when every
 * criterion it covers is VERIFIED"; with none recorded, nothing shows what passed).
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const PASS_WITHOUT_CRITERIA = verdictKind('verdict/pass-without-criteria', 'medium', 'a structured gate whose verdict passes lists at least one criterion', 'section 3');

export const passWithoutCriteria: Check = {
  id: 'verdict/pass-without-criteria',
  kinds: [PASS_WITHOUT_CRITERIA],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.form === 'structured' && v.verdictClass === 'pass' && v.criteria.length === 0) {
        flags.push(flagOf(PASS_WITHOUT_CRITERIA, `${v.gate} gate of ${v.ticket} says ${v.verdict} with no criteria recorded: nothing shows what the gate covered`, [], [{ file: v.file, line: v.line }]));
      }
    }
    return flags;
  },
};
