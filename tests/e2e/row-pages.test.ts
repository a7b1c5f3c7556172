/**
 * Pages proportionate to what a person reads (issue 30, scope 3; src/lib/site/row-pages.ts):
 * a recap of 350 rows carries its first 100 and links two row pages of up to 200; a permalink to a later
 * row lands on its row page; with scripts off every row is reached through the pager; a search
 * result for a later row links its row page; a row page sends a link it does not hold (a flag)
 * to the recap; a reason of the agent's words past 20 rows is its count and a search link that
 * lists its rows. Built from a small real-shaped corpus (scripts/gen-corpus-real.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildSite, REPO_ROOT, type BuiltSite } from './build-site.ts';
import type { StaticServer } from './static-server.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { generateRealShapedCorpus } from '../../scripts/gen-corpus-real.ts';
import { readModel } from '../../src/lib/archive/model-store.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkFirst, checkFirstGroups } from '../../src/lib/projections/check-first.ts';
import { readText } from './page-helpers.ts';
import { checkLinks } from './link-checker.ts';

/** The HTML files under `dir`, at any depth. */
async function listHtml(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listHtml(path)));
    else if (entry.name.endsWith('.html')) out.push(path);
  }
  return out;
}

const PROJECT = 'projects-project-0000';
let dir: string;
let site: BuiltSite;
let server: StaticServer;
let browser: Browser;
let page: Page;
let model: ProjectModel;
/** The project's rows a recap shows (not superseded), in file order. */
let shown: string[];

/** A real-shaped project of 350 rows; its model read back. */
async function buildRows(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-rows-'));
  await generateRealShapedCorpus({ projects: 1, rows: 350, seed: 3, out: join(dir, 'corpus'), commits: 30, files: 20, shape: join(REPO_ROOT, '..', 'shared', 'corpus', 'real'), checkFirst: 0.41 });
  const built = await buildSite([join(dir, 'corpus')]);
  model = await readModel(built.cacheDir, PROJECT);
  shown = model.rows.filter((r) => r.supersededBy.length === 0).map((r) => r.anchor);
  return built;
}

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a recap of 350 rows', () => {
  archiveInBrowser(buildRows, {}, (a) => ({ site, server, browser, page } = a));

  it('carries its first 100 rows and links the two row pages, which hold the rest', async () => {
    expect(shown.length).toBeGreaterThan(300);
    await page.goto(`${server.url}p/${PROJECT}/`);
    expect(await page.locator('.decisions > .rows > article').evaluateAll((rows) => rows.map((r) => r.id))).toEqual(shown.slice(0, 100));
    expect(await page.locator('nav.row-pages a').allTextContents()).toEqual(['rows 1–100', 'rows 101–300', `rows 301–${shown.length}`]);
    expect(await page.locator('nav.row-pages a[aria-current="page"]').textContent()).toBe('rows 1–100');
    await page.goto(`${server.url}p/${PROJECT}/rows/3/`);
    expect(await page.locator('h1').textContent()).toBe(`${model.title}: rows 301–${shown.length}`);
    expect(await page.locator('.decisions > .rows > article').evaluateAll((rows) => rows.map((r) => r.id))).toEqual(shown.slice(300));
  });

  it('takes a permalink to a row on a later page there', async () => {
    const anchor = shown[150] as string;
    await page.goto(`${server.url}p/${PROJECT}/#${anchor}`);
    await page.waitForURL(`${server.url}p/${PROJECT}/rows/2/#${anchor}`);
    await expect.poll(() => page.locator(`#${anchor}`).isVisible()).toBe(true);
    // A fragment a row page does not hold (a flag in Attention) is the recap's.
    await page.goto(`${server.url}p/${PROJECT}/rows/2/#flag-1`);
    await page.waitForURL(`${server.url}p/${PROJECT}/#flag-1`);
    expect(await page.locator('#flag-1').count()).toBe(1);
  });

  it('reaches every row without scripts, through the pager', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}p/${PROJECT}/`);
    const seen: string[] = [];
    const hrefs = await page.locator('nav.row-pages a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      await page.goto(href);
      seen.push(...(await page.locator('.decisions > .rows > article').evaluateAll((rows) => rows.map((r) => r.id))));
    }
    expect(seen).toEqual(shown);
    await context.close();
  });

  it('links a Check first entry to a row on a later page there, and it lands without scripts; every in-page link has its target', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const p = await context.newPage();
    const recap = `${server.url}p/${PROJECT}/`;
    await p.goto(recap);
    // The first entry in view whose row is on a row page: its href is that page's path and the row's anchor.
    const link = p.locator('section.check-first a[href^="rows/"]:visible').first();
    const href = (await link.getAttribute('href')) as string;
    const anchor = href.slice(href.indexOf('#') + 1);
    const n = Math.floor((shown.indexOf(anchor) - 100) / 200) + 2;
    expect(shown.indexOf(anchor)).toBeGreaterThanOrEqual(100);
    expect(href).toBe(`rows/${n}/#${anchor}`);
    await link.click();
    await p.waitForURL(`${recap}rows/${n}/#${anchor}`);
    expect(await p.locator(`#${anchor}`).count()).toBe(1);
    await expect.poll(() => p.locator(`#${anchor}`).evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight; })).toBe(true);
    // A row page's flag link goes to the recap's flag card.
    const flag = p.locator('.rows .row-flags a').first();
    const flagHref = (await flag.getAttribute('href')) as string;
    expect(flagHref).toMatch(/^\.\.\/\.\.\/#flag-\d+$/);
    await flag.click();
    await p.waitForURL(`${recap}${flagHref.slice('../../'.length)}`);
    expect(await p.locator(flagHref.slice('../../'.length)).count()).toBe(1);
    // On the recap and each row page, a link to a fragment alone has its target on that page.
    for (const path of ['', 'rows/2/', 'rows/3/']) {
      await p.goto(`${recap}${path}`);
      const missing = await p.locator('a[href^="#"]').evaluateAll((as) => as.map((a) => decodeURIComponent((a.getAttribute('href') ?? '').slice(1))).filter((id) => id !== '' && document.getElementById(id) === null));
      expect({ path, missing }).toEqual({ path, missing: [] });
    }
    await context.close();
  });

  it('has every link of the archive land on its target: a file, and an element with the fragment’s id (link checker), the /r/ pages’ Cited by links to later rows too', async () => {
    const report = await checkLinks(site.out, '/');
    expect(report.internal).toBeGreaterThan(1000);
    expect(report.problems).toEqual([]);
    // The evidence pages link rows on row pages at those pages (they land without the recap's script).
    const linked = new Set<string>();
    for (const file of await listHtml(join(site.out, 'r'))) {
      for (const m of (await readFile(file, 'utf8')).matchAll(/<ul class="cited-by">(.*?)<\/ul>/gs)) for (const a of (m[1] as string).matchAll(/<a href="([^"]*)"/g)) linked.add(a[1] as string);
    }
    const later = [...linked].filter((href) => href.startsWith(`/p/${PROJECT}/rows/`));
    expect(later.length).toBeGreaterThan(0);
    for (const href of later) {
      const anchor = href.slice(href.indexOf('#') + 1);
      expect(href).toBe(`/p/${PROJECT}/rows/${Math.floor((shown.indexOf(anchor) - 100) / 200) + 2}/#${anchor}`);
    }
    // And no Cited by link sends a row past the recap's first 100 to the recap's fragment.
    expect([...linked].filter((href) => href.startsWith(`/p/${PROJECT}/#`) && shown.indexOf(href.slice(href.indexOf('#') + 1)) >= 100)).toEqual([]);
  });

  it('links a later row’s search result to its row page', async () => {
    const row = model.rows.find((r) => r.anchor === shown[120]);
    await page.goto(`${server.url}search/?q=${row?.id}`);
    const first = page.locator('#search-results a').first();
    await expect.poll(async () => first.getAttribute('href')).toBe(`/p/${PROJECT}/rows/2/#${shown[120]}`);
  });

  it("gives a reason of the agent's words past 20 rows as its count and a search link that lists its rows (issue 30, output size)", async () => {
    const group = checkFirstGroups(checkFirst(model.rows)).find((g) => g.band === 'words' && g.outcome === 'result' && g.reason === 'reported-done');
    const n = group?.entries.length ?? 0;
    expect(n).toBeGreaterThan(20);
    await page.goto(`${server.url}p/${PROJECT}/`);
    const linked = page.locator('#check-first-words > p.cf-linked.cf-result').first();
    // use10: the link lists exactly the group's rows (search's `check first` filter), and says so.
    expect(await readText(linked)).toBe(`result reported done: the agent's word, not a check ${n} rows list these ${n} rows in search`);
    expect(await page.locator('#check-first-words a[href^="#row-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).not.toContain(`#${group?.entries[0]?.row.anchor}`);
    await page.locator('#check-first-words > summary').click();
    await linked.locator('a.cf-search').click();
    await page.waitForURL((url) => url.pathname === '/search/');
    // Search lists exactly the group's rows: none of the first group's with that result, none superseded.
    const all = group?.entries ?? [];
    const status = await page.waitForFunction(() => {
      const el = document.querySelector('#search-status');
      return el?.hasAttribute('data-count') ? (el.textContent ?? '') : null;
    });
    expect(await status.jsonValue()).toBe(`${all.length} results: ${all.length} rows.`);
    // "Show more" until every result is listed; the button hides while a page is read, so wait
    // for either every result or the button shown again (never click a button being hidden).
    await page.waitForLoadState('networkidle');
    const more = page.locator('#search-more');
    for (;;) {
      const state = await page.waitForFunction((total) => {
        if (document.querySelectorAll('#search-results li.result').length >= total) return 'done';
        const button = document.querySelector<HTMLElement>('#search-more');
        return button instanceof HTMLButtonElement && !button.hidden && !button.disabled && button.offsetParent !== null ? 'more' : null;
      }, all.length);
      if ((await state.jsonValue()) === 'done') break;
      await more.click();
      await page.waitForLoadState('networkidle');
    }
    const hrefs = await page.locator('#search-results li.result a.result-title').evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').replace(/^.*#/, '')));
    expect([...hrefs].sort()).toEqual((group?.entries ?? []).map((e) => e.row.anchor).sort());
  });

  it('puts 200 rows and little else on a row page: its frame a few KB, its bytes a row fewer than the recap’s', async () => {
    const recap = await readFile(join(site.out, 'p', PROJECT, 'index.html'), 'utf8');
    const rows2 = await readFile(join(site.out, 'p', PROJECT, 'rows', '2', 'index.html'), 'utf8');
    const rowsOf = (page: string): string => page.slice(page.indexOf('<div class="rows">'), page.indexOf('</div>', page.indexOf('<div class="rows">')));
    expect(rowsOf(rows2).match(/<article /g)?.length).toBe(200);
    expect(rowsOf(rows2).length).toBeGreaterThan(200 * 300);
    // The frame: head, site header and footer, the h1, the pager and the next link.
    expect(Buffer.byteLength(rows2) - Buffer.byteLength(rowsOf(rows2))).toBeLessThan(6000);
    // The recap adds the summary, Check first and Attention to its 100 rows.
    expect(Buffer.byteLength(rows2) / 200).toBeLessThan(Buffer.byteLength(recap) / 100);
  });

  it('has no serious or critical axe violation on the paged recap and a row page, light and dark', async () => {
    const axeSource = readFileSync(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      for (const path of [`p/${PROJECT}/`, `p/${PROJECT}/rows/2/`]) {
        await page.goto(`${server.url}${path}`);
        await page.evaluate(axeSource);
        const serious = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
          return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
        });
        expect(serious, `${colorScheme} ${path}`).toEqual([]);
      }
      await context.close();
    }
  });
});
