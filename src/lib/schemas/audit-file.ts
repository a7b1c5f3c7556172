/**
 * `audit.json`, the handover audit's result file (decision trail, Part 2, "Result file").
 */
import { z } from 'zod';
import { isBlank } from '../text/blank.ts';

export const AUDIT_STATUSES = ['ran', 'not-run', 'failed'] as const;
export const SEVERITIES = ['high', 'medium', 'low'] as const;

/** One layer-2 flag as the reviewer returns it (decision trail, Part 2, Layer 2 output). */
export const reviewFlagSchema = z.looseObject({
  severity: z.enum(SEVERITIES),
  rows: z.array(z.string()).default([]),
  kind: z.string().min(1),
  summary: z.string().min(1),
  evidence: z.string().optional().default(''),
});

/**
 * The whole file. `ran` with an empty `flags` array and no reviewer is invalid ("An empty list
 * without a reviewer is not allowed"); so is `ran` without a `flags` array (the reviewer's
 * output shape has one: "Anything else is treated as a failed run"), and any version but 1.
 * A reviewer of only invisible characters counts as none.
 */
export const auditFileSchema = z
  .looseObject({
    version: z.number().refine((v) => v === 1, { error: 'must be 1 (the only version of the result file)' }),
    at: z.string(),
    status: z.enum(AUDIT_STATUSES),
    reason: z.string().optional().default(''),
    reviewer: z.string().optional().default(''),
    flags: z.array(reviewFlagSchema).optional(),
  })
  .superRefine((audit, ctx) => {
    if (audit.status === 'ran' && audit.flags === undefined) {
      ctx.addIssue({ code: 'custom', path: ['flags'], message: 'is required when status is "ran": the reviewer returns a flags array, even an empty one (decision trail, Part 2)' });
    }
    if (audit.status === 'ran' && isBlank(audit.reviewer)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reviewer'],
        message: 'is required when status is "ran" (decision trail, Part 2: an empty list without a reviewer is not allowed)',
      });
    }
  })
  .transform((audit) => ({ ...audit, flags: audit.flags ?? [] }));
export type AuditFile = z.infer<typeof auditFileSchema>;
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;
