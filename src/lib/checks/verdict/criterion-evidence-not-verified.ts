/**
 * `verdict/criterion-evidence-not-verified`: a criterion recorded VERIFIED rests on evidence
 * that resolves (quality-and-design-controls.md, section 3: VERIFIED means "the evidence
 * shows it holds"; spec/input.md section 3: evidence is resolved like trail evidence). A
 * VERIFIED criterion with no evidence, or with a pointer that does not resolve (a fake SHA, a
 * missing path, prose), is a claim the archive cannot back, whatever the gate's verdict. A
 * pointer that is only INCONCLUSIVE (a command, a `/tmp` path) is shown as not verified but
 * raises no flag, as for trail rows.
 */
import type { Flag } from '../../model/types.ts';
import { unbackedEvidence } from '../../verdicts/states.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from './kinds.ts';

export const CRITERION_EVIDENCE_NOT_VERIFIED = verdictKind(
  'verdict/criterion-evidence-not-verified',
  'high',
  'a criterion recorded VERIFIED gives evidence, and every pointer of it resolves or is at most inconclusive',
  'section 3',
);

export const criterionEvidenceNotVerified: Check = {
  id: 'verdict/criterion-evidence-not-verified',
  kinds: [CRITERION_EVIDENCE_NOT_VERIFIED],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.form !== 'structured') continue;
      for (const c of v.criteria) {
        const why = unbackedEvidence(c);
        if (why !== null) flags.push(flagOf(CRITERION_EVIDENCE_NOT_VERIFIED, `${v.gate} gate of ${v.ticket}: ${c.kind} ${c.id} ${quote(c.text, 50)} is recorded VERIFIED but ${why}`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
