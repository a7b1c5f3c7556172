/**
 * The design arena as read from a project's `design/` folder (quality-and-design-controls.md,
 * section 2 "Arena-lite basic design"; spec/input.md section 5). Adapters in src/lib/arena/
 * build it, checks in src/lib/checks/arena/ read it, the recap's Design arena section renders
 * it. Markdown that is not parsed into data is kept as sanitised HTML (`*Html` fields, made by
 * src/lib/markdown/render-markdown.ts only). Each type is inferred from its schema
 * (quality-schema.ts, where each field's meaning is noted).
 */
import type { z } from 'zod';
import type { arenaSchema, candidateSchema, matrixSchema, rubricSchema, selectionSchema } from './quality-schema.ts';

/** Everything the Design arena section shows for one project. */
export type ArenaModel = z.infer<typeof arenaSchema>;

/** `design/rubric.md`, read. */
export type ArenaRubric = z.infer<typeof rubricSchema>;

/** One criterion of `design/rubric.md` (section 2, step 1: "3–6 criteria"). */
export type RubricCriterion = ArenaRubric['criteria'][number];

/** One `design/candidates/<n>/design.md` (section 2, step 2). */
export type ArenaCandidate = z.infer<typeof candidateSchema>;

/** The criterion × candidate score matrix parsed from selection.md's scores table. */
export type ArenaMatrix = z.infer<typeof matrixSchema>;

/** One row of the score matrix: a criterion and its score per candidate. */
export type ArenaMatrixRow = ArenaMatrix['rows'][number];

/** One cell of the score matrix: a score and the section it cites (section 2, step 3). */
export type ArenaScore = ArenaMatrixRow['scores'][number];

/** `design/selection.md`, read (section 2, step 5 "Record"). */
export type ArenaSelection = z.infer<typeof selectionSchema>;

/** A part taken from a candidate that was not picked (section 2, step 4). */
export type ArenaGraft = ArenaSelection['grafts'][number];

/** A candidate that lost, and why (section 2, step 5). */
export type ArenaDropped = ArenaSelection['dropped'][number];

/** A section of selection.md rendered as sanitised markdown. */
export type ArenaSection = ArenaSelection['sections'][number];

/** A design row whose result is `skipped`: the arena was skipped for a single-shape requirement. */
export type ArenaSkip = ArenaModel['skipped'][number];
