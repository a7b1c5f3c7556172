/**
 * Evidence that is not verified, across every kind of record that cites evidence: trail rows
 * (spec/input.md section 3), QA criteria and review-finding locations (section 6). INCONCLUSIVE
 * raises no flag but is never clean (quality-and-design-controls.md, section 3), so a gate
 * that asks for verified evidence (`check --fail-on-unverified`) counts it too. Pure.
 */
import type { ProjectModel } from '../model/types.ts';

/** Pointers of a project whose status is NOT_VERIFIED or INCONCLUSIVE. */
export function unverifiedPointers(model: Pick<ProjectModel, 'counts' | 'verdicts'>): number {
  let n = model.counts.evidence.NOT_VERIFIED + model.counts.evidence.INCONCLUSIVE;
  for (const v of model.verdicts?.qa ?? []) for (const c of v.criteria) n += c.evidence.filter((p) => p.status !== 'VERIFIED').length;
  for (const r of model.verdicts?.reviews ?? []) for (const f of r.findings) if (f.location && f.location.status !== 'VERIFIED') n++;
  return n;
}
