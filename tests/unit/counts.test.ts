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
import { problems } from '../../src/lib/projections/problems.ts';

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
    // Issue 27: the pointers that did not resolve and the cell of prose are counted apart (failed is their sum).
    expect(c.pointers).toEqual({ verified: 10, failed: 5, unresolved: 4, prose: 1, notCheckable: 0 });
    expect([c.rows, c.superseded, c.checkFirst, c.checkFirstOpen, c.checkFirstWords, c.resultNotVerified, c.invalid, c.openBlockers]).toEqual([15, 1, 8, 7, 1, 6, 1, 0]);
    expect(c.results).toEqual({ failed: 1, reverted: 1, open: 2, inconclusive: 2, skipped: 0, verified: 9, 'reported-done': 0, note: 0 });
    expect(c.problems).toEqual({ high: 10, medium: 4, low: 1, citesMissing: 3 });
  });

  it('count QA criteria and finding locations as evidence too (what --fail-on-unverified gates on)', () => {
    const c = model('tickets-verdict-faults').counts;
    expect(c.evidence).toEqual({ VERIFIED: 0, NOT_VERIFIED: 0, INCONCLUSIVE: 0 });
    // J-2's evidence describes the check ("missing drive credentials in the QA environment"): not checkable, not a failure (issue 13, item 5).
    expect(c.pointers).toEqual({ verified: 6, failed: 1, unresolved: 1, prose: 0, notCheckable: 1 });
    expect(notVerifiedTotal(c)).toBe(2);
    expect(model('pstack-app').counts.pointers).toEqual({ verified: 5, failed: 0, unresolved: 0, prose: 0, notCheckable: 4 });
    expect(model('tickets-arena-clean').counts.pointers).toEqual({ verified: 8, failed: 0, unresolved: 0, prose: 0, notCheckable: 1 });
  });

  it('sum into the archive totals, and tell never invoked apart from not reviewed', () => {
    const { rowsByFormat: _formats, ...t } = archiveCounts([...models.values()]);
    expect(t).toEqual({
      projects: 14, projectsWithFlags: 5, projectsWithInvalid: 2, rows: 51, superseded: 2, invalid: 2, telemetry: 0,
      flags: { high: 23, medium: 20, low: 5 },
      flagLayers: { layer1: { high: 22, medium: 20, low: 4 }, layer2: { high: 1, medium: 0, low: 1 } },
      evidence: { VERIFIED: 44, NOT_VERIFIED: 5, INCONCLUSIVE: 4 },
      pointers: { verified: 55, failed: 6, unresolved: 5, prose: 1, notCheckable: 6 },
      resultNotVerified: 15, checkFirst: 17, checkFirstOpen: 10, checkFirstWords: 7, openBlockers: 2,
      results: { failed: 1, reverted: 1, open: 4, inconclusive: 2, skipped: 1, verified: 36, 'reported-done': 4, note: 2 },
      problems: { high: 23, medium: 20, low: 5, citesMissing: 3 },
    });
    expect(auditCounts([...models.values()])).toEqual({ reviewed: 2, notReviewed: 2, neverInvoked: 6, noTrail: 4 });
  });
});

describe('Check first by reason, in two groups (issue 27)', () => {
  it('lists the open group first: evidence that did not resolve (high checks before medium), then failed, reverted, open and inconclusive results', () => {
    const groups = checkFirstGroups(checkFirst(model('tickets-faults').rows)).map((g) => [g.band, g.outcome, g.reason, g.entries.map((e) => e.row.id).join(' '), g.everyRow]);
    expect(groups).toEqual([
      ['open', 'failed', 'evidence/commit-not-found', '8635af1e', false],
      ['open', 'failed', 'evidence/path-not-found', '7701de86', false],
      ['open', 'failed', 'evidence/line-out-of-range', '29700948', false],
      ['open', 'failed', 'evidence/commit-ambiguous', '3730d30f', false],
      ['open', 'result', 'failed', '29700948', false],
      ['open', 'result', 'reverted', 'bcbab5af', false],
      ['open', 'result', 'open', '7701de86 8ada2ddc', false],
      ['open', 'result', 'inconclusive', '3730d30f 6be99327', false],
      ['words', 'prose', '', '0a1f7f7c', false],
    ]);
    // Failed checks in Attention's order (trust13): severity, then the first row each names.
    const failed = groups.filter((g) => g[1] === 'failed').map((g) => g[2]);
    expect(problems(model('tickets-faults').flags).filter((p) => failed.includes(p.kind)).map((p) => p.kind)).toEqual(failed);
    // The row whose evidence is prose (0a1f7f7c) reports `verified`: its evidence is a cell with
    // no pointer, counted apart (amber), in the folded group, not the open one.
    expect(model('tickets-faults').rows.find((r) => r.id === '0a1f7f7c')?.evidence.map((p) => [p.kind, p.status])).toEqual([['prose', 'NOT_VERIFIED']]);
  });

  it('folds the results in the agent’s words apart, each row once, and says a reason every row of them shares once', () => {
    const groups = checkFirstGroups(checkFirst(model('pstack-app').rows));
    expect(groups.map((g) => [g.band, g.outcome, g.reason, g.entries.length, g.everyRow])).toEqual([
      ['open', 'result', 'open', 2, false],
      ['words', 'result', 'reported-done', 4, false],
      ['words', 'result', 'note', 2, false],
    ]);
    const row = (id: string, ...statuses: EvidenceStatus[]): TrailRow => ({ ...(model('pstack-app').rows[0] as TrailRow), id, anchor: `row-${id}`, resultClass: 'verified', evidence: statuses.map((status) => ({ raw: 'abc1234', kind: 'commit', status, reason: status === 'INCONCLUSIVE' ? 'no repository' : 'ok' })) });
    const shared = checkFirstGroups(checkFirst([row('a', 'INCONCLUSIVE'), row('b', 'INCONCLUSIVE', 'INCONCLUSIVE'), row('c', 'VERIFIED'), row('d', 'INCONCLUSIVE')]));
    expect(shared.map((g) => [g.band, g.reason, g.entries.map((e) => `${e.row.id}:${e.pointers.length}`).join(' '), g.everyRow])).toEqual([['words', 'no repository', 'a:1 b:2 d:1', true]]);
  });

  it('keeps the seed’s list in two groups: every Check first row in exactly one, open results and unresolved pointers in the first, reported done never there on its own (property)', () => {
    const statuses: EvidenceStatus[] = ['VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE'];
    const results: ResultClass[] = ['verified', 'failed', 'open', 'inconclusive', 'reverted', 'skipped', 'reported-done', 'note'];
    const base = (): TrailRow => model('tickets-clean').rows[0] as TrailRow;
    const pointer = fc.record({ status: fc.constantFrom(...statuses), reason: fc.constantFrom('no repository', 'not found', 'x'), fault: fc.constantFrom('evidence/path-not-found', 'evidence/prose', undefined) });
    const rows = fc.array(fc.record({ result: fc.constantFrom(...results), evidence: fc.array(pointer, { maxLength: 3 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(rows, (spec) => {
        const list = spec.map((s, i): TrailRow => ({
          ...base(),
          id: `r${i}`,
          anchor: `row-r${i}`,
          line: i + 1,
          resultClass: s.result,
          evidence: s.evidence.map((p): EvidencePointer => ({ raw: `p${i}`, kind: p.status === 'NOT_VERIFIED' && p.fault === 'evidence/prose' ? 'prose' : 'path', status: p.status, reason: p.reason, ...(p.status === 'NOT_VERIFIED' && p.fault ? { fault: p.fault } : {}) })),
        }));
        const entries = checkFirst(list);
        const groups = checkFirstGroups(entries);
        const grouped = new Set(groups.flatMap((g) => g.entries.map((e) => e.row.id)));
        expect([...grouped].sort()).toEqual(entries.map((e) => e.row.id).sort());
        for (const e of entries) {
          const bands = new Set(groups.filter((g) => g.entries.some((x) => x.row === e.row)).map((g) => g.band));
          expect([...bands]).toEqual([e.band]);
          // The folded group lists each row once.
          if (e.band === 'words') expect(groups.filter((g) => g.entries.some((x) => x.row === e.row))).toHaveLength(1);
          const needs = ['failed', 'open', 'inconclusive', 'reverted', 'skipped'].includes(e.row.resultClass) || e.row.evidence.some((p) => pointerOutcome(p) === 'unresolved');
          expect(e.band).toBe(needs ? 'open' : 'words');
        }
        // The open group comes first; in it, failed checks before results.
        const order = groups.map((g) => `${g.band}:${g.outcome}`);
        const rank = (k: string): number => ['open:failed', 'open:result', 'words:result', 'words:prose', 'words:no-evidence', 'words:not-checkable'].indexOf(k);
        expect(order).toEqual([...order].sort((a, b) => rank(a) - rank(b)));
        const counts = projectCounts({ rows: list, flags: [], invalid: [], telemetry: [] });
        expect([counts.checkFirst, counts.checkFirstOpen + counts.checkFirstWords]).toEqual([entries.length, entries.length]);
        expect(pointerTotal(counts)).toBe(list.reduce((n, r) => n + r.evidence.length, 0));
        expect(counts.pointers.failed).toBe(counts.pointers.unresolved + counts.pointers.prose);
      }),
      { numRuns: 150 },
    );
  });
});
