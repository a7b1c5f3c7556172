/**
 * The fields of one project's model, as zod schemas: the project model's one definition
 * (src/lib/model/types.ts `ProjectModel` is inferred from it) and the body of `recap.json`
 * (src/lib/export/recap-export.ts wraps it with `$schema`, `version` and `openBlockers`).
 * Descriptions are published in the recap's JSON Schema; comments are for the code.
 */
import { z } from 'zod';
import { documented } from './export-registry.ts';
import { babysitSchema, beadsSchema, coordinationSchema } from './lifecycle-schema.ts';
import {
  auditInfoSchema,
  citedSchema,
  flagSchema,
  invalidRecordSchema,
  projectCountsSchema,
  repositoryInfoSchema,
  sourceFileSchema,
  spanSchema,
  telemetryRowSchema,
  trailRowSchema,
} from './model-schema.ts';
import { arenaSchema, verdictsSchema } from './quality-schema.ts';
import { handoverReportSchema } from './handover.ts';

/** Everything Trailbook knows about one project after parse and check, field by field, in the order recap.json writes them. */
export const projectModelShape = {
  /** Stable URL-safe id, unique in the archive. */
  id: documented(z.string(), { description: "The project's archive id: its recap is `<base>p/<id>/`." }),
  title: z.string(),
  /** Display path of the project folder (relative to the input root's parent). */
  root: documented(z.string(), { description: 'The project folder, as the input folder’s name and the path below it.' }),
  /** Source kinds present (`bbs-trail`, `pstack-trail`, `audit`, ...). */
  sources: z.array(sourceFileSchema),
  repository: repositoryInfoSchema,
  rows: documented(z.array(trailRowSchema), { description: 'Every valid decision row, in file order (superseded rows included).' }),
  /** True when file order and time order of the rows differ (pstack trails often do). */
  outOfTimeOrder: documented(z.boolean(), { description: 'True when file order and time order of the rows differ.' }),
  /**
   * Set when the landed head predates rows of the trail (issue 26, item 2): `rows` of `of` rows
   * are not committed with the repository and are dated after the head's commit (`headTs`), so
   * what they cite may have come later (missing paths, lines and commits are INCONCLUSIVE).
   */
  headPredates: documented(z.object({ rows: z.number().int().nonnegative(), of: z.number().int().nonnegative(), head: z.string(), headTs: z.string() }).optional(), {
    description: "Set when the landed head predates rows of the trail: `rows` of `of` rows are not committed with the repository and are dated after the head's commit (`headTs`); what they cite may have come later.",
  }),
  telemetry: z.array(telemetryRowSchema),
  audit: auditInfoSchema,
  flags: documented(z.array(flagSchema), { description: 'Every flag, sorted by severity and first place.' }),
  invalid: documented(z.array(invalidRecordSchema), { description: 'Records that failed validation, with their raw text.' }),
  /** Earliest and latest times (ISO strings) of the timed records: trail rows, premise rows, coord events, beads and babysit entries; null when none has a time. */
  span: spanSchema.nullable(),
  cited: citedSchema,
  counts: projectCountsSchema,
  /** The design arena (quality-and-design-controls.md, section 2), or null when there is none. */
  arena: arenaSchema.nullable(),
  /** QA verdicts, review findings, repair loops (sections 1, 3, 4), or null when there are none. */
  verdicts: verdictsSchema.nullable(),
  /** coord.v1 events and their projections (bd-audit-coordination-schema.md), or null when there are none. */
  coordination: coordinationSchema.nullable(),
  /** beads issues with their replayed lifecycle (spec/input.md section 7), or null when there is no `.beads/`. */
  beads: beadsSchema.nullable(),
  /** babysit ticket history and workflow timeline rows (spec/input.md section 7), or null when there are none. */
  babysit: babysitSchema.nullable(),
  /** The handover report (`handover.md`, sanitised), or null when there is none (spec/archive.md recap item 5). */
  handover: documented(handoverReportSchema.nullable(), {
    description: 'The handover report (`handover.md`) as sanitised HTML, or null when the project has none.',
  }),
};

/** One project's model. */
export const projectModelSchema = z.object(projectModelShape);
