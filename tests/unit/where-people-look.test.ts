/**
 * Issue 32, "Where people already look": the serve command's base, the build's closing lines,
 * what `dev` watches in `.git`.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gitChangeMatters } from '../../src/cli/watch.ts';
import { archiveBase } from '../../src/cli/commands/serve.ts';
import { viewLines } from '../../src/cli/summary.ts';

describe('trailbook dev watches .git only where a branch moves', () => {
  it('ignores git bookkeeping, keeps HEAD, packed-refs and refs/', () => {
    const matters = (rel: string): boolean => gitChangeMatters(rel.split('/'));
    expect(['.git/index.lock', '.git/index', '.git/objects/ab/cdef', '.git/logs/HEAD', '.git/FETCH_HEAD', '.git', '.git/refs/heads/main.lock', 'sub/.git/ORIG_HEAD'].map(matters)).toEqual([false, false, false, false, false, false, false, false]);
    expect(['.git/HEAD', '.git/packed-refs', '.git/refs/heads/main', '.git/refs/tags/v1', 'sub/.git/HEAD', 'decisions.jsonl', 'a/b.tsv'].map(matters)).toEqual([true, true, true, true, true, true, true]);
  });
});

describe('trailbook serve reads the base from the archive', () => {
  it('from archive.json: its base, else the path of its url', () => {
    expect(archiveBase('{"base":"/audit/","url":"https://example.com/x/"}')).toBe('/audit/');
    expect(archiveBase('{"url":"/archive/"}')).toBe('/archive/');
    expect(archiveBase('{"url":"https://acme.github.io/my-repo/"}')).toBe('/my-repo/');
    expect(archiveBase('{"url":"https://example.com"}')).toBe('/');
    expect(archiveBase('{"title":"x"}')).toBe(null);
    expect(archiveBase('not json')).toBe(null);
  });
});

describe("the build's closing lines", () => {
  it('give a command that serves the archive at its base, and what a host must do', () => {
    const cwd = process.cwd();
    expect(viewLines(join(cwd, 'pub', 'audit'), '/audit/', false)).toEqual([
      'Look at it: trailbook serve pub/audit    (then open http://127.0.0.1:4321/audit/)',
      "Publish it: a static web server must serve pub/audit at /audit/, not at its root (every link starts with /audit/); index.html does not open from disk, but each recap's Download list makes a recap.html that opens from disk (or build with --recap-html to write them all).",
    ]);
    expect(viewLines(join(cwd, 'my site'), '/', true)).toEqual([
      "Look at it: trailbook serve 'my site'    (then open http://127.0.0.1:4321/)",
      "Publish it: serve my site as the root of any static web server; index.html does not open from disk, but each project's recap.html also opens from disk.",
    ]);
  });
});

describe('the URL keys are documented (README, "URL keys")', () => {
  it('names every search filter key and every home view value', async () => {
    const { readFile } = await import('node:fs/promises');
    const { FACETS } = await import('../../src/lib/search/facets.ts');
    const { HOME_SHOWS, HOME_SORTS } = await import('../../src/lib/site/home-view.ts');
    const readme = await readFile(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('- **URL keys**'), readme.indexOf('- **Reading**'));
    for (const f of FACETS) expect(section, f.key).toContain(`\`${f.key}\``);
    for (const key of [...Object.keys(HOME_SHOWS).filter((k) => k !== 'all'), ...Object.keys(HOME_SORTS)]) expect(section, key).toContain(`\`${key}\``);
  });
});
