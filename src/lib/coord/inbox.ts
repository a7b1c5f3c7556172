/**
 * Inbox projection (bd-audit-coordination-schema.md, "Derivation Rules", Inbox projection):
 * - unread: `SEND` with no later `READ`/`ACK` on same `event_id`
 * - read: `READ` exists, no later `ACK`
 * - acked: `ACK` exists
 *
 * A READ or ACK counts when its `event_ref` names a SEND that is not later than it: an equal
 * timestamp counts (the seed gives no order inside one instant), so the projection does not
 * depend on how events with equal times are ordered. A READ/ACK of an unknown event, of an
 * event that is not a SEND, or of a later SEND is a {@link RefProblem}.
 */
import { payloadText } from './read-coord-event.ts';
import type { CoordEvent, InboxEntry, RefProblem } from '../model/coord.ts';

/** True when `a` comes strictly after `b` in time (stream position when a time is unknown). */
function later(a: CoordEvent, b: CoordEvent): boolean {
  if (a.time !== null && b.time !== null) return a.time > b.time;
  return a.seq > b.seq;
}

/** Derives the inbox from events in stream order. Duplicates (`duplicateOf`) are ignored. Pure. */
export function projectInbox(events: readonly CoordEvent[]): { inbox: InboxEntry[]; refProblems: RefProblem[] } {
  const live = events.filter((e) => e.duplicateOf === undefined);
  const byId = new Map<string, CoordEvent>();
  for (const e of live) if (e.eventId !== '' && !byId.has(e.eventId)) byId.set(e.eventId, e);
  const entries = new Map<string, InboxEntry>();
  const inbox: InboxEntry[] = [];
  for (const e of live) {
    if (e.eventType !== 'SEND') continue;
    const entry: InboxEntry = { send: e.anchor, eventId: e.eventId, from: e.actor, to: e.toAgent, subject: payloadText(e, 'subject'), state: 'unread', reads: [], acks: [] };
    inbox.push(entry);
    if (e.eventId !== '' && !entries.has(e.eventId)) entries.set(e.eventId, entry);
  }
  const refProblems: RefProblem[] = [];
  for (const e of live) {
    if (e.eventType !== 'READ' && e.eventType !== 'ACK') continue;
    if (e.eventRef === '') continue; // reported as a missing field
    const target = byId.get(e.eventRef);
    if (!target) refProblems.push({ event: e.anchor, ref: e.eventRef, problem: 'unknown' });
    else if (target.eventType !== 'SEND') refProblems.push({ event: e.anchor, ref: e.eventRef, problem: 'not-a-send', target: target.anchor });
    else if (later(target, e)) refProblems.push({ event: e.anchor, ref: e.eventRef, problem: 'later', target: target.anchor });
    else {
      const entry = entries.get(e.eventRef) as InboxEntry;
      (e.eventType === 'READ' ? entry.reads : entry.acks).push(e.anchor);
    }
  }
  for (const entry of inbox) entry.state = entry.acks.length > 0 ? 'acked' : entry.reads.length > 0 ? 'read' : 'unread';
  return { inbox, refProblems };
}
