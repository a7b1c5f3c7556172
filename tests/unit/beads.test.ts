/**
 * beads records (src/lib/beads/): the adapter on every real variant (older rows with local
 * offsets and `agent_state`, `_type` issue/memory rows, integer and string comment ids,
 * unknown statuses, backup tables, audit entries), the status replay with its gaps, and the
 * real `.beads` folder of 45ck/prompt-language, whose events file replays without throwing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBeadsRows, readBeadsFile, beadsRecordShape, type BeadsRows } from '../../src/lib/beads/read-beads-file.ts';
import { buildBeadsModel } from '../../src/lib/beads/build-beads-model.ts';
import { eventEntry } from '../../src/lib/beads/lifecycle-entry.ts';
import { replayIssue, replayOrder } from '../../src/lib/beads/replay.ts';
import type { ReadCoordEvent } from '../../src/lib/coord/read-coord-event.ts';
import type { BeadsModel } from '../../src/lib/model/beads.ts';
import { statusMismatch } from '../../src/lib/checks/beads/status-mismatch.ts';
import { FOLD_CLOSED_FROM, issueList } from '../../src/lib/beads/issue-list.ts';
import { historyGap } from '../../src/lib/checks/beads/history-gap.ts';
import { invalidBeadsLine } from '../../src/lib/checks/beads/invalid-line.ts';
import { duplicateId } from '../../src/lib/checks/beads/duplicate-id.ts';
import type { TrailCheckInput } from '../../src/lib/checks/check.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const REAL = path.join(REAL_CORPUS, '45ck__prompt-language', '.beads');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-beads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (o: unknown): string => JSON.stringify(o);

/** Writes files under a fresh `.beads/` and reads them all, in the given order. */
async function readBeads(files: Record<string, string[]>): Promise<{ rows: BeadsRows; coord: ReadCoordEvent[]; results: Awaited<ReturnType<typeof readBeadsFile>>[] }> {
  const root = await mkdtemp(path.join(dir, 'p-'));
  const rows = emptyBeadsRows();
  const coord: ReadCoordEvent[] = [];
  const results = [];
  for (const [rel, lines] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    const text = lines.join('\n') + '\n';
    await writeFile(abs, text);
    results.push(await readBeadsFile(abs, rel, Buffer.byteLength(text), rows, coord));
  }
  return { rows, coord, results };
}

function input(beads: BeadsModel, invalid: TrailCheckInput['invalid'] = []): TrailCheckInput {
  return { rows: [], invalid, warnings: [], audit: { present: false }, reviewFlags: [], beads };
}

const OLD_ROW = {
  id: 'loop-0wc',
  title: 'Fix serde FieldType',
  status: 'closed',
  priority: 0,
  issue_type: 'bug',
  created_at: '2026-01-21T13:04:10.348542-07:00',
  updated_at: '2026-01-21T13:10:15.043785-07:00',
  closed_at: '2026-01-21T13:10:15.043785-07:00',
  close_reason: 'Fixed in commit cf7c1d5',
  agent_state: 'done',
  labels: ['build', 'serde'],
  dependencies: [{ issue_id: 'loop-0wc', depends_on_id: 'loop-zcx', type: 'parent-child', created_at: '2026-01-20T16:18:49.461639-07:00', created_by: 'daemon' }],
  comments: [{ id: 1, issue_id: 'loop-0wc', author: 'claude', text: 'first', created_at: '2026-01-21T13:05:00-07:00' }],
};
const NEW_ROW = { _type: 'issue', id: 'pl-2', title: 'New style', status: 'review', priority: '1', assignee: null, comments: [{ id: '557f4503-02af-4901-91ae-07b74cf20d04', author: 'person-1', text: 'uuid comment', created_at: '2026-04-11T01:33:01Z' }], compaction_level: 0, content_hash: 'abc' };
const MEMORY = { _type: 'memory', key: 'build-cmd', value: 'npm run ci' };

describe('record shapes are keyed on fields', () => {
  it.each([
    [{ version: 'coord.v1' }, 'coord'],
    [MEMORY, 'memory'],
    [{ event_type: 'closed', issue_id: 'x' }, 'event'],
    [{ id: 'int-1', kind: 'field_change', created_at: 't' }, 'interaction'],
    [{ issue_id: 'x', depends_on_id: 'y' }, 'dependency'],
    [{ issue_id: 'x', label: 'area:docs' }, 'label'],
    [{ id: 'c', issue_id: 'x', author: 'a', text: 't' }, 'comment'],
    [{ key: 'issue_prefix', value: 'pl' }, 'config'],
    [OLD_ROW, 'issue'],
    [{ _type: 'issue', title: 'no id' }, null],
    [{ foo: 1 }, null],
  ])('%j is %s', (record, shape) => {
    expect(beadsRecordShape(record as Record<string, unknown>)).toBe(shape);
  });
});

describe('readBeadsFile: every real variant, every line accounted for', () => {
  it('reads old and new issue rows, memories, unknown statuses, and keeps bad lines', async () => {
    const { rows, results } = await readBeads({ '.beads/issues.jsonl': [line(OLD_ROW), line(NEW_ROW), line(MEMORY), '{"id": broken', line({ _type: 'issue', title: 'no id' }), line({ id: 'x', title: 5 }), ''] });
    const r = results[0];
    expect(r?.source).toEqual({ path: '.beads/issues.jsonl', format: 'beads', bytes: expect.any(Number), lines: 7, valid: 3, invalid: 4 });
    expect(r?.invalid.map((i) => [i.line, i.kind])).toEqual([
      [4, 'beads/not-json'],
      [5, 'beads/unknown-record'],
      [6, 'beads/invalid-record'],
      [7, 'beads/blank-line'],
    ]);
    expect(r?.invalid[2]?.error).toBe('issue: field “title” must be string, got number');
    const model = buildBeadsModel(rows);
    const [old, fresh] = model.issues;
    expect(old).toMatchObject({ id: 'loop-0wc', status: 'closed', statusKnown: true, priority: '0', closeReason: 'Fixed in commit cf7c1d5', agentState: 'done', labels: ['build', 'serde'], dependencies: [{ dependsOn: 'loop-zcx', type: 'parent-child' }], origin: 'export', at: { file: '.beads/issues.jsonl', line: 1 } });
    expect(old?.comments).toEqual([{ id: '1', author: 'claude', createdAt: '2026-01-21T13:05:00-07:00', text: 'first' }]);
    expect(fresh).toMatchObject({ id: 'pl-2', status: 'review', statusKnown: false, priority: '1', assignee: '', recordType: 'issue', extra: { content_hash: 'abc', compaction_level: 0 } });
    expect(fresh?.comments[0]?.id).toBe('557f4503-02af-4901-91ae-07b74cf20d04');
    expect(model.memories).toEqual([{ key: 'build-cmd', value: 'npm run ci', file: '.beads/issues.jsonl', line: 3 }]);
    expect(model.statusCounts).toEqual([
      { status: 'closed', known: true, count: 1 },
      { status: 'review', known: false, count: 1 },
    ]);
    expect(model.span).toEqual({ from: '2026-01-21T20:04:10.348Z', to: '2026-01-21T20:10:15.043Z' });
    expect(model.hasHistory).toBe(false);
  });

  it('reads audit entries and coord.v1 envelopes from interactions.jsonl', async () => {
    const { rows, coord, results } = await readBeads({
      '.beads/interactions.jsonl': [
        line({ id: 'int-3f9a1c00', kind: 'field_change', created_at: '2026-04-12T20:24:56.2048423Z', actor: 'person-1', issue_id: 'pl-1', extra: { field: 'status', new_value: 'in_progress', old_value: 'open' } }),
        line({ id: 'int-00000001', kind: 'llm_call', created_at: '2026-04-12T20:25:00Z', actor: 'claude', extra: { model: 'claude-3-5-haiku', prompt: 'p' } }),
        line({ version: 'coord.v1', kind: 'coord_event', issue_id: 'pl-1', actor: 'amber', timestamp: '2026-04-12T20:26:00Z', data: { event_type: 'RELEASE', event_id: 'e1', project_root: '/r', scope: 'src/*' } }),
        line({ id: 'int-00000002', kind: 'coord_event', created_at: '2026-04-12T20:27:00Z', actor: 'jade', issue_id: 'pl-1', extra: { version: 'coord.v1', data: { event_type: 'RESERVE', event_id: 'e2', project_root: '/r', scope: 'src/*', payload: { ttl_minutes: 5 } } } }),
      ],
    });
    expect(results[0]?.source).toMatchObject({ lines: 4, valid: 4, invalid: 0 });
    expect(coord.map((e) => [e.eventType, e.form, e.actor, e.timestamp])).toEqual([
      ['RELEASE', 'envelope', 'amber', '2026-04-12T20:26:00Z'],
      ['RESERVE', 'audit-entry', 'jade', '2026-04-12T20:27:00Z'],
    ]);
    const model = buildBeadsModel(rows);
    expect(model.interactions.map((i) => [i.kind, i.issueId, i.summary])).toEqual([
      ['field_change', 'pl-1', 'status: open → in_progress'],
      ['llm_call', '', 'model claude-3-5-haiku'],
    ]);
    expect(model.issues.map((i) => [i.id, i.origin, i.replayedStatus])).toEqual([['pl-1', 'events', 'in_progress']]);
  });
});

describe('status replay (events, field changes) and its checks', () => {
  const snapshot = (status: string) => JSON.stringify({ id: 'pl-1', title: 'Snapshot title', status });
  const ev = (n: number, type: string, at: string, nv: unknown, ov: unknown = '', comment: string | null = null) => line({ actor: 'person-1', comment, created_at: `2026-03-2${at}Z`, event_type: type, id: `u-${n}`, issue_id: 'pl-1', new_value: nv, old_value: ov });

  async function replayed(events: string[], issue: Record<string, unknown> = { id: 'pl-1', title: 'T', status: 'closed', close_reason: 'Done' }, interactions: string[] = []): Promise<BeadsModel> {
    const files: Record<string, string[]> = { '.beads/backup/events.jsonl': events, '.beads/issues.jsonl': [line(issue)] };
    if (interactions.length > 0) files['.beads/interactions.jsonl'] = interactions;
    return buildBeadsModel((await readBeads(files)).rows);
  }

  it('replays created, claimed, closed, reopened and status_changed, in time order', async () => {
    const m = await replayed([
      ev(1, 'created', '0T10:00:00', '', ''),
      ev(3, 'closed', '0T12:00:00', 'Fixed in abc', ''),
      ev(2, 'claimed', '0T11:00:00', JSON.stringify({ assignee: 'person-1', status: 'in_progress' }), snapshot('open')),
      ev(4, 'reopened', '0T13:00:00', JSON.stringify({ status: 'open' }), snapshot('closed')),
      ev(5, 'label_added', '0T13:30:00', null, null, 'Added label: area:docs'),
      ev(6, 'status_changed', '0T14:00:00', JSON.stringify({ status: 'closed' }), snapshot('open')),
      ev(7, 'compacted', '0T15:00:00', '', ''),
    ]);
    const issue = m.issues[0];
    expect(issue?.history.map((h) => [h.kind, h.from, h.to, h.text])).toEqual([
      ['created', null, 'open', ''],
      ['claimed', 'open', 'in_progress', 'claimed by person-1'],
      ['closed', 'in_progress', 'closed', 'Fixed in abc'],
      ['reopened', 'closed', 'open', ''],
      ['label_added', undefined, undefined, 'Added label: area:docs'],
      ['status_changed', 'open', 'closed', ''],
      ['compacted', undefined, undefined, ''],
    ]);
    expect(issue).toMatchObject({ replayedStatus: 'closed', gaps: 0 });
    expect(m.eventTypes.slice(0, 2)).toEqual([
      { type: 'claimed', count: 1 },
      { type: 'closed', count: 1 },
    ]);
    expect(statusMismatch.run(input(m))).toEqual([]);
    expect(historyGap.run(input(m))).toEqual([]);
  });

  it('reports a gap where an entry records a prior status replay had not reached, without inventing the transition', async () => {
    const m = await replayed([ev(1, 'created', '0T10:00:00', ''), ev(2, 'reopened', '0T11:00:00', JSON.stringify({ status: 'open' }), snapshot('closed'))], { id: 'pl-1', title: 'T', status: 'open' });
    const issue = m.issues[0];
    expect(issue?.history.map((h) => [h.kind, h.recorded ?? null, h.from, h.to])).toEqual([
      ['created', null, null, 'open'],
      ['reopened', 'closed', 'closed', 'open'],
    ]);
    expect(issue?.history[1]?.gap).toBe('this entry records the status as closed before it, but replay had open: a transition is missing from the log');
    expect(historyGap.run(input(m)).map((f) => [f.kind, f.at])).toEqual([['beads/history-gap', [{ file: '.beads/backup/events.jsonl', line: 2 }]]]);
  });

  it('flags an exported status the replay does not reach, and an issue with no event', async () => {
    const m = buildBeadsModel(
      (
        await readBeads({
          '.beads/backup/events.jsonl': [ev(1, 'created', '0T10:00:00', '')],
          '.beads/issues.jsonl': [line({ id: 'pl-1', title: 'Hook stdin reads', status: 'closed' }), line({ id: 'pl-9', title: 'Never logged', status: 'open' })],
        })
      ).rows,
    );
    expect(statusMismatch.run(input(m)).map((f) => [f.kind, f.severity, f.summary, f.at])).toEqual([
      ['beads/status-mismatch', 'medium', 'issue pl-1 “Hook stdin reads”: replaying its 1 event gives open, but .beads/issues.jsonl says closed; last event: created at 2026-03-20T10:00:00Z', [{ file: '.beads/issues.jsonl', line: 1 }]],
      ['beads/no-history', 'low', 'issue pl-9 “Never logged” is open in .beads/issues.jsonl, but no event in the log mentions it', [{ file: '.beads/issues.jsonl', line: 2 }]],
    ]);
  });

  it('does not call a backup log older than the export a missing transition: its later changes are said once, as a low notice', async () => {
    // The log ends on 2026-03-20 at 10:00; the export closed pl-1 two days later and created pl-9 after it.
    const m = buildBeadsModel(
      (
        await readBeads({
          '.beads/backup/events.jsonl': [ev(1, 'created', '0T10:00:00', '')],
          '.beads/issues.jsonl': [
            line({ id: 'pl-1', title: 'Closed after the backup', status: 'closed', created_at: '2026-03-20T10:00:00Z', closed_at: '2026-03-22T09:00:00Z' }),
            line({ id: 'pl-9', title: 'Created after the backup', status: 'open', created_at: '2026-03-23T08:00:00Z' }),
          ],
        })
      ).rows,
    );
    expect(statusMismatch.run(input(m)).map((f) => [f.kind, f.severity, f.summary, f.at])).toEqual([
      [
        'beads/log-older-than-export',
        'low',
        '.beads/backup/events.jsonl ends at 2026-03-20T10:00:00Z, before .beads/issues.jsonl changed 2 issues (pl-1, pl-9), at 2026-03-23T08:00:00Z the latest: the log is older than the export, so their statuses are the export\'s and not compared with it.',
        [
          { file: '.beads/issues.jsonl', line: 1 },
          { file: '.beads/issues.jsonl', line: 2 },
        ],
      ],
    ]);
  });

  it('still flags a change the log should hold: closed within a zone offset of its last entry, or while the log ran on', async () => {
    // A log writing local time as UTC (+11 h) can look 11 h "newer" than it is: 13 h after its end is not yet after it.
    const near = buildBeadsModel(
      (
        await readBeads({
          '.beads/backup/events.jsonl': [ev(1, 'created', '0T10:00:00', '')],
          '.beads/issues.jsonl': [line({ id: 'pl-1', title: 'Closed soon after', status: 'closed', closed_at: '2026-03-20T23:00:00Z' })],
        })
      ).rows,
    );
    expect(statusMismatch.run(input(near)).map((f) => [f.kind, f.summary])).toEqual([
      ['beads/status-mismatch', 'issue pl-1 “Closed soon after”: replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-03-20T23:00:00Z); last event: created at 2026-03-20T10:00:00Z'],
    ]);
    // The log runs on for days after the close: the close is missing from it.
    const ranOn = buildBeadsModel(
      (
        await readBeads({
          '.beads/backup/events.jsonl': [ev(1, 'created', '0T10:00:00', ''), line({ actor: 'p', created_at: '2026-03-28T10:00:00Z', event_type: 'created', id: 'u-2', issue_id: 'pl-2', new_value: '', old_value: '' })],
          '.beads/issues.jsonl': [line({ id: 'pl-1', title: 'Closed, never logged', status: 'closed', closed_at: '2026-03-21T09:00:00Z' }), line({ id: 'pl-2', title: 'Later', status: 'open' })],
        })
      ).rows,
    );
    expect(statusMismatch.run(input(ranOn)).map((f) => f.summary)).toEqual([
      'issue pl-1 “Closed, never logged”: replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-03-21T09:00:00Z), and the log runs on to 2026-03-28T10:00:00Z without that change; last event: created at 2026-03-20T10:00:00Z',
    ]);
  });

  it('says when the log writes local time as UTC, so a close does not read as before its creation (45ck/prompt-language-2t1h)', async () => {
    // The real issue: created_at 2026-04-18T00:53:30Z and closed 01:04:48Z in the export; its one
    // log entry, the created event, says 10:53:29Z (local time, UTC+10, written as UTC).
    const m = buildBeadsModel(
      (
        await readBeads({
          '.beads/backup/events.jsonl': [
            line({ actor: 'person-1', created_at: '2026-04-18T10:53:29Z', event_type: 'created', id: 'a961aa2d', issue_id: 'prompt-language-2t1h', new_value: '', old_value: '' }),
            line({ actor: 'person-1', created_at: '2026-05-04T12:38:30Z', event_type: 'created', id: 'b0000001', issue_id: 'prompt-language-zz', new_value: '', old_value: '' }),
          ],
          '.beads/issues.jsonl': [
            line({ id: 'prompt-language-2t1h', title: 'Hook stdin reads should fail open', status: 'closed', created_at: '2026-04-18T00:53:30Z', closed_at: '2026-04-18T01:04:48Z' }),
            line({ id: 'prompt-language-zz', title: 'Later', status: 'open', created_at: '2026-05-04T02:38:30Z' }),
          ],
        })
      ).rows,
    );
    expect(statusMismatch.run(input(m)).map((f) => [f.kind, f.summary])).toEqual([
      [
        'beads/status-mismatch',
        'issue prompt-language-2t1h “Hook stdin reads should fail open”: replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-04-18T01:04:48Z), and the log runs on to 2026-05-04T12:38:30Z without that change; last event: created at 2026-04-18T10:53:29Z (the log\'s times are 10 h ahead of the export\'s for this issue: local time written as UTC)',
      ],
    ]);
  });

  it('starts a log that begins mid-life from the first recorded status, and reads field changes', async () => {
    const m = await replayed([], { id: 'pl-1', title: 'T', status: 'closed' }, [line({ id: 'int-1', kind: 'field_change', created_at: '2026-04-14T10:10:42.2276606Z', actor: 'p', issue_id: 'pl-1', extra: { field: 'status', old_value: 'open', new_value: 'closed' } })]);
    expect(m.issues[0]?.history.map((h) => [h.source, h.recorded, h.from, h.to])).toEqual([['interaction', 'open', 'open', 'closed']]);
    expect(m.issues[0]?.replayedStatus).toBe('closed');
  });

  it('merges backup comments, dependencies and labels, and uses backup issues only when the export lacks them', async () => {
    const { rows } = await readBeads({
      '.beads/backup/comments.jsonl': [line({ author: 'p', created_at: '2026-04-11T01:33:01Z', id: 'c-1', issue_id: 'pl-1', text: 'hello' })],
      '.beads/backup/config.jsonl': [line({ key: 'issue_prefix', value: 'pl' })],
      '.beads/backup/dependencies.jsonl': [line({ created_at: 't', created_by: 'p', depends_on_id: 'pl-2', issue_id: 'pl-1', metadata: '{}', type: 'blocks' })],
      '.beads/backup/issues.jsonl': [line({ id: 'pl-1', title: 'backup title', status: 'open', assignee: null }), line({ id: 'pl-3', title: 'only in backup', status: 'open', agent_state: '' })],
      '.beads/backup/labels.jsonl': [line({ issue_id: 'pl-1', label: 'area:docs' })],
      '.beads/issues.jsonl': [line({ id: 'pl-1', title: 'export title', status: 'closed', labels: ['area:docs'] })],
    });
    const m = buildBeadsModel(rows);
    expect(m.issues.map((i) => [i.id, i.title, i.origin, i.labels, i.dependencies, i.comments.map((c) => c.text)])).toEqual([
      ['pl-1', 'export title', 'export', ['area:docs'], [{ dependsOn: 'pl-2', type: 'blocks', gate: '' }], ['hello']],
      ['pl-3', 'only in backup', 'backup', [], [], []],
    ]);
    expect(m.config).toEqual([{ key: 'issue_prefix', value: 'pl' }]);
  });

  it('turns invalid beads lines into flags', async () => {
    const { results } = await readBeads({ '.beads/issues.jsonl': ['nope'] });
    const m = buildBeadsModel(emptyBeadsRows());
    expect(invalidBeadsLine.run(input(m, results[0]?.invalid ?? [])).map((f) => [f.kind, f.severity, f.at])).toEqual([['beads/not-json', 'high', [{ file: '.beads/issues.jsonl', line: 1 }]]]);
  });

  it('beads/duplicate-id: one issue written twice with different content is flagged high, an identical repeat low; the last is shown (kinds16)', async () => {
    // Before: a merged export holding loop-1 twice (open, then closed) raised no flag; only the issue list said "1 repeated row".
    const { rows } = await readBeads({
      '.beads/issues.jsonl': [
        line({ id: 'loop-1', title: 'Fix the parser', status: 'open', extra_field: 1 }),
        line({ id: 'loop-2', title: 'Docs', status: 'closed' }),
        line({ id: 'loop-1', title: 'Fix the parser', status: 'closed', closed_at: '2026-01-21T13:04:10-07:00', extra_field: 1 }),
        line({ id: 'loop-2', title: 'Docs', status: 'closed' }),
      ],
    });
    const m = buildBeadsModel(rows);
    expect([m.repeatedRows, m.repeated, m.issues.map((i) => [i.id, i.status])]).toEqual([
      2,
      [
        { id: 'loop-1', file: '.beads/issues.jsonl', lines: [1, 3], differing: ['status', 'closed_at'] },
        { id: 'loop-2', file: '.beads/issues.jsonl', lines: [2, 4], differing: [] },
      ],
      [['loop-1', 'closed'], ['loop-2', 'closed']],
    ]);
    expect(duplicateId.run(input(m)).map((f) => [f.kind, f.severity, f.summary, f.at])).toEqual([
      ['beads/duplicate-id', 'high', 'issue loop-1 “Fix the parser” is written 2 times in .beads/issues.jsonl (lines 1, 3) with different status, closed_at; which is true is unknown: the last (line 3) is shown', [{ file: '.beads/issues.jsonl', line: 1 }, { file: '.beads/issues.jsonl', line: 3 }]],
      ['beads/repeated-row', 'low', '1 issue is written more than once, identically, in .beads/issues.jsonl (first: loop-2, lines 2, 4)', [{ file: '.beads/issues.jsonl', line: 2 }, { file: '.beads/issues.jsonl', line: 4 }]],
    ]);
    // An id in both the export and the backup is no repeat: they are two files.
    const both = await readBeads({ '.beads/issues.jsonl': [line({ id: 'loop-1', status: 'open' })], '.beads/backup/issues.jsonl': [line({ id: 'loop-1', status: 'closed' })] });
    expect(duplicateId.run(input(buildBeadsModel(both.rows)))).toEqual([]);
  });

  it('gives every issue a unique, URL-safe key and anchor', () => {
    const rows = emptyBeadsRows();
    for (const [n, id] of ['pl-1.2', 'PL-1.2', 'has space/slash', 'pl-1.2'].entries()) rows.issues.push({ file: 'i.jsonl', line: n + 1, row: { id, title: id }, origin: 'export' });
    const m = buildBeadsModel(rows);
    expect(m.repeatedRows).toBe(1);
    expect(m.issues.map((i) => i.key)).toEqual(['pl-1.2', 'PL-1.2-2', 'x-' + m.issues[2]?.key.slice(2)]);
    expect(m.issues[2]?.key).toMatch(/^x-[0-9a-f]{16}$/);
    expect(new Set(m.issues.map((i) => i.anchor)).size).toBe(3);
  });
});

describe('property: replay never throws and reports exactly its gaps', () => {
  const value = fc.oneof(fc.constant(''), fc.constant(null), fc.string({ maxLength: 10 }), fc.constantFrom('open', 'closed', 'in_progress', 'blocked', 'tombstone').map((s) => JSON.stringify({ status: s })), fc.jsonValue().map((v) => JSON.stringify(v)));
  const row = fc.record({
    issue_id: fc.constant('pl-1'),
    event_type: fc.constantFrom('created', 'updated', 'status_changed', 'closed', 'reopened', 'claimed', 'label_added', 'mystery'),
    actor: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
    created_at: fc.oneof(fc.integer({ min: 0, max: 20 }).map((m) => new Date(Date.UTC(2026, 2, 20, 10, m)).toISOString()), fc.string({ maxLength: 6 })),
    old_value: value,
    new_value: value,
    comment: fc.option(fc.string({ maxLength: 6 }), { nil: null }),
  });
  it('holds for any event rows', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const entries = replayOrder(rows.map((r, i) => eventEntry(r, 'events.jsonl', i + 1)));
        const replay = replayIssue(entries);
        expect(replay.history).toHaveLength(rows.length);
        expect(replay.gaps).toBe(replay.history.filter((h) => h.gap !== undefined).length);
        const last = [...replay.history].reverse().find((h) => h.to !== undefined || h.recorded !== undefined);
        if (!last) expect(replay.status).toBeNull();
        else expect(replay.status).toBe(last.to ?? last.recorded);
      }),
      { numRuns: 500 },
    );
  });
});

describe.skipIf(!existsSync(REAL))('the real beads folder of 45ck/prompt-language', () => {
  let model: BeadsModel;
  let results: Awaited<ReturnType<typeof readBeadsFile>>[];
  beforeAll(async () => {
    const rows = emptyBeadsRows();
    const coord: ReadCoordEvent[] = [];
    results = [];
    for (const rel of ['backup/comments.jsonl', 'backup/config.jsonl', 'backup/dependencies.jsonl', 'backup/events.jsonl', 'backup/issues.jsonl', 'backup/labels.jsonl', 'interactions.jsonl', 'issues.jsonl']) {
      results.push(await readBeadsFile(path.join(REAL, rel), `.beads/${rel}`, 0, rows, coord));
    }
    model = buildBeadsModel(rows);
  });

  it('replays the real events file, entry by entry, without throwing', async () => {
    const rows = emptyBeadsRows();
    await readBeadsFile(path.join(REAL, 'backup/events.jsonl'), '.beads/backup/events.jsonl', 0, rows, []);
    expect(rows.events).toHaveLength(2252);
    const entries = rows.events.map((e) => eventEntry(e.row, e.file, e.line));
    const byIssue = new Map<string, typeof entries>();
    for (const e of replayOrder(entries)) byIssue.set(e.issueId, [...(byIssue.get(e.issueId) ?? []), e]);
    let replayed = 0;
    for (const list of byIssue.values()) replayed += replayIssue(list).history.length;
    expect(replayed).toBe(2252);
    expect(entries.filter((e) => e.time === null)).toEqual([]);
  });

  it('accounts for every line of every file', () => {
    expect(results.map((r) => [r.source.path, r.source.lines, r.source.invalid])).toEqual([
      ['.beads/backup/comments.jsonl', 1, 0],
      ['.beads/backup/config.jsonl', 13, 0],
      ['.beads/backup/dependencies.jsonl', 397, 0],
      ['.beads/backup/events.jsonl', 2252, 0],
      ['.beads/backup/issues.jsonl', 558, 0],
      ['.beads/backup/labels.jsonl', 348, 0],
      ['.beads/interactions.jsonl', 53, 0],
      ['.beads/issues.jsonl', 561, 0],
    ]);
  });

  it('replays 564 issues (561 exported, 3 only in the backup table) and finds the mismatches and gaps', () => {
    expect(model.issues).toHaveLength(564);
    expect(model.issues.filter((i) => i.origin !== 'export').map((i) => [i.id, i.origin])).toEqual([
      ['prompt-language-gm1h', 'backup'],
      ['prompt-language-lghe', 'backup'],
      ['prompt-language-sfd3', 'backup'],
    ]);
    expect(model.statusCounts).toEqual([
      { status: 'closed', known: true, count: 446 },
      { status: 'open', known: true, count: 113 },
      { status: 'in_progress', known: true, count: 5 },
    ]);
    const flags = statusMismatch.run(input(model));
    // Its backup log is not older than the export: it runs on to 2026-05-04 (local time written
    // as UTC) while the export's last change is 2026-04-18, and 412 of the 446 closed issues have
    // their closed event in it. The 34 closes it lacks are missing transitions, not a stale snapshot.
    expect(flags.filter((f) => f.kind === 'beads/status-mismatch')).toHaveLength(34);
    expect(flags.filter((f) => f.kind === 'beads/log-older-than-export')).toEqual([]);
    expect(flags.find((f) => f.summary.startsWith('issue prompt-language-9uqe.15.3 '))?.summary).toBe(
      'issue prompt-language-9uqe.15.3 “OpenCode runner: smoke/eval matrix and free-model baseline”: replaying its 1 event gives open, but .beads/issues.jsonl says closed (closed 2026-04-10T04:09:45Z), and the log runs on to 2026-05-04T12:38:30Z without that change; last event: created at 2026-04-09T18:53:05Z (the log\'s times are 10 h ahead of the export\'s for this issue: local time written as UTC)',
    );
    expect(flags.filter((f) => f.kind === 'beads/no-history')).toHaveLength(6);
    expect(historyGap.run(input(model))).toHaveLength(13);
  });

  it('lists the issues a person may need and folds the 406 closed ones whose history agrees', () => {
    const { shown, folded } = issueList(model);
    expect([shown.length, folded.length]).toEqual([158, 406]);
    expect(folded.every((i) => i.status === 'closed' && i.replayedStatus === 'closed' && i.gaps === 0)).toBe(true);
    expect(shown.filter((i) => i.status === 'closed').every((i) => i.replayedStatus !== 'closed' || i.gaps > 0)).toBe(true);
    // A short list is never folded.
    expect(issueList({ issues: model.issues.slice(0, FOLD_CLOSED_FROM), hasHistory: true }).folded).toEqual([]);
  });

  it('gives an issue its close reason and the history that reopened and closed it', () => {
    const issue = model.issues.find((i) => i.id === 'prompt-language-83g');
    expect(issue).toMatchObject({ status: 'closed', closeReason: 'Closed', replayedStatus: 'closed', gaps: 0 });
    expect(issue?.history.map((h) => [h.kind, h.to])).toEqual([
      ['created', 'open'],
      ['closed', 'closed'],
      ['reopened', 'open'],
      ['closed', 'closed'],
      ['closed', 'closed'],
    ]);
  });
});

describe('the issue list says its log counts as everywhere (count15)', () => {
  it('groups the entries and agrees the verb with the issues', async () => {
    const { replayNote } = await import('../../src/lib/beads/issue-list.ts');
    // Before: "Status replayed from 2305 log entries; 34 issues end …" and "1 issue end with …".
    expect(replayNote(2305, 34)).toBe("Status replayed from 2,305 log entries; 34 issues end with a status other than the export's.");
    expect(replayNote(1, 1)).toBe("Status replayed from 1 log entry; 1 issue ends with a status other than the export's.");
    expect(replayNote(12, 0)).toBe("Status replayed from 12 log entries; 0 issues end with a status other than the export's.");
  });
});
