/**
 * The bbs decision-trail row (decision trail, Part 1, "Row schema"), and the pstack TSV row
 * (spec/input.md section 2) which has no id, actor, ticket or supersedes column.
 */
import { isBlank } from '../text/blank.ts';
import { z } from 'zod';

/** A required text field: present, a string, not blank (decision trail, Part 1). */
export const required = z.string().refine((s) => !isBlank(s), { error: 'is empty', abort: true });

/** The fields of a bbs `decisions.jsonl` row. Unknown fields are kept (loose). */
export const bbsRowSchema = z.looseObject({
  id: required,
  ts: required,
  phase: required,
  ticket: z.string().optional(),
  actor: required,
  decision: required,
  why: required,
  evidence: required,
  result: required,
  supersedes: z.string().optional(),
});
export type BbsRow = z.infer<typeof bbsRowSchema>;

/** The six cells of a pstack trail row, after the `'` formula guard is removed. */
export const pstackRowSchema = z.object({
  ts: required,
  phase: required,
  decision: required,
  why: required,
  evidence: required,
  result: required,
});
export type PstackRow = z.infer<typeof pstackRowSchema>;

/** The fields the bbs row schema names; anything else is an unknown field, shown raw. */
export const BBS_ROW_FIELDS: ReadonlySet<string> = new Set(Object.keys(bbsRowSchema.shape));

/** Largest row the writer accepts, in bytes (decision trail, Part 1: "under 4 KiB"). */
export const MAX_ROW_BYTES = 4096;
