/**
 * The search page of the example corpus archive, in Chromium: pagefind results per row,
 * landing on the row's anchor, row-level filters with and without words, and the query and
 * filters kept in the URL. Everything is served from the local test server only.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildSite, type BuiltSite } from './build-site.ts';
import { copyDecisionTrailCorpus } from './decision-trail-corpus.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { launchBrowser } from './browser.ts';
import { isInViewport, readText, readTexts, targetId, watchPage, type PageWatch } from './page-helpers.ts';

let site: BuiltSite;
let server: StaticServer;
let browser: Browser;
let origin: string;
let context: BrowserContext;
let page: Page;
let watch: PageWatch;
let corpus = '';

beforeAll(async () => {
  // The six decision-trail projects of the example corpus, so that result counts are exact.
  corpus = await copyDecisionTrailCorpus();
  site = await buildSite([corpus]);
  server = await serveStatic(site.out);
  origin = new URL(server.url).origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) await rm(dirname(site.out), { recursive: true, force: true });
  if (corpus) await rm(dirname(corpus), { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1024, height: 640 } });
  page = await context.newPage();
  watch = watchPage(page, origin);
});

afterEach(async () => {
  await context.close();
  // No console error and no request to anything but the local server, in every test.
  expect(watch.errors).toEqual([]);
  expect(watch.offsite).toEqual([]);
});

const FINAL_STATUS = /^(Showing \d+ results?( \(more below\))?\.|No results\.|Type words from a decision, or pick a filter\.)$/;

/**
 * Waits until the page has run the search that `search` (a query string) describes: the URL
 * holds the same parameters (in any order) and the status line is final.
 */
async function settled(search: string): Promise<void> {
  await page.waitForFunction(
    ([wanted, pattern]) => {
      const norm = (q: string) => [...new URLSearchParams(q).entries()].map(([k, v]) => `${k}=${v}`).sort().join('&');
      return norm(location.search) === norm(wanted) && new RegExp(pattern).test(document.querySelector('#search-status')?.textContent ?? '');
    },
    [search, FINAL_STATUS.source] as const,
  );
}

async function openSearch(search = ''): Promise<void> {
  const response = await page.goto(`${origin}/search/${search}`);
  expect(response?.status()).toBe(200);
  await settled(search);
}

async function type(words: string, search: string): Promise<void> {
  await page.fill('#search-input', words);
  await settled(search);
}

async function select(filter: string, value: string, search: string): Promise<void> {
  await page.selectOption(`#search-filters select[name="${filter}"]`, value);
  await settled(search);
}

const status = () => readText(page.locator('#search-status'));
const titles = () => readTexts(page.locator('#search-results li.result .result-title'));
const hrefs = () => page.locator('#search-results li.result a.result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')));

/** Clicks "Show more results" until every result is listed; returns how many are shown. */
async function showAll(): Promise<number> {
  const more = page.locator('#search-more');
  while (await more.isVisible()) {
    const before = await page.locator('#search-results li.result').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('#search-results li.result').length > n, before);
  }
  return page.locator('#search-results li.result').count();
}

describe('search page', () => {
  it('starts empty, with every filter of the spec and a hint', async () => {
    await openSearch();
    expect(await page.locator('#search-form').isVisible()).toBe(true);
    expect(await page.locator('#search-nojs').count()).toBe(0);
    expect(await status()).toBe('Type words from a decision, or pick a filter.');
    expect(await page.locator('#search-results li').count()).toBe(0);
    const names = await page.locator('#search-filters select').evaluateAll((ss) => ss.map((s) => s.getAttribute('name')));
    // Every filter of spec/archive.md, in this order (others may sit between them).
    const spec = ['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'flag severity', 'actor', 'source format', 'year'];
    expect(names.filter((n) => n !== null && spec.includes(n))).toEqual(spec);
    const results = await page.locator('#search-filters select[name="result"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(results).toEqual(['', 'failed', 'inconclusive', 'note', 'open', 'reverted', 'verified']);
    const projects = await page.locator('#search-filters select[name="project"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(projects).toEqual(['', 'content/pstack-app', 'content/tickets/clean', 'content/tickets/failed', 'content/tickets/faults', 'content/tickets/no-audit', 'content/tickets/not-run']);
    expect(await readText(page.locator('label[for="search-input"]'))).toBe('Words from a decision, its reason or its evidence');
  });

  it('“fake-sha hotfix” finds the row; its result lands on the row, targeted', async () => {
    await openSearch();
    await type('fake-sha hotfix', '?q=fake-sha+hotfix');
    expect(await status()).toMatch(/^Showing \d+ results\.$/);
    const found = await hrefs();
    // The row first, then (among others that mention a hotfix) the two flags raised on it.
    expect(found[0]).toBe('/p/tickets-faults/#row-8635af1e');
    expect(found).toEqual(expect.arrayContaining(['/p/tickets-faults/#flag-1', '/p/tickets-faults/#flag-2']));
    expect(new Set(found).size).toBe(found.length);
    for (const text of await readTexts(page.locator('#search-results li.result'))) expect(text).toMatch(/hotfix|fake-sha/i);

    const result = page.locator('#search-results li.result').first();
    expect(await readText(result.locator('.result-title'))).toBe('Ship the fake-sha hotfix');
    expect(await readText(result.locator('.meta').first())).toBe('Planted faults');
    const tags = (await readText(result.locator('.result-filters'))).split(' · ');
    expect([...tags].sort()).toEqual([
      'actor: lead',
      'evidence kind: commit',
      'evidence status: not verified',
      'flag severity: high',
      'phase: phase-1',
      'result: verified',
      'source format: bbs decisions.jsonl',
      'type: decision',
      'year: 2026',
    ]);
    expect(await result.locator('.result-excerpt mark').count()).toBeGreaterThan(0);

    await result.locator('a.result-title').click();
    await page.waitForURL(`${origin}/p/tickets-faults/#row-8635af1e`);
    expect(await targetId(page)).toBe('row-8635af1e');
    const row = page.locator('#row-8635af1e');
    expect(await isInViewport(row)).toBe(true);
    expect(await readText(row.locator('h3'))).toBe('# Ship the fake-sha hotfix');
  });

  it('a flag is a result too, landing on the flag in Attention', async () => {
    await openSearch('?q=nobody+can+find');
    expect(await titles()).toEqual(['unsupported-claim: The hotfix row cites a commit nobody can find']);
    await page.locator('#search-results a.result-title').click();
    await page.waitForURL(`${origin}/p/tickets-faults/#flag-2`);
    expect(await targetId(page)).toBe('flag-2');
    expect(await page.locator('#flag-2').getAttribute('data-kind')).toBe('unsupported-claim');
    expect(await isInViewport(page.locator('#flag-2'))).toBe(true);
  });

  it('a result filter narrows a search: “parser”, then result = failed', async () => {
    await openSearch();
    await type('parser', '?q=parser');
    expect(await status()).toBe('Showing 20 results.');
    expect([...(await hrefs())].sort()).toEqual(
      [
        '/p/pstack-app/#row-2171583b',
        '/p/pstack-app/#row-3e43ba73',
        '/p/pstack-app/#row-47dda3e7',
        '/p/pstack-app/#row-e04c35f7',
        '/p/pstack-app/#row-e26ebb7e',
        '/p/tickets-clean/#row-018f85d0',
        '/p/tickets-clean/#row-09610072',
        '/p/tickets-clean/#row-3ef5b39d',
        '/p/tickets-clean/#row-529bc5a0',
        '/p/tickets-clean/#row-9e045a65',
        '/p/tickets-clean/#row-affba2cd',
        '/p/tickets-faults/#flag-14',
        '/p/tickets-faults/#flag-4',
        '/p/tickets-faults/#row-0a1f7f7c',
        '/p/tickets-faults/#row-29700948',
        '/p/tickets-faults/#row-6be99327',
        '/p/tickets-faults/#row-7701de86',
        '/p/tickets-faults/#row-841241d4',
        '/p/tickets-faults/#row-8ada2ddc',
        '/p/tickets-faults/#row-c1e14233',
      ].sort(),
    );
    expect(await titles()).toEqual(expect.arrayContaining(['Keep the legacy line counter', 'Integrate phase 1 at the parser commit', 'port the trail parser into the app as one change']));

    await select('result', 'failed', '?q=parser&result=failed');
    expect(await status()).toBe('Showing 1 result.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);
    expect(await hrefs()).toEqual(['/p/tickets-faults/#row-29700948']);

    await select('result', 'inconclusive', '?q=parser&result=inconclusive');
    expect(await titles()).toEqual(['Paste the full review into the why field']);

    await select('result', '', '?q=parser');
    expect(await status()).toBe('Showing 20 results.');
  });

  it('filters work without a search term', async () => {
    await openSearch('?result=failed');
    expect(await page.inputValue('#search-input')).toBe('');
    expect(await page.inputValue('#search-filters select[name="result"]')).toBe('failed');
    expect(await status()).toBe('Showing 1 result.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);

    await openSearch('?type=superseded+decision');
    expect(await titles()).toEqual(['Integrate phase 1 at the parser commit', 'Revert the off-by-one fix']);
    expect(await hrefs()).toEqual(['/p/tickets-clean/#row-3ef5b39d', '/p/tickets-faults/#row-bcbab5af']);

    await openSearch('?project=content%2Ftickets%2Fclean&type=superseded+decision');
    expect(await titles()).toEqual(['Integrate phase 1 at the parser commit']);

    await openSearch('?evidence+kind=command');
    expect([...(await titles())].sort()).toEqual(['confirmed the existing suite passes before the port', 'numbered trail lines from 1']);

    // Picking a filter on the empty page runs a search without words.
    await openSearch();
    await select('evidence status', 'not verified (inconclusive)', '?evidence+status=not+verified+%28inconclusive%29');
    expect([...(await titles())].sort()).toEqual([
      'confirmed the existing suite passes before the port',
      'numbered trail lines from 1',
      'picked candidate 1 for the parser shape',
      'port the trail parser into the app as one change',
    ]);
  });

  it('the URL keeps the words and filters, and a reload restores them', async () => {
    await openSearch();
    await type('parser', '?q=parser');
    await select('result', 'failed', '?q=parser&result=failed');
    expect(page.url()).toBe(`${origin}/search/?q=parser&result=failed`);

    await page.reload();
    await settled('?q=parser&result=failed');
    expect(await page.inputValue('#search-input')).toBe('parser');
    expect(await page.inputValue('#search-filters select[name="result"]')).toBe('failed');
    expect(await status()).toBe('Showing 1 result.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);

    // Clearing the words keeps the filter in the URL.
    await type('', '?result=failed');
    expect(await titles()).toEqual(['Keep the legacy line counter']);
  });

  it('a search with no match says so', async () => {
    await openSearch('?q=zebracorn');
    expect(await status()).toBe('No results.');
    expect(await page.locator('#search-results li').count()).toBe(0);
  });

  it('the count next to a filter value is the number of results that value shows', async () => {
    // (At commit e4f55f1 these were pagefind document counts, rows with the same facets
    // grouped into one document: "verified (25)" showed 28 results, "flag (4)" showed 16.)
    const checks: Array<[string, string]> = [
      ['result', 'verified'],
      ['project', 'content/tickets/clean'],
      ['type', 'flag'],
      ['type', 'superseded decision'],
      ['evidence kind', 'command'],
    ];
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [filter, value] of checks) {
      await openSearch(`?${new URLSearchParams({ [filter]: value }).toString()}`);
      const label = await page.locator(`#search-filters select[name="${filter}"] option:checked`).textContent();
      seen.push(`${filter}: ${label}`);
      expected.push(`${filter}: ${value} (${await showAll()})`);
    }
    expect(seen).toEqual(expected);
  });
});
