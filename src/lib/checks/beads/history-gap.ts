/**
 * `beads/history-gap`: an event records the issue's status before it (an `old_value`
 * snapshot, a field change's `old_value`) and that status differs from the one replayed so far:
 * a transition is missing from the log (spec/input.md section 7; issue 4: "real audit logs
 * have gaps — report them"). One flag per issue, naming its gaps.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { countOf } from '../../site/words.ts';

export const HISTORY_GAP: FlagKind = {
  kind: 'beads/history-gap',
  severity: 'low',
  layer: 'coordination',
  rule: "each event's recorded prior status equals the status replayed from the events before it",
  source: 'spec/input.md section 7 (beads)',
};

export const historyGap: Check = {
  id: 'beads/history-gap',
  kinds: [HISTORY_GAP],
  run({ beads }) {
    if (!beads) return [];
    return beads.issues.flatMap((issue) => {
      const gaps = issue.history.filter((h) => h.gap !== undefined);
      if (gaps.length === 0) return [];
      const first = gaps[0];
      return [flagOf(HISTORY_GAP, `issue ${issue.id}: ${countOf(gaps.length, 'gap')} in its history; first at ${first?.file}:${first?.line} (${first?.kind} at ${first?.timestamp}): ${first?.gap}`, [], gaps.map((g) => ({ file: g.file, line: g.line })))];
    });
  },
};
