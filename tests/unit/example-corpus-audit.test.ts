/**
 * The whole pipeline (analyseArchive) on the bundled example corpus (content/): every planted
 * fault is found where PLANTED says, and clean projects stay clean. The real corpus has its own
 * test (real-corpus.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkFirst } from '../../src/lib/projections/check-first.ts';
import { PLANTED } from '../../scripts/make-example-corpus.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

async function analyse(root: string): Promise<Map<string, ProjectModel>> {
  const models = new Map<string, ProjectModel>();
  await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
  return models;
}

function project(models: Map<string, ProjectModel>, id: string): ProjectModel {
  const m = models.get(id);
  if (!m) throw new Error(`no project ${id}; have ${[...models.keys()].join(', ')}`);
  return m;
}

describe('example corpus (content/)', () => {
  let models: Map<string, ProjectModel>;
  beforeAll(async () => {
    models = await analyse(CONTENT);
  });

  it('finds the six example projects in discovery order', () => {
    expect([...models.keys()]).toEqual(['coordination-clean', 'coordination-faults', 'pstack-app', 'tickets-arena-clean', 'tickets-arena-collapsed', 'tickets-arena-faults', 'tickets-babysit-qa', 'tickets-clean', 'tickets-failed', 'tickets-faults', 'tickets-no-audit', 'tickets-not-run', 'tickets-single-shape', 'tickets-verdict-faults']);
  });

  it('reads each audit state exactly', () => {
    const ran = { present: true, valid: true, file: 'audit.json', reason: '', reviewer: 'codex-x / gpt-y', at: '2026-03-02T18:00:00Z' };
    expect(project(models, 'tickets-clean').audit).toEqual({ ...ran, status: 'ran', flagCount: 0 });
    expect(project(models, 'tickets-faults').audit).toEqual({ ...ran, status: 'ran', flagCount: 2 });
    expect(project(models, 'tickets-not-run').audit).toEqual({
      present: true,
      valid: true,
      file: 'audit.json',
      status: 'not-run',
      reason: 'no other family installed',
      reviewer: '',
      at: '2026-03-03T11:00:00Z',
      flagCount: 0,
    });
    expect(project(models, 'tickets-failed').audit).toEqual({
      present: true,
      valid: true,
      file: 'audit.json',
      status: 'failed',
      reason: 'reviewer error: invalid JSON output',
      reviewer: 'codex-x / gpt-y',
      at: '2026-03-04T11:00:00Z',
      flagCount: 0,
    });
    expect(project(models, 'tickets-no-audit').audit).toEqual({ present: false });
    expect(project(models, 'pstack-app').audit).toEqual({ present: false });
  });

  it('resolves every project against example.git at its HEAD', () => {
    for (const m of models.values()) {
      expect(m.repository, m.id).toEqual({ id: 'content-repos-example.git', path: 'content/repos/example.git', head: '90ccfe22d4e9cbf587d5f0cc760f0574088241de', headSource: 'HEAD', problem: null });
    }
  });

  it('keeps valid + invalid === lines for every source file', () => {
    for (const m of models.values()) for (const s of m.sources) expect(s.valid + s.invalid, `${m.id} ${s.path}`).toBe(s.lines);
  });

  describe('tickets/faults', () => {
    it('has 13 planted faults, and each appears as a flag of its kind on its line and row', () => {
      expect(PLANTED).toHaveLength(13);
      const faults = project(models, 'tickets-faults');
      for (const p of PLANTED) {
        const match = faults.flags.filter((f) => f.kind === p.kind && f.at.some((a) => a.file === 'decisions.jsonl' && a.line === p.line) && (p.rowId === undefined || f.rows.includes(p.rowId)));
        expect(match, `fault ${p.fault} (${p.kind}) at line ${p.line}`).toHaveLength(1);
      }
    });

    it('raises no layer-1 flag that was not planted', () => {
      const faults = project(models, 'tickets-faults');
      const layer1 = faults.flags.filter((f) => f.layer !== 'review');
      expect(layer1).toHaveLength(PLANTED.length);
      for (const f of layer1) {
        expect(
          PLANTED.some((p) => p.kind === f.kind && f.at.some((a) => a.line === p.line)),
          `${f.kind} ${f.summary}`,
        ).toBe(true);
      }
    });

    it('carries the two layer-2 flags of audit.json', () => {
      const review = project(models, 'tickets-faults').flags.filter((f) => f.layer === 'review');
      expect(review).toEqual([
        { layer: 'review', severity: 'high', kind: 'unsupported-claim', rows: ['8635af1e'], summary: 'The hotfix row cites a commit nobody can find', evidence: '6b8467766823b30e559d624defde1c57a594bda6', at: [] },
        { layer: 'review', severity: 'low', kind: 'gap', rows: [], summary: 'No handover row', evidence: 'decisions.jsonl', at: [] },
      ]);
    });

    it('shows the exact summaries a user reads for the evidence faults', () => {
      const bySummary = project(models, 'tickets-faults').flags.map((f) => [f.severity, f.kind, f.summary]);
      expect(bySummary).toContainEqual([
        'high',
        'evidence/commit-not-found',
        'row 8635af1e “Ship the fake-sha hotfix” — no commit 6b8467766823b30e559d624defde1c57a594bda6 in content/repos/example.git',
      ]);
      expect(bySummary).toContainEqual([
        'medium',
        'evidence/commit-ambiguous',
        'row 3730d30f “Cite the probe commit by its short SHA” — commit 294c114: short SHA 294c114 is ambiguous: 2 objects in content/repos/example.git start with it (294c11436199, 294c11474e38)',
      ]);
      expect(bySummary).toContainEqual([
        'high',
        'evidence/line-out-of-range',
        'row 29700948 “Keep the legacy line counter” — src/parser.ts:999: line 999 is past the end of src/parser.ts (43 lines at landed head)',
      ]);
      expect(bySummary).toContainEqual(['high', 'trail/not-json', 'decisions.jsonl:12: not valid JSON: Unexpected end of JSON input']);
      expect(bySummary).toContainEqual(['medium', 'trail/row-too-large', 'row 6be99327 is 4096 bytes; rows must be under 4096 bytes']);
      expect(bySummary).toContainEqual(['high', 'trail/supersedes-cycle', 'supersedes cycle: bcbab5af → 83d1c257 → bcbab5af']);
    });

    it('sorts its flags by severity', () => {
      const order = { high: 0, medium: 1, low: 2 };
      const severities = project(models, 'tickets-faults').flags.map((f) => order[f.severity]);
      expect(severities).toEqual([...severities].sort((a, b) => a - b));
      expect(project(models, 'tickets-faults').counts.flags).toEqual({ high: 10, medium: 4, low: 1 });
    });

    it('accounts for 16 lines: 15 rows and the one line that is not JSON', () => {
      const faults = project(models, 'tickets-faults');
      expect(faults.sources.find((s) => s.path === 'decisions.jsonl')).toEqual({ path: 'decisions.jsonl', format: 'bbs-trail', bytes: 7751, lines: 16, valid: 15, invalid: 1 });
      expect(faults.invalid.map((i) => [i.line, i.kind])).toEqual([[12, 'trail/not-json']]);
    });
  });

  describe('clean projects', () => {
    it('tickets-clean has zero flags and zero Check-first rows, every pointer VERIFIED, one row superseded', () => {
      const clean = project(models, 'tickets-clean');
      expect(clean.flags).toEqual([]);
      expect(checkFirst(clean.rows)).toEqual([]);
      expect(clean.counts.checkFirst).toBe(0);
      expect(clean.counts.rows).toBe(10);
      expect(clean.counts.superseded).toBe(1);
      expect(clean.invalid).toEqual([]);
      expect(clean.rows.flatMap((r) => r.evidence).every((p) => p.status === 'VERIFIED')).toBe(true);
      expect(clean.counts.evidence).toEqual({ VERIFIED: 11, NOT_VERIFIED: 0, INCONCLUSIVE: 0 });
    });

    it.each(['tickets-not-run', 'tickets-failed', 'tickets-no-audit'])('%s has no flags and no Check-first rows', (id) => {
      const m = project(models, id);
      expect(m.flags).toEqual([]);
      expect(m.counts.checkFirst).toBe(0);
      expect(m.rows).toHaveLength(3);
    });
  });

  describe('pstack-app', () => {
    it('reads 8 rows after the header, removes the formula guard and says the orders differ', () => {
      const app = project(models, 'pstack-app');
      expect(app.rows).toHaveLength(8);
      expect(app.rows[7]?.why).toBe('=SUM(A1:A3) looked like a formula in the exported sheet');
      expect(app.outOfTimeOrder).toBe(true);
      expect(app.flags.map((f) => [f.severity, f.kind, f.summary, f.at.map((a) => a.line)])).toEqual([
        ['low', 'trail/out-of-time-order', '2 rows are out of time order in decisions.tsv (first: line 6, 2026-03-02T10:50:00Z); without them, file order and time order agree', [6, 9]],
      ]);
    });

    it('resolves each pointer kind with the exact reason', () => {
      const app = project(models, 'pstack-app');
      expect(app.rows.flatMap((r) => r.evidence.map((p) => [r.line, p.kind, p.status, p.reason]))).toEqual([
        [2, 'url', 'INCONCLUSIVE', 'URL recorded, not fetched'],
        [3, 'ephemeral', 'INCONCLUSIVE', 'absolute path outside the repository; gone after the run'],
        // The row's time places it at 1b48d2e; parser.ts changed since, but lines 10–20 are where they were, unchanged (trust14).
        [4, 'path', 'VERIFIED', 'lines 10–20 of 43 exist at landed head'],
        [5, 'test', 'VERIFIED', 'test found in tests/parser.test.ts at line 17'],
        [6, 'command', 'INCONCLUSIVE', 'a command is not evidence of its result'],
        [7, 'commit', 'VERIFIED', 'commit c2981f6 exists: “Add CLI entry”'],
        [8, 'commit', 'VERIFIED', 'commit 8879725 exists: “Fix off-by-one in line counter”'],
        [8, 'command', 'INCONCLUSIVE', 'a command is not evidence of its result'],
        [9, 'path', 'VERIFIED', 'file exists at landed head; 19 lines'],
      ]);
    });
  });
});
