/**
 * Property tests (fast-check) for the coord.v1 projections:
 * - the inbox does not depend on how events with equal timestamps are ordered (a READ/ACK at
 *   the same instant as its SEND counts, so no order inside one instant is needed);
 * - reservations, takeover outcomes, hold problems and the inbox do not depend on how equal-
 *   timestamp events of independent agents and scopes interleave (the seed orders events of
 *   one scope by "latest event", so ties inside one scope are left to file order);
 * - any JSON record read as an envelope projects without throwing, every line accounted for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCoordEvent, type ReadCoordEvent } from '../../src/lib/coord/read-coord-event.ts';
import { orderCoordEvents } from '../../src/lib/coord/order.ts';
import { projectCoordination } from '../../src/lib/coord/project-coordination.ts';
import type { CoordinationModel } from '../../src/lib/model/coord.ts';

const BASE = Date.UTC(2026, 2, 6, 9, 0);

function envelope(type: string, id: string, minute: number, actor: string, data: Record<string, unknown>, payload: Record<string, unknown>): Record<string, unknown> {
  return { version: 'coord.v1', kind: 'coord_event', issue_id: 'bb-1', actor, timestamp: new Date(BASE + minute * 60000).toISOString(), data: { event_type: type, event_id: id, project_root: '/r', ...data, payload } };
}

function build(records: ReadonlyArray<Record<string, unknown>>): CoordinationModel {
  const read: ReadCoordEvent[] = [];
  records.forEach((r, i) => {
    const out = readCoordEvent(r, 'c.jsonl', i + 1);
    if ('event' in out) read.push(out.event);
  });
  return projectCoordination(orderCoordEvents(read));
}

/** The projections in a form that does not depend on stream positions (anchors → event ids). */
function normalise(m: CoordinationModel): unknown {
  const id = new Map(m.events.map((e) => [e.anchor, e.eventId]));
  const ids = (anchors: string[]): string[] => anchors.map((a) => id.get(a) ?? a).sort();
  const sortBy = <T>(list: T[], key: (t: T) => string): T[] => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return {
    inbox: sortBy(m.inbox.map((i) => ({ id: i.eventId, state: i.state, reads: ids(i.reads), acks: ids(i.acks) })), (x) => x.id),
    refProblems: sortBy(m.refProblems.map((p) => ({ id: id.get(p.event), ref: p.ref, problem: p.problem })), (x) => `${x.id}`),
    reservations: sortBy(m.reservations.map((r) => ({ owner: r.owner, scope: r.scope, start: id.get(r.start), end: r.end ? id.get(r.end) : null, ended: r.ended, ttl: r.ttlMinutes })), (x) => `${x.start}`),
    takeovers: sortBy(m.takeovers.map((t) => ({ id: id.get(t.event), outcome: t.outcome, liveness: t.liveness?.liveness ?? null, prior: t.priorOwner })), (x) => `${x.id}`),
    releaseProblems: sortBy(m.releaseProblems.map((p) => ({ id: id.get(p.event), holder: p.holder })), (x) => `${x.id}`),
    reserveConflicts: sortBy(m.reserveConflicts.map((p) => ({ id: id.get(p.event), holder: p.holder })), (x) => `${x.id}`),
    incursions: sortBy(m.incursions.map((i) => ({ id: id.get(i.event), holders: i.holders.map((h) => `${h.owner}:${h.scope}`).sort() })), (x) => `${x.id}`),
  };
}

/** Orders records by minute, breaking ties with the given keys (a random file order within one instant). */
function fileOrder(records: ReadonlyArray<{ minute: number; record: Record<string, unknown> }>, ties: readonly number[]): Array<Record<string, unknown>> {
  return records
    .map((r, i) => ({ ...r, tie: ties[i % Math.max(1, ties.length)] ?? 0, i }))
    .sort((a, b) => a.minute - b.minute || a.tie - b.tie || a.i - b.i)
    .map((r) => r.record);
}

describe('inbox: invariant under re-ordering of equal-timestamp events', () => {
  const message = fc.record({ minute: fc.integer({ min: 0, max: 3 }), kind: fc.constantFrom('SEND', 'READ', 'ACK'), ref: fc.integer({ min: 0, max: 6 }), actor: fc.constantFrom('a', 'b', 'c') });
  it('gives the same states and problems for any order inside one instant', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 24 }), fc.array(fc.integer(), { minLength: 1, maxLength: 24 }), fc.array(fc.integer(), { minLength: 1, maxLength: 24 }), (ms, t1, t2) => {
        const records = ms.map((m, i) => ({
          minute: m.minute,
          record:
            m.kind === 'SEND'
              ? envelope('SEND', `m${i}`, m.minute, m.actor, { to_agent: 'z', state: 'unread' }, { subject: 's', body: 'b' })
              : envelope(m.kind, `e${i}`, m.minute, m.actor, { event_ref: `m${m.ref}` }, {}),
        }));
        expect(normalise(build(fileOrder(records, t1)))).toEqual(normalise(build(fileOrder(records, t2))));
      }),
      { numRuns: 300 },
    );
  });
});

describe('reservations and takeovers: invariant under interleaving of independent agents and scopes', () => {
  const op = fc.record({
    gap: fc.integer({ min: 1, max: 20 }),
    kind: fc.constantFrom('RESERVE', 'RELEASE', 'TAKEOVER', 'INCURSION', 'RESUME', 'SEND', 'READ', 'ACK'),
    who: fc.integer({ min: 0, max: 2 }),
    scope: fc.integer({ min: 0, max: 1 }),
    ttl: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
    mode: fc.constantFrom('stale', 'evicted', 'none'),
    liveness: fc.constantFrom('active', 'stale', 'evicted', 'unknown', 'asleep'),
    ref: fc.integer({ min: 0, max: 5 }),
  });
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

  /** One lane: its own agents and scopes, strictly increasing times. */
  function lane(n: number, ops: readonly Op[]): Array<{ minute: number; record: Record<string, unknown> }> {
    let minute = 0;
    return ops.map((o, i) => {
      minute += o.gap;
      const agent = `L${n}-${o.who}`;
      const scope = `lane${n}/s${o.scope}/*`;
      const id = `L${n}-e${i}`;
      const record = (() => {
        switch (o.kind) {
          case 'RESERVE':
            return envelope('RESERVE', id, minute, agent, { scope }, o.ttl === undefined ? {} : { ttl_minutes: o.ttl });
          case 'RELEASE':
            return envelope('RELEASE', id, minute, agent, { scope }, {});
          case 'TAKEOVER':
            return envelope('TAKEOVER', id, minute, agent, { scope, takeover_mode: o.mode, reason: 'r' }, o.ttl === undefined ? {} : { ttl_minutes: o.ttl });
          case 'INCURSION':
            return envelope('INCURSION', id, minute, agent, { scope: `lane${n}/s${o.scope}/f.ts` }, { incursion_kind: 'partial', owner_liveness: o.liveness });
          case 'RESUME':
            return envelope('RESUME', id, minute, agent, { reason: 'uncommitted_scope' }, { prior_agent: `L${n}-${(o.who + 1) % 3}` });
          case 'SEND':
            return envelope('SEND', id, minute, agent, { to_agent: `L${n}-${(o.who + 1) % 3}`, state: 'unread' }, { subject: 's', body: 'b' });
          default:
            return envelope(o.kind, id, minute, agent, { event_ref: `L${n}-e${o.ref}` }, {});
        }
      })();
      return { minute, record };
    });
  }

  it('gives the same projections for any interleaving of lanes at equal times', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 12 }), { minLength: 1, maxLength: 3 }), fc.array(fc.integer(), { minLength: 1, maxLength: 40 }), fc.array(fc.integer(), { minLength: 1, maxLength: 40 }), (lanes, t1, t2) => {
        const records = lanes.flatMap((ops, n) => lane(n, ops));
        expect(normalise(build(fileOrder(records, t1)))).toEqual(normalise(build(fileOrder(records, t2))));
      }),
      { numRuns: 300 },
    );
  });
});

describe('any record', () => {
  const field = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.constant(''), fc.boolean());
  const data = fc.record(
    {
      event_type: fc.oneof(fc.constantFrom('SEND', 'READ', 'ACK', 'RESERVE', 'RELEASE', 'TAKEOVER', 'RESUME', 'BLOCKED', 'HANDOFF', 'INCURSION'), fc.string({ maxLength: 5 })),
      event_id: fc.oneof(fc.constantFrom('a', 'b', 'c', ''), field),
      scope: fc.oneof(fc.constantFrom('x', 'x/*', 'y', ''), field),
      to_agent: fc.oneof(fc.constantFrom('p', 'q'), field),
      event_ref: fc.oneof(fc.constantFrom('a', 'b'), field),
      takeover_mode: fc.oneof(fc.constantFrom('stale', 'evicted'), field),
      payload: fc.oneof(fc.dictionary(fc.constantFrom('subject', 'body', 'ttl_minutes', 'prior_agent', 'owner_liveness', 'incursion_kind'), fc.oneof(field, fc.integer({ min: 0, max: 60 }))), field),
    },
    { requiredKeys: [] },
  );
  const record = fc.record(
    {
      version: fc.oneof(fc.constant('coord.v1'), field),
      actor: fc.oneof(fc.constantFrom('p', 'q', 'r'), field),
      timestamp: fc.oneof(fc.integer({ min: 0, max: 50 }).map((m) => new Date(BASE + m * 60000).toISOString()), fc.string({ maxLength: 8 })),
      issue_id: field,
      data: fc.oneof(data, field),
    },
    { requiredKeys: [] },
  );

  it('is read as an event or refused with a kind, and projects without throwing', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 30 }), (records) => {
        const read: ReadCoordEvent[] = [];
        let refused = 0;
        records.forEach((r, i) => {
          const out = readCoordEvent(r, 'c.jsonl', i + 1);
          if ('event' in out) read.push(out.event);
          else {
            expect(out.kind).toBe('coord/wrong-type');
            refused++;
          }
        });
        expect(read.length + refused).toBe(records.length);
        const m = projectCoordination(orderCoordEvents(read));
        expect(m.events).toHaveLength(read.length);
        const anchors = new Set(m.events.map((e) => e.anchor));
        for (const r of m.reservations) expect(anchors.has(r.start)).toBe(true);
        for (const t of m.takeovers) expect(['allowed', 'denied', 'inconclusive', 'unheld']).toContain(t.outcome);
        for (const i of m.inbox) expect(['unread', 'read', 'acked']).toContain(i.state);
      }),
      { numRuns: 300 },
    );
  });
});
