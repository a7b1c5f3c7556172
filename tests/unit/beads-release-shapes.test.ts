/**
 * beads as the current release writes it (issue 18, scope 2 and 3), on lines made from its
 * source (tests/beads-release-fixtures.ts): `bd export --all` rows with `_type`, custom and
 * newer built-in statuses, `started_at`, `conditional-blocks` and `waits-for` edges, UUID
 * comment ids, wisps, templates and memories, all read and none invalid; backup rows with
 * 0/1 flags; and an issue's `created_at` compared with its log, with the flags that groups
 * one weakness into one flag (the real 45ck/prompt-language folder included).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBeadsRows, readBeadsFile, type BeadsRows } from '../../src/lib/beads/read-beads-file.ts';
import { buildBeadsModel } from '../../src/lib/beads/build-beads-model.ts';
import { createdTimeDisagreement, disagreementSentence, isZoneOffset, spanWords } from '../../src/lib/beads/created-times.ts';
import { dependencyWords } from '../../src/lib/beads/dependency-words.ts';
import { createdTime } from '../../src/lib/checks/beads/created-time.ts';
import type { BeadsHistoryEntry, BeadsModel } from '../../src/lib/model/beads.ts';
import type { TrailCheckInput } from '../../src/lib/checks/check.ts';
import { EXPORT_ALL_LINES, INTERACTION_LINES } from '../beads-release-fixtures.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-beads-release-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(files: Record<string, string[]>): Promise<{ rows: BeadsRows; results: Awaited<ReturnType<typeof readBeadsFile>>[] }> {
  const root = await mkdtemp(path.join(dir, 'p-'));
  const rows = emptyBeadsRows();
  const results = [];
  for (const [rel, lines] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    const text = `${lines.join('\n')}\n`;
    await writeFile(abs, text);
    results.push(await readBeadsFile(abs, rel, Buffer.byteLength(text), rows, []));
  }
  return { rows, results };
}

const input = (beads: BeadsModel): TrailCheckInput => ({ rows: [], invalid: [], warnings: [], audit: { present: false }, reviewFlags: [], beads });

/** A backup/events.jsonl row as `bd backup` writes it (keys sorted, as in the real folders). */
const event = (issue: string, type: string, at: string, id: string): string =>
  JSON.stringify({ actor: 'amber-otter', comment: null, created_at: at, event_type: type, id, issue_id: issue, new_value: '', old_value: '' });

describe('bd export --all, as the current release writes it', () => {
  let model: BeadsModel;
  let results: Awaited<ReturnType<typeof readBeadsFile>>[];
  beforeAll(async () => {
    const read_ = await read({
      '.beads/backup/config.jsonl': [JSON.stringify({ key: 'status.custom', value: 'review:wip,qa' })],
      '.beads/interactions.jsonl': INTERACTION_LINES,
      '.beads/issues.jsonl': EXPORT_ALL_LINES,
    });
    results = read_.results;
    model = buildBeadsModel(read_.rows);
  });

  it('reads every line: none is invalid', () => {
    expect(results.map((r) => [r.source.path, r.source.lines, r.source.valid, r.source.invalid])).toEqual([
      ['.beads/backup/config.jsonl', 1, 1, 0],
      ['.beads/interactions.jsonl', 3, 3, 0],
      ['.beads/issues.jsonl', 6, 6, 0],
    ]);
    expect(results.flatMap((r) => r.invalid)).toEqual([]);
  });

  it('shows a custom status as written, declared by status.custom, with started_at and both new edge types', () => {
    const a1 = model.issues.find((i) => i.id === 'demo-a1');
    expect(a1).toMatchObject({
      title: 'Gate the release on <QA> & docs',
      status: 'review',
      statusKnown: false,
      priority: '1',
      createdAt: '2026-05-02T10:15:00Z',
      startedAt: '2026-05-02T11:00:00Z',
      updatedAt: '2026-05-02T12:00:00.5Z',
      recordType: 'issue',
      wisp: false,
      template: false,
      labels: ['area:release'],
      replayedStatus: 'review',
      gaps: 0,
      timeDisagreement: null,
    });
    expect(a1?.dependencies).toEqual([
      { dependsOn: 'demo-a2', type: 'conditional-blocks', gate: '' },
      { dependsOn: 'demo-a3', type: 'waits-for', gate: 'all-children' },
    ]);
    expect(a1?.dependencies.map(dependencyWords)).toEqual(['conditional-blocks: this issue runs only if that one fails (closes with a failure reason)', 'waits-for (gate all-children): this issue waits for the children of that one']);
    expect(a1?.comments).toEqual([{ id: '0b9e6a52-8d1c-4c55-9f3e-2f64a1c7d9e0', author: 'cobalt-harbor', createdAt: '2026-05-02T11:30:00Z', text: 'QA run 1 failed; retrying.' }]);
    // dependency_count, dependent_count and comment_count are known fields, not "other fields".
    expect(a1?.extra).toEqual({});
    expect(model.customStatuses).toEqual(['review', 'qa']);
  });

  it('knows hooked and pinned as built-in statuses, and marks wisps and templates', () => {
    expect(model.issues.map((i) => [i.id, i.status, i.statusKnown, i.issueType, i.wisp, i.wispType, i.template])).toEqual([
      ['demo-a1', 'review', false, 'task', false, '', false],
      ['demo-a2', 'hooked', true, 'task', false, '', false],
      ['demo-a3', 'pinned', true, 'epic', false, '', false],
      ['demo-w1', 'open', true, 'task', true, 'heartbeat', false],
      ['demo-t1', 'open', true, 'molecule', false, '', true],
    ]);
    expect(model.statusCounts).toEqual([
      { status: 'open', known: true, count: 2 },
      { status: 'hooked', known: true, count: 1 },
      { status: 'pinned', known: true, count: 1 },
      { status: 'review', known: false, count: 1 },
    ]);
    expect(model.memories).toEqual([{ key: 'release-cmd', value: 'npm run release', file: '.beads/issues.jsonl', line: 6 }]);
  });

  it('replays the audit log’s field changes in time order (7-digit fractions included)', () => {
    const a1 = model.issues.find((i) => i.id === 'demo-a1');
    expect(a1?.history.map((h) => [h.timestamp, h.kind, h.from, h.to, h.recorded])).toEqual([
      ['2026-05-02T11:00:00.1234567Z', 'field_change', 'open', 'in_progress', 'open'],
      ['2026-05-02T12:00:00.5Z', 'field_change', 'in_progress', 'review', 'in_progress'],
    ]);
  });

  it('reads backup rows whose flags are 0/1 (Dolt tinyint), as the real backup tables write them', async () => {
    const { rows, results: r } = await read({ '.beads/backup/issues.jsonl': [JSON.stringify({ id: 'b-1', title: 'wisp in backup', status: 'open', ephemeral: 1, is_template: 0, wisp_type: 'ping', pinned: 0, no_history: 0 })] });
    expect(r[0]?.invalid).toEqual([]);
    expect(buildBeadsModel(rows).issues.map((i) => [i.id, i.wisp, i.wispType, i.template, i.origin])).toEqual([['b-1', true, 'ping', false, 'backup']]);
  });

  it('takes any dependency type beads accepts, marking one it does not define as custom', () => {
    expect(dependencyWords({ dependsOn: 'x', type: 'reviewed-by', gate: '' })).toBe('reviewed-by (custom type)');
    expect(dependencyWords({ dependsOn: 'x', type: 'blocks', gate: '' })).toBe('blocks: blocks this issue until it closes');
    expect(dependencyWords({ dependsOn: 'x', type: 'tracks', gate: '' })).toBe('tracks');
  });
});

const entry = (timestamp: string, kind: string, line: number, source: BeadsHistoryEntry['source'] = 'event'): BeadsHistoryEntry => ({ file: '.beads/backup/events.jsonl', line, timestamp, time: Date.parse(timestamp), actor: 'a', kind, source, text: '' });

describe('times that disagree: created_at against the log', () => {
  it('finds the real case: 05:41:57Z in the export, 16:41:56Z in the created event, a time-zone offset', () => {
    const d = createdTimeDisagreement('2026-03-22T05:41:57Z', [entry('2026-03-22T16:41:56Z', 'created', 293)]);
    expect(d).toEqual({ exported: '2026-03-22T05:41:57Z', logged: '2026-03-22T16:41:56Z', loggedKind: 'created', loggedAt: { file: '.beads/backup/events.jsonl', line: 293 }, differenceMs: 39_599_000, zoneOffset: true, missingCreation: false });
    expect(disagreementSentence(d as NonNullable<typeof d>, '.beads/issues.jsonl')).toBe(
      '.beads/issues.jsonl says it was created at 2026-03-22T05:41:57Z; its created event at .beads/backup/events.jsonl:293 says 2026-03-22T16:41:56Z, 10 h 59 min 59 s later (a whole time-zone offset: one of the two wrote local time as UTC).',
    );
  });

  it('allows a minute either way, and flags 61 seconds', () => {
    expect(createdTimeDisagreement('2026-05-02T10:00:00Z', [entry('2026-05-02T10:01:00Z', 'created', 1)])).toBeNull();
    expect(createdTimeDisagreement('2026-05-02T10:00:00Z', [entry('2026-05-02T09:59:00Z', 'created', 1)])).toBeNull();
    expect(createdTimeDisagreement('2026-05-02T10:00:00Z', [entry('2026-05-02T10:01:01Z', 'created', 1)])?.differenceMs).toBe(61_000);
  });

  it('without a created event, flags only a first entry earlier than the creation', () => {
    expect(createdTimeDisagreement('2026-05-02T10:00:00Z', [entry('2026-05-03T10:00:00Z', 'status_changed', 1)])).toBeNull();
    const d = createdTimeDisagreement('2026-05-02T10:00:00Z', [entry('2026-05-02T08:30:00Z', 'field_change', 4, 'interaction')]);
    expect(d).toMatchObject({ loggedKind: 'field_change', differenceMs: -5_400_000, zoneOffset: true });
    expect(disagreementSentence(d as NonNullable<typeof d>, '.beads/issues.jsonl')).toBe(
      '.beads/issues.jsonl says it was created at 2026-05-02T10:00:00Z; its earliest log entry (field_change) at .beads/backup/events.jsonl:4 says 2026-05-02T08:30:00Z, 1 h 30 min earlier (a whole time-zone offset: one of the two wrote local time as UTC).',
    );
  });

  it('says an epoch created_at is a missing time, as bd export writes it', () => {
    const d = createdTimeDisagreement('1970-01-01T00:00:00Z', [entry('2026-05-02T10:14:00Z', 'created', 9)]);
    expect(d?.missingCreation).toBe(true);
    expect(disagreementSentence(d as NonNullable<typeof d>, '.beads/issues.jsonl')).toBe('.beads/issues.jsonl has no creation time (bd export writes 1970-01-01T00:00:00Z for a missing one); its created event at .beads/backup/events.jsonl:9 says 2026-05-02T10:14:00Z.');
  });

  it('knows a time-zone offset from any other gap', () => {
    expect([0, 60_000, 14 * 60_000, 15 * 60_000, 39_599_000, 10 * 3600_000 + 42 * 60_000, 14 * 3600_000, 15 * 3600_000].map(isZoneOffset)).toEqual([false, false, true, true, true, false, true, false]);
    expect([0, 999, 1000, 61_000, 39_599_000, 90_061_000].map(spanWords)).toEqual(['0 s', '1 s', '1 s', '1 min 1 s', '10 h 59 min 59 s', '1 d 1 h 1 min 1 s']);
  });

  it('never throws and agrees with its own rule on any pair of times', () => {
    const t = fc.integer({ min: 0, max: 4_000_000_000_000 });
    fc.assert(
      fc.property(t, t, fc.boolean(), (a, b, created) => {
        const iso = (ms: number): string => new Date(ms).toISOString();
        const d = createdTimeDisagreement(iso(a), [{ ...entry(iso(b), created ? 'created' : 'updated', 1), time: b }]);
        const diff = b - a;
        const expected = Math.abs(diff) > 60_000 && (created || diff < 0);
        expect(d !== null).toBe(expected);
        if (d) expect(d.differenceMs).toBe(diff);
      }),
      { numRuns: 500 },
    );
  });

  it('gives one flag per weakness: a zone offset, a batch written at one instant, missing times, and each other issue', async () => {
    const { rows } = await read({
      '.beads/backup/events.jsonl': [
        event('z-1', 'created', '2026-05-02T21:15:00Z', 'e1'),
        event('z-2', 'created', '2026-05-02T20:20:00Z', 'e2'),
        event('b-1', 'created', '2026-05-04T04:55:19Z', 'e3'),
        event('b-2', 'created', '2026-05-04T04:55:19Z', 'e4'),
        event('m-1', 'created', '2026-05-02T10:14:00Z', 'e5'),
        event('o-1', 'created', '2026-05-02T13:27:00Z', 'e6'),
      ],
      '.beads/issues.jsonl': [
        ['z-1', '2026-05-02T10:15:00Z'],
        ['z-2', '2026-05-02T10:20:00Z'],
        ['b-1', '2026-05-03T09:14:56Z'],
        ['b-2', '2026-05-03T09:14:56Z'],
        ['m-1', '1970-01-01T00:00:00Z'],
        ['o-1', '2026-05-02T10:15:00Z'],
      ].map(([id, at]) => JSON.stringify({ _type: 'issue', id, title: `Issue ${id}`, status: 'open', priority: 2, issue_type: 'task', created_at: at, updated_at: at })),
    });
    const model = buildBeadsModel(rows);
    const flags = createdTime.run(input(model));
    expect(flags.map((f) => [f.kind, f.severity, f.summary, f.at])).toEqual([
      [
        'beads/created-time-disagrees',
        'low',
        "2 issues: the log's time of each is a whole time-zone offset from its created_at in the export (10 h later: 1, 11 h later: 1): one of the two wrote local time as UTC. Each issue's page shows both times.",
        [
          { file: '.beads/issues.jsonl', line: 1 },
          { file: '.beads/issues.jsonl', line: 2 },
        ],
      ],
      [
        'beads/created-time-disagrees',
        'low',
        'issue m-1 “Issue m-1”: .beads/issues.jsonl has no creation time (bd export writes 1970-01-01T00:00:00Z for a missing one); its created event at .beads/backup/events.jsonl:5 says 2026-05-02T10:14:00Z.',
        [
          { file: '.beads/issues.jsonl', line: 5 },
          { file: '.beads/backup/events.jsonl', line: 5 },
        ],
      ],
      [
        'beads/created-time-disagrees',
        'low',
        "2 issues (b-1, b-2) have their created events written at one instant, 2026-05-04T04:55:19Z, 19 h 40 min 23 s after their created_at in the export: the log was written later, in one batch. Each issue's page shows both times.",
        [
          { file: '.beads/issues.jsonl', line: 3 },
          { file: '.beads/issues.jsonl', line: 4 },
        ],
      ],
      [
        'beads/created-time-disagrees',
        'low',
        'issue o-1 “Issue o-1”: .beads/issues.jsonl says it was created at 2026-05-02T10:15:00Z; its created event at .beads/backup/events.jsonl:6 says 2026-05-02T13:27:00Z, 3 h 12 min later.',
        [
          { file: '.beads/issues.jsonl', line: 6 },
          { file: '.beads/backup/events.jsonl', line: 6 },
        ],
      ],
    ]);
  });
});

const REAL = path.join(REAL_CORPUS, '45ck__prompt-language', '.beads');

describe.skipIf(!existsSync(REAL))('times in the real 45ck/prompt-language folder', () => {
  let model: BeadsModel;
  beforeAll(async () => {
    const rows = emptyBeadsRows();
    for (const rel of ['backup/events.jsonl', 'backup/issues.jsonl', 'interactions.jsonl', 'issues.jsonl']) await readBeadsFile(path.join(REAL, rel), `.beads/${rel}`, 0, rows, []);
    model = buildBeadsModel(rows);
  });

  it('shows issue 028 with both times, 10 h 59 min 59 s apart', () => {
    expect(model.issues.find((i) => i.id === 'prompt-language-028')?.timeDisagreement).toEqual({
      exported: '2026-03-22T05:41:57Z',
      logged: '2026-03-22T16:41:56Z',
      loggedKind: 'created',
      loggedAt: { file: '.beads/backup/events.jsonl', line: 293 },
      differenceMs: 39_599_000,
      zoneOffset: true,
      missingCreation: false,
    });
  });

  it('raises three flags for 558 disagreeing issues, not 558', () => {
    expect(model.issues.filter((i) => i.timeDisagreement !== null)).toHaveLength(558);
    expect(createdTime.run(input(model)).map((f) => [f.summary, f.at.length])).toEqual([
      ["542 issues: the log's time of each is a whole time-zone offset from its created_at in the export (11 h later: 406, 10 h later: 136): one of the two wrote local time as UTC. Each issue's page shows both times.", 542],
      ["11 issues (prompt-language-r8vp.2, prompt-language-r8vp.3, prompt-language-r8vp.4, …) have their created events written at one instant, 2026-04-11T04:55:19Z, 19 h 40 min 23 s after their created_at in the export: the log was written later, in one batch. Each issue's page shows both times.", 11],
      ["5 issues (prompt-language-k1dg, prompt-language-njy7, prompt-language-r7pk, …) have their created events written at one instant, 2026-04-10T15:54:17Z, between 10 h 42 min 31 s and 14 h 22 min 41 s after their created_at in the export: the log was written later, in one batch. Each issue's page shows both times.", 5],
    ]);
  });
});
