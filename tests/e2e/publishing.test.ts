/**
 * Publishing under a sub-path (issue 7): the real CLI builds the example corpus (and a real
 * beads folder, when present) with a configuration file that sets the title, the site URL,
 * the base `/archive/` and GitHub links for the example repository. A link checker walks
 * every built file (no broken link, no missing anchor, nothing leaves the base); Chromium
 * reads the site served under /archive/: every page type and its assets load, search
 * results stay under the base, a shared search URL restores its words and filters, and the
 * archive home's filters and sort live in the URL (and the table works without JavaScript).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, runCli, type BuiltSite } from './build-site.ts';
import type { StaticServer } from './static-server.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { type PageWatch, readText, readTexts, ROW_CARD, searchDone, targetId } from './page-helpers.ts';
import { checkLinks, type LinkReport } from './link-checker.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const BASE = '/archive/';
const SITE = 'https://archive.example/archive/';
const BEADS = join(REAL_CORPUS, '45ck__prompt-language');
const EXAMPLE_SHA = /^[0-9a-f]{40}$/;

let dir: string;
let out: string;
let server: StaticServer;
let browser: Browser;
let origin: string;
let page: Page;
let watch: PageWatch;
let failed: string[];

/** The first folder (sorted) under `path`, for picking a page of a kind. */
async function first(path: string): Promise<string> {
  const names = (await readdir(path)).sort();
  if (names.length === 0) throw new Error(`nothing in ${path}`);
  return names[0] as string;
}

/** The example corpus (and a real beads folder) built from a configuration for /archive/ into `dir`/site. */
async function buildForBase(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-publishing-'));
  out = join(dir, 'site');
  const inputs = [join(REPO_ROOT, 'content'), ...(existsSync(BEADS) ? [BEADS] : [])];
  await mkdir(join(dir, 'config'));
  await writeFile(
    join(dir, 'config', 'trailbook.config.json'),
    JSON.stringify({
      title: 'Acme agent archive',
      site: SITE,
      base: BASE,
      inputs,
      out: '../site',
      cacheDir: '../cache',
      repositories: [{ match: 'content/repos/example.git', forge: 'github', url: 'https://github.com/acme/app' }],
    }),
  );
  const run = await runCli(['build', '--config', join(dir, 'config', 'trailbook.config.json')]);
  if (run.code !== 0) throw new Error(`trailbook build failed (${run.code}):\n${run.stderr}`);
  return { ...run, out, cacheDir: join(dir, 'cache') };
}

// Served under /archive/; each test's page (1200×800) fails the test on a console error or an off-site request.
archiveInBrowser(buildForBase, { base: BASE, viewport: { width: 1200, height: 800 } }, (a) => ({ server, browser, origin, page, watch } = a));

describe('the link checker', () => {
  it('finds broken links, missing anchors and links that leave the base', async () => {
    const fake = join(dir, 'fake');
    await mkdir(join(fake, 'p', 'x'), { recursive: true });
    await writeFile(join(fake, 'p', 'x', 'index.html'), '<p id="here">x</p>');
    await writeFile(
      join(fake, 'index.html'),
      '<a href="p/x/">ok</a><a href="p/x/#here">ok</a><a href="p/x/#gone">anchor</a><a href="p/y/">file</a><a href="/elsewhere/">base</a><a href="p/x">slash</a><a href="javascript:alert(1)">js</a><a href="https://example.com/">external</a><a href="https://archive.example/other/">site</a>',
    );
    const report = await checkLinks(fake, BASE, SITE);
    expect(report.problems.map((p) => `${p.link}: ${p.problem}`)).toEqual([
      'p/x/#gone: no element with id "gone" on p/x/index.html',
      'p/y/: no such file p/y/index.html',
      '/elsewhere/: leaves the base /archive/',
      'p/x: a folder without the trailing /',
      'javascript:alert(1): a javascript: link',
      'https://archive.example/other/: leaves the base https://archive.example/archive/',
    ]);
    expect(report.external).toBe(1);
  });
});

describe('the archive built for /archive/', () => {
  let report: LinkReport;

  beforeAll(async () => {
    report = await checkLinks(out, BASE, SITE);
  });

  it('has no broken link: every href, src and anchor of every page resolves inside the base', () => {
    expect(report.problems).toEqual([]);
    expect(report.files).toBeGreaterThan(60);
    expect(report.internal).toBeGreaterThan(2000);
  });

  it('links the example repository to GitHub only through http(s) links', async () => {
    const repo = 'content-repos-example.git';
    const oid = await first(join(out, 'r', repo, 'commit'));
    expect(oid).toMatch(EXAMPLE_SHA);
    expect(report.external).toBeGreaterThan(10);
  });
});

describe.skipIf(!chromiumAvailable())('the archive served under /archive/ in Chromium', () => {
  // Beyond the harness's checks: no request of a page fails.
  beforeEach(() => {
    failed = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
  });

  afterEach(() => {
    expect(failed).toEqual([]);
  });

  const open = async (path: string): Promise<void> => {
    const response = await page.goto(`${origin}${BASE}${path}`);
    expect(response?.status()).toBe(200);
  };

  /** Every request the page made stays under the base (assets, scripts, search index). */
  const requestsUnderBase = (): string[] => server.requests.filter((r) => !r.startsWith(BASE));

  it('loads every page type with its assets, all under the base', async () => {
    const paths = ['', 'search/', 'p/tickets-faults/', 'p/coordination-faults/', 'p/tickets-arena-faults/', `r/content-repos-example.git/commit/${await first(join(out, 'r', 'content-repos-example.git', 'commit'))}/`];
    if (existsSync(join(out, 'report'))) paths.push('report/');
    if (existsSync(BEADS)) paths.push(`p/45ck__prompt-language/issue/${await first(join(out, 'p', '45ck__prompt-language', 'issue'))}/`);
    for (const path of paths) {
      await open(path);
      // The stylesheet applied (the header is laid out as flex), and the brand is the configured title.
      expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).display)).toBe('flex');
      expect(await readText(page.locator('.brand'))).toBe('Acme agent archive');
      expect(await page.title()).toMatch(/ · Acme agent archive$/);
      expect(await page.locator('.brand').getAttribute('href')).toBe(BASE);
    }
    expect(requestsUnderBase()).toEqual([]);
  });

  it('shows "View on GitHub" on commit and file pages and beside evidence pointers', async () => {
    await open('p/tickets-clean/');
    const forge = page.locator('.rows > article a.forge-link');
    expect(await forge.count()).toBeGreaterThan(3);
    const hrefs = await forge.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.every((h) => /^https:\/\/github\.com\/acme\/app\/(commit\/[0-9a-f]{40}|blob\/[0-9a-f]{40}\/\S+)$/.test(h))).toBe(true);
    expect(new Set(await readTexts(forge))).toEqual(new Set(['view on GitHub']));

    const commitLink = page.locator(`.rows > article ${ROW_CARD.evidenceItem} > a:first-child[href*="/commit/"]`).first();
    await commitLink.click();
    const oid = new URL(page.url()).pathname.split('/').at(-2) ?? '';
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${BASE}r/content-repos-example\\.git/commit/[0-9a-f]{40}/$`));
    expect(await page.locator('a.forge-link').getAttribute('href')).toBe(`https://github.com/acme/app/commit/${oid}`);
    expect(await readText(page.locator('a.forge-link'))).toBe('View on GitHub');

    await open('p/tickets-clean/');
    await page.locator(`.rows > article ${ROW_CARD.evidenceItem} > a:first-child[href*="/file/"][href*="#L"]`).first().click();
    const fileLink = await page.locator('a.forge-link').getAttribute('href');
    expect(fileLink).toMatch(/^https:\/\/github\.com\/acme\/app\/blob\/[0-9a-f]{40}\/\S+#L\d+$/);
  });

  it('search results link under the base and land on their row', async () => {
    await open('search/?q=fake-sha+hotfix');
    await searchDone(page);
    const hrefs = await page.locator('#search-results a.result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((h) => h.startsWith(`${BASE}p/`))).toBe(true);
    expect(hrefs).toContain(`${BASE}p/tickets-faults/#row-8635af1e`);
    await page.locator(`#search-results a.result-title[href="${BASE}p/tickets-faults/#row-8635af1e"]`).click();
    await page.waitForURL(`${origin}${BASE}p/tickets-faults/#row-8635af1e`);
    expect(await targetId(page)).toBe('row-8635af1e');
    expect(requestsUnderBase()).toEqual([]);
  });

  it('a shared search URL restores the words and every filter in a fresh browser', async () => {
    await open('search/');
    await page.fill('#search-input', 'parser');
    await page.locator('#search-filters-summary').click();
    await page.selectOption('#search-filters select[name="project"]', 'content/tickets/faults');
    await page.selectOption('#search-filters select[name="result"]', 'failed');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('result') === 'failed' && /^1 result: 1 row\.$/.test(document.querySelector('#search-status')?.textContent ?? '') && document.querySelector('#search-status')?.hasAttribute('data-count'));
    const shared = page.url();
    expect(new URL(shared).pathname).toBe(`${BASE}search/`);
    expect(Object.fromEntries(new URL(shared).searchParams)).toEqual({ q: 'parser', project: 'content/tickets/faults', result: 'failed' });
    const titles = await readTexts(page.locator('#search-results .result-title'));

    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(shared);
    await searchDone(fresh);
    expect(await readText(fresh.locator('#search-status'))).toBe('1 result: 1 row.');
    expect(await fresh.inputValue('#search-input')).toBe('parser');
    expect(await fresh.inputValue('#search-filters select[name="project"]')).toBe('content/tickets/faults');
    expect(await fresh.inputValue('#search-filters select[name="result"]')).toBe('failed');
    expect(await readTexts(fresh.locator('#search-results .result-title'))).toEqual(titles);
    expect(titles).toEqual(['Keep the legacy line counter']);
    await other.close();
  });

  const visibleProjects = (p: Page): Promise<string[]> => p.locator('table.projects tbody tr:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-project') ?? ''));

  it("the archive home's filters and sort live in the URL, and a shared URL restores them", async () => {
    await open('');
    const all = await visibleProjects(page);
    expect(await readText(page.locator('#home-status'))).toBe(`All ${all.length} projects shown.`);
    await page.selectOption('#home-show', 'high');
    await page.selectOption('#home-sort', 'high');
    expect(new URL(page.url()).search).toBe('?show=high&sort=high');
    const shown = await visibleProjects(page);
    expect(shown[0]).toBe('tickets-faults');
    expect(shown.length).toBeLessThan(all.length);
    const highs = await page.locator('table.projects tbody tr:visible').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-high'))));
    expect(highs.every((h) => h > 0)).toBe(true);
    expect(highs).toEqual([...highs].sort((a, b) => b - a));
    expect(await readText(page.locator('#home-status'))).toBe(`${shown.length} of ${all.length} projects shown.`);
    expect(await page.locator('th[aria-sort]').evaluateAll((ths) => ths.map((t) => `${t.textContent?.trim()}: ${t.getAttribute('aria-sort')}`))).toEqual(['Flags (all checks): descending']);

    await page.fill('#home-q', 'arena');
    await page.waitForFunction(() => location.search.includes('q=arena'));
    expect(await visibleProjects(page)).toEqual(['tickets-arena-faults']);
    const shared = page.url();

    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(shared);
    expect(await fresh.inputValue('#home-q')).toBe('arena');
    expect(await fresh.inputValue('#home-show')).toBe('high');
    expect(await fresh.inputValue('#home-sort')).toBe('high');
    expect(await visibleProjects(fresh)).toEqual(['tickets-arena-faults']);
    await other.close();

    // Without JavaScript the form is hidden and the table lists every project, what needs a person first.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(shared);
    expect(await plain.locator('#home-view').isVisible()).toBe(false);
    expect(await visibleProjects(plain)).toEqual(all);
    await noJs.close();
  });

  it('an unknown address shows the site\'s "Page not found", with status 404 and links under the base', async () => {
    const response = await page.goto(`${origin}${BASE}p/no-such-project/`);
    expect(response?.status()).toBe(404);
    // The 404 is the point here: the browser logs it, as it logs any failed load.
    failed = failed.filter((f) => !f.endsWith('/p/no-such-project/'));
    watch.errors = watch.errors.filter((e) => !e.includes('status of 404'));
    expect(await readText(page.locator('main h1'))).toBe('Page not found');
    expect(await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([BASE, `${BASE}search/`, `${BASE}report/`]);
    await page.locator('main a').first().click();
    await page.waitForURL(`${origin}${BASE}`);
    expect(await readText(page.locator('main h1'))).toBe('Archive');
  });
});
