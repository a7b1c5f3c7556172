/**
 * Which findings the run rules apply to (quality-and-design-controls.md, section 1, Scope:
 * "Correctness angle only. Cleanup, altitude and conventions findings keep their current
 * verdicts and do not need a run"). A finding without a category (babysit's bare array)
 * is read as correctness: the verify pass is the correctness pass.
 */
import type { ReviewFinding } from '../../model/verdicts.ts';

/** True for CONFIRMED correctness findings (or findings with no category). */
export const isConfirmedCorrectness = (f: ReviewFinding): boolean => f.verdict === 'CONFIRMED' && (f.category === null || f.category === 'correctness');

/** `pr-12.json finding 2 “summary”`. */
export const findingName = (f: ReviewFinding, index: number): string => `${f.file} finding ${index + 1}`;
