/**
 * `trailbook build --history FILE --history-limit N` (issue 15, scope 3; docs/history.md): the
 * history is read back from the file when each build writes a fresh output folder (as a CI job
 * does), bounded by the limit, and written both into the output and back into the file. And
 * `trailbook diff --json` prints one JSON document as the console prints it (each line escaped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyLimit, recordHistory } from '../../src/cli/history.ts';
import type { Output } from '../../src/cli/output.ts';
import { runDiff } from '../../src/cli/commands/diff.ts';
import { printableLine } from '../../src/lib/text/escape.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { BuildHistory } from '../../src/lib/build-history/build-history.ts';
import { bbsRow, bbsRowId } from '../history-fixtures.ts';
import type { RunDiff } from '../../src/lib/compare/compare-runs.ts';
import { gzipSync } from 'node:zlib';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { recapExport } from '../../src/lib/export/recap-export.ts';
import { compactRows } from '../../src/lib/export/recap-rows.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-cli-history-'));
  await mkdir(join(dir, 'in', 'p1'), { recursive: true });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function capture(): Output & { lines: string[] } {
  const lines: string[] = [];
  return { lines, result: (l) => lines.push(l), info: (l) => lines.push(l), error: (l) => lines.push(`trailbook: ${l}`) };
}

describe('--history and --history-limit', () => {
  it('reads the history back from the file into fresh output folders, keeps the last N builds, and writes it to both', async () => {
    const file = join(dir, 'kept', 'history.json');
    await mkdir(join(dir, 'kept'));
    const cacheDir = join(dir, 'cache');
    const printed: string[] = [];
    for (const n of [1, 2, 3]) {
      await writeFile(join(dir, 'in', 'p1', 'decisions.jsonl'), `${Array.from({ length: n }, (_, i) => bbsRow(i + 1)).join('\n')}\n`);
      const archive = await analyseArchive({ roots: [join(dir, 'in')], cacheDir });
      const out = capture();
      // Each build writes a new output folder: only the file carries the history over.
      const outDir = join(dir, `site-${n}`);
      const pending = await recordHistory({ history: file, historyLimit: '2' }, outDir, cacheDir, archive.projects, `run-${n}`, out);
      await pending.write(outDir);
      // --history FILE is written once the new output is in place (issue 28: a run stopped before is not counted).
      await pending.commit();
      printed.push(...out.lines);
      expect(await readFile(join(outDir, 'history.json'), 'utf8')).toBe(await readFile(file, 'utf8'));
    }
    expect(printed).toEqual([
      // The file lies outside the working folder (in the temporary folder): named by its full path.
      `  history: build 1, the first of ${file}'s history`,
      '  history: build 2 (2 builds kept); since build 1: 1 project new or changed, 1 new row',
      '  history: build 3 (2 builds kept); since build 2: 1 project new or changed, 1 new row',
    ]);
    const history = JSON.parse(await readFile(file, 'utf8')) as BuildHistory;
    expect(history.builds.map((b) => b.build)).toEqual([2, 3]);
  });

  it('refuses a limit that is not a whole number of builds ≥ 1, saying what to pass', () => {
    expect(historyLimit(undefined)).toBe(20);
    expect(historyLimit('5')).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      expect(() => historyLimit(bad), bad).toThrow(`--history-limit ${bad} is not a whole number of builds ≥ 1`);
    }
  });
});

describe('trailbook diff, as the console prints it', () => {
  // The console escapes every control character of a line (src/cli/output.ts).
  const console = (): Output & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, result: (l) => lines.push(printableLine(l)), info: (l) => lines.push(printableLine(l)), error: (l) => lines.push(printableLine(l)) };
  };

  it('prints --json as one JSON document, and a decision holding a line break on one escaped line', async () => {
    const sneaky = 'Ship it\n::error::forged';
    await mkdir(join(dir, 'runs', 'a'), { recursive: true });
    await mkdir(join(dir, 'runs', 'b'), { recursive: true });
    await writeFile(join(dir, 'runs', 'a', 'decisions.jsonl'), `${bbsRow(1)}\n`);
    await writeFile(join(dir, 'runs', 'b', 'decisions.jsonl'), `${bbsRow(1)}\n${bbsRow(2, sneaky)}\n`);
    const json = console();
    expect(await runDiff(join(dir, 'runs', 'a'), join(dir, 'runs', 'b'), { json: true }, json)).toBe(0);
    const diff = JSON.parse(json.lines.join('\n')) as RunDiff;
    expect(diff.decisions.added.map((r) => [r.id, r.decision])).toEqual([[bbsRowId(2, sneaky), sneaky]]);
    const text = console();
    await runDiff(join(dir, 'runs', 'a'), join(dir, 'runs', 'b'), {}, text);
    // Each side is named by the path given: two runs of one ticket often share a title and an id.
    expect(text.lines.slice(0, 2)).toEqual([`A: a (a) from ${join(dir, 'runs', 'a')}, 1 row, 1 flag`, `B: b (b) from ${join(dir, 'runs', 'b')}, 2 rows, 1 flag`]);
    expect(text.lines.filter((l) => l.startsWith('  + '))).toEqual([`  + ${bbsRowId(2, sneaky)} “Ship it ::error::forged” (verified)`]);
    expect(text.lines.some((l) => l.startsWith('::'))).toBe(false);
  });

  it('reads recap.json of each version it knows (recap/3 by column, gzip compressed; recap/2 rows as objects; recap/1 whole) as the runs themselves (issue 30)', async () => {
    await mkdir(join(dir, 'recaps', 'a'), { recursive: true });
    await mkdir(join(dir, 'recaps', 'b'), { recursive: true });
    await writeFile(join(dir, 'recaps', 'a', 'decisions.jsonl'), `${bbsRow(1)}\n${bbsRow(2)}\n`);
    await writeFile(join(dir, 'recaps', 'b', 'decisions.jsonl'), `${bbsRow(1)}\n${bbsRow(3, 'Ship the parser')}\n`);
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [join(dir, 'recaps')], cacheDir: null, onModel: (m) => void models.push(m) });
    const [a, b] = ['a', 'b'].map((id) => models.find((m) => m.id === id) as ProjectModel);
    const v3 = (m: ProjectModel) => recapExport(m, '/schema/recap.v3.json');
    await writeFile(join(dir, 'recaps', 'a.json.gz'), gzipSync(JSON.stringify(v3(a as ProjectModel))));
    await writeFile(join(dir, 'recaps', 'b.json'), JSON.stringify({ ...v3(b as ProjectModel), version: 'trailbook.recap/2', rows: compactRows((b as ProjectModel).rows) }));
    await writeFile(join(dir, 'recaps', 'b1.json'), JSON.stringify({ ...v3(b as ProjectModel), version: 'trailbook.recap/1', rows: (b as ProjectModel).rows, cited: (b as ProjectModel).cited }));
    const diffOf = async (x: string, y: string): Promise<RunDiff> => {
      const out = console();
      expect(await runDiff(x, y, { json: true }, out)).toBe(0);
      return JSON.parse(out.lines.join('\n')) as RunDiff;
    };
    const fromTrails = await diffOf(join(dir, 'recaps', 'a'), join(dir, 'recaps', 'b'));
    expect(fromTrails.decisions.added.map((r) => r.decision)).toEqual(['Ship the parser']);
    expect(await diffOf(join(dir, 'recaps', 'a.json.gz'), join(dir, 'recaps', 'b.json'))).toEqual(fromTrails);
    expect(await diffOf(join(dir, 'recaps', 'a.json.gz'), join(dir, 'recaps', 'b1.json'))).toEqual(fromTrails);
    // rows neither an array nor columns: not a recap.json.
    await writeFile(join(dir, 'recaps', 'bad.json'), JSON.stringify({ ...v3(b as ProjectModel), rows: { decision: [] } }));
    await expect(runDiff(join(dir, 'recaps', 'bad.json'), join(dir, 'recaps', 'b.json'), {}, console())).rejects.toThrow(`${join(dir, 'recaps', 'bad.json')} is not a Trailbook recap.json (trailbook.recap/1, /2 or /3)`);
    // Columns with one missing, or one shorter than the ids: named, not a TypeError, nor rows read with fields missing.
    const columns = v3(b as ProjectModel).rows as unknown as Record<string, unknown[]>;
    const { decision: _decision, ...noDecision } = columns;
    await writeFile(join(dir, 'recaps', 'no-column.json'), JSON.stringify({ ...v3(b as ProjectModel), rows: noDecision }));
    await expect(runDiff(join(dir, 'recaps', 'no-column.json'), join(dir, 'recaps', 'b.json'), {}, console())).rejects.toThrow(`${join(dir, 'recaps', 'no-column.json')} is not a Trailbook recap.json (its rows have no decision column)`);
    await writeFile(join(dir, 'recaps', 'short-column.json'), JSON.stringify({ ...v3(b as ProjectModel), rows: { ...columns, evidence: (columns['evidence'] as unknown[]).slice(0, 1) } }));
    await expect(runDiff(join(dir, 'recaps', 'short-column.json'), join(dir, 'recaps', 'b.json'), {}, console())).rejects.toThrow(`${join(dir, 'recaps', 'short-column.json')} is not a Trailbook recap.json (its rows' evidence column has 1 value for 2 rows)`);
  });

  it('names a project given by its .audit trail file with the id its archive gives it, not project--<slug>', async () => {
    // No git work tree around: the project folder is the one holding .audit/ (as discovery places it).
    const repo = join(dir, 'ids', 'Owner__Repo');
    await mkdir(join(repo, '.audit'), { recursive: true });
    const trail = join(repo, '.audit', 'build-v1-04.tsv');
    await writeFile(trail, 'ts\tphase\tdecision\twhy\tevidence\tresult\n2026-08-19T05:37:00Z\tframe\tShip it\tbecause\tREADME.md\topen\n');
    const archive: string[] = [];
    await analyseArchive({ roots: [join(dir, 'ids')], cacheDir: null, onModel: (m) => void archive.push(m.id) });
    expect(archive).toEqual(['owner__repo--build-v1-04']);
    const json = console();
    await runDiff(trail, trail, { json: true }, json);
    const diff = JSON.parse(json.lines.join('\n')) as RunDiff;
    expect([diff.a.id, diff.b.id]).toEqual(['owner__repo--build-v1-04', 'owner__repo--build-v1-04']);
    // The .audit folder itself, and the project folder, name it the same way.
    const folders = console();
    await runDiff(join(repo, '.audit'), repo, { json: true }, folders);
    const byFolder = JSON.parse(folders.lines.join('\n')) as RunDiff;
    expect([byFolder.a.id, byFolder.b.id]).toEqual(['owner__repo--build-v1-04', 'owner__repo--build-v1-04']);
    // A named pipe given as a side is named as one, never opened (reading it would block).
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [join(dir, 'ids', 'pipe.tsv')]);
    await expect(runDiff(join(dir, 'ids', 'pipe.tsv'), trail, {}, console())).rejects.toThrow(`${join(dir, 'ids', 'pipe.tsv')} is not a regular file (a named pipe)`);
  });
});

