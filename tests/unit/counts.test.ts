/**
 * One definition per count (src/lib/projections/counts.ts), on the example corpus and on
 * arbitrary rows: flags by severity and layer, evidence as verified / failed / not checkable
 * across rows, QA criteria and findings, archive totals, audit states; and Check first grouped
 * by reason (src/lib/projections/check-first.ts), failures before "not checkable".
 */
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { EvidencePointer, EvidenceStatus, ProjectModel, ResultClass, TrailRow } from '../../src/lib/model/types.ts';
import { archiveCounts, auditCounts, flagTotal, layerTotal, notVerifiedTotal, pointerOutcome, pointerTotal, projectCounts } from '../../src/lib/projections/counts.ts';
import { checkFirst, checkFirstGroups } from '../../src/lib/projections/check-first.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

let models: Map<string, ProjectModel>;
beforeAll(async () => {
  models = new Map();
  await analyseArchive({ roots: [CONTENT], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
});
const model = (id: string): ProjectModel => models.get(id) as ProjectModel;

describe('project counts on the example corpus', () => {
  it('are what the model stores, for every project', () => {
    for (const m of models.values()) expect(projectCounts(m), m.id).toEqual(m.counts);
  });

  it('count the planted faults by severity and keep the reviewer’s flags apart', () => {
    const c = model('tickets-faults').counts;
    expect(c.flags).toEqual({ high: 10, medium: 4, low: 1 });
    expect(c.flagLayers).toEqual({ layer1: { high: 9, medium: 4, low: 0 }, layer2: { high: 1, medium: 0, low: 1 } });
    expect([flagTotal(c), layerTotal(c, 'layer1'), layerTotal(c, 'layer2')]).toEqual([15, 13, 2]);
    expect(c.pointers).toEqual({ verified: 10, failed: 5, notCheckable: 0 });
    expect([c.rows, c.superseded, c.checkFirst, c.resultNotVerified, c.invalid, c.openBlockers]).toEqual([15, 1, 8, 6, 1, 0]);
  });

  it('count QA criteria and finding locations as evidence too (what --fail-on-unverified gates on)', () => {
    const c = model('tickets-verdict-faults').counts;
    expect(c.evidence).toEqual({ VERIFIED: 0, NOT_VERIFIED: 0, INCONCLUSIVE: 0 });
    // J-2's evidence describes the check ("missing drive credentials in the QA environment"): not checkable, not a failure (issue 13, item 5).
    expect(c.pointers).toEqual({ verified: 6, failed: 1, notCheckable: 1 });
    expect(notVerifiedTotal(c)).toBe(2);
    expect(model('pstack-app').counts.pointers).toEqual({ verified: 5, failed: 0, notCheckable: 4 });
    expect(model('tickets-arena-clean').counts.pointers).toEqual({ verified: 8, failed: 0, notCheckable: 1 });
  });

  it('sum into the archive totals, and tell never invoked apart from not reviewed', () => {
    const { rowsByFormat: _formats, ...t } = archiveCounts([...models.values()]);
    expect(t).toEqual({
      projects: 14, projectsWithFlags: 5, projectsWithInvalid: 2, rows: 51, superseded: 2, invalid: 2, telemetry: 0,
      flags: { high: 23, medium: 20, low: 5 },
      flagLayers: { layer1: { high: 22, medium: 20, low: 4 }, layer2: { high: 1, medium: 0, low: 1 } },
      evidence: { VERIFIED: 44, NOT_VERIFIED: 5, INCONCLUSIVE: 4 },
      pointers: { verified: 55, failed: 6, notCheckable: 6 },
      resultNotVerified: 15, checkFirst: 17, openBlockers: 2,
    });
    expect(auditCounts([...models.values()])).toEqual({ reviewed: 2, notReviewed: 2, neverInvoked: 6, noTrail: 4 });
  });
});

describe('Check first by reason', () => {
  it('lists failures first, the high-severity checks before the medium ones, then results other than verified', () => {
    const groups = checkFirstGroups(checkFirst(model('tickets-faults').rows)).map((g) => [g.outcome, g.reason, g.entries.map((e) => e.row.id).join(' '), g.everyRow]);
    expect(groups).toEqual([
      ['failed', 'evidence/commit-not-found', '8635af1e', false],
      ['failed', 'evidence/line-out-of-range', '29700948', false],
      ['failed', 'evidence/path-not-found', '7701de86', false],
      ['failed', 'evidence/commit-ambiguous', '3730d30f', false],
      ['failed', 'evidence/prose', '0a1f7f7c', false],
      ['result', 'inconclusive', '3730d30f 6be99327', false],
      ['result', 'open', '7701de86 8ada2ddc', false],
      ['result', 'failed', '29700948', false],
      ['result', 'reverted', 'bcbab5af', false],
    ]);
  });

  it('puts “not checkable” last and says a reason every row shares once', () => {
    const groups = checkFirstGroups(checkFirst(model('pstack-app').rows));
    expect(groups.map((g) => [g.outcome, g.reason, g.entries.length, g.everyRow])).toEqual([
      ['result', 'note', 6, false],
      ['result', 'open', 2, false],
      ['not-checkable', 'a command is not evidence of its result', 2, false],
      ['not-checkable', 'URL recorded, not fetched', 1, false],
      ['not-checkable', 'absolute path outside the repository; gone after the run', 1, false],
    ]);
    const row = (id: string, ...statuses: EvidenceStatus[]): TrailRow => ({ ...(model('pstack-app').rows[0] as TrailRow), id, anchor: `row-${id}`, resultClass: 'verified', evidence: statuses.map((status) => ({ raw: 'abc1234', kind: 'commit', status, reason: status === 'INCONCLUSIVE' ? 'no repository' : 'ok' })) });
    const shared = checkFirstGroups(checkFirst([row('a', 'INCONCLUSIVE'), row('b', 'INCONCLUSIVE', 'INCONCLUSIVE'), row('c', 'VERIFIED'), row('d', 'INCONCLUSIVE')]));
    expect(shared.map((g) => [g.reason, g.entries.map((e) => `${e.row.id}:${e.pointers.length}`).join(' '), g.everyRow])).toEqual([['no repository', 'a:1 b:2 d:1', true]]);
  });

  it('keeps the seed’s list: every Check first row is in a group, and every grouped row is under Check first (property)', () => {
    const statuses: EvidenceStatus[] = ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'];
    const results: ResultClass[] = ['verified', 'failed', 'open', 'inconclusive', 'note'];
    const base = (): TrailRow => model('tickets-clean').rows[0] as TrailRow;
    const pointer = fc.record({ status: fc.constantFrom(...statuses), reason: fc.constantFrom('no repository', 'not found', 'x'), fault: fc.constantFrom('evidence/path-not-found', 'evidence/prose', undefined) });
    const rows = fc.array(fc.record({ result: fc.constantFrom(...results), evidence: fc.array(pointer, { maxLength: 3 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(rows, (spec) => {
        const list = spec.map((s, i): TrailRow => ({ ...base(), id: `r${i}`, anchor: `row-r${i}`, line: i + 1, resultClass: s.result, evidence: s.evidence.map((p): EvidencePointer => ({ raw: `p${i}`, kind: 'path', status: p.status, reason: p.reason, ...(p.status === 'NOT_VERIFIED' && p.fault ? { fault: p.fault } : {}) })) }));
        const entries = checkFirst(list);
        const groups = checkFirstGroups(entries);
        const grouped = new Set(groups.flatMap((g) => g.entries.map((e) => e.row.id)));
        expect([...grouped].sort()).toEqual(entries.map((e) => e.row.id).sort());
        // Every pointer that is not verified is in exactly one group; verified ones in none.
        const pointers = groups.reduce((n, g) => n + g.entries.reduce((m, e) => m + e.pointers.length, 0), 0);
        expect(pointers).toBe(list.reduce((n, r) => n + r.evidence.filter((p) => pointerOutcome(p.status) !== 'verified').length, 0));
        // Failures come before anything else, "not checkable" after everything else.
        const order = groups.map((g) => g.outcome);
        expect(order).toEqual([...order].sort((a, b) => ['failed', 'no-evidence', 'result', 'not-checkable'].indexOf(a) - ['failed', 'no-evidence', 'result', 'not-checkable'].indexOf(b)));
        const counts = projectCounts({ rows: list, flags: [], invalid: [], telemetry: [] });
        expect(counts.checkFirst).toBe(entries.length);
        expect(pointerTotal(counts)).toBe(list.reduce((n, r) => n + r.evidence.length, 0));
      }),
      { numRuns: 150 },
    );
  });
});
