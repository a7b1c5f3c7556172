/**
 * A Cited by list links a citing row where it is (src/lib/site/row-pages.ts): a row past the
 * recap's first 100 is on a row page, and its link carries that page's path
 * (`/p/<id>/rows/3/#row-…`), so it lands without scripts; the store's cited list carries each
 * row's page, the gathering keeps it, and an entry's digest changes with it (a row moved to
 * another page re-renders the evidence page).
 */
import { describe, expect, it } from 'vitest';
import { citedByHtml } from '../../src/components/html/evidence-page.ts';
import { citedWithRowPages, commitEntryDigest, fileEntryDigest, gatherEvidence } from '../../src/lib/archive/evidence-entries.ts';

/** `n` rows in file order; `superseded` of them (by index) replaced by a later row. */
const rows = (n: number, superseded: readonly number[] = []) => Array.from({ length: n }, (_, i) => ({ anchor: `row-r${i}`, supersededBy: superseded.includes(i) ? [`r${n - 1}`] : [] }));
const cite = (i: number) => ({ rowId: `r${i}`, anchor: `row-r${i}`, decision: `Decision ${i}` });

describe('a Cited by link to a row on a row page', () => {
  it('carries the page of each citing row past the recap, and none for a row on the recap or another anchor', () => {
    const cited = {
      commits: [{ oid: 'c'.repeat(40), by: [cite(0), cite(99), cite(100), cite(299), cite(300)] }],
      files: [{ path: 'a.ts', origin: 'repository' as const, ranges: [], by: [cite(350), { rowId: 'x.jsonl:3', anchor: 'invalid-x-jsonl-L3', decision: 'invalid record' }] }],
    };
    const paged = citedWithRowPages(cited, rows(400));
    expect(paged.commits[0]?.by.map((c) => c.page)).toEqual([undefined, undefined, 2, 2, 3]);
    expect(paged.files[0]?.by.map((c) => c.page)).toEqual([3, undefined]);
    // A row on the recap has no `page` key at all: its stored list is byte for byte what it was.
    expect(JSON.stringify(paged.commits[0]?.by[0])).toBe(JSON.stringify(cite(0)));
    // Superseded rows are not shown: the row after them moves up.
    expect(citedWithRowPages({ commits: [{ oid: 'c', by: [cite(101)] }], files: [] }, rows(400, [5, 6])).commits[0]?.by[0]?.page).toBeUndefined();
  });

  it('links a row on a row page at that page, and a row on the recap at the recap, under the base', () => {
    const listed = [
      { ...cite(3), projectId: 'p1', projectTitle: 'P1' },
      { ...cite(250), page: 2, projectId: 'p1', projectTitle: 'P1' },
      { ...cite(390), page: 3, projectId: 'p2', projectTitle: 'P2' },
    ];
    const hrefs = [...citedByHtml(listed, 0, '/docs/').value.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/docs/p/p1/#row-r3', '/docs/p/p1/rows/2/#row-r250', '/docs/p/p2/rows/3/#row-r390']);
  });

  it('keeps the page through the gathering, and an entry whose citing row moved page has another digest', async () => {
    const repository = { id: 'repo', path: 'repos/repo.git', head: 'a'.repeat(40) };
    const projects = [{ id: 'p1', title: 'P1', repository }];
    const listOf = (n: number) => async () => citedWithRowPages({ commits: [{ oid: 'c'.repeat(40), by: [cite(150)] }], files: [{ path: 'a.ts', origin: 'repository' as const, ranges: [{ from: 1, to: 1 }], by: [cite(150)] }] }, rows(n, n === 400 ? [] : Array.from({ length: 60 }, (_, i) => i)));
    const onPage2 = await gatherEvidence(projects, listOf(400));
    const onRecap = await gatherEvidence(projects, listOf(401));
    expect(onPage2.commits[0]?.by[0]).toEqual({ ...cite(150), page: 2, projectId: 'p1', projectTitle: 'P1' });
    expect(onRecap.commits[0]?.by[0]).toEqual({ ...cite(150), projectId: 'p1', projectTitle: 'P1' });
    const [a, b] = [onPage2.commits[0], onRecap.commits[0]];
    expect(a && b && commitEntryDigest(a, [])).not.toBe(a && b && commitEntryDigest(b, []));
    const [fa, fb] = [onPage2.files[0], onRecap.files[0]];
    expect(fa && fb && fileEntryDigest(fa)).not.toBe(fa && fb && fileEntryDigest(fb));
  });
});
