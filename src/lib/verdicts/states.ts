/**
 * The three-state verdict vocabulary and gate support (quality-and-design-controls.md,
 * section 3 "Three-state verdict": "A gate passes only when every criterion it covers is
 * VERIFIED, or when a criterion is INCONCLUSIVE and the owning gate records it as
 * nonblocking with a reason").
 */
import type { GateSupport, QaCriterion, QaVerdict, RubricGrade } from '../model/verdicts.ts';
import { isBlank } from '../text/blank.ts';

/** The three states of a criterion (section 3); any other value is kept but never counts as verified. */
export const CRITERION_STATES = ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'] as const;

/**
 * `not verified`, `Not-Verified` → `NOT_VERIFIED`; another word (`skipped`, `done`) upper-cased
 * alike (`SKIPPED`); any other text (not letters and `_` once normalised) is kept as written,
 * trimmed: sec11 found `session cookie eyJ…` shown as `SESSION_COOKIE_EYJ…`, an upper-cased
 * token no secret rule reads, so it was published as written where the text as written is found.
 */
export function normaliseState(state: string): string {
  const normalised = state.trim().toUpperCase().replace(/[\s-]+/g, '_');
  return /^[A-Z_]{1,40}$/.test(normalised) ? normalised : state.trim();
}

/**
 * A gate's or finding's verdict as shown: upper-cased (`pass` → `PASS`, `fixed(2)` → `FIXED(2)`;
 * with `compact`, white space taken out, as a babysit `VERDICT:` line is read: `FIXED (2)`) when it
 * is a word, maybe with a count in brackets; any other text is kept as written, trimmed (sec11: a
 * token there was shown upper-cased, which no secret rule reads, and published as written).
 */
export function normaliseVerdict(verdict: string, compact = false): string {
  const trimmed = verdict.trim();
  const upper = compact ? trimmed.toUpperCase().replace(/\s+/g, '') : trimmed.toUpperCase();
  return /^[A-Z_]{1,40}(?:\([0-9 ]{0,8}\))?$/.test(upper) ? upper : trimmed;
}

/** Whether a normalised state is one of the three. */
export const isKnownState = (state: string): boolean => (CRITERION_STATES as readonly string[]).includes(state);

/** A non-empty nonblocking reason, or null. */
export const nonblockingReason = (c: Pick<QaCriterion, 'nonblocking'>): string | null => (c.nonblocking !== null && !isBlank(c.nonblocking) ? c.nonblocking.trim() : null);

/**
 * The class of a gate verdict: PASS and babysit's FIXED(N) pass ("FIXED is treated like PASS"
 * in babysit's own readiness check); FAIL fails; BLOCKED is blocked; anything else is other.
 */
export function verdictClass(verdict: string): QaVerdict['verdictClass'] {
  const v = verdict.trim().toUpperCase();
  if (v === 'PASS' || /^FIXED(?:\(\s*(?:\d+\s*)?\))?$/.test(v)) return 'pass';
  if (v === 'FAIL' || v === 'FAILED') return 'fail';
  if (v === 'BLOCKED') return 'blocked';
  return 'other';
}

/**
 * Why a criterion recorded VERIFIED is not backed by its evidence, or null when it is: no
 * evidence at all, or a pointer that does not resolve (NOT_VERIFIED: a fake SHA, a missing
 * path, prose). A pointer that is only INCONCLUSIVE (a command) does not count against it.
 */
export function unbackedEvidence(c: Pick<QaCriterion, 'state' | 'evidence' | 'evidenceText'>): string | null {
  if (c.state !== 'VERIFIED') return null;
  if (c.evidence.length === 0 && isBlank(c.evidenceText)) return 'gives no evidence';
  const bad = c.evidence.filter((p) => p.status === 'NOT_VERIFIED');
  if (bad.length === 0) return null;
  return `rests on evidence that does not resolve: ${bad.map((p) => `“${p.raw.length > 40 ? `${p.raw.slice(0, 39)}…` : p.raw}” (${p.reason})`).join('; ')}`;
}

const ids = (cs: QaCriterion[]): string => cs.map((c) => c.id).join(', ');
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * Whether a structured gate's criteria support its verdict. For a passing verdict: every
 * criterion VERIFIED, or INCONCLUSIVE with a nonblocking reason; a NOT_VERIFIED criterion,
 * an unexplained INCONCLUSIVE one or an unknown state contradicts it; no criteria at all
 * cannot support it. A criterion recorded VERIFIED on evidence that does not resolve
 * ({@link unbackedEvidence}) or at level 1 (claimed: "Level 1 is never reported as evidence")
 * counts against a passing verdict, and so do criteria that could
 * not be read (`dropped`: they may be the ones that failed). For FAIL and BLOCKED: supported
 * when some criterion is not VERIFIED.
 *
 * @param dropped - Criteria of the file that were invalid and left out of `criteria`.
 */
export function structuredSupport(verdict: string, criteria: QaCriterion[], dropped = 0): GateSupport {
  const cls = verdictClass(verdict);
  const notVerified = criteria.filter((c) => c.state === 'NOT_VERIFIED');
  const unexplained = criteria.filter((c) => c.state === 'INCONCLUSIVE' && nonblockingReason(c) === null);
  const nonblocking = criteria.filter((c) => c.state === 'INCONCLUSIVE' && nonblockingReason(c) !== null);
  const unknown = criteria.filter((c) => !isKnownState(c.state));
  if (cls === 'other') return { supported: null, reason: `verdict ${verdict} is none of PASS, FAIL, BLOCKED` };
  if (cls === 'pass') {
    if (criteria.length === 0 && dropped === 0) return { supported: null, reason: 'no criteria are recorded, so nothing shows what the gate covered' };
    const against: string[] = [];
    if (notVerified.length > 0) against.push(`${plural(notVerified.length, 'criterion', 'criteria')} not verified (${ids(notVerified)})`);
    if (unexplained.length > 0) against.push(`${plural(unexplained.length, 'criterion', 'criteria')} inconclusive without a nonblocking reason (${ids(unexplained)})`);
    if (unknown.length > 0) against.push(`${plural(unknown.length, 'criterion', 'criteria')} in a state that is not one of the three (${unknown.map((c) => `${c.id}: ${c.state}`).join(', ')})`);
    const unbacked = criteria.filter((c) => unbackedEvidence(c) !== null);
    if (unbacked.length > 0) against.push(`${plural(unbacked.length, 'criterion', 'criteria')} recorded VERIFIED without evidence that resolves (${ids(unbacked)})`);
    const claimed = criteria.filter((c) => c.state === 'VERIFIED' && c.level === 1);
    if (claimed.length > 0) against.push(`${plural(claimed.length, 'criterion', 'criteria')} recorded VERIFIED at level 1, claimed (${ids(claimed)})`);
    if (dropped > 0) against.push(`${plural(dropped, 'criterion', 'criteria')} could not be read (see Invalid records)`);
    if (against.length > 0) return { supported: false, reason: `${verdict} is not supported: ${against.join('; ')}` };
    if (nonblocking.length > 0) return { supported: true, reason: `every criterion is verified, except ${ids(nonblocking)}: inconclusive, recorded as nonblocking by the gate` };
    return { supported: true, reason: `every criterion (${criteria.length}) is verified` };
  }
  const open = criteria.filter((c) => c.state !== 'VERIFIED');
  if (criteria.length > 0 && open.length === 0) return { supported: false, reason: `every criterion is verified, yet the verdict is ${verdict}` };
  if (criteria.length === 0) return { supported: null, reason: `the gate did not pass; no criteria are recorded` };
  return { supported: true, reason: `the gate did not pass: ${plural(open.length, 'criterion', 'criteria')} not verified (${ids(open)})` };
}

/**
 * Grades that contradict a passing babysit text verdict, as babysit's own readiness check
 * reads its rubric: a PASS or FIXED must show `freshness=A` (when graded) and no dimension
 * graded C or D. Grades run A–D (or N/A); any other grade (`F`, `E`) is below D, so it
 * contradicts a pass too rather than slipping through.
 */
export function rubricContradictions(rubric: RubricGrade[]): RubricGrade[] {
  return rubric.filter((g) => !/^(?:[AB][+-]?|N\/?A)$/i.test(g.grade) || (g.dimension.toLowerCase() === 'freshness' && !/^A[+-]?$/i.test(g.grade)));
}

/** Whether a babysit text verdict's rubric supports it (see {@link rubricContradictions}). */
export function textSupport(verdict: string, rubric: RubricGrade[]): GateSupport {
  const cls = verdictClass(verdict);
  if (cls !== 'pass') return { supported: null, reason: cls === 'other' ? `verdict ${verdict} is none of PASS, FIXED(N), FAIL` : 'the gate did not pass' };
  if (rubric.length === 0) return { supported: null, reason: 'no RUBRIC grades are recorded, so nothing shows what the gate covered' };
  const against = rubricContradictions(rubric);
  if (against.length > 0) return { supported: false, reason: `${verdict} is contradicted by its rubric: ${against.map((g) => `${g.dimension}=${g.grade}`).join(', ')}` };
  const fresh = rubric.some((g) => g.dimension.toLowerCase() === 'freshness');
  return { supported: true, reason: `no dimension is graded below B${fresh ? ', and freshness is A' : ''}` };
}
