/**
 * `beads/status-mismatch` and `beads/no-history`: an issue's status replayed from its events
 * (`backup/events.jsonl`, `interactions.jsonl` status field changes) equals its status in
 * `issues.jsonl` (spec/input.md section 7; issue 4: "real audit logs have gaps — report them,
 * do not invent transitions"). Compared only when the project has a lifecycle log.
 */
import { flagOf, quote, type Check, type FlagKind } from '../check.ts';
import type { BeadsIssue } from '../../beads/types.ts';

const SOURCE = 'spec/input.md section 7 (beads)';

export const STATUS_MISMATCH: FlagKind = {
  kind: 'beads/status-mismatch',
  severity: 'medium',
  layer: 'coordination',
  rule: "an issue's status replayed from its events equals its status in issues.jsonl; a difference means the log misses a transition",
  source: SOURCE,
};

export const NO_HISTORY: FlagKind = {
  kind: 'beads/no-history',
  severity: 'low',
  layer: 'coordination',
  rule: 'an exported issue has lifecycle events when the project keeps an events log',
  source: SOURCE,
};

const at = (issue: BeadsIssue): Array<{ file: string; line: number }> => (issue.at ? [issue.at] : []);

export const statusMismatch: Check = {
  id: 'beads/status-mismatch',
  kinds: [STATUS_MISMATCH, NO_HISTORY],
  run({ beads }) {
    if (!beads?.hasHistory) return [];
    return beads.issues.flatMap((issue) => {
      if (issue.origin === 'events') return [];
      if (issue.replayedStatus === null) {
        if (issue.history.length > 0) return [];
        return [flagOf(NO_HISTORY, `issue ${issue.id} ${quote(issue.title)} is ${issue.status || 'without status'} in ${issue.at?.file ?? 'the export'}, but no event in the log mentions it`, [], at(issue))];
      }
      if (issue.replayedStatus === issue.status) return [];
      const last = issue.history.at(-1);
      return [flagOf(STATUS_MISMATCH, `issue ${issue.id} ${quote(issue.title)}: replaying its ${issue.history.length} event${issue.history.length === 1 ? '' : 's'} gives ${issue.replayedStatus}, but ${issue.at?.file ?? 'the export'} says ${issue.status || '(no status)'}${last ? `; last event: ${last.kind} at ${last.timestamp}` : ''}`, [], at(issue))];
    });
  },
};
