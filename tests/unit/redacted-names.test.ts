/**
 * A cited file whose name holds a secret (sec10): the archive knows it only by its redacted
 * name, and its page looked that name up and said "not a file", calling real evidence fake.
 * src/lib/secrets/redacted-names.ts finds the file again from its redacted name, folder by
 * folder, and names it redacted in whatever it hands back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitsAroundMarkers, holdsRedactedName, readByRedactedName, unredactedPath } from '../../src/lib/secrets/redacted-names.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { artifactFileExcerpt } from '../../src/lib/evidence/artifact-excerpt.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';

const TOKEN = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';
const OTHER = 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i';
const SHOWN = 'config/[redacted: GitHub token].json';

const folders: Record<string, string[]> = { '': ['README.md', 'config'], config: ['app.json', `${TOKEN}.json`, `${TOKEN}.yml`] };
const list = async (folder: string): Promise<string[] | null> => folders[folder] ?? null;

describe('a file known by its redacted name', () => {
  it('is found by the name its folder holds that the rules redact to it', async () => {
    expect(holdsRedactedName(SHOWN)).toBe(true);
    expect(await unredactedPath(SHOWN, list, DEFAULT_SECRET_SETTINGS)).toBe(`config/${TOKEN}.json`);
    expect(await unredactedPath('config/[redacted: GitHub token].yml', list, DEFAULT_SECRET_SETTINGS)).toBe(`config/${TOKEN}.yml`);
  });

  it('a name with no marker is itself; one no name of its folder redacts to is not found', async () => {
    expect(await unredactedPath('config/app.json', list, DEFAULT_SECRET_SETTINGS)).toBe('config/app.json');
    expect(await unredactedPath('config/[redacted: AWS access key id].yaml', list, DEFAULT_SECRET_SETTINGS)).toBeNull();
    expect(await unredactedPath('nowhere/[redacted: GitHub token].json', list, DEFAULT_SECRET_SETTINGS)).toBeNull();
  });

  it('two names redacted alike: the first in sorted order, every time', async () => {
    const two = async (folder: string): Promise<string[] | null> => (folder === 'config' ? [`${TOKEN}.json`, `${OTHER}.json`] : null);
    expect(await unredactedPath(SHOWN, two, DEFAULT_SECRET_SETTINGS)).toBe(`config/${OTHER}.json`);
  });
});

describe('an artifact whose name holds a token, read by its redacted name', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-redacted-names-'));
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', `${TOKEN}.json`), '{\n  "name": "app"\n}\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('its excerpt is the file, named redacted; a file not there is "not a file" in redacted words', async () => {
    const folder = new ArtifactFolder(dir);
    const read = (path: string): ReturnType<typeof artifactFileExcerpt> => artifactFileExcerpt(folder, path, [{ from: 2, to: 2 }]);
    const excerpt = await readByRedactedName(SHOWN, read, (p) => folder.names(p), DEFAULT_SECRET_SETTINGS);
    expect(excerpt).toMatchObject({ path: SHOWN, totalLines: 3, windows: [{ start: 1, lines: ['{', '  "name": "app"', '}'] }] });
    expect(JSON.stringify(excerpt)).not.toContain(TOKEN);
    expect(await readByRedactedName('config/[redacted: GitHub token].yml', read, (p) => folder.names(p), DEFAULT_SECRET_SETTINGS)).toEqual({ problem: 'config/[redacted: GitHub token].yml is not a file in the project folder' });
  });
});

describe('a name redacted by a value found elsewhere in the project', () => {
  it('is found by its text around the marker, where no rule finds anything in the name alone', async () => {
    const folder = async (dir: string): Promise<string[] | null> => (dir === 'notes' ? ['deploy.md', 'deploy-Hunter2x.md', 'deploy-x.md'] : null);
    expect(await unredactedPath('notes/deploy-[redacted: password in a URL].md', folder, DEFAULT_SECRET_SETTINGS)).toBe('notes/deploy-Hunter2x.md');
    expect(fitsAroundMarkers('deploy-x.md', 'deploy-[redacted: password in a URL].md')).toBe(false);
    expect(fitsAroundMarkers('a-1234-b-5678.txt', 'a-[redacted: t]-b-[redacted: t].txt')).toBe(true);
    expect(fitsAroundMarkers('a-1234-b.txt', 'a-[redacted: t]-b-[redacted: t].txt')).toBe(false);
  });
});
