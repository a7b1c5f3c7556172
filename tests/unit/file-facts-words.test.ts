/**
 * A one-line file is "1 line" (last session's review): a pointer's reason said "file exists at
 * landed head; 1 lines" and "(1 lines at landed head)", and a file page's facts "1 lines ·
 * 1 bytes". The reasons are pinned where they are resolved (pointer-resolution,
 * real-tree-paths, hard-repositories, hostile-corpus); the facts line is pinned here.
 */
import { describe, expect, it } from 'vitest';
import { fileFactsHtml } from '../../src/components/html/evidence-page.ts';

describe("a file page's facts line", () => {
  it('counts a file of one line and one byte in the singular, and others in the plural', () => {
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 1, bytes: 1 }, []).value).toBe('<p class="meta file-facts">at landed head 90ccfe22d4e9 · 1 line · 1 byte</p>');
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 43, bytes: 1238 }, [{ from: 10, to: 20 }]).value).toBe(
      '<p class="meta file-facts">at landed head 90ccfe22d4e9 · 43 lines · 1238 bytes · cited: <a href="#L10">lines 10–20</a></p>',
    );
    expect(fileFactsHtml('at landed head 90ccfe22d4e9', { totalLines: 0, bytes: 0 }, []).value).toBe('<p class="meta file-facts">at landed head 90ccfe22d4e9 · 0 lines · 0 bytes</p>');
  });
});
