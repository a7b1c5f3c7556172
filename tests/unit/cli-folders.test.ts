/**
 * The output folder checks of `build` and `merge` (src/cli/folders.ts): a folder of the user's is
 * never replaced. Found in the round-2 trial: `build --out FILE` deleted the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFolders } from '../../src/cli/folders.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-folders-'));
  await mkdir(join(dir, 'records'));
  await writeFile(join(dir, 'notes.txt'), 'mine\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkFolders', () => {
  it('refuses an --out that is a file, which the build would delete', async () => {
    const out = join(dir, 'notes.txt');
    await expect(checkFolders(out, join(dir, 'cache'), [join(dir, 'records')])).rejects.toMatchObject({
      name: 'UsageError',
      message: `--out ${out} is a file, not a folder; it would be replaced`,
      hint: 'pass a new or empty folder',
    });
    expect(await readFile(out, 'utf8')).toBe('mine\n');
  });

  it('accepts an --out that does not exist yet', async () => {
    await expect(checkFolders(join(dir, 'site'), join(dir, 'cache'), [join(dir, 'records')])).resolves.toBeUndefined();
  });
});
