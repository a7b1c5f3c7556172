/**
 * The coord.v1 projections (src/lib/coord/): envelope reading and required fields, stream
 * order, inbox, reservations, takeover policy against liveness, incursions, and the chart
 * layout — each with exact values, on streams built line by line.
 */
import { describe, expect, it } from 'vitest';
import { readCoordEvent, isCoordRecord, type ReadCoordEvent } from '../../src/lib/coord/read-coord-event.ts';
import { orderCoordEvents } from '../../src/lib/coord/order.ts';
import { projectCoordination } from '../../src/lib/coord/project-coordination.ts';
import { livenessAt } from '../../src/lib/coord/liveness.ts';
import { scopeCovers, scopesOverlap } from '../../src/lib/coord/scope.ts';
import { parseInstant } from '../../src/lib/text/time.ts';
import { layoutReservationChart } from '../../src/lib/coord/reservation-chart.ts';
import type { CoordinationModel } from '../../src/lib/model/coord.ts';

const ROOT = '/repo';

/** A coord.v1 envelope; `at` is minutes after 09:00 on 2026-03-06. */
function env(type: string, id: string, at: number, actor: string, data: Record<string, unknown> = {}, payload: Record<string, unknown> = {}): Record<string, unknown> {
  const time = new Date(Date.UTC(2026, 2, 6, 9, at)).toISOString();
  return { version: 'coord.v1', kind: 'coord_event', issue_id: 'bb-1', actor, timestamp: time, data: { event_type: type, event_id: id, project_root: ROOT, ...data, payload } };
}

const send = (id: string, at: number, from: string, to: string) => env('SEND', id, at, from, { to_agent: to, state: 'unread' }, { subject: `s ${id}`, body: 'b' });
const read = (id: string, at: number, actor: string, ref: string) => env('READ', id, at, actor, { event_ref: ref });
const ack = (id: string, at: number, actor: string, ref: string) => env('ACK', id, at, actor, { event_ref: ref });
const reserve = (id: string, at: number, actor: string, scope: string, ttl?: number) => env('RESERVE', id, at, actor, { scope }, ttl === undefined ? {} : { ttl_minutes: ttl });
const release = (id: string, at: number, actor: string, scope: string) => env('RELEASE', id, at, actor, { scope });
const takeover = (id: string, at: number, actor: string, scope: string, mode: string) => env('TAKEOVER', id, at, actor, { scope, takeover_mode: mode, reason: 'r' });
const incursion = (id: string, at: number, actor: string, scope: string, liveness: string) => env('INCURSION', id, at, actor, { scope }, { incursion_kind: 'exact', owner_liveness: liveness });
const resume = (id: string, at: number, actor: string, prior: string) => env('RESUME', id, at, actor, { reason: 'uncommitted_scope' }, { prior_agent: prior });

function read1(record: Record<string, unknown>, line = 1): ReadCoordEvent {
  const r = readCoordEvent(record, 'coordination.jsonl', line);
  if (!('event' in r)) throw new Error(r.error);
  return r.event;
}

function model(records: Array<Record<string, unknown>>): CoordinationModel {
  return projectCoordination(orderCoordEvents(records.map((r, i) => read1(r, i + 1))));
}

const anchorOf = (m: CoordinationModel, id: string): string => m.events.find((e) => e.eventId === id && e.duplicateOf === undefined)?.anchor ?? '';

describe('readCoordEvent: envelope and required fields (seed: "Required Fields by Event")', () => {
  it('reads a complete SEND with nothing missing', () => {
    const e = read1(send('e1', 0, 'amber', 'cobalt'));
    expect(e).toMatchObject({ eventType: 'SEND', known: true, eventId: 'e1', actor: 'amber', toAgent: 'cobalt', issueId: 'bb-1', projectRoot: ROOT, missing: [], badValues: [], form: 'envelope' });
    expect(e.time).toBe(Date.UTC(2026, 2, 6, 9, 0));
  });

  it('names each missing shared and per-type field with its dotted path', () => {
    const e = read1({ version: 'coord.v1', data: { event_type: 'SEND', payload: { body: 'x' } } });
    expect(e.missing).toEqual(['event_id', 'project_root', 'issue_id', 'actor', 'timestamp', 'to_agent', 'payload.subject']);
  });

  it.each([
    ['READ', ['event_ref']],
    ['ACK', ['event_ref']],
    ['RESERVE', ['scope', 'payload.ttl_minutes']],
    ['RELEASE', ['scope']],
    ['TAKEOVER', ['scope', 'takeover_mode', 'reason']],
    ['RESUME', ['payload.prior_agent', 'reason']],
    ['BLOCKED', ['to_agent', 'payload.blocker', 'payload.requested_action']],
    ['HANDOFF', ['to_agent', 'payload.summary', 'payload.next_action']],
    ['INCURSION', ['scope', 'payload.incursion_kind', 'payload.owner_liveness']],
  ])('requires the extra fields of %s', (type, fields) => {
    expect(read1(env(type, 'x', 0, 'a')).missing).toEqual(fields);
  });

  it('treats blank text as missing and keeps unknown types with shared fields only', () => {
    expect(read1(env('RELEASE', 'x', 0, 'a', { scope: '  ' })).missing).toEqual(['scope']);
    const unknown = read1(env('PING', 'x', 0, 'a'));
    expect(unknown).toMatchObject({ eventType: 'PING', known: false, missing: [] });
  });

  it('reports values the seed does not allow', () => {
    expect(read1(takeover('t', 0, 'a', 'src/*', 'none')).badValues).toEqual([{ field: 'takeover_mode', value: 'none', expected: 'stale | evicted' }]);
    expect(read1(env('RESUME', 'r', 0, 'a', { reason: 'bored' }, { prior_agent: 'b' })).badValues).toEqual([{ field: 'reason', value: 'bored', expected: 'uncommitted_scope | in_progress_ownership' }]);
    expect(read1(env('SEND', 's', 0, 'a', { to_agent: 'b', state: 'acked' }, { subject: 's', body: 'b' })).badValues).toEqual([{ field: 'state', value: 'acked', expected: 'unread' }]);
    expect(read1(reserve('r', 0, 'a', 'x', '30' as unknown as number)).badValues).toEqual([{ field: 'payload.ttl_minutes', value: '30', expected: 'a number of minutes, 0 or more' }]);
    expect(read1({ ...env('RELEASE', 'r', 0, 'a', { scope: 'x' }), timestamp: '2026-03-06 09:00' }).badValues).toEqual([{ field: 'timestamp', value: '2026-03-06 09:00', expected: 'an ISO-8601 time with a zone' }]);
  });

  it('rejects an envelope whose named field has the wrong type', () => {
    const r = readCoordEvent({ version: 'coord.v1', actor: 'a', data: { event_type: 'SEND', event_id: 42 } }, 'f.jsonl', 3);
    expect(r).toEqual({ kind: 'coord/wrong-type', error: 'coord.v1 envelope: field “data.event_id” must be string, got number' });
  });

  it('unwraps a bd audit entry holding the envelope in `extra`, filling actor, issue and time from the entry', () => {
    const record = { id: 'int-1a2b3c4d', kind: 'coord_event', created_at: '2026-03-06T09:05:00Z', actor: 'amber', issue_id: 'bb-9', extra: { version: 'coord.v1', event_type: 'RELEASE', event_id: 'e9', project_root: ROOT, scope: 'src/*' } };
    expect(isCoordRecord(record)).toBe(true);
    const e = read1(record);
    expect(e).toMatchObject({ form: 'audit-entry', eventType: 'RELEASE', eventId: 'e9', actor: 'amber', issueId: 'bb-9', scope: 'src/*', timestamp: '2026-03-06T09:05:00Z', missing: [] });
    expect(e.extra).toEqual({ audit_entry_id: 'int-1a2b3c4d' });
  });

  it('keeps unknown envelope and data fields', () => {
    const e = read1({ ...send('e1', 0, 'a', 'b'), session: 's-1', data: { ...(send('e1', 0, 'a', 'b')['data'] as object), priority: 'high' } });
    expect(e.extra).toEqual({ session: 's-1', 'data.priority': 'high' });
  });
});

describe('parseInstant', () => {
  it('reads Z, offsets and 7 fractional digits, and refuses times without a zone', () => {
    expect(parseInstant('2026-04-12T20:24:56Z')).toBe(Date.UTC(2026, 3, 12, 20, 24, 56));
    expect(parseInstant('2026-01-21T13:04:10.348542-07:00')).toBeCloseTo(Date.UTC(2026, 0, 21, 20, 4, 10, 348) + 0.542, 6);
    expect(parseInstant('2026-04-12T20:24:56.2048423Z')).toBeGreaterThan(parseInstant('2026-04-12T20:24:56.2048Z') as number);
    expect(parseInstant('2026-01-21T13:04:10+0200')).toBe(Date.UTC(2026, 0, 21, 11, 4, 10));
    expect(parseInstant('2026-03-06T09:00:00')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
  });
});

describe('stream order (timestamp, then file order)', () => {
  it('sorts by time, keeps file order on ties, puts unreadable times last, marks out-of-order lines', () => {
    const events = orderCoordEvents([
      read1(release('b', 5, 'x', 's'), 1),
      read1({ ...release('c', 0, 'x', 's'), timestamp: 'later' }, 2),
      read1(release('a', 1, 'x', 's'), 3),
      read1(release('d', 5, 'x', 's'), 4),
    ]);
    expect(events.map((e) => [e.eventId, e.seq, e.anchor])).toEqual([
      ['a', 0, 'coord-1'],
      ['b', 1, 'coord-2'],
      ['d', 2, 'coord-3'],
      ['c', 3, 'coord-4'],
    ]);
    expect(events.filter((e) => e.outOfOrder).map((e) => e.eventId)).toEqual(['a']);
  });

  it('marks later events with a used event_id as duplicates of the first in stream order', () => {
    const events = orderCoordEvents([read1(release('same', 3, 'x', 's'), 1), read1(reserve('same', 1, 'x', 's', 5), 2)]);
    expect(events.map((e) => [e.eventType, e.duplicateOf])).toEqual([
      ['RESERVE', undefined],
      ['RELEASE', 'coord-1'],
    ]);
  });
});

describe('inbox projection (seed: "Inbox projection")', () => {
  it('gives unread, read and acked, counting READ/ACK at the same time as the SEND', () => {
    const m = model([send('m1', 0, 'amber', 'cobalt'), send('m2', 1, 'amber', 'jade'), send('m3', 2, 'amber', 'jade'), read('r2', 3, 'jade', 'm2'), ack('a3', 2, 'jade', 'm3')]);
    expect(m.inbox.map((i) => [i.eventId, i.state, i.reads.length, i.acks.length])).toEqual([
      ['m1', 'unread', 0, 0],
      ['m2', 'read', 1, 0],
      ['m3', 'acked', 0, 1],
    ]);
    expect(m.refProblems).toEqual([]);
  });

  it('an ACK without a READ is acked; a READ after an ACK keeps it acked', () => {
    const m = model([send('m1', 0, 'a', 'b'), ack('k', 1, 'b', 'm1'), read('r', 2, 'b', 'm1')]);
    expect(m.inbox[0]?.state).toBe('acked');
  });

  it('reports READ/ACK of an unknown event, of a non-SEND and of a later SEND, and does not count them', () => {
    const m = model([ack('k1', 0, 'b', 'nope'), reserve('r1', 1, 'a', 'x', 5), read('k2', 2, 'b', 'r1'), read('k3', 3, 'b', 'm9'), send('m9', 4, 'a', 'b')]);
    expect(m.refProblems.map((p) => [p.ref, p.problem])).toEqual([
      ['nope', 'unknown'],
      ['r1', 'not-a-send'],
      ['m9', 'later'],
    ]);
    expect(m.inbox).toEqual([{ send: anchorOf(m, 'm9'), eventId: 'm9', from: 'a', to: 'b', subject: 's m9', state: 'unread', reads: [], acks: [] }]);
  });
});

describe('reservations and takeover policy (seed: "Reservation projection", "Takeover policy")', () => {
  it('opens, releases and reports who held what', () => {
    const m = model([reserve('r1', 0, 'amber', 'src/*', 30), release('x1', 10, 'amber', 'src/*')]);
    expect(m.reservations).toEqual([{ projectRoot: ROOT, scope: 'src/*', owner: 'amber', start: 'coord-1', via: 'RESERVE', startTime: Date.UTC(2026, 2, 6, 9, 0), ttlMinutes: 30, end: 'coord-2', endTime: Date.UTC(2026, 2, 6, 9, 10), ended: 'released' }]);
    expect(m.releaseProblems).toEqual([]);
  });

  it('denies a takeover of an active owner (own event within the TTL)', () => {
    const m = model([reserve('r1', 0, 'amber', 'src/*', 30), send('m', 5, 'amber', 'jade'), takeover('t', 20, 'cobalt', 'src/*', 'stale')]);
    expect(m.takeovers).toHaveLength(1);
    expect(m.takeovers[0]).toMatchObject({ taker: 'cobalt', priorOwner: 'amber', outcome: 'denied', liveness: { liveness: 'active', evidence: anchorOf(m, 'm') } });
    expect(m.takeovers[0]?.liveness?.basis).toBe("amber's last own event (2026-03-06T09:05:00.000Z), 15 min earlier, within the reservation's ttl of 30 min");
    expect(m.reservations.map((r) => [r.owner, r.ended])).toEqual([
      ['amber', 'taken-over'],
      ['cobalt', 'active'],
    ]);
  });

  it('allows a stale owner only with takeover_mode stale', () => {
    const stale = model([reserve('r1', 0, 'amber', 'src/*', 10), takeover('t', 30, 'cobalt', 'src/*', 'stale')]);
    expect(stale.takeovers[0]).toMatchObject({ outcome: 'allowed', liveness: { liveness: 'stale' } });
    const wrongMode = model([reserve('r1', 0, 'amber', 'src/*', 10), takeover('t', 30, 'cobalt', 'src/*', 'evicted')]);
    expect(wrongMode.takeovers[0]).toMatchObject({ outcome: 'denied', liveness: { liveness: 'stale' } });
    expect(wrongMode.takeovers[0]?.why).toBe('owner amber was stale: only an explicit stale takeover is allowed, and takeover_mode is “evicted”');
  });

  it('allows an evicted owner (RESUME by another agent) and expires the prior reservation', () => {
    const m = model([reserve('r1', 0, 'amber', 'src/*', 60), resume('u', 5, 'jade', 'amber'), takeover('t', 6, 'jade', 'src/*', 'evicted')]);
    expect(m.takeovers[0]).toMatchObject({ outcome: 'allowed', liveness: { liveness: 'evicted', evidence: anchorOf(m, 'u') } });
    expect(m.reservations[0]?.ended).toBe('expired');
  });

  it('takes an INCURSION report of the owner as liveness, until the owner acts again', () => {
    const reported = model([reserve('r1', 0, 'amber', 'src/*', 60), incursion('i', 5, 'cobalt', 'src/a.ts', 'evicted'), takeover('t', 6, 'cobalt', 'src/*', 'stale')]);
    expect(reported.takeovers[0]).toMatchObject({ outcome: 'allowed', liveness: { liveness: 'evicted' } });
    expect(reported.incursions).toEqual([{ event: anchorOf(reported, 'i'), actor: 'cobalt', projectRoot: ROOT, scope: 'src/a.ts', kind: 'exact', reportedLiveness: 'evicted', holders: [{ owner: 'amber', scope: 'src/*', start: anchorOf(reported, 'r1') }] }]);
    const actedAgain = model([reserve('r1', 0, 'amber', 'src/*', 60), incursion('i', 5, 'cobalt', 'src/a.ts', 'evicted'), release('x', 6, 'amber', 'other'), takeover('t', 7, 'cobalt', 'src/*', 'stale')]);
    expect(actedAgain.takeovers[0]).toMatchObject({ outcome: 'denied', liveness: { liveness: 'active' } });
  });

  it('is inconclusive when liveness is unknown (no TTL to age the last sign)', () => {
    const m = model([reserve('r1', 0, 'amber', 'docs/*'), takeover('t', 80, 'jade', 'docs/*', 'stale')]);
    expect(m.takeovers[0]).toMatchObject({ outcome: 'inconclusive', liveness: { liveness: 'unknown' } });
  });

  it('records a takeover of nothing as unheld, and of one’s own reservation as allowed', () => {
    const m = model([takeover('t1', 0, 'jade', 'a', 'stale'), takeover('t2', 1, 'jade', 'a', 'stale')]);
    expect(m.takeovers.map((t) => t.outcome)).toEqual(['unheld', 'allowed']);
  });

  it('reports a RELEASE by a non-holder or of nothing, and a RESERVE over another owner', () => {
    const m = model([release('x0', 0, 'amber', 'a'), reserve('r1', 1, 'amber', 'a', 5), release('x1', 2, 'jade', 'a'), reserve('r2', 3, 'amber', 'b', 5), reserve('r3', 4, 'jade', 'b', 5), reserve('r4', 5, 'jade', 'b', 9)]);
    expect(m.releaseProblems).toEqual([
      { event: anchorOf(m, 'x0'), holder: null },
      { event: anchorOf(m, 'x1'), holder: 'amber', holderStart: anchorOf(m, 'r1') },
    ]);
    expect(m.reserveConflicts).toEqual([{ event: anchorOf(m, 'r3'), holder: 'amber', holderStart: anchorOf(m, 'r2') }]);
    expect(m.reservations.map((r) => [r.scope, r.owner, r.ended])).toEqual([
      ['a', 'amber', 'released'],
      ['b', 'amber', 'replaced'],
      ['b', 'jade', 'renewed'],
      ['b', 'jade', 'active'],
    ]);
  });

  it('keeps reservations per project_root', () => {
    const other = (r: Record<string, unknown>) => ({ ...r, data: { ...(r['data'] as object), project_root: '/other' } });
    const m = model([reserve('r1', 0, 'amber', 'a', 5), other(reserve('r2', 1, 'jade', 'a', 5))]);
    expect(m.reserveConflicts).toEqual([]);
    expect(m.reservations.map((r) => r.ended)).toEqual(['active', 'active']);
  });

  it('leaves duplicates and unknown types out of every projection', () => {
    const m = model([reserve('r1', 0, 'amber', 'a', 5), release('r1', 1, 'amber', 'a'), env('PING', 'p', 2, 'amber')]);
    expect(m.reservations[0]?.ended).toBe('active');
    expect(m.eventTypes).toEqual([
      { type: 'RESERVE', known: true, count: 1 },
      { type: 'RELEASE', known: true, count: 1 },
      { type: 'PING', known: false, count: 1 },
    ]);
  });

  it('lists blockers, handoffs and resumes in stream order, and every agent', () => {
    const m = model([env('HANDOFF', 'h', 1, 'a', { to_agent: 'b' }, { summary: 's', next_action: 'n' }), env('BLOCKED', 'k', 0, 'b', { to_agent: 'c' }, { blocker: 'x', requested_action: 'y' }), resume('u', 2, 'd', 'a')]);
    expect([m.blockers, m.handoffs, m.resumes]).toEqual([['coord-1'], ['coord-2'], ['coord-3']]);
    expect(m.agents).toEqual(['a', 'b', 'c', 'd']);
    expect(m.span).toEqual({ from: '2026-03-06T09:00:00.000Z', to: '2026-03-06T09:02:00.000Z' });
  });
});

describe('livenessAt', () => {
  const sign = { source: 'own' as const, value: 'active', time: 0, anchor: 'coord-1', timestamp: 't0' };
  it('ages an active sign by the TTL and needs a TTL to judge', () => {
    expect(livenessAt('a', sign, 10 * 60000, 10).liveness).toBe('active');
    expect(livenessAt('a', sign, 10 * 60000 + 1, 10).liveness).toBe('stale');
    expect(livenessAt('a', sign, 60000, null).liveness).toBe('unknown');
    expect(livenessAt('a', sign, 0, null).liveness).toBe('active');
    expect(livenessAt('a', sign, null, 10).liveness).toBe('unknown');
  });
  it('takes reported stale and evicted as they are, other words as unknown, and no sign as unknown', () => {
    expect(livenessAt('a', { ...sign, source: 'incursion', value: 'stale' }, null, null).liveness).toBe('stale');
    expect(livenessAt('a', { ...sign, source: 'resume', value: 'evicted' }, 5, null).liveness).toBe('evicted');
    expect(livenessAt('a', { ...sign, source: 'incursion', value: 'sleepy' }, 5, 10)).toEqual({ liveness: 'unknown', basis: 'an INCURSION reporting a as “sleepy” (t0): not one of active, stale, evicted', evidence: 'coord-1' });
    expect(livenessAt('a', undefined, 5, 10)).toEqual({ liveness: 'unknown', basis: 'no event by or about a before this moment' });
  });
});

describe('scope overlap', () => {
  it.each([
    ['src/*', 'src/a.ts', true],
    ['src/*', 'src/lib/a.ts', true],
    ['src/lib', 'src/lib/a.ts', true],
    ['./src//lib/', 'src/lib/a.ts', true],
    ['src/a.ts', 'src/a.ts', true],
    ['src/a.ts', 'src/b.ts', false],
    ['docs/*', 'src/a.ts', false],
    ['src/lib', 'src/library.ts', false],
  ])('%s covers %s: %s', (pattern, path, expected) => {
    expect(scopeCovers(pattern, path)).toBe(expected);
  });
  it('lets two globs with a shared stem overlap', () => {
    expect(scopesOverlap('src/*', 'src/lib/**')).toBe(true);
    expect(scopesOverlap('src/*.ts', 'docs/*.md')).toBe(false);
  });
});

describe('reservation chart layout', () => {
  it('draws one lane per scope, one bar per reservation, and a mark per takeover', () => {
    const m = model([reserve('r1', 0, 'amber', 'src/*', 30), reserve('r2', 10, 'jade', 'docs/*', 5), takeover('t', 20, 'cobalt', 'src/*', 'stale'), release('x', 40, 'cobalt', 'src/*')]);
    const chart = layoutReservationChart(m);
    expect(chart?.lanes.map((l) => l.label)).toEqual(['src/*', 'docs/*']);
    expect(chart?.bars.map((b) => [b.owner, b.ended, Math.round(b.x), Math.round(b.width)])).toEqual([
      ['amber', 'taken-over', 220, 320],
      ['jade', 'active', 380, 480],
      ['cobalt', 'released', 540, 320],
    ]);
    expect(chart?.marks.map((k) => [k.kind, k.symbol])).toEqual([['takeover-denied', '✕']]);
    expect(chart?.ticks.map((t) => t.label)).toEqual(['09:00 UTC', '09:10 UTC', '09:20 UTC', '09:30 UTC', '09:40 UTC']);
  });
  it('puts ticks on round times', () => {
    const chart = layoutReservationChart(model([reserve('r1', 2, 'amber', 'src/*', 30), release('x', 65, 'amber', 'src/*')]));
    expect(chart?.ticks.map((t) => t.label)).toEqual(['09:15 UTC', '09:30 UTC', '09:45 UTC', '10:00 UTC']);
  });
  it('is null without reservations', () => {
    expect(layoutReservationChart(model([send('m', 0, 'a', 'b')]))).toBeNull();
  });
});
