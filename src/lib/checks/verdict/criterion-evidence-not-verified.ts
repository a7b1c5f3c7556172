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
import { EVIDENCE_KINDS } from '../evidence/unresolved.ts';
import { verdictKind } from './kinds.ts';

export const CRITERION_EVIDENCE_NOT_VERIFIED = verdictKind(
  'verdict/criterion-evidence-not-verified',
  'high',
  'a criterion recorded VERIFIED gives evidence, and every pointer of it resolves or is at most inconclusive',
  'section 3',
);

export const CRITERION_EVIDENCE_MISMATCH = verdictKind(
  'verdict/criterion-evidence-mismatch',
  'medium',
  'a criterion recorded VERIFIED rests on pointers that are what they claim: a test title in the file it names, a short SHA that names one commit, a record other than the gate’s own (the medium evidence faults; a pointer to nothing is `verdict/criterion-evidence-not-verified`)',
  'section 3',
);

/**
 * The evidence faults of medium severity (docs/checks.md, "The severity rule": a pointer that
 * resolves to something, but not to what it claims, or cannot be pinned): a VERIFIED criterion
 * resting only on such pointers gets the medium kind, as a trail row citing them does (trust14:
 * a criterion citing a test title its file does not hold was high, the same pointer on a row medium).
 */
const MEDIUM_FAULTS: ReadonlySet<string> = new Set(EVIDENCE_KINDS.filter((k) => k.severity === 'medium').map((k) => k.kind));

export const criterionEvidenceNotVerified: Check = {
  id: 'verdict/criterion-evidence-not-verified',
  kinds: [CRITERION_EVIDENCE_NOT_VERIFIED, CRITERION_EVIDENCE_MISMATCH],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const v of verdicts?.qa ?? []) {
      if (v.form !== 'structured') continue;
      for (const c of v.criteria) {
        const why = unbackedEvidence(c);
        if (why === null) continue;
        const bad = c.evidence.filter((p) => p.status === 'NOT_VERIFIED');
        const medium = bad.length > 0 && bad.every((p) => p.fault !== undefined && MEDIUM_FAULTS.has(p.fault));
        flags.push(flagOf(medium ? CRITERION_EVIDENCE_MISMATCH : CRITERION_EVIDENCE_NOT_VERIFIED, `${v.gate} gate of ${v.ticket}: ${c.kind} ${c.id} ${quote(c.text, 50)} is recorded VERIFIED but ${why}`, [], [{ file: c.file, line: c.line }]));
      }
    }
    return flags;
  },
};
