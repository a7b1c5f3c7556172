/**
 * A one-line file is "1 line" (last session's review): a pointer's reason said "file exists at
 * landed head; 1 lines" and "(1 lines at landed head)", and a file page's facts "1 lines ·
 * 1 bytes". The reasons are pinned where they are resolved (pointer-resolution,
 * real-tree-paths, hard-repositories, hostile-corpus); the facts line is pinned here.
 */
import { describe, expect, it } from 'vitest';
import { fileFactsHtml, MAX_CITED_RANGES_LISTED } from '../../src/components/html/evidence-page.ts';

describe("a file page's facts line", () => {
  it('counts a file of one line and one byte in the singular, and others in the plural', () => {
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 1, bytes: 1 }, []).value).toBe('<p class="meta file-facts">at landed head 90ccfe22d4e9 · 1 line · 1 byte</p>');
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 43, bytes: 1238 }, [{ from: 10, to: 20 }]).value).toBe(
      '<p class="meta file-facts">at landed head 90ccfe22d4e9 · 43 lines · 1,238 bytes · cited: <a href="#L10">lines 10–20</a></p>',
    );
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 0, bytes: 0 }, []).value).toBe('<p class="meta file-facts">at landed head 90ccfe22d4e9 · 0 lines · 0 bytes</p>');
  });

  it('lists the first 20 cited ranges and counts the others (issue 30, output size)', () => {
    expect(MAX_CITED_RANGES_LISTED).toBe(20);
    const ranges = (n: number) => Array.from({ length: n }, (_, i) => ({ from: i + 1, to: i === 0 ? 1 : i + 5 }));
    const links = ranges(20).map((r) => `<a href="#L${r.from}">${r.from === r.to ? `line ${r.from}` : `lines ${r.from}–${r.to}`}</a>`).join(', ');
    const facts = (n: number) => fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 99, bytes: 999 }, ranges(n)).value;
    expect(facts(20)).toBe(`<p class="meta file-facts">at landed head 90ccfe22d4e9 · 99 lines · 999 bytes · cited: ${links}</p>`);
    expect(facts(21)).toBe(`<p class="meta file-facts">at landed head 90ccfe22d4e9 · 99 lines · 999 bytes · cited: ${links} and 1 more range</p>`);
    expect(facts(250)).toBe(`<p class="meta file-facts">at landed head 90ccfe22d4e9 · 99 lines · 999 bytes · cited: ${links} and 230 more ranges</p>`);
  });
});
