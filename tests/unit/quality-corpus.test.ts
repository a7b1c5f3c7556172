/**
 * The quality-control projects of the bundled example corpus (scripts/example-quality-corpus.ts),
 * through the whole pipeline: every planted fault is a flag of its kind on its file and line,
 * nothing else is flagged, the clean arena and verdicts raise nothing, and the records become
 * search results landing on recap anchors.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { qualitySearchRecords } from '../../src/lib/search/quality-records.ts';
import { qualityAnchors } from '../../src/lib/quality/quality-anchors.ts';
import { QUALITY_DIRS, QUALITY_PLANTED } from '../../scripts/example-quality-corpus.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));
const idOf = (dir: string): string => dir.replace(/\//g, '-');

describe('quality projects of the example corpus', () => {
  const models = new Map<string, ProjectModel>();
  beforeAll(async () => {
    await analyseArchive({ roots: [CONTENT], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
  }, 60_000);
  const project = (dir: string): ProjectModel => {
    const m = models.get(idOf(dir));
    if (!m) throw new Error(`no project ${dir}`);
    return m;
  };

  it('plants 20 faults of 20 kinds', () => {
    expect(QUALITY_PLANTED).toHaveLength(20);
    expect(new Set(QUALITY_PLANTED.map((p) => p.kind)).size).toBe(20);
  });

  it('finds each planted fault as one flag of its kind on its file and line', () => {
    for (const p of QUALITY_PLANTED) {
      const match = project(p.project).flags.filter((f) => f.kind === p.kind && f.at.some((a) => a.file === p.file && a.line === p.line));
      expect(match, `${p.project} ${p.file}:${p.line} ${p.kind}`).toHaveLength(1);
    }
  });

  it('raises no flag that was not planted', () => {
    for (const dir of ['tickets/arena-faults', 'tickets/verdict-faults']) {
      const flags = project(dir).flags;
      expect(flags.map((f) => f.kind).sort(), dir).toEqual(QUALITY_PLANTED.filter((p) => p.project === dir).map((p) => p.kind).sort());
    }
  });

  it('the clean arena, the collapsed arena, the skip and the babysit verdicts raise nothing', () => {
    for (const dir of ['tickets/arena-clean', 'tickets/arena-collapsed', 'tickets/single-shape', 'tickets/babysit-qa']) {
      expect(project(dir).flags, dir).toEqual([]);
      expect(project(dir).invalid, dir).toEqual([]);
    }
  });

  it('reads the clean arena into data', () => {
    const a = project('tickets/arena-clean').arena;
    expect(a?.rubric?.criteria.map((c) => c.name)).toEqual(['Size cap first', 'Line numbers', 'Interface depth', 'Memory']);
    expect(a?.candidates.map((c) => [c.label, c.folder, c.shapeLine])).toEqual([['A', '1', 3], ['B', '2', 3]]);
    expect([a?.selection?.pick, a?.selection?.matrix?.totals, a?.selection?.matrix?.top, a?.selection?.grafts.map((g) => g.from), a?.selection?.singleFamilyNote]).toEqual(['B', { A: 14, B: 18 }, ['B'], ['A'], true]);
    expect(a?.pickRows.length).toBe(1);
    const collapsed = project('tickets/arena-collapsed').arena?.selection;
    expect([collapsed?.collapsed, collapsed?.resends, collapsed?.collapseRecorded, collapsed?.pick]).toEqual([true, 1, true, 'A']);
    expect(project('tickets/single-shape').arena?.skipped.map((s) => s.decision)).toEqual(['Skip the design arena: the ADR index has one viable shape']);
  });

  it('reads the clean verdicts: a supported PASS, a level-4 CONFIRMED finding with its repro, a loop whose premise holds', () => {
    const v = project('tickets/arena-clean').verdicts;
    expect(v?.qa.map((g) => [g.ticket, g.verdict, g.support.supported, g.criteria.map((c) => c.state)])).toEqual([['T-51', 'PASS', true, ['VERIFIED', 'VERIFIED', 'INCONCLUSIVE']]]);
    expect(v?.reviews[0]?.findings.map((f) => [f.verdict, f.level, f.repro?.from ?? null, f.location?.status])).toEqual([
      ['CONFIRMED', 4, 'field', 'VERIFIED'],
      ['REFUTED', 4, 'failure_scenario', 'VERIFIED'],
      ['PLAUSIBLE', 2, null, 'VERIFIED'],
    ]);
    expect(v?.loops.map((l) => [l.rows.length, l.attempts, l.premiseRow?.premiseResult, l.outcome])).toEqual([[3, 3, 'holds', '3 attempts; premise checked: holds (fixed)']]);
    const babysit = project('tickets/babysit-qa').verdicts;
    expect(babysit?.qa.map((g) => [g.form, g.verdict, g.fixed, g.support.supported])).toEqual([['babysit-text', 'FIXED(2)', 2, true]]);
    expect(babysit?.skills.map((s) => [s.skill, s.status])).toEqual([['review', 'DONE_WITH_CONCERNS']]);
  });

  it('makes picks, criteria and findings search results that land on recap anchors', () => {
    const m = project('tickets/arena-clean');
    const records = qualitySearchRecords(m);
    expect(records.map((r) => [r.facets['type']?.[0], r.anchor, r.facets['verdict'] ?? null])).toEqual([
      ['arena pick', 'arena-pick', null],
      ['rubric criterion', 'arena-criterion-1', null],
      ['rubric criterion', 'arena-criterion-2', null],
      ['rubric criterion', 'arena-criterion-3', null],
      ['rubric criterion', 'arena-criterion-4', null],
      ['gate verdict', 'qa-t-51', ['PASS']],
      ['criterion', 'qa-t-51-ac-1', ['verified']],
      ['criterion', 'qa-t-51-ac-2', ['verified']],
      ['criterion', 'qa-t-51-j-1', ['not verified (inconclusive)']],
      ['finding', 'finding-pr-7-1', ['CONFIRMED']],
      ['finding', 'finding-pr-7-2', ['REFUTED']],
      ['finding', 'finding-pr-7-3', ['PLAUSIBLE']],
      ['repair loop', 'loop-1', ['premise holds']],
    ]);
    expect(records[0]?.title).toBe('Design pick: candidate B — One pass: a line iterator feeds each line through the size check and the schema as it is read, so no step holds the whole file. Unlike A, memory stays flat for any trail size.');
    expect(records.every((r) => r.facets['project']?.[0] === 'content/tickets/arena-clean')).toBe(true);
    // A criterion's and a finding's evidence items, as their cards list them, are their results' evidence lines (find16).
    expect(records.filter((r) => r.pointers).map((r) => [r.anchor, r.pointers?.map((p) => p[1]).join('')])).toEqual([
      ['qa-t-51-ac-1', 'v'],
      ['qa-t-51-ac-2', 'v'],
      ['qa-t-51-j-1', 'i'],
      ['finding-pr-7-1', 'v'],
      ['finding-pr-7-2', 'v'],
      ['finding-pr-7-3', 'v'],
    ]);
    for (const dir of QUALITY_DIRS) expect(qualitySearchRecords(project(dir)).length >= 0).toBe(true);
  });

  it('links every located flag to a recap anchor', () => {
    for (const dir of ['tickets/arena-faults', 'tickets/verdict-faults']) {
      const m = project(dir);
      const anchors = qualityAnchors(m.arena, m.verdicts);
      for (const f of m.flags) expect(f.at.some((a) => anchors.has(`${a.file}:${a.line}`)), `${dir} ${f.kind}`).toBe(true);
    }
  });
});
