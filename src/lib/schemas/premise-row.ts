/**
 * One row of `premises.jsonl` (spec/input.md section 6; quality-and-design-controls.md,
 * section 4 "Attack the premise"): `{ "ts", "ticket", "gate", "fingerprint", "attempt": 1..3,
 * "premise", "premise_result": "holds|fails|inconclusive", "check" }`, one row per attempt.
 * `premise_result` is text: unknown values are kept and shown.
 */
import { z } from 'zod';
import { required } from './decision-row.ts';

export const premiseRowSchema = z.looseObject({
  ts: z.string().default(''),
  ticket: z.union([z.string(), z.number()]).transform(String).default(''),
  // A loop is keyed on its gate: a blank one cannot name a loop.
  gate: required,
  fingerprint: z.string().default(''),
  attempt: z.number().int().min(1),
  premise: z.string().nullable().optional(),
  premise_result: z.string().nullable().optional(),
  check: z.string().nullable().optional(),
});
export type PremiseRowInput = z.infer<typeof premiseRowSchema>;
