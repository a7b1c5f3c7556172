/**
 * An evidence page's Cited by list (src/components/html/evidence-page.ts): 20 citations at most
 * (issue 30, output size), the rest counted, with a link to the search that lists them all;
 * the loaders gather only those 20 of each entry, and its count (issue 30, the rebuild's fixed part).
 */
import { describe, expect, it } from 'vitest';
import { citedByHtml } from '../../src/components/html/evidence-page.ts';
import { commitEntryDigest, fileEntryDigest, gatherEvidence, listedCitations, MAX_CITATIONS_SHOWN } from '../../src/lib/archive/evidence-entries.ts';

const cite = (n: number) => ({ rowId: `r${n}`, anchor: `row-r${n}`, decision: `Decision ${n}`, projectId: 'p', projectTitle: 'P' });

describe('Cited by', () => {
  it('lists 20 citations and counts the rest', () => {
    expect(MAX_CITATIONS_SHOWN).toBe(20);
    const { listed, citations, moreCitations } = listedCitations({ by: Array.from({ length: 73 }, (_, i) => cite(i)), citations: 73 });
    expect([listed.length, citations, moreCitations]).toEqual([20, 73, 53]);
    expect(listed.at(-1)?.rowId).toBe('r19');
    expect(citedByHtml(listed, moreCitations, '/', 'src/a.ts').value).toContain('<p class="meta">… and 53 more rows cite it. <a href="/search/?q=src%2Fa.ts">Search for it</a> to see them all.</p>');
  });

  it('counts the rows citing an entry gathered with only the citations a page lists (issue 30)', () => {
    const { listed, citations, moreCitations } = listedCitations({ by: Array.from({ length: 20 }, (_, i) => cite(i)), citations: 1208 });
    expect([listed.length, citations, moreCitations]).toEqual([20, 1208, 1188]);
  });

  it('gathers the first 20 citations of an entry and counts every one; its digests are those of the entry gathered whole', async () => {
    const repository = { id: 'repo', path: 'repos/repo.git', head: 'a'.repeat(40) };
    const projects = [
      { id: 'p1', title: 'P1', repository },
      { id: 'p2', title: 'P2', repository },
    ];
    const by = (project: string, n: number) => Array.from({ length: n }, (_, i) => ({ rowId: `${project}-${i}`, anchor: `row-${project}-${i}`, decision: `Decision ${i}` }));
    const cited = async (id: string) => ({
      commits: [{ oid: 'c'.repeat(40), by: by(id, id === 'p1' ? 12 : 16) }],
      files: [{ path: 'README.md', origin: 'repository' as const, ranges: [{ from: 1, to: 2 }], by: by(id, id === 'p1' ? 18 : 4) }],
    });
    const whole = await gatherEvidence(projects, cited);
    const kept = await gatherEvidence(projects, cited, { keep: MAX_CITATIONS_SHOWN });
    const [commitWhole, commitKept] = [whole.commits[0], kept.commits[0]];
    const [fileWhole, fileKept] = [whole.files[0], kept.files[0]];
    if (!commitWhole || !commitKept || !fileWhole || !fileKept) throw new Error('no entries gathered');
    expect([commitWhole.by.length, commitWhole.citations, commitKept.by.length, commitKept.citations]).toEqual([28, 28, 20, 28]);
    expect([fileWhole.by.length, fileWhole.citations, fileKept.by.length, fileKept.citations]).toEqual([22, 22, 20, 22]);
    expect(commitKept.by.map((b) => b.rowId).slice(10, 14)).toEqual(['p1-10', 'p1-11', 'p2-0', 'p2-1']);
    expect(commitKept.by.at(-1)).toEqual({ rowId: 'p2-7', anchor: 'row-p2-7', decision: 'Decision 7', projectId: 'p2', projectTitle: 'P2' });
    expect(commitEntryDigest(commitKept, [])).toBe(commitEntryDigest(commitWhole, []));
    expect(fileEntryDigest(fileKept)).toBe(fileEntryDigest(fileWhole));
    expect(listedCitations(commitKept)).toEqual(listedCitations(commitWhole));
    // One more row cited past the first 20 changes the count shown, so the digest.
    expect(commitEntryDigest({ ...commitKept, citations: 29 }, [])).not.toBe(commitEntryDigest(commitKept, []));
    expect(fileEntryDigest({ ...fileKept, citations: 23 })).not.toBe(fileEntryDigest(fileKept));
  });

  it("gathers a file's cited ranges of every project once each, sorted; a path's versions link each other", async () => {
    const repository = { id: 'repo', path: 'repos/repo.git', head: 'a'.repeat(40) };
    const projects = ['p1', 'p2', 'p3'].map((id) => ({ id, title: id.toUpperCase(), repository }));
    const row = { rowId: 'r', anchor: 'row-r', decision: 'D' };
    const ranges: Record<string, Array<{ from: number; to: number }>> = {
      p1: [{ from: 9, to: 9 }, { from: 1, to: 3 }, { from: 1, to: 3 }],
      p2: [{ from: 1, to: 3 }, { from: 1, to: 4 }],
      p3: [{ from: 9, to: 9 }, { from: 2, to: 2 }],
    };
    const cited = async (id: string) => ({
      commits: [],
      files: [
        { path: 'src/a.ts', origin: 'repository' as const, ranges: ranges[id] ?? [], by: [row] },
        ...(id === 'p2' ? [{ path: 'src/a.ts', origin: 'repository' as const, at: 'b'.repeat(40), ranges: [{ from: 5, to: 5 }], by: [row] }] : []),
      ],
    });
    const { files } = await gatherEvidence(projects, cited, { keep: MAX_CITATIONS_SHOWN });
    expect(files.map((f) => [f.id, f.ranges.map((r) => `${r.from}-${r.to}`), f.alsoAt ?? null, f.citations])).toEqual([
      [`r/repo/at/${'b'.repeat(40)}/src/a.ts`, ['5-5'], [null], 1],
      ['r/repo/src/a.ts', ['1-3', '1-4', '2-2', '9-9'], ['b'.repeat(40)], 3],
    ]);
  });

  it('links "Search for it" to the search for the SHA or path when rows are left out', () => {
    expect(citedByHtml([cite(1)], 23, '/archive/', 'src/a b&c.ts').value).toContain(
      '<p class="meta">… and 23 more rows cite it. <a href="/archive/search/?q=src%2Fa%20b%26c.ts">Search for it</a> to see them all.</p>',
    );
    expect(citedByHtml([cite(1)], 2, '/', '0edc03f1a2b3c4d5e6f708192a3b4c5d6e7f8091').value).toContain('<a href="/search/?q=0edc03f1a2b3c4d5e6f708192a3b4c5d6e7f8091">Search for it</a>');
    expect(citedByHtml([cite(1)], 2, '/').value).toContain('… and 2 more rows cite it. Search for it to see them all.');
    expect(citedByHtml([cite(1)], 0, '/', 'x').value).not.toContain('Search for it');
  });
});
