/**
 * The file system isomorphic-git reads a repository through (src/lib/git/git-directory.ts):
 * isomorphic-git stats the git directory on every object read and lists `objects/pack` on
 * every packed object read, so a folder found inside is remembered as a folder and a listing
 * is remembered (issue 30: their real paths were resolved again each time); files, refusals
 * and errors are not remembered, and a file is still checked on every read.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confinedGitFs, gitDirectoryConfinement } from '../../src/lib/git/git-directory.ts';

let dir: string;
let gitdir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-gitfs-'));
  gitdir = join(dir, 'repo.git');
  await mkdir(join(gitdir, 'objects', 'pack'), { recursive: true });
  await writeFile(join(gitdir, 'objects', 'pack', 'pack-1.idx'), 'idx');
  await writeFile(join(gitdir, 'objects', 'pack', 'pack-1.pack'), 'pack');
  await writeFile(join(gitdir, 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(join(dir, 'outside.txt'), 'not the repository');
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** A confinement whose stat and readdir calls are counted by path. */
function counted(): { fs: ReturnType<typeof confinedGitFs>; calls: Map<string, number> } {
  const confinement = gitDirectoryConfinement([gitdir]);
  const calls = new Map<string, number>();
  const count = (what: string, path: string): void => void calls.set(`${what} ${path.slice(dir.length)}`, (calls.get(`${what} ${path.slice(dir.length)}`) ?? 0) + 1);
  const stat = confinement.stat.bind(confinement);
  const readdir = confinement.readdir.bind(confinement);
  confinement.stat = (path: string) => (count('stat', path), stat(path));
  confinement.readdir = (path: string) => (count('readdir', path), readdir(path));
  return { fs: confinedGitFs(confinement), calls };
}

describe('confinedGitFs', () => {
  it('stats the git directory once and lists a folder once, however often isomorphic-git asks', async () => {
    const { fs, calls } = counted();
    for (let i = 0; i < 3; i++) {
      expect((await fs.promises.stat(gitdir)).isDirectory()).toBe(true);
      const names = (await fs.promises.readdir(join(gitdir, 'objects', 'pack'))) as string[];
      expect([...names].sort()).toEqual(['pack-1.idx', 'pack-1.pack']);
      // isomorphic-git filters the list it gets: the next caller still gets the whole list.
      names.length = 0;
      expect((await fs.promises.stat(join(gitdir, 'HEAD'))).isFile()).toBe(true);
    }
    expect(Object.fromEntries(calls)).toEqual({ 'stat /repo.git': 1, 'readdir /repo.git/objects/pack': 1, 'stat /repo.git/HEAD': 3 });
  });

  it('remembers no refusal or error: a missing folder is asked again, a link out is refused each time', async () => {
    const { fs, calls } = counted();
    const missing = join(gitdir, 'objects', 'info');
    for (let i = 0; i < 2; i++) await expect(fs.promises.readdir(missing)).rejects.toMatchObject({ code: 'ENOENT' });
    await symlink(join(dir, 'outside.txt'), join(gitdir, 'objects', 'out'));
    for (let i = 0; i < 2; i++) await expect(fs.promises.stat(join(gitdir, 'objects', 'out'))).rejects.toMatchObject({ code: 'ENOENT' });
    for (let i = 0; i < 2; i++) await expect(fs.promises.readFile(join(gitdir, 'objects', 'out'))).rejects.toMatchObject({ code: 'EOUTSIDE' });
    expect(calls.get('readdir /repo.git/objects/info')).toBe(2);
    expect(calls.get('stat /repo.git/objects/out')).toBe(2);
  });
});
