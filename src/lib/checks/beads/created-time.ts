/**
 * `beads/created-time-disagrees`: an issue's `created_at` in the export and its `created`
 * event (or, without one, an earlier first log entry) are more than a minute apart
 * (src/lib/beads/created-times.ts; issue 18). One flag per weakness, not per issue, so the
 * flag stays worth reading: issues that differ by a whole time-zone offset share one (one
 * clock wrote local time as UTC; 542 of 45ck/prompt-language's issues are 10 or 11 hours
 * apart), issues whose created events were all written at one instant share one (the log was
 * written later, in one batch), and so do issues whose export has no creation time
 * (1970-01-01T00:00:00Z). Any other issue has its own flag.
 */
import { flagOf, quote, type Check, type FlagKind } from '../check.ts';
import { disagreementSentence, EPOCH, spanWords } from '../../beads/created-times.ts';
import type { BeadsIssue } from '../../model/beads.ts';
import type { Flag } from '../../model/types.ts';

export const CREATED_TIME_DISAGREES: FlagKind = {
  kind: 'beads/created-time-disagrees',
  severity: 'low',
  layer: 'coordination',
  rule: "an issue's created_at in the export is within a minute of its created event, and not later than its first log entry",
  source: 'spec/input.md section 7 (beads); issue 18',
};

const QUARTER_HOUR = 15 * 60_000;
const at = (issue: BeadsIssue): Array<{ file: string; line: number }> => (issue.at ? [issue.at] : []);

/** The flag of one issue: both times, where each is, and how far apart. */
function one(issue: BeadsIssue): Flag {
  const d = issue.timeDisagreement as NonNullable<BeadsIssue['timeDisagreement']>;
  return flagOf(CREATED_TIME_DISAGREES, `issue ${issue.id} ${quote(issue.title)}: ${disagreementSentence(d, issue.at?.file ?? 'the export')}`, [], [...at(issue), d.loggedAt]);
}

export const createdTime: Check = {
  id: 'beads/created-time',
  kinds: [CREATED_TIME_DISAGREES],
  run({ beads }) {
    if (!beads) return [];
    const byLogged = new Map<string, BeadsIssue[]>();
    const zone: BeadsIssue[] = [];
    const missing: BeadsIssue[] = [];
    for (const issue of beads.issues) {
      const d = issue.timeDisagreement;
      if (!d) continue;
      if (d.missingCreation) missing.push(issue);
      else if (d.zoneOffset) zone.push(issue);
      else byLogged.set(d.logged, [...(byLogged.get(d.logged) ?? []), issue]);
    }
    const single: Flag[] = [];
    for (const [logged, list] of byLogged) {
      if (list.length === 1) {
        single.push(one(list[0] as BeadsIssue));
        continue;
      }
      const spans = list.map((i) => (i.timeDisagreement as NonNullable<BeadsIssue['timeDisagreement']>).differenceMs).sort((a, b) => a - b);
      const [low, high] = [spans[0] as number, spans.at(-1) as number];
      const mixed = low < 0 && high > 0;
      const range = mixed ? 'some before and some after' : low === high ? `${spanWords(low)} ${low > 0 ? 'after' : 'before'}` : `between ${spanWords(low > 0 ? low : high)} and ${spanWords(low > 0 ? high : low)} ${low > 0 ? 'after' : 'before'}`;
      const why = low > 0 ? 'the log was written later, in one batch' : 'one batch of entries stands for many creations';
      const kind = list.every((i) => i.timeDisagreement?.loggedKind === 'created') ? 'created events' : 'first log entries';
      single.push(flagOf(CREATED_TIME_DISAGREES, `${list.length} issues (${list.slice(0, 3).map((i) => i.id).join(', ')}${list.length > 3 ? ', …' : ''}) have their ${kind} written at one instant, ${logged}, ${range} their created_at in the export: ${why}. Each issue's page shows both times.`, [], list.flatMap(at)));
    }
    const grouped: Flag[] = [];
    for (const [list, isZone] of [
      [zone, true],
      [missing, false],
    ] as const) {
      if (list.length === 1) grouped.push(one(list[0] as BeadsIssue));
      else if (list.length > 1 && isZone) {
        const offsets = new Map<string, number>();
        for (const issue of list) {
          const ms = (issue.timeDisagreement as NonNullable<BeadsIssue['timeDisagreement']>).differenceMs;
          const words = `${spanWords(Math.round(ms / QUARTER_HOUR) * QUARTER_HOUR)} ${ms > 0 ? 'later' : 'earlier'}`;
          offsets.set(words, (offsets.get(words) ?? 0) + 1);
        }
        const counted = [...offsets].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w, n]) => `${w}: ${n}`);
        grouped.push(flagOf(CREATED_TIME_DISAGREES, `${list.length} issues: the log's time of each is a whole time-zone offset from its created_at in the export (${counted.join(', ')}): one of the two wrote local time as UTC. Each issue's page shows both times.`, [], list.flatMap(at)));
      } else if (list.length > 1) {
        grouped.push(flagOf(CREATED_TIME_DISAGREES, `${list.length} issues have no creation time in the export (bd export writes ${EPOCH} for a missing one); their log says when each was created, and each issue's page shows it.`, [], list.flatMap(at)));
      }
    }
    return [...grouped, ...single];
  },
};
