/**
 * `recap.json`, one per project: the normalised model, versioned (`trailbook.recap/1`), with
 * a JSON Schema generated from {@link recapExportSchema} and published at
 * `<base>schema/recap.v1.json`. Within a version fields are only ever added.
 */
import { z } from 'zod';
import type { ProjectModel } from '../model/types.ts';
import { documented } from '../model/export-registry.ts';
import { babysitSchema, beadsSchema, coordinationSchema } from '../model/lifecycle-schema.ts';
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
} from '../model/model-schema.ts';
import { arenaSchema, verdictsSchema } from '../model/quality-schema.ts';
import { handoverReportSchema } from '../model/handover.ts';
import { openBlockers } from '../projections/open-blockers.ts';

/** The version string of the recap export. */
export const RECAP_VERSION = 'trailbook.recap/1';

/** The shape of `recap.json`. */
export const recapExportSchema = documented(
  z.object({
    $schema: documented(z.string(), { description: 'URL of this JSON Schema, as published with the archive.' }),
    version: z.literal(RECAP_VERSION),
    id: documented(z.string(), { description: "The project's archive id: its recap is `<base>p/<id>/`." }),
    title: z.string(),
    root: documented(z.string(), { description: 'The project folder, as the input folder’s name and the path below it.' }),
    sources: z.array(sourceFileSchema),
    repository: repositoryInfoSchema,
    rows: documented(z.array(trailRowSchema), { description: 'Every valid decision row, in file order (superseded rows included).' }),
    outOfTimeOrder: documented(z.boolean(), { description: 'True when file order and time order of the rows differ.' }),
    telemetry: z.array(telemetryRowSchema),
    audit: auditInfoSchema,
    flags: documented(z.array(flagSchema), { description: 'Every flag, sorted by severity and first place.' }),
    invalid: documented(z.array(invalidRecordSchema), { description: 'Records that failed validation, with their raw text.' }),
    span: spanSchema.nullable(),
    cited: citedSchema,
    counts: projectCountsSchema,
    arena: arenaSchema.nullable(),
    verdicts: verdictsSchema.nullable(),
    coordination: coordinationSchema.nullable(),
    beads: beadsSchema.nullable(),
    babysit: babysitSchema.nullable(),
    handover: documented(handoverReportSchema.nullable(), {
      description: 'The handover report (`handover.md`) as sanitised HTML, or null when the project has none.',
    }),
    openBlockers: documented(
      z.array(
        z.object({
          source: z.enum(['coord', 'beads', 'verdict', 'loop']),
          what: z.string(),
          next: z.string(),
          by: z.string(),
          issue: z.string(),
          since: z.string(),
          anchor: z.string(),
          file: z.string(),
          line: z.number().int().nonnegative(),
        }),
      ),
      { description: 'Blockers still open where the records end (docs/input-format.md, "Open blockers"), each with the recap anchor of its record.' },
    ),
  }),
  {
    title: 'Trailbook project recap (trailbook.recap/1)',
    description: 'One project of a Trailbook archive: its decision rows with resolved evidence, flags, invalid records, audit state and lifecycle records. Within a version fields are only ever added.',
  },
);

/** A `recap.json` document. */
export type RecapExport = z.infer<typeof recapExportSchema>;

/** Projects a model into `recap.json`'s shape; `schemaUrl` is where the JSON Schema is published. */
export function recapExport(model: ProjectModel, schemaUrl: string): RecapExport {
  return {
    $schema: schemaUrl,
    version: RECAP_VERSION,
    id: model.id,
    title: model.title,
    root: model.root,
    sources: model.sources,
    repository: model.repository,
    rows: model.rows,
    outOfTimeOrder: model.outOfTimeOrder,
    telemetry: model.telemetry,
    audit: model.audit,
    flags: model.flags,
    invalid: model.invalid,
    span: model.span,
    cited: model.cited,
    counts: model.counts,
    arena: model.arena ?? null,
    verdicts: model.verdicts ?? null,
    coordination: model.coordination ?? null,
    beads: model.beads ?? null,
    babysit: model.babysit ?? null,
    handover: model.handover ?? null,
    openBlockers: openBlockers(model),
  };
}
