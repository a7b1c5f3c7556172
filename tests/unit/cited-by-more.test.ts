/**
 * An evidence page's Cited by list (src/components/html/evidence-page.ts): 50 citations at most
 * (issue 30, output size), the rest counted, with a link to the search that lists them all.
 */
import { describe, expect, it } from 'vitest';
import { citedByHtml } from '../../src/components/html/evidence-page.ts';
import { listedCitations, MAX_CITATIONS_SHOWN } from '../../src/lib/archive/evidence-entries.ts';

const cite = (n: number) => ({ rowId: `r${n}`, anchor: `row-r${n}`, decision: `Decision ${n}`, projectId: 'p', projectTitle: 'P' });

describe('Cited by', () => {
  it('lists 50 citations and counts the rest', () => {
    expect(MAX_CITATIONS_SHOWN).toBe(50);
    const { listed, citations, moreCitations } = listedCitations(Array.from({ length: 73 }, (_, i) => cite(i)));
    expect([listed.length, citations, moreCitations]).toEqual([50, 73, 23]);
    expect(listed.at(-1)?.rowId).toBe('r49');
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
