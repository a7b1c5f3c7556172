/**
 * The babysit lifecycle model: ticket history events and workflow timeline steps (spec/input.md
 * section 7), inferred from its schema (lifecycle-schema.ts `babysitSchema`, where each field's
 * meaning is noted).
 */
import type { z } from 'zod';
import type { babysitSchema } from './lifecycle-schema.ts';

/** Every babysit lifecycle row of a project, by time then file order. */
export type BabysitModel = z.infer<typeof babysitSchema>;

/** One row of a `history.jsonl` or `timeline.jsonl`. */
export type BabysitEntry = BabysitModel['entries'][number];
