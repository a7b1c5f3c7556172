/**
 * A cache folder inside an input root is not walked (rel14: a `--cache-dir` inside the input
 * was walked on every build, as many files as the archive's cached projects, and anything in it
 * named like a record was read as a project): discovery skips it by its real path, however
 * the path is written (fs/walk.ts `WalkOptions.skip`; analyse-archive.ts passes the build's
 * cache folder).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';

const ROW = '{"id":"2becc9f4","ts":"2026-03-03T09:00:00Z","phase":"start","ticket":"","actor":"lead","decision":"Open the trail","why":"A start row","evidence":"prose","result":"verified"}\n';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

async function input(): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'tb-cache-inside-'));
  await mkdir(join(root, 'in', 'run-1'), { recursive: true });
  await writeFile(join(root, 'in', 'run-1', 'decisions.jsonl'), ROW);
  // A trail-named file inside the cache folder (as a copied input or a stray file would be).
  await mkdir(join(root, 'in', 'cache', 'stray'), { recursive: true });
  await writeFile(join(root, 'in', 'cache', 'stray', 'decisions.jsonl'), ROW);
  return join(root, 'in');
}

describe('a cache folder inside an input root', () => {
  it('is not walked: its files make no project, however its path is written', async () => {
    const dir = await input();
    const ids = async (skip?: string[]) => (await discoverProjects([dir], skip ? { skip } : {})).projects.map((p) => p.id);
    expect(await ids()).toEqual(['cache-stray', 'run-1']);
    expect(await ids([join(dir, 'cache')])).toEqual(['run-1']);
    // Through a link to it, and written with a trailing separator.
    await symlink(join(dir, 'cache'), join(root, 'cache-link'));
    expect(await ids([join(root, 'cache-link')])).toEqual(['run-1']);
    expect(await ids([`${join(dir, 'cache')}/`])).toEqual(['run-1']);
  });

  it('a build’s analysis with its cache there reads the input’s project alone, the second time too', async () => {
    const dir = await input();
    for (let run = 0; run < 2; run++) {
      const result = await analyseArchive({ roots: [dir], cacheDir: join(dir, 'cache') });
      expect(result.projects.map((p) => p.id), `run ${run + 1}`).toEqual(['run-1']);
    }
  });
});
