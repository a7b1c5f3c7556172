/**
 * A new source format is one descriptor file and one line in the list (issue 31): the fixture
 * format of tests/fixtures/formats/field-notes.ts, added to the list below and touching no
 * other file, is discovered, read, counted and shown — by the real CLI, on the words of a
 * recap and the archive home, in what discovery says it looks for — and its files are records,
 * never evidence.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/formats/all-formats.ts', async (importOriginal) => {
  const { ALL_FORMATS } = await importOriginal<typeof import('../../src/lib/formats/all-formats.ts')>();
  const { fieldNotes } = await import('../fixtures/formats/field-notes.ts');
  return { ALL_FORMATS: [...ALL_FORMATS, fieldNotes] };
});

const { main } = await import('../../src/cli/main.ts');
const { analyseArchive } = await import('../../src/lib/archive/analyse-archive.ts');
const { LOOKED_FOR } = await import('../../src/lib/discover/discover.ts');
const { isRecordPath, sourceFormatName } = await import('../../src/lib/formats/format-lookup.ts');
const { kindsOf } = await import('../../src/lib/archive/home-projects.ts');
const { exportRecapHtml } = await import('../../src/components/html/export-recap.ts');
type ProjectModel = import('../../src/lib/model/types.ts').ProjectModel;

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trailbook-format-'));
  await mkdir(join(root, 'survey'));
  await writeFile(join(root, 'survey', 'field-notes.txt'), 'north wall cracked\n\nroof sound\ndrain blocked\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a source format added as one descriptor', () => {
  let model: ProjectModel;

  it('is discovered and read: a folder holding only its file is a project, its file a source', async () => {
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.push(m) });
    expect(models.map((m) => m.id)).toEqual(['survey']);
    model = models[0]!;
    expect(model.sources).toEqual([{ path: 'field-notes.txt', format: 'field-notes', bytes: 45, lines: 4, valid: 3, invalid: 0 }]);
  });

  it('is counted', () => {
    expect(model.counts.rowsByFormat).toEqual({ 'field-notes': 3 });
  });

  it('is shown by the CLI, in a recap and on the archive home', async () => {
    const infos: string[] = [];
    const out = { result: () => {}, info: (t: string) => void infos.push(t), error: (t: string) => void infos.push(t) };
    expect(await main(['check', root], out)).toBe(0);
    expect(infos).toContain('Read 1 project: 3 field notes.');
    expect(sourceFormatName('field-notes')).toBe('field notes');
    expect(exportRecapHtml(model, { root: null, archiveTitle: 'Archive' })).toContain('<code>field-notes.txt</code> — field notes: ');
    expect(kindsOf(model)).toEqual(['notes']);
  });

  it('is in what discovery says it looks for, and its files are records, not evidence', () => {
    expect(LOOKED_FOR.at(-1)).toEqual({ what: 'field notes', names: ['field-notes.txt'] });
    expect([isRecordPath('docs/field-notes.txt'), isRecordPath('docs/notes.txt')]).toEqual([true, false]);
  });
});
