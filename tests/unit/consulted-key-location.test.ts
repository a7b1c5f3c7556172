/**
 * A project's digest does not depend on where its folder lies (rel12): the key of the paths its
 * verdicts consulted hashed each path's absolute real path, so the same input built from
 * another folder (another CI checkout, another shard machine) published other `digest`s in
 * `archive.json` than a build of it anywhere else, and a kill-and-rebuild trial compared
 * unequal with a clean build of the same input. What a path leads to is hashed relative to the
 * project folder's real path (a link inside still changes the key when its target does).
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultedKey } from '../../src/lib/archive/store-seal.ts';
import { FileHashes } from '../../src/lib/archive/file-hashes.ts';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'consulted-key-'));
  for (const name of ['one', 'two/deeper']) {
    const root = join(base, name);
    await mkdir(join(root, 'bench'), { recursive: true });
    await writeFile(join(root, 'bench', 'report.txt'), 'p95 12 ms\n');
    await writeFile(join(root, 'other.txt'), 'other\n');
  }
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe('consultedKey', () => {
  const consulted = { paths: ['bench/report.txt', 'missing.txt', 'bench'], folders: ['bench'] };

  it('is the same for the same files in two folders', async () => {
    const one = await consultedKey(join(base, 'one'), consulted, new FileHashes(null));
    const two = await consultedKey(join(base, 'two', 'deeper'), consulted, new FileHashes(null));
    expect(one).toBe(two);
  });

  it('changes when a consulted link leads elsewhere inside the folder', async () => {
    const root = join(base, 'one');
    const before = await consultedKey(root, { paths: ['link.txt'], folders: [] }, new FileHashes(null));
    await symlink('bench/report.txt', join(root, 'link.txt'));
    const toReport = await consultedKey(root, { paths: ['link.txt'], folders: [] }, new FileHashes(null));
    await rm(join(root, 'link.txt'));
    await writeFile(join(root, 'bench', 'copy.txt'), 'p95 12 ms\n');
    await symlink('bench/copy.txt', join(root, 'link.txt'));
    const toCopy = await consultedKey(root, { paths: ['link.txt'], folders: [] }, new FileHashes(null));
    expect(new Set([before, toReport, toCopy]).size).toBe(3);
  });
});
