/**
 * A key of a project's trailbook.json / project.json one edit from a key Trailbook reads is
 * said, as its value is not read (use14: a title written `titel` was dropped without a word):
 * the low `config/mistyped-key`, naming the file, the line and the key meant; the file's other
 * keys are read. Keys further from them (another tool's `name` in a shared project.json) are
 * left alone, and so is the file's own `title`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseProject, trailRow } from '../trail-fixtures.ts';
import { editDistance, mistypedFor } from '../../src/lib/text/mistyped.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function project(configName: string, config: string) {
  const dir = await mkdtemp(join(tmpdir(), 'trailbook-mistyped-'));
  dirs.push(dir);
  await mkdir(join(dir, 'in', 'solo'), { recursive: true });
  await writeFile(join(dir, 'in', 'solo', 'decisions.jsonl'), `${trailRow('2026-03-03T09:00:00Z', 'Start the run', 'session s1', 'start')}\n`);
  await writeFile(join(dir, 'in', 'solo', configName), config);
  return analyseProject(join(dir, 'in'));
}

describe('a mistyped key of a project configuration', () => {
  it('is a low flag naming the file, the line and the key meant; the other keys are read', async () => {
    const model = await project('trailbook.json', '{\n  "titel": "Login rewrite",\n  "Head": "main",\n  "notes": "kept by the team"\n}\n');
    expect(model.flags.filter((f) => f.kind === 'config/mistyped-key').map((f) => [f.severity, f.summary, f.at])).toEqual([
      ['low', 'trailbook.json:2: “titel” is not a key Trailbook reads; did you mean “title”? Its value is not read', [{ file: 'trailbook.json', line: 2 }]],
      ['low', 'trailbook.json:3: “Head” is not a key Trailbook reads; did you mean “head”? Its value is not read', [{ file: 'trailbook.json', line: 3 }]],
    ]);
    // Its value is not the title.
    expect(model.title).not.toBe('Login rewrite');
  });

  it('leaves the keys read and another tool’s keys alone', async () => {
    const model = await project('project.json', '{"title":"Login rewrite","name":"login","root":"apps/login","tags":["x"],"targets":{}}\n');
    expect(model.flags.filter((f) => f.kind === 'config/mistyped-key')).toEqual([]);
    expect(model.title).toBe('Login rewrite');
  });

  it('one edit: a letter added, dropped, changed or two swapped, case aside', () => {
    expect(['titel', 'tilte', 'titl', 'titles', 'Title', 'TITLE', 'rep', 'Repo', 'haed', 'heads'].map((k) => mistypedFor(k, ['title', 'repo', 'head']))).toEqual(['title', 'title', 'title', 'title', 'title', 'title', 'repo', 'repo', 'head', 'head']);
    expect(['title', 'name', 'root', 'tags', 'read', 'reap'].map((k) => mistypedFor(k, ['title', 'repo', 'head']))).toEqual([null, null, null, null, 'head', null]);
    expect([editDistance('kitten', 'sitting'), editDistance('ab', 'ba'), editDistance('', 'abc'), editDistance('abc', 'abc'), editDistance('kitten', 'sitting', 1)]).toEqual([3, 1, 3, 0, 2]);
  });
});
