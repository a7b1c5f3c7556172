/**
 * Replays each issue's status over time from its lifecycle entries (spec/input.md section 7;
 * issue 4: "each issue's status over time replayed from its events"). Entries are ordered by
 * time, then file order; unreadable times go last. Real logs have gaps: when an entry records
 * a prior status that differs from the replayed one, the gap is reported on that entry and
 * replay continues from what the entry states — no transition is invented. A log that starts
 * mid-life (no `created`) starts from the first recorded prior status.
 */
import type { BeadsHistoryEntry } from '../model/beads.ts';
import type { LifecycleEntry } from './lifecycle-entry.ts';

/** An issue's replayed history. */
export interface Replay {
  history: BeadsHistoryEntry[];
  status: string | null;
  gaps: number;
}

/** Sorts entries into replay order: time, then the order given (file order). Pure; stable. */
export function replayOrder<T extends { time: number | null }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => {
      const ta = a.entry.time ?? Number.POSITIVE_INFINITY;
      const tb = b.entry.time ?? Number.POSITIVE_INFINITY;
      return ta === tb ? a.position - b.position : ta < tb ? -1 : 1;
    })
    .map((x) => x.entry);
}

/** Replays one issue's entries, given in replay order. Pure; never throws. */
export function replayIssue(entries: readonly LifecycleEntry[]): Replay {
  let status: string | null = null;
  let gaps = 0;
  const history: BeadsHistoryEntry[] = [];
  for (const e of entries) {
    const h: BeadsHistoryEntry = { file: e.file, line: e.line, timestamp: e.timestamp, time: e.time, actor: e.actor, kind: e.kind, source: e.source, text: e.text };
    if (e.recorded !== undefined) {
      h.recorded = e.recorded;
      if (status === null) status = e.recorded;
      else if (e.recorded !== status) {
        h.gap = `this entry records the status as ${e.recorded} before it, but replay had ${status}: a transition is missing from the log`;
        gaps++;
        status = e.recorded;
      }
    }
    if (e.to !== undefined) {
      h.from = status;
      h.to = e.to;
      status = e.to;
    }
    history.push(h);
  }
  return { history, status, gaps };
}

/** Groups entries by issue and replays each. Pure. */
export function replayAll(entries: readonly LifecycleEntry[]): Map<string, Replay> {
  const byIssue = new Map<string, LifecycleEntry[]>();
  for (const e of replayOrder(entries)) {
    const list = byIssue.get(e.issueId);
    if (list) list.push(e);
    else byIssue.set(e.issueId, [e]);
  }
  const out = new Map<string, Replay>();
  for (const [id, list] of byIssue) out.set(id, replayIssue(list));
  return out;
}
