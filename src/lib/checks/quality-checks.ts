/**
 * The quality-control checks (quality-and-design-controls.md, sections 1–4; spec/input.md
 * sections 5–6), in the order they run. src/lib/checks/index.ts appends them to its list.
 */
import type { Check } from './check.ts';
import { invalidFrontMatter } from './arena/invalid-front-matter.ts';
import { rubricSize } from './arena/rubric-size.ts';
import { rubricWeights } from './arena/rubric-weights.ts';
import { noShapeSection } from './arena/no-shape-section.ts';
import { identicalShapes } from './arena/identical-shapes.ts';
import { scoreWithoutSection } from './arena/score-without-section.ts';
import { scoreCitesMissingSection } from './arena/score-cites-missing-section.ts';
import { unreadableScore } from './arena/unreadable-score.ts';
import { scoresOffRubric } from './arena/scores-off-rubric.ts';
import { noPick } from './arena/no-pick.ts';
import { pickNotTopScorer } from './arena/pick-not-top-scorer.ts';
import { pickUnknownCandidate } from './arena/pick-unknown-candidate.ts';
import { graftWithoutSource } from './arena/graft-without-source.ts';
import { noSingleFamilyNote } from './arena/no-single-family-note.ts';
import { pickWithoutTrailRow } from './arena/pick-without-trail-row.ts';
import { invalidVerdict } from './verdict/invalid-verdict.ts';
import { passWithNotVerified } from './verdict/pass-with-not-verified.ts';
import { passWithInconclusive } from './verdict/pass-with-inconclusive.ts';
import { criterionEvidenceNotVerified } from './verdict/criterion-evidence-not-verified.ts';
import { criterionDescribed } from './verdict/criterion-described.ts';
import { verifiedAtLevel1 } from './verdict/verified-at-level-1.ts';
import { passWithoutCriteria } from './verdict/pass-without-criteria.ts';
import { passContradictsRubric } from './verdict/pass-contradicts-rubric.ts';
import { invalidReview } from './finding/invalid-review.ts';
import { confirmedBelowLevel4 } from './finding/confirmed-below-level-4.ts';
import { confirmedWithoutRepro } from './finding/confirmed-without-repro.ts';
import { confirmedWithoutCheckout } from './finding/confirmed-without-checkout.ts';
import { reproOutputTooLong } from './finding/repro-output-too-long.ts';
import { clearedLevel1 } from './finding/cleared-level-1.ts';
import { locationNotFound } from './finding/location-not-found.ts';
import { invalidPremiseRow } from './loop/invalid-row.ts';
import { noPremiseRow } from './loop/no-premise-row.ts';
import { counterReset } from './loop/counter-reset.ts';
import { attemptAfterFailedPremise } from './loop/attempt-after-failed-premise.ts';

/** Arena, verdict, finding and loop checks. */
export const QUALITY_CHECKS: readonly Check[] = [
  invalidFrontMatter,
  rubricSize,
  rubricWeights,
  noShapeSection,
  identicalShapes,
  scoreWithoutSection,
  scoreCitesMissingSection,
  unreadableScore,
  scoresOffRubric,
  noPick,
  pickUnknownCandidate,
  pickNotTopScorer,
  graftWithoutSource,
  noSingleFamilyNote,
  pickWithoutTrailRow,
  invalidVerdict,
  passWithNotVerified,
  passWithInconclusive,
  passWithoutCriteria,
  criterionEvidenceNotVerified,
  criterionDescribed,
  verifiedAtLevel1,
  passContradictsRubric,
  invalidReview,
  confirmedBelowLevel4,
  confirmedWithoutRepro,
  confirmedWithoutCheckout,
  reproOutputTooLong,
  clearedLevel1,
  locationNotFound,
  invalidPremiseRow,
  noPremiseRow,
  counterReset,
  attemptAfterFailedPremise,
];
