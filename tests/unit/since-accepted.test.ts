/**
 * "Since the last build" says what a baseline changed (count16): a build whose
 * trailbook.baseline.json accepted one more flag said "no project changed", its recap nothing,
 * though the home's open flags went down by one. The build history now remembers which flags
 * were accepted (a state's `accepted`, the states file's line, history.json's `detail.acceptance`),
 * and the home, the recap and the build's history line say "1 flag newly accepted" or "1 flag no
 * longer accepted". A history written before (no `detail.acceptance`) is not compared for it, so
 * an upgrade does not call every accepted flag newly accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { recordBuild } from '../../src/lib/archive/archive-history.ts';
import { acceptedCounts, type AcceptedCounts } from '../../src/lib/archive/accepted-counts.ts';
import { readModel } from '../../src/lib/archive/model-store.ts';
import { baselineEntry, type Baseline } from '../../src/lib/baseline/accepted-flags.ts';
import type { BuildHistory } from '../../src/lib/build-history/build-history.ts';
import { historyFiles, readHistoryFile, readProjectView, readViewsIndex, writeHistoryFiles } from '../../src/lib/build-history/history-store.ts';
import { projectState, withAccepted } from '../../src/lib/build-history/project-state.ts';
import { noChanges, sinceLastBuild } from '../../src/lib/build-history/since-last-build.ts';
import { BUILD_CONTEXT_VARIABLE, defaultBuildContext, writeBuildContext } from '../../src/lib/config/build-context.ts';
import { sinceAcceptedParts } from '../../src/lib/site/accepted-words.ts';
import { nonZeroParts } from '../../src/lib/site/words.ts';
import { bbsRow } from '../history-fixtures.ts';

let dir: string;
const cacheDir = (): string => join(dir, 'cache');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-since-accepted-'));
  await mkdir(join(dir, 'in', 'p1'), { recursive: true });
  await mkdir(join(dir, 'in', 'p2'), { recursive: true });
  // p1: a row citing words, not a pointer (evidence/prose), beside the missing start row (trail/no-start-row).
  await writeFile(join(dir, 'in', 'p1', 'decisions.jsonl'), `${bbsRow(1)}\n${bbsRow(2)}\n${bbsRow(4, 'Cite words, not a pointer', { evidence: 'it works on my machine' })}\n`);
  await writeFile(join(dir, 'in', 'p2', 'decisions.jsonl'), `${bbsRow(3)}\n`);
});

afterAll(async () => {
  delete process.env[BUILD_CONTEXT_VARIABLE];
  await rm(dir, { recursive: true, force: true });
});

/** The baseline accepting p1's evidence/prose flag. */
async function proseBaseline(): Promise<Baseline> {
  const model = await readModel(cacheDir(), 'p1');
  const prose = model.flags.find((f) => f.kind === 'evidence/prose');
  if (!prose) throw new Error('expected an evidence/prose flag');
  return { file: 'trailbook.baseline.json', entries: [baselineEntry(model, prose, 'words were the norm then')] };
}

/** One build's turn: analysis, the baseline's accepted flags, the history. */
async function build(run: string, previous: BuildHistory | null, baseline: Baseline | null, previousAcceptance = true): Promise<{ history: BuildHistory; accepted: AcceptedCounts }> {
  const archive = await analyseArchive({ roots: [join(dir, 'in')], cacheDir: cacheDir() });
  const accepted = baseline ? await acceptedCounts(cacheDir(), baseline, archive.projects.map((p) => p.id)) : new Map();
  const { history } = await recordBuild({ cacheDir: cacheDir(), projects: archive.projects, previous, previousAcceptance, limit: 20, run, accepted });
  return { history, accepted };
}

describe('since the last build, a baseline that accepts other flags', () => {
  it('a state remembers the identities of its accepted flags, and only when some are', async () => {
    await analyseArchive({ roots: [join(dir, 'in')], cacheDir: cacheDir() });
    const state = projectState(await readModel(cacheDir(), 'p1'));
    const kinds = Object.values(state.flags).map((f) => [f.n, f.kind]);
    expect(kinds).toEqual([
      [1, 'trail/no-start-row'],
      [2, 'evidence/prose'],
    ]);
    const prose = Object.keys(state.flags)[1] as string;
    expect(withAccepted(state, [2]).accepted).toEqual([prose]);
    // None accepted: the state is what it was before acceptance was remembered (its key unchanged).
    expect(withAccepted(state, [])).toEqual(state);
    expect('accepted' in withAccepted({ ...state, accepted: [prose] }, undefined)).toBe(false);
    const after = withAccepted(state, [2]);
    expect(sinceLastBuild(state, after).newlyAccepted.map((f) => [f.kind, f.n])).toEqual([['evidence/prose', 2]]);
    expect(sinceLastBuild(after, state).noLongerAccepted.map((f) => f.kind)).toEqual(['evidence/prose']);
    // A previous state that does not say (a history written before count16): nothing is compared.
    expect(noChanges(sinceLastBuild(state, after, false))).toBe(true);
  });

  it('says "1 flag newly accepted" on the home and the recap, then "1 flag no longer accepted"', async () => {
    const first = await build('run-1', null, null);
    const baseline = await proseBaseline();
    const second = await build('run-2', first.history, baseline);
    // Before: the baseline changed no row and no flag, so build 2 said 'no project changed' and the recap nothing.
    expect([...second.accepted.keys()]).toEqual(['p1']);
    expect(second.accepted.get('p1')).toMatchObject({ high: 0, medium: 1, low: 0, places: [2] });
    const home = (await readViewsIndex(cacheDir(), 'run-2'))?.archive;
    expect(home?.projects).toEqual([{ id: 'p1', title: 'p1', kind: 'changed', newRows: 0, goneRows: 0, newFlags: 0, newHigh: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 1, noLongerAccepted: 0 }]);
    expect(home?.totals).toEqual({ newRows: 0, newFlags: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 1, noLongerAccepted: 0 });
    expect(home?.unchanged).toBe(1);
    writeBuildContext({ ...defaultBuildContext(dir, cacheDir()), run: 'run-2' });
    const view = await readProjectView(cacheDir(), 'p1');
    if (view?.since?.kind !== 'changed') throw new Error('expected a change');
    expect(view.since.newlyAccepted.map((f) => [f.kind, f.severity, f.n])).toEqual([['evidence/prose', 'medium', 2]]);
    expect(view.since.noLongerAccepted).toEqual([]);
    // The words the home's and the recap's sentences, and the build's history line, use.
    expect(nonZeroParts(sinceAcceptedParts(home?.totals.newlyAccepted ?? 0, home?.totals.noLongerAccepted ?? 0))).toBe('1 flag newly accepted');
    expect(nonZeroParts(sinceAcceptedParts(3, 1))).toBe('3 flags newly accepted, 1 flag no longer accepted');

    // Build 3: the baseline is gone; the flag is open again.
    const third = await build('run-3', second.history, null);
    const again = (await readViewsIndex(cacheDir(), 'run-3'))?.archive;
    expect(again?.totals).toEqual({ newRows: 0, newFlags: 0, fixedFlags: 0, evidence: 0, newlyAccepted: 0, noLongerAccepted: 1 });
    writeBuildContext({ ...defaultBuildContext(dir, cacheDir()), run: 'run-3' });
    const back = await readProjectView(cacheDir(), 'p1');
    expect(back?.since?.kind === 'changed' && back.since.noLongerAccepted.map((f) => f.kind)).toEqual(['evidence/prose']);
    // Build 4, as build 3: nothing changed.
    await build('run-4', third.history, null);
    expect((await readViewsIndex(cacheDir(), 'run-4'))?.archive.projects).toEqual([]);
  });

  it('keeps which flags were accepted through history.json and its states file, and does not compare a history written before', async () => {
    const first = await build('run-5', null, null);
    const second = await build('run-6', first.history, await proseBaseline());
    const path = join(dir, 'out', 'history.json');
    await writeHistoryFiles(path, historyFiles(second.history));
    const read = await readHistoryFile(path);
    expect(read.acceptance).toBe(true);
    const key = second.history.builds[1]?.projects['p1']?.state as string;
    expect(read.history?.states[key]?.accepted).toEqual(second.history.states[key]?.accepted);
    expect(read.history?.states[key]?.accepted).toHaveLength(1);
    // A history.json written before count16 has no detail.acceptance: its states say nothing of acceptance.
    const json = JSON.parse(await readFile(path, 'utf8')) as { detail: Record<string, unknown> };
    delete json.detail['acceptance'];
    await writeFile(path, `${JSON.stringify(json)}\n`);
    const old = await readHistoryFile(path);
    expect(old.acceptance).toBe(false);
    // Read so, build 7 with the flag no longer accepted does not say so: it cannot tell an upgrade from a change.
    await build('run-7', old.history, null, old.acceptance);
    expect((await readViewsIndex(cacheDir(), 'run-7'))?.archive).toMatchObject({ projects: [], unchanged: 2 });
  });
});
