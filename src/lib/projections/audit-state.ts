/**
 * Whether a project's handover audit matters, and what state it is in (decision trail,
 * Part 2: the audit reviews a project's decision trail; Part 3: with no `audit.json` the recap
 * says the audit was never invoked). A project with no decision trail (only coordination,
 * beads, arena or verdict records) has nothing for the audit to review: it is neither
 * reviewed nor "not reviewed", and no page or report warns that its audit was never invoked.
 */
import type { AuditInfo, SourceFile } from '../model/types.ts';

/** True when the project has a bbs or pstack decision trail. */
export function hasDecisionTrail(sources: readonly Pick<SourceFile, 'format'>[]): boolean {
  return sources.some((s) => s.format === 'bbs-trail' || s.format === 'pstack-trail');
}

/**
 * The audit state the archive home filters on:
 * - `reviewed`: `audit.json` is valid and says `ran`;
 * - `not-reviewed`: the project has a trail and its audit is absent, invalid, `not-run` or `failed`;
 * - `no-trail`: no decision trail and no `audit.json`.
 */
export type AuditState = 'reviewed' | 'not-reviewed' | 'no-trail';

/** The audit state of a project. */
export function auditState(p: { audit: AuditInfo; sources: readonly Pick<SourceFile, 'format'>[] }): AuditState {
  if (p.audit.present && p.audit.valid && p.audit.status === 'ran') return 'reviewed';
  if (!p.audit.present && !hasDecisionTrail(p.sources)) return 'no-trail';
  return 'not-reviewed';
}

/**
 * The audit state the archive home's figure counts and its filters show, one each: `not-reviewed`
 * split into `never-invoked` (a trail and no audit.json; decision trail, Part 3) and
 * `not-reviewed` (audit.json present, and invalid, `not-run` or `failed`; Part 2). The figure's
 * "2 not reviewed" and "6 never invoked" link to `?show=not-reviewed` and `?show=never-invoked`,
 * which list exactly those projects (count10: both linked one filter, listing 8).
 */
export type AuditFigure = 'reviewed' | 'not-reviewed' | 'never-invoked' | 'no-trail';

/** A project's audit state as the home's figure and filters tell them apart. */
export function auditFigure(p: { audit: AuditInfo; sources: readonly Pick<SourceFile, 'format'>[] }): AuditFigure {
  const state = auditState(p);
  return state === 'not-reviewed' && !p.audit.present ? 'never-invoked' : state;
}
