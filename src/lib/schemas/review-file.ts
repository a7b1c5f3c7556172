/**
 * Review findings Trailbook accepts (spec/input.md section 6; quality-and-design-controls.md,
 * sections 1 and 3): `reviews/<name>.json` either structured, `{ "version": 1, "target",
 * "checkout": true|false, "findings": [...], "cleared": [ { "check", "level" } ] }`, or
 * babysit's bare array of findings. A finding is `{ "file", "line", "summary",
 * "failure_scenario", "category"?, "verdict"?, "level"?, "repro"?: { "command", "output" } }`.
 * The file and each finding are validated separately; enum values are kept as written.
 */
import { z } from 'zod';
import { levelSchema } from './qa-verdict.ts';

/** A finding's `line`: a number, a numeric string, or null / absent. */
const lineSchema = z
  .union([z.number().int().min(0), z.string().regex(/^\s*\d+\s*$/).transform((s) => Number(s.trim())), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === 0 ? null : v));

export const reproSchema = z.looseObject({
  command: z.string().min(1),
  output: z.string().default(''),
});

export const findingSchema = z.looseObject({
  file: z.string().min(1),
  line: lineSchema,
  summary: z.string().min(1),
  failure_scenario: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  verdict: z.string().nullable().optional(),
  level: levelSchema.nullable().optional(),
  repro: reproSchema.nullable().optional(),
});
export type FindingInput = z.infer<typeof findingSchema>;

export const clearedSchema = z.looseObject({
  check: z.string().min(1),
  level: levelSchema.nullable().optional(),
});

export const reviewFileSchema = z.looseObject({
  version: z.number().optional(),
  target: z.string().nullable().optional(),
  checkout: z.boolean().nullable().optional(),
  findings: z.array(z.unknown()).default([]),
  cleared: z.array(z.unknown()).default([]),
});
export type ReviewFileInput = z.infer<typeof reviewFileSchema>;
