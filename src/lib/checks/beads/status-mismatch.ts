/**
 * `beads/status-mismatch`, `beads/no-history` and `beads/log-older-than-export`: an issue's
 * status replayed from its events (`backup/events.jsonl`, `interactions.jsonl` status field
 * changes) equals its status in `issues.jsonl` (spec/input.md section 7; issue 4: "real audit
 * logs have gaps — report them, do not invent transitions"). Compared only when the project
 * has a lifecycle log, and only for changes the log can hold: a change the export dates after
 * the log's last entry (src/lib/beads/log-coverage.ts) is no missing transition — the log is
 * an older snapshot — and all such issues are said once, as a low notice.
 */
import { flagOf, quote, type Check, type FlagKind } from '../check.ts';
import type { BeadsIssue } from '../../model/beads.ts';
import { parseInstant } from '../../text/time.ts';
import { changedAfterLog, exportChange, logEnd, logRunsPast, type LogEnd } from '../../beads/log-coverage.ts';
import type { Flag } from '../../model/types.ts';
import { countOf } from '../../site/words.ts';
import { spanWords } from '../../beads/created-times.ts';

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

export const LOG_OLDER: FlagKind = {
  kind: 'beads/log-older-than-export',
  severity: 'low',
  layer: 'coordination',
  rule: 'the lifecycle log covers the changes the export records; changes dated after its last entry are said once, not compared',
  source: SOURCE,
};

const at = (issue: BeadsIssue): Array<{ file: string; line: number }> => (issue.at ? [issue.at] : []);

/** The one notice for every issue whose export change the log ends before. */
function olderLogNotice(later: readonly BeadsIssue[], end: LogEnd): Flag {
  const exportFile = later[0]?.at?.file ?? 'the export';
  const changes = later.map((i) => exportChange(i)).filter((c) => c !== null);
  const last = changes.reduce((a, b) => (b.time > a.time ? b : a));
  const ids = later.slice(0, 3).map((i) => i.id).join(', ');
  return flagOf(
    LOG_OLDER,
    `${end.file} ends at ${end.timestamp}, before ${exportFile} changed ${later.length === 1 ? `issue ${ids}` : `${later.length} issues (${ids}${later.length > 3 ? ', …' : ''})`}${later.length === 1 ? ` at ${last.timestamp}` : `, at ${last.timestamp} the latest`}: the log is older than the export, so ${later.length === 1 ? 'its status is' : 'their statuses are'} the export's and not compared with it.`,
    [],
    later.flatMap(at),
  );
}

/**
 * When the issue's created event is a whole time-zone offset from the export's `created_at`,
 * the log's times (the log's end, the last event) read against the export's would seem to put
 * a close before a creation (45ck/prompt-language: "closed 2026-04-18T01:04:48Z … last event:
 * created at 2026-04-18T10:53:29Z"); say so. Empty otherwise.
 */
function zoneNote(issue: BeadsIssue): string {
  const d = issue.timeDisagreement;
  if (!d || !d.zoneOffset || d.missingCreation) return '';
  const quarter = 15 * 60_000;
  return ` (the log's times are ${spanWords(Math.round(d.differenceMs / quarter) * quarter)} ${d.differenceMs > 0 ? 'ahead of' : 'behind'} the export's for this issue: local time written as UTC)`;
}

export const statusMismatch: Check = {
  id: 'beads/status-mismatch',
  kinds: [STATUS_MISMATCH, NO_HISTORY, LOG_OLDER],
  run({ beads }) {
    if (!beads?.hasHistory) return [];
    const end = logEnd(beads.issues);
    const later: BeadsIssue[] = [];
    const flags = beads.issues.flatMap((issue) => {
      if (issue.origin === 'events') return [];
      if (issue.replayedStatus === null) {
        if (issue.history.length > 0) return [];
        const created = issue.createdAt === '' ? null : parseInstant(issue.createdAt);
        if (changedAfterLog(created === null ? null : { time: created }, end)) {
          later.push(issue);
          return [];
        }
        return [flagOf(NO_HISTORY, `issue ${issue.id} ${quote(issue.title)} is ${issue.status || 'without status'} in ${issue.at?.file ?? 'the export'}, but no event in the log mentions it`, [], at(issue))];
      }
      if (issue.replayedStatus === issue.status) return [];
      const change = exportChange(issue);
      if (changedAfterLog(change, end)) {
        later.push(issue);
        return [];
      }
      const last = issue.history.at(-1);
      const dated = change && issue.status === 'closed' && issue.closedAt !== '' ? ` (closed ${issue.closedAt})` : '';
      const runsOn = end && logRunsPast(change, end) ? `, and the log runs on to ${end.timestamp} without that change` : '';
      return [flagOf(STATUS_MISMATCH, `issue ${issue.id} ${quote(issue.title)}: replaying its ${countOf(issue.history.length, 'event')} gives ${issue.replayedStatus}, but ${issue.at?.file ?? 'the export'} says ${issue.status || '(no status)'}${dated}${runsOn}${last ? `; last event: ${last.kind} at ${last.timestamp}` : ''}${zoneNote(issue)}`, [], at(issue))];
    });
    return end && later.length > 0 ? [...flags, olderLogNotice(later, end)] : flags;
  },
};
