/**
 * The build history (issue 15, scopes 3–5): flag identity, project states, appending builds
 * with a limit, since the last build, trends and their chart layout, and one build's turn
 * through the model store (recordBuild), with exact values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Flag, ProjectModel, TrailRow } from '../../src/lib/model/types.ts';
import { flagIdentity, hash53 } from '../../src/lib/build-history/flag-identity.ts';
import { decodeRows, encodeRows, projectState, stateKey, type ProjectState } from '../../src/lib/build-history/project-state.ts';
import { appendBuild, historyFileSchema, sourceDateEpoch, type BuildHistory } from '../../src/lib/build-history/build-history.ts';
import { noChanges, sinceLastBuild } from '../../src/lib/build-history/since-last-build.ts';
import { archiveTrend, projectTrend } from '../../src/lib/build-history/trends.ts';
import { niceCeiling, trendCharts } from '../../src/lib/build-history/trend-chart.ts';
import { groupEvidence } from '../../src/lib/build-history/history-views.ts';
import { historyFiles, readHistoryFile, readProjectView, readViewsIndex, recapDigest, writeHistoryFile } from '../../src/lib/build-history/history-store.ts';
import { recordBuild } from '../../src/lib/archive/archive-history.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { BUILD_CONTEXT_VARIABLE, defaultBuildContext, writeBuildContext } from '../../src/lib/config/build-context.ts';
import { bbsRow, bbsRowId, git } from '../history-fixtures.ts';
import { mkdir } from 'node:fs/promises';

const flag = (kind: string, rows: string[], extra: Partial<Flag> = {}): Flag => ({ layer: 'trail', severity: 'high', kind, rows, summary: `${kind} on ${rows.join(',')}`, at: [], ...extra });

function row(id: string, statuses: Array<'VERIFIED' | 'NOT_VERIFIED' | 'INCONCLUSIVE'>, decision = `decision ${id}`): TrailRow {
  return {
    id,
    computedId: id,
    anchor: `row-${id}`,
    format: 'bbs-trail',
    file: 'decisions.jsonl',
    line: 1,
    index: 0,
    ts: '2026-01-01T00:00:00Z',
    time: 0,
    phase: 'build',
    ticket: '',
    actor: 'lead',
    decision,
    why: '',
    evidenceText: '',
    evidence: statuses.map((status, i) => ({ raw: `p${i}`, kind: 'path', status, reason: `reason ${status}` })),
    result: 'verified',
    resultClass: 'verified',
    supersededBy: [],
    bytes: 1,
    extra: {},
  };
}

function model(rows: TrailRow[], flags: Flag[], title = 'P'): Pick<ProjectModel, 'title' | 'counts' | 'rows' | 'flags'> {
  const evidence = { VERIFIED: 0, NOT_VERIFIED: 0, INCONCLUSIVE: 0 };
  for (const r of rows) for (const p of r.evidence) evidence[p.status]++;
  const sev = { high: 0, medium: 0, low: 0 };
  for (const f of flags) sev[f.severity]++;
  const pointers = { verified: evidence.VERIFIED, failed: evidence.NOT_VERIFIED, unresolved: evidence.NOT_VERIFIED, prose: 0, notCheckable: evidence.INCONCLUSIVE };
  const results = { failed: 0, reverted: 0, open: 0, inconclusive: 0, skipped: 0, verified: rows.length, 'reported-done': 0, note: 0 };
  const problems = { ...sev, citesMissing: 0 };
  return { title, rows, flags, counts: { rows: rows.length, superseded: 0, invalid: 0, telemetry: 0, flags: sev, flagLayers: { layer1: sev, layer2: { high: 0, medium: 0, low: 0 } }, evidence, pointers, resultNotVerified: 0, results, checkFirst: 0, checkFirstOpen: 0, checkFirstWords: 0, openBlockers: 0, problems, rowsByFormat: {} } };
}

describe('flag identity', () => {
  it('is kind, sorted rows and evidence; places or summary only for a flag about no row', () => {
    expect(flagIdentity(flag('a/b', ['r2', 'r1']))).toBe(flagIdentity(flag('a/b', ['r1', 'r2'], { summary: 'other words', at: [{ file: 'x', line: 9 }] })));
    expect(flagIdentity(flag('a/b', ['r1']))).not.toBe(flagIdentity(flag('a/c', ['r1'])));
    expect(flagIdentity(flag('a/b', ['r1'], { evidence: 'sha' }))).not.toBe(flagIdentity(flag('a/b', ['r1'])));
    expect(flagIdentity(flag('a/b', [], { at: [{ file: 'x', line: 1 }] }))).not.toBe(flagIdentity(flag('a/b', [], { at: [{ file: 'x', line: 2 }] })));
    expect(flagIdentity(flag('a/b', ['r1']))).toMatch(/^f[0-9a-f]{14}$/);
  });

  it('hashes the same on every platform (fixed values)', () => {
    // cyrb53 of the empty string is 3338908027751811.
    expect(hash53('')).toBe((3338908027751811).toString(16).padStart(14, '0'));
    expect(hash53('trailbook')).toBe(hash53('trailbook'));
    expect(hash53('a')).not.toBe(hash53('b'));
  });
});

describe('project state and appending builds', () => {
  const s1 = projectState(model([row('r1', ['VERIFIED'])], [flag('k/one', ['r1'])]));
  const s2 = projectState(model([row('r1', ['NOT_VERIFIED']), row('r2', ['VERIFIED', 'INCONCLUSIVE'])], [flag('k/two', ['r2'])]));

  it('records rows with one letter per pointer, and flags by identity in Attention order', () => {
    expect(s2.rows).toBe('r1 N\nr2 VI');
    expect(decodeRows(s2.rows)).toEqual([
      { anchor: 'row-r1', id: 'r1', evidence: 'N' },
      { anchor: 'row-r2', id: 'r2', evidence: 'VI' },
    ]);
    const odd = [{ anchor: 'row-a-L9', id: 'a', evidence: '' }, { anchor: 'row-x', id: 'has space', evidence: 'V' }];
    expect(encodeRows(odd)).toBe('a  row-a-L9\n- V row-x');
    expect(decodeRows(encodeRows(odd))).toEqual([{ anchor: 'row-a-L9', id: 'a', evidence: '' }, { anchor: 'row-x', id: 'row-x', evidence: 'V' }]);
    expect(Object.values(s2.flags)).toEqual([{ kind: 'k/two', severity: 'high', summary: 'k/two on r2', rows: ['r2'], n: 1 }]);
    expect(stateKey(s1)).toBe(stateKey(projectState(model([row('r1', ['VERIFIED'])], [flag('k/one', ['r1'])]))));
    expect(stateKey(s1)).not.toBe(stateKey(s2));
  });

  it('numbers builds, keeps since while a state holds, and keeps only the last `limit` builds and their states', () => {
    const build = (h: BuildHistory | null, state: ProjectState) => appendBuild(h, { projects: [{ id: 'p', key: stateKey(state), state }], latest: null }, 2);
    const h1 = build(null, s1);
    const h2 = build(h1, s1);
    const h3 = build(h2, s2);
    expect(h2.builds.map((b) => [b.build, b.projects['p']])).toEqual([
      [1, { state: stateKey(s1), since: 1 }],
      [2, { state: stateKey(s1), since: 1 }],
    ]);
    expect(h3.builds.map((b) => [b.build, b.projects['p']?.since])).toEqual([
      [2, 1],
      [3, 3],
    ]);
    expect(Object.keys(h3.states).sort()).toEqual([stateKey(s1), stateKey(s2)].sort());
    const h4 = build(h3, s2);
    expect(Object.keys(h4.states)).toEqual([stateKey(s2)]);
    expect(h4.builds.map((b) => b.build)).toEqual([3, 4]);
  });

  it("keeps rows and flags only of the newest build's states; older states keep their title and counts (issue 30: bounded by one build's rows)", () => {
    const build = (h: BuildHistory | null, state: ProjectState) => appendBuild(h, { projects: [{ id: 'p', key: stateKey(state), state }], latest: null }, 20);
    const h2 = build(build(null, s1), s2);
    expect(h2.states[stateKey(s2)]).toEqual(s2);
    expect(h2.states[stateKey(s1)]).toEqual({ title: s1.title, counts: s1.counts, rows: '', flags: {} });
    expect(historyFileSchema.safeParse(JSON.parse(historyFiles(h2).json)).success).toBe(true);
    // Back in an older state: the build's own state is kept whole again.
    const h3 = build(h2, s1);
    expect(h3.states[stateKey(s1)]).toEqual(s1);
    expect(h3.states[stateKey(s2)]).toEqual({ title: s2.title, counts: s2.counts, rows: '', flags: {} });
    expect(projectTrend(h3, 'p').map((p) => p.build)).toEqual([1, 2, 3]);
  });

  it('reads the build time only from SOURCE_DATE_EPOCH', () => {
    expect(sourceDateEpoch('1767225600')).toBe('2026-01-01T00:00:00Z');
    expect(sourceDateEpoch(undefined)).toBeUndefined();
    expect(sourceDateEpoch('yesterday')).toBeUndefined();
  });
});

describe('since the last build', () => {
  it('lists new rows, rows gone, new and fixed flags, and evidence whose status changed', () => {
    const before = projectState(model([row('r1', ['VERIFIED', 'VERIFIED']), row('r2', ['VERIFIED'])], [flag('k/old', ['r2']), flag('k/fixed', ['r1'])]));
    const after = projectState(model([row('r1', ['VERIFIED', 'NOT_VERIFIED']), row('r3', ['VERIFIED'])], [flag('k/new', ['r3']), flag('k/other', ['r1'], { severity: 'low' })]));
    const c = sinceLastBuild(before, after);
    expect(c.newRows).toEqual([{ anchor: 'row-r3', id: 'r3' }]);
    expect(c.goneRows).toEqual([{ anchor: 'row-r2', id: 'r2' }]);
    expect(c.newFlags.map((f) => [f.kind, f.n])).toEqual([
      ['k/new', 1],
      ['k/other', 2],
    ]);
    // r1's flag is fixed (r1 is still there); r2's went with r2, counted among the rows gone, never fixed (issue 26, item 8).
    expect(c.fixedFlags.map((f) => f.kind)).toEqual(['k/fixed']);
    expect(c.evidence).toEqual([{ anchor: 'row-r1', id: 'r1', index: 1, from: 'VERIFIED', to: 'NOT_VERIFIED' }]);
    expect(noChanges(sinceLastBuild(after, after))).toBe(true);
  });

  it('says a change shared by many rows once, naming the rows', () => {
    const e = (id: string, raw: string, reason = `${raw} not found`) => ({ anchor: `row-${id}`, id, raw, from: 'VERIFIED' as const, to: 'NOT_VERIFIED' as const, reason });
    expect(groupEvidence([e('r1', 'README.md'), e('r2', 'a.ts'), e('r3', 'README.md'), e('r3', 'README.md'), e('r4', 'README.md', 'other reason')])).toEqual([
      { raw: 'README.md', from: 'VERIFIED', to: 'NOT_VERIFIED', reason: 'README.md not found', rows: [{ anchor: 'row-r1', id: 'r1' }, { anchor: 'row-r3', id: 'r3' }] },
      { raw: 'a.ts', from: 'VERIFIED', to: 'NOT_VERIFIED', reason: 'a.ts not found', rows: [{ anchor: 'row-r2', id: 'r2' }] },
      { raw: 'README.md', from: 'VERIFIED', to: 'NOT_VERIFIED', reason: 'other reason', rows: [{ anchor: 'row-r4', id: 'r4' }] },
    ]);
  });

  it('counts a duplicate-id row and an invalid line that only moved up as neither new nor gone, as trail diff does (count14)', () => {
    // Before: deleting one row above them said '2 new rows, 4 new flags, 1 fixed flag, 2 rows gone' (the second
    // row of a duplicated id anchors at its line, row-af12128b-L10 -> -L9; an invalid line's flag is keyed by
    // decisions.tsv:11 -> :10), where `trailbook diff` said 1 added, 1 removed, 3 new flags, 0 fixed.
    const dup = (line: number): TrailRow => ({ ...row('af12128b', ['VERIFIED']), anchor: `row-af12128b-L${line}`, line });
    const invalid = (line: number): Flag => flag('trail/tsv-cell-count', [], { summary: `decisions.tsv:${line}: expected 6 tab-separated cells, found 5`, at: [{ file: 'decisions.tsv', line }] });
    const before = projectState(model([row('gone1', ['VERIFIED']), row('af12128b', ['VERIFIED']), dup(10)], [invalid(11), flag('k/on-gone', ['gone1'])]));
    const after = projectState(model([row('af12128b', ['VERIFIED']), dup(9), row('new1', ['NOT_VERIFIED'])], [invalid(10), flag('k/new', ['new1'])]));
    const c = sinceLastBuild(before, after);
    expect(c.newRows).toEqual([{ anchor: 'row-new1', id: 'new1' }]);
    expect(c.goneRows).toEqual([{ anchor: 'row-gone1', id: 'gone1' }]);
    expect(c.newFlags.map((f) => f.kind)).toEqual(['k/new']);
    expect(c.fixedFlags).toEqual([]);
    // A third invalid line of that kind where there were two is one new flag; one fewer, one fixed.
    const two = projectState(model([], [invalid(3), invalid(4)]));
    const three = projectState(model([], [invalid(2), invalid(3), invalid(4)]));
    expect(sinceLastBuild(two, three).newFlags.map((f) => f.summary)).toEqual(['decisions.tsv:2: expected 6 tab-separated cells, found 5']);
    expect(sinceLastBuild(three, two).fixedFlags.map((f) => f.summary)).toEqual(['decisions.tsv:2: expected 6 tab-separated cells, found 5']);
  });

  it('finds exactly the appended rows of a growing trail, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), (kept, added) => {
        const rows = Array.from({ length: kept + added }, (_, i) => row(`r${i}`, ['VERIFIED']));
        const c = sinceLastBuild(projectState(model(rows.slice(0, kept), [])), projectState(model(rows, [])));
        return c.newRows.length === added && c.goneRows.length === 0 && c.evidence.length === 0 && c.newFlags.length === 0;
      }),
    );
  });
});

describe('trends', () => {
  const s = (rows: number, high: number): ProjectState => projectState(model(Array.from({ length: rows }, (_, i) => row(`r${i}`, ['VERIFIED'])), Array.from({ length: high }, (_, i) => flag('k', [`r${i}`]))));
  let h: BuildHistory | null = null;
  const states = [s(1, 0), s(1, 0), s(2, 1), s(3, 1)];
  for (const st of states) h = appendBuild(h, { projects: [{ id: 'p', key: stateKey(st), state: st }, { id: 'q', key: stateKey(s(5, 0)), state: s(5, 0) }], latest: null }, 10);
  const history = h as BuildHistory;

  it('gives a project one point per state, at the build it began; the archive one point per build', () => {
    expect(projectTrend(history, 'p').map((p) => [p.build, p.rows, p.high])).toEqual([
      [1, 1, 0],
      [3, 2, 1],
      [4, 3, 1],
    ]);
    expect(projectTrend(history, 'q').map((p) => p.build)).toEqual([1]);
    expect(archiveTrend(history).map((p) => [p.build, p.rows, p.high, p.verified])).toEqual([
      [1, 6, 0, 1],
      [2, 6, 0, 1],
      [3, 7, 1, 1],
      [4, 8, 1, 1],
    ]);
  });

  it('lays out four panels with every point, its value in words, and nothing below two points', () => {
    const panels = trendCharts(projectTrend(history, 'p'), 't');
    expect(panels.map((p) => p.title)).toEqual(['Decision rows', 'Flags by severity', 'Evidence verified', 'Open blockers']);
    expect(panels[0]?.desc).toBe('rows: 1 at build 1, 2 at build 3, 3 at build 4.');
    expect(panels[0]?.series[0]?.points.map((p) => p.label)).toEqual(['build 1: 1', 'build 3: 2', 'build 4: 3']);
    expect(panels[0]?.yTicks.map((t) => t.label)).toEqual(['0', '2', '4']);
    expect(panels[2]?.yTicks.map((t) => t.label)).toEqual(['0%', '50%', '100%']);
    expect(panels[1]?.series.map((x) => [x.name, x.marker])).toEqual([
      ['high', 'triangle'],
      ['medium', 'square'],
      ['low', 'circle'],
    ]);
    expect(trendCharts(projectTrend(history, 'q'), 't')).toEqual([]);
    expect([0, 1, 3, 4, 7, 11, 250].map(niceCeiling)).toEqual([1, 1, 4, 4, 10, 20, 500]);
  });
});

describe('one build through the model store', () => {
  let dir: string;
  const trail = (): string => join(dir, 'in', 'p1', 'decisions.jsonl');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-build-history-'));
    await mkdir(join(dir, 'in', 'p1'), { recursive: true });
    await mkdir(join(dir, 'in', 'p2'), { recursive: true });
    await writeFile(trail(), `${bbsRow(1)}\n${bbsRow(2)}\n`);
    await writeFile(join(dir, 'in', 'p2', 'decisions.jsonl'), `${bbsRow(3)}\n`);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function build(run: string, previous: BuildHistory | null): Promise<BuildHistory> {
    const cacheDir = join(dir, 'cache');
    const archive = await analyseArchive({ roots: [join(dir, 'in')], cacheDir });
    return (await recordBuild({ cacheDir, projects: archive.projects, previous, limit: 20, run })).history;
  }

  it('says nothing on the first build, lists the appended faulty row and its new flag on the next, and nothing for the untouched project', async () => {
    const cacheDir = join(dir, 'cache');
    const first = await build('run-1', null);
    expect((await readViewsIndex(cacheDir, 'run-1'))?.archive).toMatchObject({ build: 1, previous: null, projects: [], trend: [] });
    await writeFile(trail(), `${bbsRow(1)}\n${bbsRow(2)}\n${bbsRow(4, 'Cite words, not a pointer', { evidence: 'it works on my machine' })}\n`);
    const second = await build('run-2', first);
    writeBuildContext({ ...defaultBuildContext(dir, join(dir, 'cache')), run: 'run-2' });
    try {
      const view = await readProjectView(cacheDir, 'p1');
      expect(view?.since).toMatchObject({ kind: 'changed', previous: 1, build: 2, goneRows: [], fixedFlags: [], evidence: [] });
      if (view?.since?.kind !== 'changed') throw new Error('expected a change');
      expect(view.since.newRows.map((r) => r.decision)).toEqual(['Cite words, not a pointer']);
      expect(view.since.newFlags.map((f) => [f.kind, f.severity])).toEqual([['evidence/prose', 'medium']]);
      // Medium flags: the missing start row at build 1, and the prose evidence at build 2.
      expect(view.trend.map((p) => [p.build, p.rows, p.medium])).toEqual([
        [1, 2, 1],
        [2, 3, 2],
      ]);
      expect(await readProjectView(cacheDir, 'p2')).toBeNull();
      expect(await recapDigest(cacheDir, 'p2', 'd')).toBe('d');
      expect(await recapDigest(cacheDir, 'p1', 'd')).toMatch(/^d-[0-9a-f]{14}$/);
      const archive = (await readViewsIndex(cacheDir))?.archive;
      expect(archive?.projects).toEqual([{ id: 'p1', title: 'p1', kind: 'changed', newRows: 1, goneRows: 0, newFlags: 1, newHigh: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 }]);
      expect(archive?.unchanged).toBe(1);
    } finally {
      delete process.env[BUILD_CONTEXT_VARIABLE];
    }
    expect(second.builds.map((b) => b.build)).toEqual([1, 2]);
    // Build 3: p2 is gone and p3 is new; the home lists both, gone last, and the new project's recap says it is new.
    await rm(join(dir, 'in', 'p2'), { recursive: true });
    await mkdir(join(dir, 'in', 'p3'));
    await writeFile(join(dir, 'in', 'p3', 'decisions.jsonl'), `${bbsRow(5)}\n${bbsRow(6)}\n`);
    await build('run-3', second);
    const third = (await readViewsIndex(cacheDir, 'run-3'))?.archive;
    expect(third?.projects).toEqual([
      { id: 'p3', title: 'p3', kind: 'new', newRows: 2, goneRows: 0, newFlags: 1, newHigh: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 },
      // A gone project's flags went with it: none is counted as fixed.
      { id: 'p2', title: 'p2', kind: 'gone', newRows: 0, goneRows: 1, newFlags: 0, newHigh: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 0 },
    ]);
    expect(third?.unchanged).toBe(1);
    writeBuildContext({ ...defaultBuildContext(dir, join(dir, 'cache')), run: 'run-3' });
    try {
      expect((await readProjectView(cacheDir, 'p3'))?.since).toEqual({ kind: 'new', previous: 2, build: 3, rows: 2, flags: 1 });
    } finally {
      delete process.env[BUILD_CONTEXT_VARIABLE];
    }
  });

  it('round-trips through history.json and refuses a file that is not a history, naming it', async () => {
    const path = join(dir, 'history.json');
    const h = appendBuild(null, { projects: [], latest: null }, 5);
    await writeHistoryFile(path, h);
    expect((await readHistoryFile(path)).history).toEqual(h);
    // No state: an empty states file, named by its sha256.
    expect(await readFile(path, 'utf8')).toBe(`${JSON.stringify({ ...h, detail: { sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', parts: [], acceptance: true } })}\n`);
    await writeFile(path, '{"version":"trailbook.history/9"}');
    expect((await readHistoryFile(path)).problem).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a Trailbook history \\(trailbook.history/2 or /1\\): `));
    await writeFile(path, '{"version":"trailbook.history/1"}');
    expect((await readHistoryFile(path)).problem).toMatch(/ is not a Trailbook history \(trailbook.history\/1\): /);
    expect(await readHistoryFile(join(dir, 'none.json'))).toEqual({ history: null });
  });
});

describe('evidence whose status changed in the repository between two builds', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-since-evidence-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists a cited file deleted since and a cited commit rewritten away, each from VERIFIED to NOT_VERIFIED, with its reason', async () => {
    const repo = join(dir, 'repo');
    await mkdir(join(repo, 'run'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    // Commits after the rows (09:01, 09:02): the landed head does not predate them (issue 26, item 2), so what goes missing is a fault.
    await writeFile(join(repo, 'notes.md'), '# Notes\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Notes'], '2026-03-02T10:00:00Z');
    await writeFile(join(repo, 'fix.txt'), 'fix\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'The fix'], '2026-03-02T10:00:00Z');
    const fix = git(repo, ['rev-parse', 'HEAD']).trim();
    const rows = [bbsRow(1, 'Keep notes', { evidence: 'notes.md' }), bbsRow(2, 'Land the fix', { evidence: `commit ${fix}` })];
    // The trail lives outside the repository's history (untracked), so only its evidence changes.
    await writeFile(join(repo, 'run', 'decisions.jsonl'), `${rows.join('\n')}\n`);
    await writeFile(join(repo, '.gitignore'), 'run/\n');
    const cacheDir = join(dir, 'cache');
    const build = async (run: string, previous: BuildHistory | null): Promise<BuildHistory> => {
      const archive = await analyseArchive({ roots: [repo], cacheDir });
      return (await recordBuild({ cacheDir, projects: archive.projects, previous, limit: 20, run })).history;
    };
    const first = await build('ev-1', null);
    // Since: notes.md deleted, and the fix's commit amended and pruned, so it no longer exists.
    git(repo, ['rm', '-q', 'notes.md']);
    git(repo, ['commit', '-q', '--amend', '-m', 'The fix, without the notes'], '2026-03-02T10:00:00Z');
    git(repo, ['reflog', 'expire', '--expire=now', '--all']);
    git(repo, ['gc', '-q', '--prune=now']);
    await build('ev-2', first);
    writeBuildContext({ ...defaultBuildContext(dir, join(dir, 'cache')), run: 'ev-2' });
    try {
      const view = await readProjectView(cacheDir, 'run');
      if (view?.since?.kind !== 'changed') throw new Error(`expected a change, got ${JSON.stringify(view?.since)}`);
      expect(view.since.newRows).toEqual([]);
      expect(view.since.evidence.map((e) => ({ id: e.id, raw: e.raw, from: e.from, to: e.to }))).toEqual([
        { id: bbsRowId(1, 'Keep notes'), raw: 'notes.md', from: 'VERIFIED', to: 'NOT_VERIFIED' },
        { id: bbsRowId(2, 'Land the fix'), raw: `commit ${fix}`, from: 'VERIFIED', to: 'NOT_VERIFIED' },
      ]);
      const head = git(repo, ['rev-parse', 'HEAD']).trim();
      expect(view.since.evidence.map((e) => e.reason)).toEqual([`notes.md not found at landed head ${head.slice(0, 7)} nor in the project folder`, `no commit ${fix} in repo`]);
      expect(view.since.newFlags.map((f) => f.kind)).toEqual(['evidence/path-not-found', 'evidence/commit-not-found']);
      expect(view.since.fixedFlags).toEqual([]);
    } finally {
      delete process.env[BUILD_CONTEXT_VARIABLE];
    }
  });
});

