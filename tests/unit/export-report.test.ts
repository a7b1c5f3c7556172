/**
 * The build report and archive index (src/lib/export/build-report.ts, archive-index.ts,
 * report-details.ts, display-path.ts) on the example corpus: totals, warnings, invalid
 * records by file:line, links under a base path, and the report details kept in the model
 * store beside each model.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive, type ArchiveResult } from '../../src/lib/archive/analyse-archive.ts';
import { readArchiveIndex } from '../../src/lib/archive/model-store.ts';
import { archiveIndex } from '../../src/lib/export/archive-index.ts';
import { buildReport, buildReportSchema, projectWarnings } from '../../src/lib/export/build-report.ts';
import { displayPath } from '../../src/lib/archive/display-path.ts';
import { readBuildReport } from '../../src/lib/export/read-build-report.ts';
import { readReportDetails, reportDetails, REPORT_INVALID_LIMIT } from '../../src/lib/archive/report-details.ts';
import type { InvalidRecord } from '../../src/lib/model/types.ts';
import type { ProjectSummary } from '../../src/lib/archive/summary.ts';
import { baselineEntry } from '../../src/lib/baseline/accepted-flags.ts';
import { readModel } from '../../src/lib/archive/model-store.ts';
import { acceptedCounts, homeFlagsFigureNote } from '../../src/lib/archive/accepted-counts.ts';
import { reportFlagsSentence } from '../../src/lib/site/accepted-words.ts';

const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));
const CTX = { base: '/archive/', root: null, title: 'Archive' };

let cacheDir: string;
let archive: ArchiveResult;
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'trailbook-report-'));
  archive = await analyseArchive({ roots: [CONTENT], cacheDir });
}, 120_000);
afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe('the build report', () => {
  it('counts over every project and lists invalid records by file:line', async () => {
    const report = await readBuildReport(cacheDir, archive.projects, CTX);
    expect(report.version).toBe('trailbook.report/1');
    expect(report.$schema).toBe('/archive/schema/report.v1.json');
    expect(report.totals.projects).toBe(archive.projects.length);
    expect(report.totals.rows).toBe(archive.projects.reduce((n, p) => n + p.counts.rows, 0));
    expect(report.totals.invalid).toBe(2);
    expect(report.totals.projectsWithInvalid).toBe(2);
    const withInvalid = report.projects.filter((p) => p.invalid.length > 0).map((p) => [p.id, p.invalid.map((i) => `${i.file}:${i.line} ${i.kind}`)]);
    expect(withInvalid).toEqual(expect.arrayContaining([['tickets-faults', ['decisions.jsonl:12 trail/not-json']], ['coordination-faults', ['coordination.jsonl:17 coord/not-json']]]));
    expect(report.projects.every((p) => p.invalidListed)).toBe(true);
    expect(report.projects.find((p) => p.id === 'tickets-faults')?.recap).toBe('/archive/p/tickets-faults/');
    expect(report.problems).toEqual([]);
    // use11: the home's "N problems (M flags)" is in the totals, apart from discovery problems
    // (`totals.problems`, kept for readers of version 1, is `discoveryProblems`).
    const sum = (k: 'high' | 'medium' | 'low' | 'citesMissing'): number => archive.projects.reduce((n, p) => n + p.counts.problems[k], 0);
    expect(report.totals.projectProblems).toEqual({ high: sum('high'), medium: sum('medium'), low: sum('low'), citesMissing: sum('citesMissing') });
    expect(report.totals.projectProblems.high + report.totals.projectProblems.medium + report.totals.projectProblems.low).toBeGreaterThan(0);
    expect([report.totals.discoveryProblems, report.totals.problems]).toEqual([0, 0]);
    expect(buildReportSchema.parse(report)).toEqual(report);
  });

  it('says how many flags a baseline accepts, as the build and the home do (count14)', async () => {
    // Before: report.json and the report page said 'Flags: 23 high, 20 medium, 5 low, in 5 projects.' and
    // nothing of the flags trailbook.baseline.json accepts, where the build's summary said '(2 of them accepted
    // in trailbook.baseline.json, not open)' and the home '+ 2 accepted'.
    const m = await readModel(cacheDir, 'tickets-faults');
    const highs = m.flags.filter((f) => f.severity === 'high').slice(0, 2);
    const baseline = { file: 'trailbook.baseline.json', entries: highs.map((f) => baselineEntry(m, f, 'known')) };
    const report = await readBuildReport(cacheDir, archive.projects, CTX, { file: baseline.file, counts: await acceptedCounts(cacheDir, baseline, archive.projects.map((p) => p.id)) });
    expect(report.totals.accepted).toEqual({ high: 2, medium: 0, low: 0 });
    expect(report.totals.acceptedIn).toBe('trailbook.baseline.json');
    expect(report.projects.find((p) => p.id === 'tickets-faults')?.accepted).toEqual({ high: 2, medium: 0, low: 0 });
    expect(report.projects.find((p) => p.id === 'tickets-clean')?.accepted).toEqual({ high: 0, medium: 0, low: 0 });
    expect(buildReportSchema.parse(report)).toEqual(report);
    expect(reportFlagsSentence(report.totals)).toBe('Flags: 23 high, 20 medium, 5 low, in 5 projects (2 of them accepted in trailbook.baseline.json, not open).');
    // count15: the report page's Problems row said 23 / 20 / 5 (accepted ones included) where the home said
    // '46 problems' (the open ones): the open problems are in the totals, as the home counts them.
    expect(report.totals.projectProblems).toEqual({ high: 23, medium: 20, low: 5, citesMissing: 3 });
    expect(report.totals.openProblems).toEqual({ high: 21, medium: 20, low: 5 });
    expect(homeFlagsFigureNote(archive.projects, await acceptedCounts(cacheDir, baseline, archive.projects.map((p) => p.id)))).toBe('46 problems in 5 projects; 2 flags from reviewers (layer 2)');
    const plain = await readBuildReport(cacheDir, archive.projects, CTX);
    expect([plain.totals.accepted, plain.totals.acceptedIn]).toEqual([{ high: 0, medium: 0, low: 0 }, null]);
    expect(reportFlagsSentence(plain.totals)).toBe('Flags: 23 high, 20 medium, 5 low, in 5 projects.');
    expect(plain.totals.openProblems).toEqual({ high: 23, medium: 20, low: 5 });
    // archive.json gives each project's accepted flags beside its counts, as the home's '+ 2 accepted'.
    const index = archiveIndex(archive.projects, [], CTX, await acceptedCounts(cacheDir, baseline, archive.projects.map((p) => p.id)));
    expect(index.projects.find((p) => p.id === 'tickets-faults')?.accepted).toEqual({ high: 2, medium: 0, low: 0 });
    expect(archiveIndex(archive.projects, [], CTX).projects.every((p) => p.accepted?.high === 0 && p.accepted.medium === 0 && p.accepted.low === 0)).toBe(true);
  });

  it('warns about audits never invoked, not run or invalid, and about missing repositories', () => {
    const byId = new Map(archive.projects.map((p) => [p.id, p]));
    const kinds = (id: string): string[] => projectWarnings(byId.get(id) as Parameters<typeof projectWarnings>[0]).map((w) => w.kind);
    expect(kinds('tickets-no-audit')).toEqual(['audit-never-invoked']);
    expect(kinds('tickets-not-run')).toEqual(['audit-not-reviewed']);
    expect(kinds('tickets-clean')).toEqual([]);
    const noRepository = { id: null, path: null, head: null, headSource: null, problem: 'no repository' };
    const beads = [{ path: '.beads', format: 'beads' as const, bytes: 0, lines: 0, valid: 0, invalid: 0, notRead: 'not read yet' }];
    const counts = (notCheckable: number): ProjectSummary['counts'] => ({ ...byId.get('tickets-clean')!.counts, pointers: { verified: 0, failed: 0, unresolved: 0, prose: 0, notCheckable } });
    // With pointers to check, no repository makes them inconclusive: said.
    expect(projectWarnings({ repository: noRepository, sources: beads, audit: { present: false }, counts: counts(3) }).map((w) => [w.kind, w.message, w.path])).toEqual([
      ['repository', 'git checks inconclusive: no repository', null],
      ['not-read', 'beads records not read: not read yet', '.beads'],
    ]);
    // With nothing git would check (a beads-only project), no repository is not a warning.
    expect(projectWarnings({ repository: noRepository, sources: beads, audit: { present: false }, counts: counts(0) }).map((w) => w.kind)).toEqual(['not-read']);
    // A repository someone named that cannot be opened is said even so.
    expect(projectWarnings({ repository: { ...noRepository, problem: 'repository ../app (from trailbook.json): not a git repository' }, sources: [], audit: { present: false }, counts: counts(0) }).map((w) => w.message)).toEqual(['git checks inconclusive: repository ../app (from trailbook.json): not a git repository']);
    // Without a decision trail there was nothing to audit: no "never invoked" warning.
    expect(kinds('coordination-clean')).toEqual([]);
  });

  it('says so when the model store has no details for a project', () => {
    const report = buildReport(archive.projects, [], () => null, CTX);
    expect(report.projects.every((p) => !p.invalidListed && p.invalid.length === 0)).toBe(true);
    expect(report.totals.invalid).toBe(2);
  });

  it('keeps at most REPORT_INVALID_LIMIT invalid records per project in the store, and their total', async () => {
    const many: InvalidRecord[] = Array.from({ length: REPORT_INVALID_LIMIT + 5 }, (_, i) => ({ file: 'd.jsonl', line: i + 1, error: 'bad', kind: 'trail/not-json', raw: 'x'.repeat(10) }));
    const details = reportDetails({ invalid: many });
    expect(details.invalid).toHaveLength(REPORT_INVALID_LIMIT);
    expect(details.invalidTotal).toBe(REPORT_INVALID_LIMIT + 5);
    expect(details.invalid[0]).toEqual({ file: 'd.jsonl', line: 1, kind: 'trail/not-json', error: 'bad' });
    expect(await readReportDetails(cacheDir, 'tickets-faults')).toEqual({ invalid: [{ file: 'decisions.jsonl', line: 12, kind: 'trail/not-json', error: 'not valid JSON: Unexpected end of JSON input' }], invalidTotal: 1 });
    expect(await readReportDetails(cacheDir, 'no-such-project')).toBeNull();
  });

  it('records discovery problems in the archive index, relative to the input folder’s parent', async () => {
    expect((await readArchiveIndex(cacheDir)).problems).toEqual([]);
    expect(displayPath(['/data/corpus'], '/data/corpus/team/link')).toBe('corpus/team/link');
    expect(displayPath(['/data/corpus', '/data/corpus/team'], '/data/corpus/team/x')).toBe('team/x');
    expect(displayPath(['/data/corpus'], '/elsewhere/secret')).toBe('secret');
  });
});

describe('archive.json', () => {
  it('lists projects newest first with links under the base path, absolute with a site URL', () => {
    const index = archiveIndex(archive.projects, [], CTX);
    expect(index.version).toBe('trailbook.archive/1');
    const times = index.projects.map((p) => p.span?.to ?? '');
    expect(times.filter((t) => t !== '')).toEqual([...times.filter((t) => t !== '')].sort().reverse());
    const faults = index.projects.find((p) => p.id === 'tickets-faults');
    // By default no recap.html or decisions.csv.gz is written: the links are the recap page's downloads that make them.
    expect(faults?.links).toEqual({ recap: '/archive/p/tickets-faults/', recapJson: '/archive/p/tickets-faults/recap.json.gz', decisionsCsv: '/archive/p/tickets-faults/#decisions-csv', recapHtml: '/archive/p/tickets-faults/#recap-html' });
    // With --decisions-csv it is the file.
    expect(archiveIndex(archive.projects, [], { ...CTX, decisionsCsv: true }).projects.find((p) => p.id === 'tickets-faults')?.links.decisionsCsv).toBe('/archive/p/tickets-faults/decisions.csv.gz');
    // With --recap-html it is the file.
    expect(archiveIndex(archive.projects, [], { ...CTX, recapHtml: true }).projects.find((p) => p.id === 'tickets-faults')?.links.recapHtml).toBe('/archive/p/tickets-faults/recap.html');
    expect(index.links).toEqual({ feed: '/archive/feed.xml', report: '/archive/report/', reportJson: '/archive/report.json', search: '/archive/search/' });
    const online = archiveIndex(archive.projects, [], { ...CTX, root: 'https://example.com/archive/' });
    expect(online.$schema).toBe('https://example.com/archive/schema/archive.v1.json');
    expect(online.projects.find((p) => p.id === 'tickets-faults')?.links.recapJson).toBe('https://example.com/archive/p/tickets-faults/recap.json.gz');
  });
});
