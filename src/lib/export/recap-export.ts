/**
 * `recap.json`, one per project: the normalised model, versioned (`trailbook.recap/4`), with
 * a JSON Schema generated from {@link recapExportSchema} and published at
 * `<base>schema/recap.v4.json`. Within a version fields are only ever added.
 *
 * `trailbook.recap/2` differs from `/1` in two things (issue 30, output size): in `cited`, a
 * citation of a row of `rows` gives only its `anchor` (and `unresolved`), not the row's id and
 * decision again (src/lib/export/recap-cited.ts); a row leaves out `computedId`, `anchor` and
 * `index` when the rest of it says them (src/lib/export/recap-rows.ts). `trailbook.recap/3`
 * writes those rows by column: `rows` is an object of one array per field (recap-rows.ts
 * `RowColumns`; about 17% less `recap.json.gz` on a real-shaped trail). `trailbook.recap/4`
 * leaves out what the rest of the document gives back exactly: `cited` when the rows', invalid
 * records' and findings' evidence make it again (src/lib/projections/cited.ts; checked as it is
 * written, so a `cited` that differs — a pointer read as a secret after it was listed — is
 * written), and the rows' `time` column when every row's `ts` gives it (recap-rows.ts
 * `timeFromTs`). Readers take the four versions ({@link RECAP_VERSIONS_READ}) and make the
 * left-out parts again (src/lib/export/recap-model.ts).
 *
 * The evidence pointers of rows, invalid records and verdicts are written without their
 * `reasonKind`, the model's own word to the row card (src/lib/export/exported-pointers.ts):
 * no version of recap.json holds it, and its JSON Schema does not describe it.
 */
import { z } from 'zod';
import type { ProjectModel } from '../model/types.ts';
import { documented } from '../model/export-registry.ts';
import { projectModelShape } from '../model/project-schema.ts';
import { openBlockers } from '../projections/open-blockers.ts';
import { citedFrom, withFindingCitations } from '../projections/cited.ts';
import { compactCited } from './recap-cited.ts';
import { compactCitedSchema, rowColumnsSchema } from './recap-cited-schema.ts';
import { rowColumns } from './recap-rows.ts';
import { withoutReasonKinds } from './exported-pointers.ts';
import { RECAP_VERSION } from './recap-version.ts';

export { RECAP_VERSION, RECAP_VERSIONS_READ } from './recap-version.ts';

/** The shape of `recap.json`. */
export const recapExportSchema = documented(
  z.object({
    $schema: documented(z.string(), { description: 'URL of this JSON Schema, as published with the archive.' }),
    version: z.literal(RECAP_VERSION),
    ...projectModelShape,
    rows: rowColumnsSchema,
    cited: documented(compactCitedSchema.optional(), { description: "Every commit and file cited by evidence, with the records citing it (a citation of a row of `rows` by its `anchor`). Absent (trailbook.recap/4) when the evidence of `rows`, of `invalid` and of the review findings in `verdicts` gives it back exactly; a reader makes it again from them as Trailbook does (src/lib/projections/cited.ts)." }),
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
    accepted: documented(z.object({ file: z.string(), reasons: z.array(z.string().nullable()) }).optional(), {
      description: 'Flags accepted in the build\'s baseline (trailbook.baseline.json, issue 32): the file as named, and per flag (in the order of `flags`) the reason it is accepted, or null. Absent when the build accepts no flag of this project.',
    }),
  }),
  {
    title: 'Trailbook project recap (trailbook.recap/4)',
    description: 'One project of a Trailbook archive: its decision rows with resolved evidence, flags, invalid records, audit state and lifecycle records. Within a version fields are only ever added.',
  },
);

/** A `recap.json` document. */
export type RecapExport = z.infer<typeof recapExportSchema>;

/** Whether `model.cited` is exactly what its rows', invalid records' and findings' evidence make (recap/4 then leaves it out). */
export function citedGivenBack(model: Pick<ProjectModel, 'rows' | 'invalid' | 'verdicts' | 'cited'>): boolean {
  return JSON.stringify(withFindingCitations(citedFrom(model.rows, model.invalid), model.verdicts ?? null)) === JSON.stringify(model.cited);
}

/**
 * Projects a model into `recap.json`'s shape; `schemaUrl` is where the JSON Schema is
 * published; `accepted`, the baseline's reason per flag (src/lib/baseline/accepted-flags.ts),
 * is written only when it accepts at least one flag.
 */
export function recapExport(model: ProjectModel, schemaUrl: string, accepted?: { file: string; reasons: ReadonlyArray<string | null> } | null): RecapExport {
  return {
    $schema: schemaUrl,
    version: RECAP_VERSION,
    id: model.id,
    title: model.title,
    root: model.root,
    sources: model.sources,
    repository: model.repository,
    rows: rowColumns(model.rows, true),
    outOfTimeOrder: model.outOfTimeOrder,
    ...(model.headPredates ? { headPredates: model.headPredates } : {}),
    telemetry: model.telemetry,
    audit: model.audit,
    flags: model.flags,
    invalid: withoutReasonKinds(model.invalid),
    span: model.span,
    ...(citedGivenBack(model) ? {} : { cited: compactCited(model.cited, model.rows) }),
    counts: model.counts,
    arena: model.arena ?? null,
    verdicts: withoutReasonKinds(model.verdicts ?? null),
    coordination: model.coordination ?? null,
    beads: model.beads ?? null,
    babysit: model.babysit ?? null,
    handover: model.handover ?? null,
    openBlockers: openBlockers(model),
    ...(accepted && accepted.reasons.some((r) => r !== null) ? { accepted: { file: accepted.file, reasons: [...accepted.reasons] } } : {}),
  };
}
