/**
 * The structured QA verdict Trailbook accepts (spec/input.md section 6; quality-and-design-
 * controls.md, section 3 "Three-state verdict"): `qa/<ticket>.json` or `verdicts/qa.json`,
 * `{ "version": 1, "ticket", "gate": "qa", "verdict": "PASS|FAIL|BLOCKED", "criteria": [ {
 * "id", "kind": "criterion|journey", "text", "state": "VERIFIED|NOT_VERIFIED|INCONCLUSIVE",
 * "level": 1-5, "evidence", "nonblocking": "<reason>"|null } ] }`.
 *
 * The file and each criterion are validated separately, so one bad criterion is kept as an
 * invalid record while the others are read. Enum values (verdict, state, kind) are text here:
 * unknown values are kept and shown, never dropped (spec/input.md, opening).
 */
import { z } from 'zod';

/** The evidence ladder's rungs (spec/input.md section 6): an integer 1–5. */
export const levelSchema = z.number().int().min(1).max(5);

export const qaCriterionSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  kind: z.string().min(1).default('criterion'),
  text: z.string().default(''),
  state: z.string().min(1),
  level: levelSchema.nullable().optional(),
  evidence: z.string().nullable().optional(),
  nonblocking: z.string().nullable().optional(),
});
export type QaCriterionInput = z.infer<typeof qaCriterionSchema>;

export const qaVerdictFileSchema = z.looseObject({
  version: z.number(),
  ticket: z.union([z.string(), z.number()]).transform(String).optional(),
  gate: z.string().min(1).default('qa'),
  verdict: z.string().min(1),
  criteria: z.array(z.unknown()).default([]),
});
export type QaVerdictFileInput = z.infer<typeof qaVerdictFileSchema>;
