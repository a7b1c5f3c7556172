/**
 * A decisions.tsv holding only its header holds no records, like an empty file: it is flagged
 * `source/empty-file` (low), not shown as a clean trail of 0 rows. Found in the round-2 trial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';

let dir: string;
const models: ProjectModel[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-header-only-'));
  await mkdir(join(dir, 'p'));
  await writeFile(join(dir, 'p', 'decisions.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n');
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.push(m) });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a trail holding only its header', () => {
  it('is flagged as holding no records', () => {
    expect(models.map((m) => m.flags.map((f) => [f.kind, f.severity, f.summary]))).toEqual([[['source/empty-file', 'low', 'decisions.tsv holds only its header: it holds no records']]]);
  });
});
