/**
 * The output folder checks of `build` and `merge` (src/cli/folders.ts): a folder of the user's is
 * never replaced. Found in the round-2 trial: `build --out FILE` deleted the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFolders } from '../../src/cli/folders.ts';
import { resolveSettings } from '../../src/cli/settings.ts';

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

  // use7: an `out` in the configuration file among the records was refused as `--out …`, a
  // flag the user never typed, with the fix "pass --out …": the message now names the file and
  // its key, the value as the file holds it, and the fix is to change that key.
  it('names an out of the configuration file by the file and key, and says to change it there', async () => {
    const records = join(dir, 'records');
    const config = join(records, 'trailbook.config.json');
    await writeFile(config, JSON.stringify({ inputs: ['.'], out: 'site' }));
    const settings = await resolveSettings([], {}, { cwd: records, cacheRoot: join(dir, 'user-cache') });
    expect(settings.origins.out).toEqual({ from: 'config', file: config, dir: records });
    await expect(checkFolders(settings.outDir, settings.cacheDir, settings.roots, settings.origins)).rejects.toMatchObject({
      name: 'UsageError',
      message: `${config}: out: site is inside the input folder ${records}; the archive would be read as input next time`,
      hint: `change out in ${config} to a folder of its own outside the records, e.g. ../trailbook-site`,
    });

    await writeFile(config, JSON.stringify({ inputs: ['.'], out: '.' }));
    const same = await resolveSettings([], {}, { cwd: records, cacheRoot: join(dir, 'user-cache') });
    await expect(checkFolders(same.outDir, same.cacheDir, same.roots, same.origins)).rejects.toMatchObject({
      message: `${config}: out: . is the input folder; the output folder is replaced on every build`,
    });

    // The flag given over the file is named as the flag.
    const flagged = await resolveSettings([], { out: join(records, 'site') }, { cwd: records, cacheRoot: join(dir, 'user-cache') });
    expect(flagged.origins.out).toEqual({ from: 'flag' });
    await expect(checkFolders(flagged.outDir, flagged.cacheDir, flagged.roots, flagged.origins)).rejects.toMatchObject({
      message: `--out ${join(records, 'site')} is inside the input folder ${records}; the archive would be read as input next time`,
      hint: expect.stringMatching(/^pass --out a folder of its own outside the records, e\.g\. --out \S*trailbook-site$/),
    });

    await writeFile(config, JSON.stringify({ inputs: ['.'], out: '../site', cacheDir: '../site/cache' }));
    const cached = await resolveSettings([], {}, { cwd: records, cacheRoot: join(dir, 'user-cache') });
    await expect(checkFolders(cached.outDir, cached.cacheDir, cached.roots, cached.origins)).rejects.toMatchObject({
      message: `${config}: cacheDir: ../site/cache and ${config}: out: ../site overlap; the output folder is replaced on every build`,
      hint: `remove cacheDir from ${config} to keep the cache in the per-user cache folder, or give it a folder of its own`,
    });
    await rm(config);
  });

  it('says an --out that is the input folder is the input folder, not that it contains it', async () => {
    const records = join(dir, 'records');
    await expect(checkFolders(records, join(dir, 'cache'), [records])).rejects.toMatchObject({
      message: `--out ${records} is the input folder; the output folder is replaced on every build`,
    });
  });
});
