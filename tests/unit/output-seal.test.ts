/**
 * The output seal (src/lib/fs/output-seal.ts): a rebuild carries the previous output's pages
 * over only while its files are those the last build wrote. rel10: a page edited in place with
 * its size and modification time put back was carried into every later build (the seal held
 * path, size and whole-second time); a copy restored with its times (a CI cache) must stay sealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputSeal, sealHolds } from '../../src/lib/fs/output-seal.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-seal-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function output(name: string): Promise<string> {
  const out = join(dir, name);
  await mkdir(join(out, 'p', 'a'), { recursive: true });
  await mkdir(join(out, '_astro'), { recursive: true });
  await writeFile(join(out, 'p', 'a', 'index.html'), '<p>recap of a</p>');
  await writeFile(join(out, '_astro', 'site.css'), 'body{}');
  // Outside the sealed folders: not part of the seal.
  await writeFile(join(out, 'index.html'), '<p>home</p>');
  return out;
}

describe('the output seal', () => {
  it('lists each sealed file with its size, time, inode, change time and digest, in path order', async () => {
    const out = await output('listed');
    const seal = outputSeal(out);
    expect(Object.keys(seal)).toEqual(['p/a/index.html', '_astro/site.css']);
    const [size, mtime, , sha] = seal['p/a/index.html'] ?? [];
    expect([size, mtime]).toEqual([17, Math.floor((await stat(join(out, 'p', 'a', 'index.html'))).mtimeMs / 1000)]);
    expect(sha).toMatch(/^[0-9a-f]{32}$/);
  });

  it('holds while nothing changed, and for a copy restored with its times (new inodes)', async () => {
    const out = await output('restored');
    const seal = outputSeal(out);
    expect(sealHolds(out, JSON.parse(JSON.stringify(seal)))).toBe(true);
    const copy = join(dir, 'restored-copy');
    await cp(out, copy, { recursive: true, preserveTimestamps: true });
    expect((await stat(join(copy, 'p', 'a', 'index.html'))).ino).not.toBe((await stat(join(out, 'p', 'a', 'index.html'))).ino);
    expect(sealHolds(copy, seal)).toBe(true);
  });

  it('does not hold for a page edited in place with its size and time put back, a page cut, added or removed, or a seal of an older build', async () => {
    const out = await output('edited');
    const seal = outputSeal(out);
    const page = join(out, 'p', 'a', 'index.html');
    const before = await stat(page);
    const bytes = await readFile(page);
    bytes.write('X', 3);
    await writeFile(page, bytes);
    await utimes(page, before.atime, before.mtime);
    expect([(await stat(page)).size, Math.floor((await stat(page)).mtimeMs / 1000)]).toEqual([before.size, Math.floor(before.mtimeMs / 1000)]);
    expect(sealHolds(out, seal)).toBe(false);

    const added = await output('added');
    const addedSeal = outputSeal(added);
    await writeFile(join(added, 'p', 'a', 'planted.html'), 'x');
    expect(sealHolds(added, addedSeal)).toBe(false);

    const removed = await output('removed');
    const removedSeal = outputSeal(removed);
    await rm(join(removed, '_astro', 'site.css'));
    expect(sealHolds(removed, removedSeal)).toBe(false);

    const older = await output('older');
    for (const old of ['3f2a9c10e4b5d6a7b8c9d0e1f2a3b4c5', null, [], { 'p/a/index.html': [17, 0, '1:2'] }]) expect(sealHolds(older, old)).toBe(false);
  });

  it('keeps the digest of a file checked and carried over (the same inode), and reads a new one', async () => {
    const out = await output('carried');
    const seal = outputSeal(out);
    expect(sealHolds(out, seal)).toBe(true);
    await writeFile(join(out, 'p', 'a', 'rows.html'), '<p>new page</p>');
    const next = outputSeal(out);
    expect(next['p/a/index.html']?.[3]).toBe(seal['p/a/index.html']?.[3]);
    expect(next['p/a/rows.html']?.[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(next)).toEqual(['p/a/index.html', 'p/a/rows.html', '_astro/site.css']);
  });
});
