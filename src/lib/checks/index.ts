/**
 * Every layer-1 check, in the order they run. A check's id is its module path under
 * src/lib/checks/; docs/checks.md lists every kind (a test keeps the two in step).
 */
import type { Check, FlagKind, TrailCheckInput } from './check.ts';
import type { Flag } from '../model/types.ts';
import { invalidRow } from './trail/invalid-row.ts';
import { rowTooLarge } from './trail/row-too-large.ts';
import { idMismatch } from './trail/id-mismatch.ts';
import { duplicateId } from './trail/duplicate-id.ts';
import { supersedes } from './trail/supersedes.ts';
import { startRow } from './trail/no-start-row.ts';
import { timestamps } from './trail/timestamps.ts';
import { tsvHeader } from './trail/tsv-header.ts';
import { notATrail } from './trail/not-a-trail.ts';
import { unresolvedEvidence } from './evidence/unresolved.ts';
import { commitNotLanded } from './evidence/not-landed.ts';
import { commitAfterRow } from './evidence/commit-after-row.ts';
import { mentionNotFound } from './evidence/mentions.ts';
import { auditFile } from './audit/audit-file.ts';
import { unreadable } from './source/unreadable.ts';
import { repositoryUnavailable } from './repository/unavailable.ts';
import { repositoryHeadNotLanded } from './repository/head-not-landed.ts';
import { repositoryHeadNotOnDefaultBranch } from './repository/head-not-on-default-branch.ts';
import { repositoryShallowHistory } from './repository/shallow-history.ts';
import { recordLimits } from './source/record-limits.ts';
import { QUALITY_CHECKS } from './quality-checks.ts';
import { COORDINATION_CHECKS } from './coordination-checks.ts';
import { HISTORY_CHECKS } from './history-checks.ts';
import { secretInRecord } from './security/secret-in-record.ts';

export const CHECKS: readonly Check[] = [repositoryUnavailable, repositoryHeadNotLanded, repositoryHeadNotOnDefaultBranch, repositoryShallowHistory, unreadable, recordLimits, invalidRow, notATrail, tsvHeader, rowTooLarge, idMismatch, duplicateId, supersedes, startRow, timestamps, unresolvedEvidence, mentionNotFound, commitNotLanded, commitAfterRow, auditFile, ...QUALITY_CHECKS, ...COORDINATION_CHECKS, ...HISTORY_CHECKS, secretInRecord];

/** Every flag kind Trailbook itself can raise, with its severity and rule. */
export const FLAG_KINDS: readonly FlagKind[] = CHECKS.flatMap((c) => c.kinds);

/** Runs every check. Never throws: a check that fails is reported as its own flag. */
export function runChecks(input: TrailCheckInput): Flag[] {
  return CHECKS.flatMap((check) => {
    try {
      return check.run(input);
    } catch (error) {
      return [{ layer: 'trail' as const, severity: 'low' as const, kind: 'trailbook/check-failed', rows: [], summary: `check ${check.id} failed: ${(error as Error).message}`, at: [] }];
    }
  });
}
