/**
 * What the CLI says Trailbook looks for when it finds nothing (src/lib/discover/discover.ts
 * `LOOKED_FOR`) is what discovery finds: each name, made concrete, is read as a record, and a
 * folder holding only it becomes a project.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverProjects, LOOKED_FOR } from '../../src/lib/discover/discover.ts';
import { isRecordPath } from '../../src/lib/formats/format-lookup.ts';

/** A concrete path for each name: placeholders filled, a folder given a file. */
const concrete = (name: string): string => name.replace('<slug>', 'build-1').replace('<n>', '1').replace('<ticket>', 'T-1').replace('<skill>', 'qa').replace('<name>', 'r1').replace(/^\.beads\/$/, '.beads/issues.jsonl');

const names = LOOKED_FOR.flatMap((g) => g.names).filter((n) => !n.startsWith('any '));
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('LOOKED_FOR', () => {
  it('lists every kind of record discovery reads', () => {
    expect(LOOKED_FOR.map((g) => g.what)).toEqual(['decision trails', 'handover audit', 'coordination', 'design and verdicts']);
    expect(names).toEqual(['decisions.jsonl', 'decisions.tsv', '.audit/<slug>.tsv', 'audit.json', 'coordination.jsonl', '.beads/', 'history.jsonl', 'timeline.jsonl', 'design/rubric.md', 'design/selection.md', 'design/candidates/<n>/design.md', 'qa/<ticket>.json', 'verdicts/qa.json', 'verdicts/<skill>.md', 'reviews/<name>.json', 'premises.jsonl']);
  });

  it.each(names.filter((n) => n !== 'history.jsonl' && n !== 'timeline.jsonl'))('%s alone makes a project', async (name) => {
    const root = await mkdtemp(join(tmpdir(), 'trailbook-looked-for-'));
    dirs.push(root);
    const path = join(root, 'run', concrete(name));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, name.endsWith('.json') ? '{}\n' : name.endsWith('.md') ? '# x\n' : '\n');
    expect(isRecordPath(`run/${concrete(name)}`)).toBe(true);
    expect((await discoverProjects([root])).projects.map((p) => p.id)).toEqual([name.startsWith('.audit/') ? 'run--build-1' : 'run']);
  });
});
