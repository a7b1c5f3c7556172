/**
 * A phrase with a near-universal word on the search page (issue 30): its first result is
 * listed as soon as its stored title is read, while the first page's other titles are still
 * read (src/lib/search/query/leading-hit.ts, src/scripts/search.ts), and the page then lists
 * a page of 25 in all, that first one once. Built from 36 × 1,000 generated rows
 * (scripts/gen-corpus.ts): `step` stands in every title, in more than TOP_MIN (32,768)
 * records and more than half the index, so a query holding it reads a phrase's first page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { chromiumAvailable } from './browser.ts';
import { readText, searchDone } from './page-helpers.ts';
import { generateCorpus } from '../../scripts/gen-corpus.ts';

let page: Page;
let origin: string;
let dir = '';

archiveInBrowser(
  async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-phrase-'));
    await generateCorpus({ projects: 36, rows: 1000, seed: 5, out: join(dir, 'corpus'), projectsPerRepo: 36 });
    return buildSite([join(dir, 'corpus')]);
  },
  { viewport: { width: 1024, height: 640 }, gzip: true },
  (a) => ({ page, origin } = a),
);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The results listed, as their links. */
const listed = (): Promise<string[]> => page.locator('#search-results li.result a.result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));

describe.skipIf(!chromiumAvailable())('a phrase with a near-universal word', () => {
  it('`step 14`: the first result is listed while the other titles of the page are read; then a page of 25, each once', async () => {
    // Every doc-store file after the first held for 1.5 s: a slow host, six files at a time.
    let docs = 0;
    await page.route('**/search-index/docs/**', async (route) => {
      if (docs++ > 0) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`${origin}/search/?q=step+14`);
    await page.waitForFunction(() => document.querySelectorAll('#search-results li.result').length > 0);
    expect(await listed()).toEqual(['/p/projects-project-0029/#row-3831040f']);
    expect(await readText(page.locator('#search-results li.result').first())).toBe('Cache the retry queue for step 14 of project 29Project 29the migration must be reversible; the reviewer asked for itEvidence: 1c3d27c verifiedtype: decision · phase: design · result: verified · evidence status: verified · evidence kind: commit · flag severity: high · actor: lead · source format: bbs decisions.jsonl · year: 2024');
    expect(await readText(page.locator('#search-status'))).toBe('Searching…');
    if (process.env['SHOTS']) await page.screenshot({ path: join(process.env['SHOTS'], 'phrase-leading-1024.png') });
    await searchDone(page);
    const hrefs = await listed();
    expect(hrefs).toHaveLength(25);
    expect(new Set(hrefs).size).toBe(25);
    expect(hrefs[0]).toBe('/p/projects-project-0029/#row-3831040f');
    // `step` and `14` hold fewer postings than four top blocks: read whole, every result ranked
    // and counted (a new-user trial found 15 of the 36 rows titled `… step 14 …` on a first page
    // from top blocks, weaker records listed before the other 21).
    // Commits and files are found by their SHA, path and subject, not by the words of "Cited by
    // 3 rows of …" / "… at lines 14-20" (36,398 results before: 40 commits, 26 files).
    expect(await readText(page.locator('#search-status'))).toBe('36,334 results: 35,923 rows, 407 flags, 1 commit, 1 file, 2 invalid records. 1,725 hold every word.');
    const titles = await page.locator('#search-results li.result a.result-title').allTextContents();
    expect(titles.every((t) => / for step 14 of project \d+$/.test(t))).toBe(true);
    // Show more: the 25 listed stay, 25 more follow, the other 11 rows titled `… step 14 …` first.
    await page.locator('#search-more').click();
    await page.waitForFunction(() => document.querySelectorAll('#search-results li.result').length >= 50);
    const more = await listed();
    expect(more.slice(0, 25)).toEqual(hrefs);
    expect(new Set(more).size).toBe(50);
    const moreTitles = await page.locator('#search-results li.result a.result-title').allTextContents();
    expect(moreTitles.filter((t) => / for step 14 of project \d+$/.test(t))).toHaveLength(36);
    expect(moreTitles.slice(0, 36).every((t) => / for step 14 of project \d+$/.test(t))).toBe(true);
  });

  it('`ledger writer step 14` on a phone: the phrase’s first page gives way to the whole search; its first result listed first, once', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/search/?q=ledger+writer+step+14`);
    await searchDone(page);
    const hrefs = await listed();
    expect(hrefs).toHaveLength(25);
    expect(new Set(hrefs).size).toBe(25);
    expect(hrefs.slice(0, 3)).toEqual(['/p/projects-project-0032/#row-a30723fe', '/p/projects-project-0019/#row-20780f0e', '/p/projects-project-0002/#row-b634f867']);
    expect(await readText(page.locator('#search-status'))).toMatch(/^36,337 results: /);
    if (process.env['SHOTS']) await page.screenshot({ path: join(process.env['SHOTS'], 'phrase-390.png'), fullPage: false });
  });
});
