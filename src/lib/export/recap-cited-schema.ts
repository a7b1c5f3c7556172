/**
 * The schemas of `rows` and `cited` in `trailbook.recap/2` and `/3` (src/lib/export/recap-rows.ts
 * and recap-cited.ts say what they leave out, and how recap/3 writes rows by column). Apart
 * from those so that the browser's recap.html and decisions.csv (recap-model.ts) do not
 * bundle zod.
 */
import { z } from 'zod';
import { documented, exportRegistry } from '../model/export-registry.ts';
import { trailRowSchema } from '../model/model-schema.ts';
import type { RowColumns } from './recap-rows.ts';

const str = z.string();

/** A citation in `cited`: `rowId` and `decision` absent when they are those of the row `anchor` names. */
const compactCitationSchema = documented(
  z.object({
    rowId: documented(str.optional(), { description: 'The citing row\'s id; absent when `anchor` names a row of `rows` (its `id`).' }),
    anchor: str,
    decision: documented(str.optional(), { description: 'The citing row\'s decision, cut to 120 characters; absent when `anchor` names a row of `rows` (its `decision`).' }),
    unresolved: documented(str.optional(), { description: "Set when the row's citation of this file did not resolve (NOT_VERIFIED, e.g. a line past the end): the pointer and its reason, as the Cited by list shows them." }),
  }),
  { id: 'RecapCitation', description: 'A row (or record) citing a commit or file. A row of `rows` is named by its anchor alone; an invalid record or a review finding also by its id and text.' },
);

/** `cited` of recap/2. */
export const compactCitedSchema = documented(
  z.object({
    commits: z.array(z.object({ oid: str, by: z.array(compactCitationSchema), notLanded: documented(z.literal(true).optional(), { description: 'Set when the commit is not an ancestor of the landed head.' }) })),
    files: z.array(
      z.object({
        path: str,
        origin: z.enum(['repository', 'artifact']),
        at: documented(str.optional(), { description: 'The file at this commit (full SHA), the one that recorded the citing rows; absent: at the landed head.' }),
        ranges: z.array(z.object({ from: z.number().int(), to: z.number().int() })),
        by: z.array(compactCitationSchema),
      }),
    ),
  }),
  { id: 'RecapCited', description: 'Every commit and file cited by evidence, with the rows citing it.' },
);

/** `cited` as `trailbook.recap/2` writes it. */
export type CompactCited = z.infer<typeof compactCitedSchema>;

/** A citation as `trailbook.recap/2` writes it: `rowId` and `decision` absent when they are the row's (`anchor`) own. */
export type CompactCitation = CompactCited['commits'][number]['by'][number];


/** A row of `rows` in recap/2: `computedId`, `anchor` and `index` absent when the rest of the row says them. */
export const compactRowSchema = documented(
  trailRowSchema.extend({
    computedId: documented(z.string().optional(), { description: 'First 8 hex digits of sha256(ts + ticket + decision); absent when it is the row\'s `id`.' }),
    anchor: documented(z.string().optional(), { description: "The row's anchor on its recap page (`/p/<project>/#<anchor>`); absent when it is `row-<id>`." }),
    index: documented(z.number().int().optional(), { description: "0-based position among the file's valid rows; absent when it is the row's position among the rows of its `file` here." }),
  }),
  { id: 'RecapRow', description: 'A valid decision row, with its evidence resolved.' },
);

/**
 * `rows` of recap/3 (src/lib/export/recap-rows.ts `RowColumns`): per field of
 * {@link compactRowSchema}, an array of its values in row order, as long as `id`; the column
 * of an optional field is there when some row has it, `null` for a row without it.
 */
export const rowColumnsSchema = documented(
  z.object(
    Object.fromEntries(
      Object.entries(compactRowSchema.shape).map(([field, schema]) => {
        const described = exportRegistry.get(schema)?.description;
        const optional = schema instanceof z.ZodOptional;
        // recap/4 leaves out `time` when every row's is what its `ts` gives (src/lib/export/recap-rows.ts `timeFromTs`).
        const derived = field === 'time';
        const column = optional ? z.array((schema.unwrap() as z.ZodType).nullable()).optional() : derived ? z.array(schema as z.ZodType).optional() : z.array(schema as z.ZodType);
        const what = optional
          ? `Each row's \`${field}\` in row order, null for a row without one; absent when no row has one.`
          : derived
            ? "Each row's `time` in row order; absent (trailbook.recap/4) when every row's is what its `ts` gives: milliseconds since the epoch of `ts` read as an ISO-8601 timestamp with a zone (JavaScript's `Date.parse`), else null."
            : `Each row's \`${field}\` in row order.`;
        return [field, documented(column, { description: described ? `${what} ${described}` : what })];
      }),
    ),
  ),
  { id: 'RecapRowColumns', description: 'Every valid decision row (superseded rows included), in file order, by column: each field an array with one value per row, its evidence resolved.' },
) as unknown as z.ZodType<RowColumns>;
