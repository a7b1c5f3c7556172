/**
 * The optional YAML front matter of `design/selection.md` (spec/input.md section 5):
 * `pick: B`, `candidates: [A, B]`, `judge: single-family`, `grafts: [{ from: A, part: "..." }]`,
 * `collapsed: false`, `resends: 0`. Unknown fields are kept (loose objects). Labels may be
 * written as numbers (`pick: 2`); they are read as text.
 */
import { z } from 'zod';

const label = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** One graft (quality-and-design-controls.md, section 2, step 4: "listed ... with its source candidate"). */
export const graftSchema = z.looseObject({
  from: label.nullable().optional(),
  part: z.string().min(1),
});

export const selectionFrontMatterSchema = z.looseObject({
  pick: label.optional(),
  candidates: z.array(label).optional(),
  judge: z.string().optional(),
  grafts: z.array(graftSchema).optional(),
  collapsed: z.boolean().optional(),
  resends: z.number().int().min(0).optional(),
  reason: z.string().optional(),
});
export type SelectionFrontMatter = z.infer<typeof selectionFrontMatterSchema>;
