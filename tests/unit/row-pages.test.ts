/**
 * Row pages (issue 30, scope 3; src/lib/site/row-pages.ts): which rows a recap shows itself,
 * which each row page holds, and the map a permalink's script reads.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RECAP_ROWS, ROWS_PER_PAGE, rowPageCount, rowPageMap, rowPageMapJson, rowPageOf, rowPageOfAnchor, rowPagePath, rowPageRange, rowHref, rowLinker, rowPagesByAnchor } from '../../src/lib/site/row-pages.ts';
import { urls } from '../../src/lib/site/urls.ts';

describe('row pages', () => {
  it('keep 100 rows on the recap and 200 on each row page after it', () => {
    expect([RECAP_ROWS, ROWS_PER_PAGE]).toEqual([100, 200]);
    expect([0, 1, 100, 101, 300, 301, 1001].map(rowPageCount)).toEqual([1, 1, 1, 2, 2, 3, 6]);
    expect(rowPageRange(1, 1001)).toEqual({ from: 0, to: 100 });
    expect(rowPageRange(1, 40)).toEqual({ from: 0, to: 40 });
    expect(rowPageRange(2, 1001)).toEqual({ from: 100, to: 300 });
    expect(rowPageRange(6, 1001)).toEqual({ from: 900, to: 1001 });
    expect([0, 99, 100, 299, 300, 1000].map(rowPageOf)).toEqual([1, 1, 2, 2, 3, 6]);
    expect([1, 2, 11].map(rowPagePath)).toEqual(['', 'rows/2/', 'rows/11/']);
    expect(urls.rowPage('/archive/', 'p1', 1)).toBe('/archive/p/p1/');
    expect(urls.rowPage('/archive/', 'p1', 3)).toBe('/archive/p/p1/rows/3/');
    // The map sits in an inline data script: nothing in it can close the script.
    const anchors = Array.from({ length: 101 }, (_, i) => (i === 100 ? 'row-</script><b>' : `row-${i}`));
    expect(rowPageMapJson(anchors)).toBe('{"2":"\\u003c/script>\\u003cb>"}');
    expect(JSON.parse(rowPageMapJson(anchors))).toEqual({ 2: '</script><b>' });
  });

  it('map every row past the first page to its page, and no other (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1200 }), (n) => {
        const anchors = Array.from({ length: n }, (_, i) => `row-${i.toString(16).padStart(8, '0')}`);
        const map = rowPageMap(anchors);
        const listed = Object.entries(map).flatMap(([page, ids]) => ids.split(' ').map((id) => [`row-${id}`, Number(page)] as const));
        expect(listed.map(([id]) => id)).toEqual(anchors.slice(RECAP_ROWS));
        for (const [id, page] of listed) expect(page).toBe(rowPageOf(anchors.indexOf(id)));
        // The script's lookup: each row past the first page to its page, a row of the recap to none.
        for (const a of anchors.filter((_, i) => i % 7 === 0)) expect(rowPageOfAnchor(map, a)).toBe(rowPageOf(anchors.indexOf(a)) === 1 ? null : rowPageOf(anchors.indexOf(a)));
        // Every page's range holds its rows, and the pages cover every row once.
        const covered = Array.from({ length: rowPageCount(n) }, (_, i) => rowPageRange(i + 1, n)).flatMap(({ from, to }) => anchors.slice(from, to));
        expect(covered).toEqual(anchors);
      }),
      { numRuns: 60 },
    );
  });

  it('link a row from any page to the page that holds it, a fragment only on its own page', () => {
    // 350 shown rows and two superseded ones (the recap's footnote): pages 1 (0–99), 2 (100–299), 3 (300–349).
    const rows = Array.from({ length: 352 }, (_, i) => ({ anchor: `row-${i}`, supersededBy: i === 5 || i === 200 ? ['x'] : [] }));
    const pages = rowPagesByAnchor(rows);
    // Shown index = file index minus the superseded rows before it.
    expect([pages.get('row-100'), pages.get('row-101'), pages.get('row-301'), pages.get('row-302'), pages.get('row-351')]).toEqual([undefined, 2, 2, 3, 3]);
    expect([pages.get('row-5'), pages.get('row-200'), pages.size]).toEqual([undefined, undefined, 250]);
    const recap = rowLinker(pages, 1);
    expect(['row-0', 'row-100', 'row-101', 'row-351', 'row-200', 'flag-3'].map(recap)).toEqual(['#row-0', '#row-100', 'rows/2/#row-101', 'rows/3/#row-351', '#row-200', '#flag-3']);
    const two = rowLinker(pages, 2);
    expect(['row-0', 'row-102', 'row-351', 'row-200', 'flag-3'].map(two)).toEqual(['../../#row-0', '#row-102', '../3/#row-351', '../../#row-200', '../../#flag-3']);
    expect(rowHref(pages, 3, 'row-150')).toBe('../2/#row-150');
    expect(rowHref(pages, 3, 'row-351')).toBe('#row-351');
    // Every href lands on the row: resolved against its page's URL, it is the row's page and fragment.
    const pageUrl = (n: number) => `https://x.test/base/p/p1/${rowPagePath(n)}`;
    for (const from of [1, 2, 3]) for (const r of rows) {
      const want = `${pageUrl(r.supersededBy.length > 0 ? 1 : (pages.get(r.anchor) ?? 1))}#${r.anchor}`;
      expect(new URL(rowHref(pages, from, r.anchor), pageUrl(from)).href).toBe(want);
    }
  });
});
