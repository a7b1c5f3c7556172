/**
 * The verdict strip's figures in words (issue 12; decision trail, Parts 2–3): flags by
 * severity with the two layers apart, evidence verified / failed / not checkable, open
 * blockers, the handover audit's state, rows under Check first and invalid records. The recap
 * page (src/components/VerdictStrip.astro) renders them as linked badges, the single-file
 * recap.html (src/components/html/export-recap.ts) as static text: both say the same.
 */
import type { AuditInfo, ProjectCounts } from '../model/types.ts';
import { layerTotal, pointerTotal } from './counts.ts';
import { auditVerdict, countOf, severityCountsText } from '../site/words.ts';
import { agree } from '../text/agree.ts';
import { grouped } from '../text/grouped.ts';

/** The strip's figures of one project. */
export interface VerdictFigures {
  /** `Trailbook's checks (layer 1): 9 high, 4 medium, 0 low`. */
  layer1: string;
  /** `The reviewer, codex-x / gpt-y (layer 2): 1 high, 0 medium, 1 low`, or null when no reviewer ran and none flagged. */
  layer2: string | null;
  /** False when the project has no evidence pointer at all (the strip then says `no evidence pointers`). */
  hasEvidence: boolean;
  /** `2 open blockers`, or null when none is open (the strip says `none`). */
  blockers: string | null;
  /** The audit state: `2 flags from codex-x / gpt-y`, `Never invoked`, ... ({@link auditVerdict}). */
  audit: ReturnType<typeof auditVerdict>;
  /**
   * Check first's first group leading (issue 27): `5 of 15 need a look`, `no row needs a look`
   * or `no valid row`, as the Check first sentence says it (not `open`, one of the results those
   * rows have; no `rows`, so a phone keeps it beside Open blockers on the first screen); null
   * when the project has no decision trail.
   */
  checkFirst: string | null;
  /** The second group after it: `+ 7 in the agent's words`, or null when it is empty or there is no trail. */
  checkFirstWords: string | null;
  /** `1 invalid record`, or null when there is none. */
  invalid: string | null;
}

/**
 * The figures of a project's verdict strip.
 *
 * @param c - The project's counts (src/lib/projections/counts.ts `projectCounts`).
 * @param audit - Its audit.json as read.
 * @param hasTrail - Whether it has a decision trail (src/lib/projections/audit-state.ts `hasDecisionTrail`).
 */
export function verdictFigures(c: ProjectCounts, audit: AuditInfo, hasTrail: boolean): VerdictFigures {
  const layer2 = layerTotal(c, 'layer2');
  const audited = audit.present && audit.valid && audit.status === 'ran';
  const reviewer = (audit.present && audit.reviewer) || 'unnamed';
  return {
    layer1: `Trailbook's checks (layer 1): ${severityCountsText(c.flagLayers.layer1)}`,
    layer2: audited || layer2 > 0 ? `The reviewer, ${reviewer} (layer 2): ${severityCountsText(c.flagLayers.layer2)}` : null,
    hasEvidence: pointerTotal(c) > 0,
    blockers: c.openBlockers > 0 ? countOf(c.openBlockers, 'open blocker') : null,
    audit: auditVerdict(audit, layer2, hasTrail),
    checkFirst: !hasTrail ? null : c.rows === 0 ? 'no valid row' : c.checkFirstOpen > 0 ? `${grouped(c.checkFirstOpen)} of ${grouped(c.rows)} ${agree(c.checkFirstOpen, 'needs', 'need')} a look` : 'no row needs a look',
    checkFirstWords: !hasTrail || c.checkFirstWords === 0 ? null : `+ ${grouped(c.checkFirstWords)} in the agent's words`,
    invalid: c.invalid > 0 ? countOf(c.invalid, 'invalid record') : null,
  };
}
