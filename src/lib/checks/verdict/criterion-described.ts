/**
 * `verdict/criterion-described`: a criterion recorded VERIFIED whose evidence only describes
 * the check ("staging run 2026-04-02"): no pointer at all. The
 * seed lets QA evidence be a description (quality-and-design-controls.md, section 3), so this
 * is a notice, not a fault: the archive cannot check it, and says so (src/lib/verdicts/described-check.ts).
 */
import type { Flag } from '../../model/types.ts';
import { onlyDescribed } from '../../verdicts/described-check.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const CRITERION_DESCRIBED = verdictKind(
  'verdict/criterion-described',
  'low',
  'a criterion recorded VERIFIED on a description of its check alone (no pointer) is shown as not checkable',
  'section 3',
);

export const criterionDescribed: Check = {
  id: 'verdict/criterion-described',
  kinds: [CRITERION_DESCRIBED],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.form !== 'structured') continue;
      for (const c of v.criteria) {
        if (c.state !== 'VERIFIED' || !onlyDescribed(c.evidence)) continue;
        flags.push(flagOf(CRITERION_DESCRIBED, `${v.gate} gate of ${v.ticket}: ${c.kind} ${c.id} ${quote(c.text, 50)} is recorded VERIFIED on a description of the check (“${c.evidenceText.length > 60 ? `${c.evidenceText.slice(0, 59)}…` : c.evidenceText}”): not checkable`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
