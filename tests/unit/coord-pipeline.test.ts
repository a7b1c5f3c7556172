/**
 * Coordination and lifecycle records through the whole pipeline: discovery (by name and by
 * content), the adapters' line accounting, the models on ProjectModel, the checks' flags
 * (every planted fault of content/coordination/faults with its kind and line; nothing on the
 * clean stream), the summary that leaves the bulky parts out, and the search records.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { summarise } from '../../src/lib/archive/summary.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { FLAG_KINDS } from '../../src/lib/checks/index.ts';
import { COORDINATION_CHECKS } from '../../src/lib/checks/coordination-checks.ts';
import { lifecycleAnchors } from '../../src/lib/lifecycle/flag-anchors.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { COORD_PLANTED } from '../../scripts/example-coordination-corpus.ts';

const CONTENT = fileURLToPath(new URL('../../content/coordination', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-coord-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(dir, 'in-'));
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, text);
  }
  return root;
}

async function analyse(root: string, allowRepositories: string[] = []): Promise<Map<string, ProjectModel>> {
  const models = new Map<string, ProjectModel>();
  await analyseArchive({ roots: [root], cacheDir: null, allowRepositories, onModel: (m) => void models.set(m.id, m) });
  return models;
}

const coordLine = (type: string, id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ version: 'coord.v1', kind: 'coord_event', issue_id: 'bb-1', actor: 'amber', timestamp: '2026-03-06T09:00:00Z', data: { event_type: type, event_id: id, project_root: '/r', ...extra } });

describe('discovery', () => {
  it('finds beads files (not the database folder), coord streams by name and content, and babysit history by fields', async () => {
    const root = await tree({
      'repo/.beads/issues.jsonl': '{"id":"a-1","title":"t","status":"open"}\n',
      'repo/.beads/backup/events.jsonl': '',
      'repo/.beads/dolt/noise.jsonl': '{}\n',
      'repo/.beads/metadata.json': '{}',
      'dbonly/.beads/beads.db': 'x',
      'team/coordination.jsonl': 'not even json\n',
      'team/logs/agents.jsonl': `${coordLine('RELEASE', 'e1', { scope: 'x' })}\n`,
      'team/logs/other.jsonl': '{"a":1}\n',
      'ticket/history.jsonl': '{"ts":"2026-03-06T09:00:00Z","ticket":"T-1","branch":"b","event":"claimed","actor":"a"}\n',
      'sim/timeline.jsonl': '{"t":1,"step":"x"}\n',
    });
    const { projects } = await discoverProjects([root]);
    expect(projects.map((p) => [p.id, p.files.map((f) => `${f.rel} ${f.format}`)])).toEqual([
      ['dbonly', ['.beads beads']],
      ['repo', ['.beads/backup/events.jsonl beads', '.beads/issues.jsonl beads']],
      ['team', ['coordination.jsonl coord']],
      ['team-logs', ['agents.jsonl coord']],
      ['ticket', ['history.jsonl babysit-history']],
    ]);
  });
});

describe('pipeline on a temp tree', () => {
  let models: Map<string, ProjectModel>;
  beforeAll(async () => {
    models = await analyse(
      await tree({
        'repo/.beads/issues.jsonl': ['{"id":"a-1","title":"First","status":"closed","close_reason":"done"}', '{"id":"a-2","title":"Second","status":"open"}'].join('\n') + '\n',
        'repo/.beads/backup/events.jsonl': '{"actor":"p","comment":null,"created_at":"2026-03-06T09:00:00Z","event_type":"created","id":"u1","issue_id":"a-1","new_value":"","old_value":""}\n',
        'repo/.beads/interactions.jsonl': `${coordLine('RESERVE', 'e1', { scope: 'src/*', payload: { ttl_minutes: 5 } })}\n{"id":"int-1","kind":"field_change","created_at":"2026-03-06T09:01:00Z","actor":"p","issue_id":"a-2","extra":{"field":"status","old_value":"open","new_value":"open"}}\n`,
        'dbonly/.beads/beads.db': 'x',
        'ticket/history.jsonl': '{"ts":"2026-03-06T09:00:00Z","ticket":"T-1","branch":"b","event":"claimed","actor":"a"}\n{"ts":"2026-03-06T10:00:00Z","ticket":"T-1","workflow":"build","step":"qa","status":"passed"}\n{"ticket":"T-1"}\n',
      }),
    );
  });

  it('builds the beads, coordination and babysit models and accounts for every line', () => {
    const repo = models.get('repo') as ProjectModel;
    expect(repo.sources.map((s) => [s.path, s.format, s.lines, s.valid, s.invalid])).toEqual([
      ['.beads/backup/events.jsonl', 'beads', 1, 1, 0],
      ['.beads/interactions.jsonl', 'beads', 2, 2, 0],
      ['.beads/issues.jsonl', 'beads', 2, 2, 0],
    ]);
    expect(repo.beads?.issues.map((i) => [i.id, i.status, i.replayedStatus])).toEqual([
      ['a-1', 'closed', 'open'],
      ['a-2', 'open', 'open'],
    ]);
    expect(repo.coordination?.events.map((e) => [e.eventType, e.file])).toEqual([['RESERVE', '.beads/interactions.jsonl']]);
    expect(repo.flags.map((f) => f.kind)).toEqual(['beads/status-mismatch']);
    expect(repo.span).toEqual({ from: '2026-03-06T09:00:00.000Z', to: '2026-03-06T09:01:00.000Z' });
    expect(lifecycleAnchors(repo)).toMatchObject({ '.beads/interactions.jsonl:1': 'coord-1', '.beads/issues.jsonl:1': 'beads-a-1' });
  });

  it('lists a .beads folder without JSONL as not read, and reads babysit history and timeline rows', () => {
    expect(models.get('dbonly')?.sources).toEqual([{ path: '.beads', format: 'beads', bytes: 0, lines: 0, valid: 0, invalid: 0, notRead: '.beads/ holds a SQLite database (bd before 1.0) at .beads/beads.db, and no JSONL export of its issues (issues.jsonl, beads.jsonl, beads.base.jsonl). Trailbook reads the export and the audit log (.beads/interactions.jsonl), not the database. To write the export, run in the project folder: bd export -o .beads/issues.jsonl' }]);
    expect(models.get('dbonly')?.beads?.issues).toEqual([]);
    expect(models.get('dbonly')?.beads?.store).toMatchObject({ folder: '.beads', kind: 'sqlite', dataPath: '.beads/beads.db', exportCommand: 'bd export -o .beads/issues.jsonl', run: null });
    const ticket = models.get('ticket') as ProjectModel;
    expect(ticket.babysit?.entries.map((e) => [e.kind, e.what, e.status])).toEqual([
      ['history', 'claimed', ''],
      ['timeline', 'qa', 'passed'],
    ]);
    expect(ticket.invalid.map((i) => [i.line, i.kind, i.error])).toEqual([[3, 'babysit/invalid-row', 'history event: missing required field “ts”; missing required field “event”']]);
    expect(ticket.flags.map((f) => f.kind)).toEqual(['babysit/invalid-row']);
  });

  it('keeps events, issues and babysit rows out of the summary', () => {
    const repo = models.get('repo') as ProjectModel;
    const summary = summarise(repo, 'd');
    expect('coordination' in summary || 'beads' in summary || 'babysit' in summary).toBe(false);
  });

  it('makes every event and issue a search record with event type, agent and status facets', () => {
    const records = searchRecords(models.get('repo') as ProjectModel).filter((r) => r.facets['type']?.[0] !== 'flag');
    expect(records.map((r) => [r.anchor, r.page ?? '', r.facets['type'], r.facets['event type'] ?? r.facets['status'], r.facets['agent'] ?? []])).toEqual([
      ['coord-1', '', ['coord event'], ['RESERVE'], ['amber']],
      ['beads-a-1', 'issue/a-1/', ['beads issue'], ['closed'], []],
      ['beads-a-2', 'issue/a-2/', ['beads issue'], ['open'], []],
    ]);
  });
});

describe('the example corpus: content/coordination', () => {
  let models: Map<string, ProjectModel>;
  beforeAll(async () => {
    // content/coordination's projects name ../../repos/example.git, beside the input: allowed as the archive configuration would.
    models = await analyse(CONTENT, [path.join(CONTENT, '..', 'repos')]);
  });

  it('raises every planted fault with its kind on its line', () => {
    const faults = models.get('faults') as ProjectModel;
    for (const p of COORD_PLANTED) {
      const hit = faults.flags.find((f) => f.kind === p.kind && f.at.some((a) => a.file === p.file && a.line === p.line));
      expect(hit, `${p.kind} at line ${p.line}`).toBeDefined();
    }
    expect(new Set(faults.flags.map((f) => f.kind))).toEqual(new Set(COORD_PLANTED.map((p) => p.kind)));
    expect(faults.flags).toHaveLength(COORD_PLANTED.length);
  });

  it('uses all ten event types in both streams, with a denied takeover and an ACK without its SEND', () => {
    for (const id of ['clean', 'faults']) {
      const types = new Set(models.get(id)?.coordination?.events.map((e) => e.eventType));
      for (const t of ['SEND', 'READ', 'ACK', 'RESERVE', 'RELEASE', 'TAKEOVER', 'RESUME', 'BLOCKED', 'HANDOFF', 'INCURSION']) expect(types.has(t), `${id} ${t}`).toBe(true);
    }
    const faults = models.get('faults')?.coordination;
    expect(faults?.takeovers.map((t) => t.outcome)).toEqual(['denied', 'inconclusive']);
    expect(faults?.refProblems.map((p) => [p.ref, p.problem])).toEqual([['evt_f99', 'unknown']]);
  });

  it('raises nothing on the clean stream, whose takeovers the policy allows', () => {
    const clean = models.get('clean') as ProjectModel;
    expect(clean.flags).toEqual([]);
    expect(clean.invalid).toEqual([]);
    expect(clean.coordination?.takeovers.map((t) => [t.outcome, t.liveness?.liveness])).toEqual([
      ['allowed', 'evicted'],
      ['allowed', 'stale'],
    ]);
    expect(clean.coordination?.inbox.map((i) => i.state)).toEqual(['acked']);
    expect(clean.babysit?.entries).toHaveLength(5);
  });
});

describe('check registry', () => {
  it('registers every coordination kind once, in the coordination layer, with a seed or spec source', () => {
    const kinds = COORDINATION_CHECKS.flatMap((c) => c.kinds);
    for (const k of kinds) {
      expect(FLAG_KINDS.filter((f) => f.kind === k.kind)).toHaveLength(1);
      expect(k.layer).toBe('coordination');
      expect(k.source).toMatch(/bd-audit-coordination-schema\.md|spec\/input\.md section 7/);
    }
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['coord/missing-field', 'coord/orphan-ref', 'coord/duplicate-event-id', 'coord/takeover-denied', 'coord/release-not-held', 'coord/out-of-order', 'beads/status-mismatch']));
  });
});
