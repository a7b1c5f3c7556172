/**
 * Words and tones the Coordination section uses (spec/archive.md: "Status colours are
 * colour-blind safe and always paired with a word"). Pure.
 */
import { payloadText } from './read-coord-event.ts';
import type { CoordEvent, InboxState, Liveness, TakeoverOutcome } from '../model/coord.ts';
import { firstWords } from '../text/first-words.ts';

/** A status word: tone (for colour), icon and label. */
export interface Word {
  tone: 'good' | 'bad' | 'unknown';
  icon: string;
  label: string;
}

/** Inbox state of a message (seed: "Inbox projection"). */
export function inboxWord(state: InboxState): Word {
  if (state === 'acked') return { tone: 'good', icon: '✓', label: 'acked' };
  if (state === 'read') return { tone: 'unknown', icon: '◐', label: 'read, not acked' };
  return { tone: 'unknown', icon: '○', label: 'unread' };
}

/** Policy outcome of a takeover (seed: "Takeover policy"). Inconclusive is never shown as allowed. */
export function takeoverWord(outcome: TakeoverOutcome): Word {
  switch (outcome) {
    case 'allowed':
      return { tone: 'good', icon: '✓', label: 'allowed by policy' };
    case 'denied':
      return { tone: 'bad', icon: '✕', label: 'denied by policy' };
    case 'inconclusive':
      return { tone: 'unknown', icon: '?', label: 'not verified (liveness unknown)' };
    default:
      return { tone: 'unknown', icon: '○', label: 'nothing was held' };
  }
}

/** An agent's liveness. */
export function livenessWord(liveness: Liveness): Word {
  if (liveness === 'active') return { tone: 'good', icon: '●', label: 'active' };
  if (liveness === 'stale') return { tone: 'unknown', icon: '◌', label: 'stale' };
  if (liveness === 'evicted') return { tone: 'bad', icon: '✕', label: 'evicted' };
  return { tone: 'unknown', icon: '?', label: 'unknown' };
}

/** A beads issue status: `closed` good, `blocked` bad, anything else (also unknown statuses) as written. */
export function beadsStatusWord(status: string): Word {
  if (status === 'closed') return { tone: 'good', icon: '✓', label: 'closed' };
  if (status === 'blocked') return { tone: 'bad', icon: '▲', label: 'blocked' };
  if (status === 'in_progress') return { tone: 'unknown', icon: '◐', label: 'in progress' };
  if (status === 'open') return { tone: 'unknown', icon: '○', label: 'open' };
  if (status === 'hooked') return { tone: 'unknown', icon: '◐', label: 'hooked' };
  if (status === 'deferred') return { tone: 'unknown', icon: '◌', label: 'deferred' };
  if (status === 'pinned') return { tone: 'unknown', icon: '◆', label: 'pinned' };
  return { tone: 'unknown', icon: '?', label: status === '' ? 'no status' : status };
}

const cut = (text: string, max = 160): string => firstWords(text, max);

/** What an event says, in one line, by type (seed: "Canonical Event Types"). */
export function eventSummary(e: CoordEvent): string {
  const p = (k: string): string => payloadText(e, k);
  switch (e.eventType) {
    case 'SEND':
      return cut(`“${p('subject')}” ${p('body')}`);
    case 'READ':
    case 'ACK':
      return `of ${e.eventRef || '(no event_ref)'}`;
    case 'RESERVE':
      return `${e.scope}${p('ttl_minutes') !== '' ? ` for ${p('ttl_minutes')} min` : ''}`;
    case 'RELEASE':
      return e.scope;
    case 'TAKEOVER':
      return cut(`${e.scope}, mode ${e.takeoverMode || '(none)'}: ${e.reason}`);
    case 'RESUME':
      return cut(`as ${p('prior_agent') || '(no prior_agent)'}: ${e.reason}`);
    case 'BLOCKED':
      return cut(`${p('blocker')} → asks: ${p('requested_action')}`);
    case 'HANDOFF':
      return cut(`${p('summary')} → next: ${p('next_action')}`);
    case 'INCURSION':
      return cut(`${e.scope}: ${p('incursion_kind') || '(no incursion_kind)'}, owner reported ${p('owner_liveness') || '(not given)'}`);
    default:
      return cut(Object.keys(e.payload).length > 0 ? JSON.stringify(e.payload) : e.reason || e.scope);
  }
}
