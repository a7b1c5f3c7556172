/**
 * Open blockers (src/lib/projections/open-blockers.ts; spec/archive.md recap item 2): which
 * BLOCKED events, blocked beads issues, BLOCKED gate verdicts and stopped repair loops are
 * still open where the records end, with the exact words the recap shows.
 */
import { describe, expect, it } from 'vitest';
import { readCoordEvent } from '../../src/lib/coord/read-coord-event.ts';
import { orderCoordEvents } from '../../src/lib/coord/order.ts';
import { projectCoordination } from '../../src/lib/coord/project-coordination.ts';
import { openBlockers } from '../../src/lib/projections/open-blockers.ts';
import type { BeadsIssue, BeadsModel } from '../../src/lib/model/beads.ts';
import type { QaVerdict, RepairLoop, VerdictsModel } from '../../src/lib/model/verdicts.ts';
import type { CoordinationModel } from '../../src/lib/model/coord.ts';

/** A coord.v1 envelope on issue `issue`, `at` minutes after 09:00 on 2026-03-06. */
function env(type: string, id: string, at: number, actor: string, issue: string, data: Record<string, unknown> = {}, payload: Record<string, unknown> = {}): Record<string, unknown> {
  return { version: 'coord.v1', kind: 'coord_event', issue_id: issue, actor, timestamp: new Date(Date.UTC(2026, 2, 6, 9, at)).toISOString(), data: { event_type: type, event_id: id, project_root: '/repo', ...data, payload } };
}
const blocked = (id: string, at: number, actor: string, issue: string) => env('BLOCKED', id, at, actor, issue, { to_agent: 'lead' }, { blocker: `blocker ${id}`, requested_action: `act on ${id}` });
const handoff = (id: string, at: number, actor: string, issue: string) => env('HANDOFF', id, at, actor, issue, { to_agent: 'lead' }, { summary: 's', next_action: 'n' });

function coordination(records: Array<Record<string, unknown>>): CoordinationModel {
  return projectCoordination(
    orderCoordEvents(
      records.map((r, i) => {
        const read = readCoordEvent(r, 'coordination.jsonl', i + 1);
        if (!('event' in read)) throw new Error(read.error);
        return read.event;
      }),
    ),
  );
}

const issue = (id: string, status: string, spec: Partial<BeadsIssue> = {}): BeadsIssue =>
  ({ id, key: id, anchor: `issue-${id}`, title: `title ${id}`, status, statusKnown: true, assignee: 'amber', owner: '', updatedAt: '2026-03-06T10:00:00Z', at: { file: '.beads/issues.jsonl', line: 3 }, history: [], replayedStatus: null, gaps: 0, ...spec }) as BeadsIssue;
const beads = (issues: BeadsIssue[]): BeadsModel => ({ issues }) as unknown as BeadsModel;
const verdicts = (spec: Partial<VerdictsModel>): VerdictsModel => ({ qa: [], skills: [], reviews: [], loops: [], ...spec });

describe('open blockers from coord.v1 BLOCKED events (coordination seed, event type 8)', () => {
  it('a BLOCKED that is the last event on its issue is open, with its words', () => {
    const model = coordination([handoff('h1', 0, 'amber', 'bb-1'), blocked('b1', 5, 'jade', 'bb-1')]);
    expect(openBlockers({ coordination: model, beads: null, verdicts: null })).toEqual([
      { source: 'coord', what: 'blocker b1', next: 'asks lead: act on b1', by: 'jade', issue: 'bb-1', since: '2026-03-06T09:05:00.000Z', anchor: 'coord-2', file: 'coordination.jsonl', line: 2 },
    ]);
  });

  it('a later event on the same issue lifts it; another issue does not', () => {
    const model = coordination([blocked('b1', 0, 'jade', 'bb-1'), handoff('h1', 5, 'amber', 'bb-1'), blocked('b2', 6, 'jade', 'bb-2'), handoff('h2', 7, 'amber', 'bb-3')]);
    expect(openBlockers({ coordination: model, beads: null, verdicts: null }).map((b) => b.what)).toEqual(['blocker b2']);
  });

  it('a BLOCKED on a beads issue that is closed is not open', () => {
    const model = coordination([blocked('b1', 0, 'jade', 'bb-1')]);
    expect(openBlockers({ coordination: model, beads: beads([issue('bb-1', 'closed')]), verdicts: null })).toEqual([]);
  });

  it('a duplicate of an event_id is left out, as in every projection', () => {
    const model = coordination([blocked('b1', 0, 'jade', 'bb-1'), blocked('b1', 1, 'jade', 'bb-1')]);
    expect(openBlockers({ coordination: model, beads: null, verdicts: null }).map((b) => b.anchor)).toEqual(['coord-1']);
  });
});

describe('open blockers from beads, verdicts and loops', () => {
  it('a beads issue whose exported status is blocked', () => {
    expect(openBlockers({ coordination: null, beads: beads([issue('bd-1', 'blocked'), issue('bd-2', 'open'), issue('bd-3', 'closed')]), verdicts: null })).toEqual([
      { source: 'beads', what: 'title bd-1', next: '', by: 'amber', issue: 'bd-1', since: '2026-03-06T10:00:00Z', anchor: 'issue-bd-1', file: '.beads/issues.jsonl', line: 3 },
    ]);
  });

  it('a BLOCKED gate verdict, a babysit STATUS: BLOCKED, and a loop whose premise fails', () => {
    const qa = { anchor: 'qa-1', file: 'verdicts/qa.json', line: 1, ticket: 'T-1', gate: 'qa', verdict: 'BLOCKED', verdictClass: 'blocked', status: null, summary: '' } as unknown as QaVerdict;
    const text = { anchor: 'qa-2', file: 'verdicts/qa.md', line: 1, ticket: '', gate: 'qa', verdict: 'FAIL', verdictClass: 'fail', status: 'BLOCKED', summary: 'no staging database' } as unknown as QaVerdict;
    const loop = {
      anchor: 'loop-1',
      ticket: 'T-2',
      gate: 'review',
      fingerprint: 'sort order',
      rows: [
        { file: 'premises.jsonl', line: 1, ts: 't1', premise: '', premiseResult: null },
        { file: 'premises.jsonl', line: 2, ts: 't2', premise: 'the fix assumes sorted output', premiseResult: 'fails' },
      ],
    } as unknown as RepairLoop;
    const held = { ...loop, anchor: 'loop-2', rows: [{ file: 'premises.jsonl', line: 3, ts: 't3', premise: 'x', premiseResult: 'holds' }] } as unknown as RepairLoop;
    const skills = [{ skill: 'build', file: 'verdicts/build.md', line: 1, status: 'blocked', bodyHtml: '', anchor: 'skill-build' }, { skill: 'ship', file: 'verdicts/ship.md', line: 1, status: 'DONE', bodyHtml: '', anchor: 'skill-ship' }];
    const got = openBlockers({ coordination: null, beads: null, verdicts: verdicts({ qa: [qa, text], skills, loops: [loop, held] }) });
    expect(got.map((b) => [b.source, b.what, b.next, b.anchor, `${b.file}:${b.line}`])).toEqual([
      ['verdict', 'qa gate verdict BLOCKED', '', 'qa-1', 'verdicts/qa.json:1'],
      ['verdict', 'no staging database', '', 'qa-2', 'verdicts/qa.md:1'],
      ['verdict', 'build: STATUS blocked', '', 'skill-build', 'verdicts/build.md:1'],
      ['loop', 'sort order', 'premise fails (the fix assumes sorted output): hand the blocker to investigate', 'loop-1', 'premises.jsonl:2'],
    ]);
  });

  it('reads statuses without case, markup or a trailing comment', () => {
    const skills = [{ skill: 'a', file: 'verdicts/a.md', line: 1, status: '**BLOCKED** — waiting on creds', bodyHtml: '', anchor: 's-a' }];
    const got = openBlockers({ coordination: coordination([blocked('b1', 0, 'jade', 'bb-1')]), beads: beads([issue('bb-1', 'Closed'), issue('bb-2', 'BLOCKED')]), verdicts: verdicts({ skills }) });
    expect(got.map((b) => [b.source, b.anchor])).toEqual([['beads', 'issue-bb-2'], ['verdict', 's-a']]);
  });

  it('nothing open in a project with none of these records', () => {
    expect(openBlockers({ coordination: null, beads: null, verdicts: null })).toEqual([]);
  });
});
