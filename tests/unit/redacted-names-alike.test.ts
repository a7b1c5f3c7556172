/**
 * Two cited files whose names differ only by secrets of one kind (sec11): `config/ghp_A….json`
 * and `config/ghp_Q….json` were both known as `config/[redacted: GitHub token].json`, so they
 * shared one page (the first in sorted order), and the row citing the other landed on a file it
 * never cited, its lines showing another file's text. Each is now named apart by its place among
 * the names of its folder that read alike (`config/[redacted: GitHub token #2].json`), which the
 * evidence store reads back (src/lib/secrets/redacted-names.ts); neither name is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { openRepository } from '../../src/lib/git/repository.ts';
import { repositoryFileExcerpt } from '../../src/lib/git/file-excerpt.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { artifactFileExcerpt } from '../../src/lib/evidence/artifact-excerpt.ts';
import { readByRedactedName, repositoryFolderNames, unredactedPath } from '../../src/lib/secrets/redacted-names.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued); T2 sorts before T1.
const T1 = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';
const T2 = 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i';
const FIRST = 'config/[redacted: GitHub token].json';
const SECOND = 'config/[redacted: GitHub token #2].json';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('redacted-names-alike');
  await initRepo(dir);
  await writeFiles(dir, {
    'README.md': '# app\n',
    [`config/${T1}.json`]: '{\n  "name": "first",\n  "port": 1\n}\n',
    [`config/${T2}.json`]: '{\n  "name": "second",\n  "port": 2\n}\n',
  });
  commitAll(dir, 'Config', '2026-03-01T08:00:00Z');
  await writeFiles(dir, {
    'decisions.jsonl': trailText([
      row('2026-03-01T09:30:00Z', 'start', 'README.md:1', 'start'),
      row('2026-03-01T09:31:00Z', 'Read the first configuration', `config/${T1}.json:2`),
      row('2026-03-01T09:32:00Z', 'Read the second configuration', `config/${T2}.json:3`),
    ]),
    // The same names in the project folder, not committed: artifacts.
    [`notes/${T1}.txt`]: 'first note\n',
    [`notes/${T2}.txt`]: 'second note\n',
  });
  head = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
}, 60_000);

afterAll(() => removeFixture(dir));

describe('two cited repository files whose names read alike once redacted', () => {
  beforeAll(async () => {
    model = await analyseProject(dir);
  }, 60_000);

  it('are two cited files, each cited by its own row, named apart', () => {
    expect(model.cited.files.map((f) => [f.path, f.by.map((b) => b.decision)])).toEqual([
      ['README.md', ['start']],
      [FIRST, ['Read the second configuration']],
      [SECOND, ['Read the first configuration']],
    ]);
    expect(model.rows.map((r) => r.evidence.map((p) => [p.raw, p.status, p.target?.type === 'file' ? p.target.path : null]))).toEqual([
      [['README.md:1', 'VERIFIED', 'README.md']],
      [[`${SECOND}:2`, 'VERIFIED', SECOND]],
      [[`${FIRST}:3`, 'VERIFIED', FIRST]],
    ]);
    const text = JSON.stringify(model);
    for (const t of [T1, T2]) expect(text.toLowerCase()).not.toContain(t.slice(4).toLowerCase());
  });

  it('each page reads its own file', async () => {
    const opened = await openRepository(dir);
    if (!('repository' in opened)) throw new Error(opened.problem);
    const repo = opened.repository;
    const read = (shown: string, lines: number): ReturnType<typeof repositoryFileExcerpt> => readByRedactedName(shown, (path) => repositoryFileExcerpt(repo, head, path, [{ from: lines, to: lines }]), repositoryFolderNames(repo, head), DEFAULT_SECRET_SETTINGS);
    expect(await read(FIRST, 2)).toMatchObject({ path: FIRST, windows: [{ lines: ['{', '  "name": "second",', '  "port": 2', '}'] }] });
    expect(await read(SECOND, 2)).toMatchObject({ path: SECOND, windows: [{ lines: ['{', '  "name": "first",', '  "port": 1', '}'] }] });
  });
});

describe('artifacts whose names read alike once redacted', () => {
  it('are found apart by their number; a number past the names is not found', async () => {
    const folder = new ArtifactFolder(dir);
    const list = (p: string): Promise<string[] | null> => folder.names(p);
    expect(await unredactedPath('notes/[redacted: GitHub token].txt', list, DEFAULT_SECRET_SETTINGS)).toBe(`notes/${T2}.txt`);
    expect(await unredactedPath('notes/[redacted: GitHub token #2].txt', list, DEFAULT_SECRET_SETTINGS)).toBe(`notes/${T1}.txt`);
    expect(await unredactedPath('notes/[redacted: GitHub token #3].txt', list, DEFAULT_SECRET_SETTINGS)).toBeNull();
    const excerpt = await readByRedactedName('notes/[redacted: GitHub token #2].txt', (path) => artifactFileExcerpt(folder, path, [{ from: 1, to: 1 }]), list, DEFAULT_SECRET_SETTINGS);
    expect(excerpt).toMatchObject({ path: 'notes/[redacted: GitHub token #2].txt', windows: [{ lines: ['first note'] }] });
  });
});

describe('a cited file named by a token that is also a row id numbered apart', () => {
  // The rows' ids T2 then T1 read alike once redacted: T1 is `[redacted: GitHub token #2]` wherever it stands (src/lib/secrets/redacted-ids.ts).
  const rowWithId = (id: string, minute: number, evidence: string): string => JSON.stringify({ id, ts: `2026-03-01T09:${String(minute).padStart(2, '0')}:00Z`, phase: minute === 30 ? 'start' : 'build', ticket: '', actor: 'lead', decision: `d${minute}`, why: 'w', evidence, result: 'verified' });
  let other: string;
  afterAll(() => removeFixture(other));

  it('keeps the name its folder gives it: the number of an id never reaches a path', async () => {
    other = await fixtureDir('redacted-name-id');
    await writeFiles(other, { [`notes/${T1}.txt`]: 'only note\n', 'decisions.jsonl': trailText([rowWithId(T2, 30, 'prose only'), rowWithId(T1, 31, 'prose only'), rowWithId('plain', 32, `notes/${T1}.txt:1`)]) });
    const m = await analyseProject(other);
    expect(m.rows.map((r) => r.id)).toEqual(['[redacted: GitHub token]', '[redacted: GitHub token #2]', 'plain']);
    expect(m.cited.files.map((f) => f.path)).toEqual(['notes/[redacted: GitHub token].txt']);
    const folder = new ArtifactFolder(other);
    expect(await unredactedPath('notes/[redacted: GitHub token].txt', (p) => folder.names(p), DEFAULT_SECRET_SETTINGS)).toBe(`notes/${T1}.txt`);
  }, 60_000);
});
