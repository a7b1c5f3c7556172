/**
 * The carry-over ahead (issue 30; src/lib/build/incremental.ts `aheadFolders`, `carryAhead`,
 * `moveAheadIn`): the folders of the previous output that nothing of a build writes into are
 * carried while Astro renders, then moved in; the new output is the one the carry-over after the
 * render alone makes, file for file, and the previous output is left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { aheadFolders, carryAhead, carryOver, moveAheadIn } from '../../src/lib/build/incremental.ts';

let dir: string;

const write = (root: string, rel: string, text: string): void => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

/** Every file under `root`: its relative path and text, sorted. */
function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name} = ${readFileSync(join(d, e.name), 'utf8')}`);
    }
  };
  walk(root, '');
  return out.sort();
}

const previousPages: Record<string, string> = {
  'project:a': 'pa',
  'exports:a': 'ea',
  'project:b': 'pb',
  'exports:b': 'eb',
  'project:c': 'pc',
  'exports:c': 'ec',
  'file:p/c/notes.md': 'fc',
  'commit:one/1111': 'c1',
  'file:r/one/src/x.ts': 'fx',
  'commit:two/2222': 'c2',
  'commit:two/3333': 'c3',
  'commit:gone/4444': 'c4',
  'commit:lost/5555': 'c5',
  'commit:lost/6666': 'c6',
};

/** This build's routes: b's recap changed, c's artifact changed, two's 3333 changed, gone and lost/6666 no longer cited. */
const pages: Record<string, string> = {
  'project:a': 'pa',
  'exports:a': 'ea',
  'project:b': 'pb2',
  'exports:b': 'eb',
  'project:c': 'pc',
  'exports:c': 'ec',
  'file:p/c/notes.md': 'fc2',
  'commit:one/1111': 'c1',
  'file:r/one/src/x.ts': 'fx',
  'commit:two/2222': 'c2',
  'commit:two/3333': 'c3b',
  'commit:lost/5555': 'c5',
};

/** What Astro (and the search worker) write for the changed entries and the site-wide pages. */
function rendered(site: string): void {
  write(site, 'index.html', 'home 2');
  write(site, 'p/b/index.html', 'recap b 2');
  write(site, 'p/b/rows/2/index.html', 'rows b 2');
  write(site, 'p/c/file/notes.md/index.html', 'notes 2');
  write(site, 'r/two/commit/3333/index.html', 'commit 3333 b');
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trailbook-carry-ahead-'));
  const prev = join(dir, 'previous');
  write(prev, 'index.html', 'home');
  write(prev, '_astro/site.css', 'css');
  for (const id of ['a', 'b', 'c']) {
    write(prev, `p/${id}/index.html`, `recap ${id}`);
    write(prev, `p/${id}/rows/2/index.html`, `rows ${id}`);
    write(prev, `p/${id}/recap.json.gz`, `export ${id}`);
  }
  write(prev, 'p/c/file/notes.md/index.html', 'notes');
  write(prev, 'r/one/commit/1111/index.html', 'commit 1111');
  write(prev, 'r/one/file/src/x.ts/index.html', 'file x');
  write(prev, 'r/two/commit/2222/index.html', 'commit 2222');
  write(prev, 'r/two/commit/3333/index.html', 'commit 3333');
  write(prev, 'r/gone/commit/4444/index.html', 'commit 4444');
  write(prev, 'r/lost/commit/5555/index.html', 'commit 5555');
  write(prev, 'r/lost/commit/6666/index.html', 'commit 6666');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the carry-over ahead', () => {
  it('names the project folders none of whose entries changed and the repository folders none of whose commits or files changed or went', () => {
    expect(aheadFolders(join(dir, 'previous'), pages, previousPages)).toEqual(['p/a', 'r/one']);
  });

  it('names nothing when an entry of a key of no known shape changed', () => {
    expect(aheadFolders(join(dir, 'previous'), { ...pages, 'other:x': '1' }, previousPages)).toEqual([]);
  });

  it('gives the output the carry-over after the render gives, the same files linked, the previous output as it was', async () => {
    const prev = join(dir, 'previous');
    const before = tree(prev);
    const serial = join(dir, 'serial');
    rendered(serial);
    const alone = await carryOver(prev, serial, pages, previousPages);

    const site = join(dir, 'ahead-site');
    const into = join(dir, 'ahead-carry');
    const carried = carryAhead(prev, into, aheadFolders(prev, pages, previousPages));
    expect(carried).toEqual({ done: ['p/a', 'r/one'], counts: { 'p/a': { files: 3, pages: 2 }, 'r/one': { files: 2, pages: 2 } } });
    rendered(site);
    const moved = moveAheadIn(into, site, carried, new Set(aheadFolders(prev, pages, previousPages)));
    expect([...moved.done]).toEqual(['p/a', 'r/one']);
    const rest = await carryOver(prev, site, pages, previousPages, moved.done);

    expect(tree(site)).toEqual(tree(serial));
    expect({ items: moved.items + rest.items, files: moved.files + rest.files, pages: moved.pages + rest.pages }).toEqual(alone);
    // Linked, not copied: the carried page is the previous output's file.
    expect(statSync(join(site, 'p/a/index.html')).ino).toBe(statSync(join(prev, 'p/a/index.html')).ino);
    expect(tree(prev)).toEqual(before);
    // What the old carry-over left out stays out: b's and lost's folders are not whole, gone's entries went.
    expect(tree(site).filter((f) => f.startsWith('r/gone') || f.startsWith('r/lost/commit/6666'))).toEqual([]);
  });

  it('moves in only the folders still named for this build and not in the new output; the carry-over after the render does the rest', async () => {
    const prev = join(dir, 'previous');
    const serial = join(dir, 'serial-2');
    rendered(serial);
    write(serial, 'p/a/extra.txt', 'written by this build');
    await carryOver(prev, serial, pages, previousPages);

    const site = join(dir, 'ahead-site-2');
    const into = join(dir, 'ahead-carry-2');
    const carried = carryAhead(prev, into, ['p/a', 'r/one']);
    rendered(site);
    write(site, 'p/a/extra.txt', 'written by this build');
    // r/one is no longer safe (say the routes changed since): it is not moved in.
    const moved = moveAheadIn(into, site, carried, new Set(['p/a']));
    expect([...moved.done]).toEqual([]);
    await carryOver(prev, site, pages, previousPages, moved.done);
    expect(tree(site)).toEqual(tree(serial));
  });
});
