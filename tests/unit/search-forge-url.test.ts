/**
 * A forge's link pasted into the search box (find16): an auditor copies the address of a commit
 * or a file from the forge, and `https://github.com/calypr/loom/commit/b1589f2f…` or
 * `…/blob/main/macos/Source/RecipeStore.swift#L116` said "No results. No record holds
 * “https://…”." though rows of the real corpus cite that commit and that line. The link now
 * looks up the SHA, or the path and line, it names.
 */
import { describe, expect, it } from 'vitest';
import { memorySite } from './search-memory-site.ts';
import { forgeUrlTarget, hexKey, idKey, pathKey, queryExactKeys, type ExactKey } from '../../src/lib/search/exact-keys.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';

describe('forgeUrlTarget', () => {
  it('reads the SHA of a commit link (GitHub, GitLab, Gitea, a pull request’s commit, a compare’s two ends)', () => {
    expect(forgeUrlTarget('https://github.com/calypr/loom/commit/B1589F2F9B3E2503AA29D1D1E1E7C13C453F3198')).toEqual({ shas: ['b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198'] });
    expect(forgeUrlTarget('https://gitlab.com/g/p/-/commit/b1589f2f?view=parallel')).toEqual({ shas: ['b1589f2f'] });
    expect(forgeUrlTarget('https://codeberg.org/o/r/commit/b1589f2f')).toEqual({ shas: ['b1589f2f'] });
    expect(forgeUrlTarget('https://github.com/o/r/pull/12/commits/b1589f2f')).toEqual({ shas: ['b1589f2f'] });
    expect(forgeUrlTarget('https://github.com/o/r/compare/b1589f2...717124ab')).toEqual({ shas: ['b1589f2', '717124ab'] });
  });

  it('reads the path and line of a file link after its ref (GitHub blob, GitLab, Gitea, a raw file)', () => {
    expect(forgeUrlTarget('https://github.com/AntApper/FujiRecipesMac/blob/main/macos/Source/RecipeStore.swift#L116')).toEqual({ path: 'macos/Source/RecipeStore.swift', line: 116 });
    expect(forgeUrlTarget('https://github.com/o/r/blob/0123456/src/a%20b.ts#L3-L9')).toEqual({ path: 'src/a b.ts', line: 3 });
    expect(forgeUrlTarget('https://gitlab.com/g/p/-/blob/main/src/a.ts#L12')).toEqual({ path: 'src/a.ts', line: 12 });
    expect(forgeUrlTarget('https://codeberg.org/o/r/src/commit/0123456789/src/a.ts#L7')).toEqual({ path: 'src/a.ts', line: 7 });
    expect(forgeUrlTarget('https://codeberg.org/o/r/src/branch/main/src/a.ts')).toEqual({ path: 'src/a.ts' });
    expect(forgeUrlTarget('https://github.com/o/r/raw/main/README.md')).toEqual({ path: 'README.md' });
  });

  it('is null for other text: a pull request, a repository’s home, a commit link without a SHA, not a link', () => {
    for (const text of ['https://github.com/o/r/pull/1', 'https://github.com/o/r', 'https://github.com/o/r/commit/main', 'https://github.com/o/r/blob/main', 'src/a.ts:12', 'b1589f2', 'http://[bad', 'javascript:alert(1)']) expect(forgeUrlTarget(text)).toBeNull();
  });

  it('a link asks for the SHA or the path it names, not for itself as a path', () => {
    expect(queryExactKeys('https://github.com/o/r/commit/b1589f2f')).toEqual([{ type: 'hex', prefix: 'b1589f2f' }]);
    expect(queryExactKeys('https://github.com/o/r/blob/main/Src/A.ts#L12')).toEqual([{ type: 'path', key: 'path:a.ts', path: 'src/a.ts', line: 12 }]);
  });
});

describe('a forge link in the search box', () => {
  const row = (id: string, title: string, evidence: string, exact: ExactKey[]): SearchRecord => ({ anchor: `row-${id}`, title, body: 'why', evidence, facets: { type: ['decision'] }, exact: [idKey(id, 3), ...exact], severity: null, time: '2026-09-01T00:00:00Z' });
  const records = [
    row('77345654', 'added a gate that lists remaining Chrome and CDP files', 'b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198', [hexKey('b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198', 2)]),
    row('367ed5b4', 'fixed RecipeStore bundle lookup', 'macos/Source/RecipeStore.swift:116', [pathKey('macos/Source/RecipeStore.swift', 2, 116) as ExactKey]),
    row('00bbe19b', 'redesigned sidebar', 'macos/Source/RecipeStore.swift', [pathKey('macos/Source/RecipeStore.swift', 2) as ExactKey]),
    row('0c0a11ed', 'a note on github commits', 'https://github.com/calypr/loom', []),
  ];

  it('finds the rows citing the commit or the line it names, the line’s row first', async () => {
    const engine = (await memorySite([{ key: 'p/x', records, latest: '2026-09-01' }])).engine();
    // Before: no hit at all ("No record holds “https://github.com/…”").
    const commit = await engine.search('https://github.com/calypr/loom/commit/b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198', {});
    const shownCommit = await engine.show(commit.hits.slice(0, 5), commit);
    expect(shownCommit.map((h) => h.href)[0]).toBe('/p/x/#row-77345654');
    expect(commit.absent).toEqual([]);
    const file = await engine.search('https://github.com/AntApper/FujiRecipesMac/blob/main/macos/Source/RecipeStore.swift#L116', {});
    const shownFile = await engine.show(file.hits.slice(0, 5), file);
    expect(shownFile.map((h) => h.href).slice(0, 2)).toEqual(['/p/x/#row-367ed5b4', '/p/x/#row-00bbe19b']);
  });
});
