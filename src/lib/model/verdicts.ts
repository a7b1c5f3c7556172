/**
 * QA verdicts, review findings and repair loops as read from a project's `qa/`, `verdicts/`,
 * `reviews/` and `premises.jsonl` (quality-and-design-controls.md, sections 1, 3 and 4;
 * spec/input.md section 6). Adapters in src/lib/verdicts/ build it; checks in
 * src/lib/checks/{verdict,finding,loop}/ read it; the recap's Verdicts, Review findings and
 * Repair loops sections render it. Each type is inferred from its schema (quality-schema.ts,
 * where each field's meaning is noted).
 */
import type { z } from 'zod';
import type { criterionSchema, findingSchema, premiseRowSchema, qaVerdictSchema, reviewSchema, verdictsSchema } from './quality-schema.ts';

/** The three-state verdict of one criterion (section 3). Other values are kept as written. */
export type CriterionState = 'VERIFIED' | 'NOT_VERIFIED' | 'INCONCLUSIVE';

/** Everything the Verdicts, Review findings and Repair loops sections show. */
export type VerdictsModel = z.infer<typeof verdictsSchema>;

/** One acceptance criterion or journey of a QA gate (section 3, "Where this applies": qa). */
export type QaCriterion = z.infer<typeof criterionSchema>;

/** One QA gate verdict: the structured form, or babysit's text form (spec/input.md section 6). */
export type QaVerdict = z.infer<typeof qaVerdictSchema>;

/** One `key=grade` of a babysit text verdict's `RUBRIC:` line (grades A–D or N/A). */
export type RubricGrade = QaVerdict['rubric'][number];

/** Whether a gate's criteria support its verdict (section 3: "A gate passes only when ..."): null when there are no criteria. */
export type GateSupport = QaVerdict['support'];

/** The `STATUS:` line of a `verdicts/<skill>.md` other than qa (spec/input.md section 6). */
export type SkillStatus = VerdictsModel['skills'][number];

/** One review-pr finding (sections 1 and 3). */
export type ReviewFinding = z.infer<typeof findingSchema>;

/** The run behind a finding (section 1: "the exact command and the output excerpt (≤ 20 lines)"). */
export type Repro = NonNullable<ReviewFinding['repro']>;

/** One `reviews/<name>.json`. */
export type Review = z.infer<typeof reviewSchema>;

/** A check review-pr cleared, with its evidence level (section 3: "cleared" list). */
export type ClearedCheck = Review['cleared'][number];

/** One row of `premises.jsonl`: one attempt of a repair loop (section 4). */
export type PremiseRow = z.infer<typeof premiseRowSchema>;

/** The rows of one repair loop: same ticket, gate and normalised fingerprint (section 4). */
export type RepairLoop = VerdictsModel['loops'][number];
