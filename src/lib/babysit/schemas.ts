/**
 * babysit lifecycle records (spec/input.md section 7): a ticket's `history.jsonl`
 * `{ts, ticket, branch, event, actor}` and a project's `timeline.jsonl`
 * `{ts, ticket, workflow, step, status, branch, note, actor}`. Loose: unknown fields kept.
 */
import { z } from 'zod';

const text = z.string().nullish();

/** A `history.jsonl` row: one event in a ticket's life. */
export const babysitHistorySchema = z.looseObject({ ts: z.string().min(1), ticket: text, branch: text, event: z.string().min(1), actor: text });
export type BabysitHistoryRow = z.infer<typeof babysitHistorySchema>;

/** A `timeline.jsonl` row: one workflow step of a ticket. */
export const babysitTimelineSchema = z.looseObject({ ts: z.string().min(1), ticket: text, workflow: text, step: z.string().min(1), status: text, branch: text, note: text, actor: text });
export type BabysitTimelineRow = z.infer<typeof babysitTimelineSchema>;

/** Fields the two schemas name; others are kept as unknown fields. */
export const BABYSIT_FIELDS: ReadonlySet<string> = new Set([...Object.keys(babysitHistorySchema.shape), ...Object.keys(babysitTimelineSchema.shape)]);
