/**
 * The build history in two files (issue 30; docs/history.md): `history.json` (builds, each
 * state's title and counts) and its states file beside it (the newest build's rows and flags,
 * gzip JSON Lines). Both are written into the output and beside `--history FILE`; a
 * `trailbook.history/1` file (states inline) is still read and continued; a history whose
 * states file is missing or another build's goes on, saying in one line what this build cannot
 * tell and how to fetch the file; the same states give the same bytes, whether a part is
 * compressed again or kept from the file read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { recordHistory, statesMissingLine } from '../../src/cli/history.ts';
import type { Output } from '../../src/cli/output.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { appendBuild, type BuildHistory, type HistoryFile } from '../../src/lib/build-history/build-history.ts';
import { historyFiles, readHistoryFile, readViewsIndex, writeHistoryFile } from '../../src/lib/build-history/history-store.ts';
import { readStates, stateLine, statesPath, writeStates, type StatePart } from '../../src/lib/build-history/history-states-file.ts';
import type { ProjectState } from '../../src/lib/build-history/project-state.ts';
import { bbsRow, bbsRowId } from '../history-fixtures.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-history-states-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function capture(): Output & { lines: string[] } {
  const lines: string[] = [];
  return { lines, result: (l) => lines.push(l), info: (l) => lines.push(l), error: (l) => lines.push(`trailbook: ${l}`) };
}

/** One build's history step over `n` rows of project p1 (in `name`), reading and writing `file`; the output goes to `<name>/site-<n>`. */
async function build(name: string, n: number, file: string, extra: string[] = []): Promise<{ lines: string[]; outDir: string; run: string; cacheDir: string }> {
  const input = join(dir, name, 'in');
  await mkdir(join(input, 'p1'), { recursive: true });
  await writeFile(join(input, 'p1', 'decisions.jsonl'), `${[...Array.from({ length: n }, (_, i) => bbsRow(i + 1)), ...extra].join('\n')}\n`);
  const cacheDir = join(dir, name, 'cache');
  const archive = await analyseArchive({ roots: [input], cacheDir });
  const out = capture();
  const outDir = join(dir, name, `site-${n}`);
  const run = `run-${name}-${n}`;
  const pending = await recordHistory({ history: file }, outDir, cacheDir, archive.projects, run, out);
  await pending.write(outDir);
  await pending.commit();
  return { lines: out.lines, outDir, run, cacheDir };
}

const state = (title: string, rows: string, flags: ProjectState['flags'] = {}): ProjectState => ({ title, counts: { rows: rows === '' ? 0 : rows.split('\n').length, flags: { high: 0, medium: Object.keys(flags).length, low: 0 }, pointers: { verified: 1, failed: 0, notCheckable: 0 }, openBlockers: 0 }, rows, flags });
const FLAG = { kind: 'evidence/prose', severity: 'medium' as const, summary: 'row 2b “Cite words” — it works: evidence must be a pointer, not prose', rows: ['2b'], n: 1 };

describe('the states file', () => {
  it('is one gzip member a state, each a JSON line, sorted by key; history.json names it by sha256 and each part by key and length', () => {
    const history = appendBuild(null, { projects: [{ id: 'b', key: 'sB', state: state('B', '2b V', { f1: FLAG }) }, { id: 'a', key: 'sA', state: state('A', '1a VN') }], latest: null }, 20);
    const files = historyFiles(history);
    const lineA = '{"state":"sA","rows":"1a VN","flags":[]}\n';
    const lineB = '{"state":"sB","rows":"2b V","flags":[["f1","evidence/prose","medium","row 2b “Cite words” — it works: evidence must be a pointer, not prose",["2b"]]]}\n';
    expect(stateLine('sB', history.states['sB'] as ProjectState)).toBe(lineB);
    // zcat reads the whole file: the lines in key order.
    expect(gunzipSync(files.states).toString('utf8')).toBe(lineA + lineB);
    const a = gzipSync(lineA, { level: 9 });
    const b = gzipSync(lineB, { level: 9 });
    expect(files.states).toEqual(Buffer.concat([a, b]));
    const json = JSON.parse(files.json) as HistoryFile;
    expect(json).toEqual({
      version: 'trailbook.history/2',
      builds: [{ build: 1, latest: null, projects: { b: { state: 'sB', since: 1 }, a: { state: 'sA', since: 1 } } }],
      states: { sA: { title: 'A', counts: history.states['sA']?.counts }, sB: { title: 'B', counts: history.states['sB']?.counts } },
      detail: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), parts: [['sA', a.length], ['sB', b.length]], acceptance: true },
    });
    // Read back: each state whole again, a flag's place from its order.
    expect([...readStates(files.states, json.detail.parts)].map(([key, s]) => [key, s.rows, s.flags])).toEqual([
      ['sA', '1a VN', {}],
      ['sB', '2b V', { f1: FLAG }],
    ]);
  });

  it('holds only the newest build\'s states; an older state keeps its title and counts in history.json', () => {
    const first = appendBuild(null, { projects: [{ id: 'a', key: 'sA1', state: state('A', '1a V') }], latest: null }, 20);
    const second = appendBuild(first, { projects: [{ id: 'a', key: 'sA2', state: state('A', '1a V\n1b V') }], latest: null }, 20);
    const files = historyFiles(second);
    expect(gunzipSync(files.states).toString('utf8')).toBe('{"state":"sA2","rows":"1a V\\n1b V","flags":[]}\n');
    expect(Object.keys((JSON.parse(files.json) as HistoryFile).states)).toEqual(['sA1', 'sA2']);
  });

  it('gives the same bytes whether a part is compressed again or kept from the file read, and keeps no part whose text differs', () => {
    const history = appendBuild(null, { projects: [{ id: 'a', key: 'sA', state: state('A', '1a V') }, { id: 'b', key: 'sB', state: state('B', '2b V') }], latest: null }, 20);
    const fresh = historyFiles(history);
    const parts = readStates(fresh.states, (JSON.parse(fresh.json) as HistoryFile).detail.parts);
    expect(historyFiles(history, parts)).toEqual(fresh);
    // A kept part whose text is not the state's (a file edited under the same key) is not used.
    const forged = new Map<string, StatePart>(parts);
    forged.set('sA', { text: '{"state":"sA","rows":"forged","flags":[]}\n', bytes: gzipSync('{"state":"sA","rows":"forged","flags":[]}\n') });
    expect(historyFiles(history, forged)).toEqual(fresh);
    expect(writeStates([]).bytes.length).toBe(0);
  });

  it('refuses a part that is not a state line, naming it and what is wrong', () => {
    const part = (line: string): [Buffer, Array<[string, number]>] => {
      const bytes = gzipSync(line);
      return [bytes, [['sA', bytes.length]]];
    };
    expect(() => readStates(...part('{"state":"sA","rows":"","flags":[["f1","evidence/prose","urgent","s",[]]]}\n'))).toThrow('part 1 of 1 (sA) is not a state line (flag 1 is not [identity, kind, severity, summary, rows])');
    expect(() => readStates(...part('{"state":"sA","rows":1,"flags":[]}\n'))).toThrow('part 1 of 1 (sA) is not a state line (not {state, rows, flags})');
    expect(() => readStates(...part('{"state":"sB","rows":"","flags":[]}\n'))).toThrow('part 1 of 1 holds state sB, not sA');
    const [bytes] = part('{"state":"sA","rows":"","flags":[]}\n');
    expect(() => readStates(bytes, [['sA', bytes.length + 1]])).toThrow('part 1 of 1 (sA) ends past the end of the file');
  });

  it('is named after the history file it is beside', () => {
    expect(statesPath('/srv/site/history.json')).toBe('/srv/site/history-states.jsonl.gz');
    expect(statesPath('ci/kept.json')).toBe('ci/kept-states.jsonl.gz');
    expect(statesPath('ci/history')).toBe('ci/history-states.jsonl.gz');
  });
});

describe('a build with --history FILE', () => {
  it('writes history.json and its states file into the output and beside FILE, the same bytes, and the same bytes again from the same previous history', async () => {
    const file = join(dir, 'both', 'kept', 'hist.json');
    await mkdir(join(dir, 'both', 'kept'), { recursive: true });
    await build('both', 1, file);
    const second = await build('both', 2, file);
    expect((await readdir(join(dir, 'both', 'kept'))).sort()).toEqual(['hist-states.jsonl.gz', 'hist.json']);
    expect((await readdir(second.outDir)).sort()).toEqual(['history-states.jsonl.gz', 'history.json']);
    expect(await readFile(join(second.outDir, 'history.json'))).toEqual(await readFile(file));
    expect(await readFile(join(second.outDir, 'history-states.jsonl.gz'))).toEqual(await readFile(join(dir, 'both', 'kept', 'hist-states.jsonl.gz')));
    const written = JSON.parse(await readFile(file, 'utf8')) as HistoryFile;
    const key = written.builds[1]?.projects['p1']?.state as string;
    expect(gunzipSync(await readFile(join(second.outDir, 'history-states.jsonl.gz'))).toString('utf8')).toMatch(new RegExp(`^\\{"state":"${key}","rows":"${bbsRowId(1)} [VNI]\\\\n${bbsRowId(2)} [VNI]","flags":\\[`));
    // Deterministic: build 3 twice from copies of the same previous files, the same bytes.
    const twice: Buffer[][] = [];
    for (const copy of ['c1', 'c2']) {
      const at = join(dir, 'both', copy, 'hist.json');
      await mkdir(join(dir, 'both', copy));
      await copyFile(file, at);
      await copyFile(statesPath(file), statesPath(at));
      await build('both', 3, at);
      twice.push([await readFile(at), await readFile(statesPath(at))]);
    }
    expect(twice[1]).toEqual(twice[0]);
  });

  it('reads a trailbook.history/1 file (states inline) and continues it: build numbers, since, what changed', async () => {
    const file = join(dir, 'v1', 'history.json');
    await mkdir(join(dir, 'v1'), { recursive: true });
    await build('v1', 1, file);
    const read = (await readHistoryFile(file)).history as BuildHistory;
    // The file an earlier Trailbook wrote: one JSON, every state whole.
    await rm(statesPath(file));
    await writeFile(file, `${JSON.stringify({ ...read, version: 'trailbook.history/1' })}\n`);
    expect((await readHistoryFile(file)).history).toEqual(read);
    const second = await build('v1', 2, file);
    expect(second.lines).toEqual(['  history: build 2 (2 builds kept); since build 1: 1 project new or changed, 1 new row']);
    const written = JSON.parse(await readFile(file, 'utf8')) as HistoryFile;
    expect(written.version).toBe('trailbook.history/2');
    expect(written.builds.map((b) => [b.build, b.projects['p1']?.since])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('goes on without a states file, saying in one line what is missing, what this build cannot tell and how to fetch it; the next build compares again', async () => {
    const file = join(dir, 'lost', 'history.json');
    const states = statesPath(file);
    await mkdir(join(dir, 'lost'), { recursive: true });
    await build('lost', 1, file);
    // The published recipe of before fetched history.json only.
    await rm(states);
    const second = await build('lost', 2, file);
    expect(second.lines).toEqual([
      `  warning: ${states} was not found: the history goes on (build numbers, since, trends), but what changed in each project since build 1 (new rows, new and fixed flags, evidence whose status changed) is not known for this build; fetch it with history.json (docs/publishing.md): curl -fsS <archive URL>/history-states.jsonl.gz -o ${states} || true`,
      '  history: build 2 (2 builds kept); since build 1: 1 project changed in ways not known (no states file)',
    ]);
    // Kept: the build numbers, since, the trend's counts; the home counts the project without listing what changed.
    const archive = (await readViewsIndex(second.cacheDir, second.run))?.archive;
    expect(archive).toMatchObject({ build: 2, previous: 1, projects: [], unchanged: 0, notCompared: 1, totals: { newRows: 0, newFlags: 0, fixedFlags: 0, evidence: 0 } });
    expect(archive?.trend.map((p) => [p.build, p.rows])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const written = JSON.parse(await readFile(file, 'utf8')) as HistoryFile;
    expect(written.builds.map((b) => [b.build, b.projects['p1']?.since])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    // Build 2 wrote its states file: build 3 says what changed again.
    const third = await build('lost', 3, file);
    expect(third.lines).toEqual(['  history: build 3 (3 builds kept); since build 2: 1 project new or changed, 1 new row']);
  });

  it('names the archive\'s own address in the recipe line when the build has one (--site)', () => {
    const states = { path: join(dir, 'x', 'kept-states.jsonl.gz'), found: false as const, why: 'damaged' as const, detail: 'part 2 of 9 (s0123) is not a state line (Unexpected end of JSON input)' };
    expect(statesMissingLine(join(dir, 'x', 'kept.json'), states, 41, 'https://docs.example.com/archive/')).toBe(
      `  warning: ${states.path} cannot be read (part 2 of 9 (s0123) is not a state line (Unexpected end of JSON input)): the history goes on (build numbers, since, trends), but what changed in each project since build 41 (new rows, new and fixed flags, evidence whose status changed) is not known for this build; fetch it with kept.json (docs/publishing.md): curl -fsS https://docs.example.com/archive/history-states.jsonl.gz -o ${states.path} || true`,
    );
  });

  it('takes a states file of another build for none, and says so', async () => {
    const file = join(dir, 'other', 'history.json');
    const states = statesPath(file);
    await mkdir(join(dir, 'other'), { recursive: true });
    await build('other', 1, file);
    const first = await readFile(states);
    await build('other', 2, file);
    // A states file fetched from another deploy than its history.json.
    await writeFile(states, first);
    const third = await build('other', 3, file);
    expect(third.lines[0]).toBe(`  warning: ${states} is not the states file history.json names (another build's): the history goes on (build numbers, since, trends), but what changed in each project since build 2 (new rows, new and fixed flags, evidence whose status changed) is not known for this build; fetch it with history.json (docs/publishing.md): curl -fsS <archive URL>/history-states.jsonl.gz -o ${states} || true`);
    const read = await readHistoryFile(file);
    expect(read.states?.found).toBe(true);
    // A history.json whose states file names parts that are not state lines: damaged, named.
    const json = JSON.parse(await readFile(file, 'utf8')) as HistoryFile;
    const junk = gzipSync('not json\n');
    await writeFile(states, junk);
    await writeFile(file, JSON.stringify({ ...json, detail: { sha256: createHash('sha256').update(junk).digest('hex'), parts: [[json.detail.parts[0]?.[0], junk.length]] } }));
    const damaged = await readHistoryFile(file);
    expect(damaged.states).toMatchObject({ found: false, why: 'damaged', detail: expect.stringMatching(/^part 1 of 1 \(s[0-9a-f]{14}\) is not a state line \(/) });
    // The history goes on without the rows and flags of any state.
    const kept = Object.values(damaged.history?.states ?? {});
    expect(kept.length).toBe(3);
    expect(kept.filter((s) => s.rows !== '' || Object.keys(s.flags).length > 0)).toEqual([]);
  });

  it('round-trips through writeHistoryFile', async () => {
    const path = join(dir, 'rt', 'history.json');
    const h = appendBuild(null, { projects: [{ id: 'a', key: 'sA', state: state('A', '1a V', { f1: FLAG }) }], latest: null }, 5);
    await writeHistoryFile(path, h);
    const read = await readHistoryFile(path);
    expect(read.history).toEqual(h);
    expect(read.states?.found).toBe(true);
  });
});
