/**
 * Which findings the run rules apply to (quality-and-design-controls.md, section 1, Scope:
 * "Correctness angle only. Cleanup, altitude and conventions findings keep their current
 * verdicts and do not need a run"). A finding without a category (babysit's bare array)
 * is read as correctness: the verify pass is the correctness pass. So is a category that is
 * none of the four (`security`, a misspelt `corectness`): only the three named exemptions
 * are exempt, so a finding cannot leave the run rules by naming a category of its own.
 */
import type { ReviewFinding } from '../../model/verdicts.ts';

/** Categories whose findings need no run (section 1, Scope). */
export const EXEMPT_CATEGORIES: ReadonlySet<string> = new Set(['cleanup', 'altitude', 'conventions']);

/** True for CONFIRMED findings that are not cleanup, altitude or conventions (the run rules apply). */
export const isConfirmedCorrectness = (f: ReviewFinding): boolean => f.verdict === 'CONFIRMED' && (f.category === null || !EXEMPT_CATEGORIES.has(f.category.trim().toLowerCase()));

/** `pr-12.json finding 2 “summary”`. */
export const findingName = (f: ReviewFinding, index: number): string => `${f.file} finding ${index + 1}`;
