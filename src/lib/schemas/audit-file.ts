/**
 * `audit.json`, the handover audit's result file (decision trail, Part 2, "Result file").
 */
import { z } from 'zod';

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
 * without a reviewer is not allowed").
 */
export const auditFileSchema = z
  .looseObject({
    version: z.number(),
    at: z.string(),
    status: z.enum(AUDIT_STATUSES),
    reason: z.string().optional().default(''),
    reviewer: z.string().optional().default(''),
    flags: z.array(reviewFlagSchema).default([]),
  })
  .superRefine((audit, ctx) => {
    if (audit.status === 'ran' && audit.reviewer.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['reviewer'],
        message: 'is required when status is "ran" (decision trail, Part 2: an empty list without a reviewer is not allowed)',
      });
    }
  });
export type AuditFile = z.infer<typeof auditFileSchema>;
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;
