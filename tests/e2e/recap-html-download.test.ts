/**
 * recap.html made in the browser (issue 17, scope 6): by default the build writes no
 * `p/<id>/recap.html`; the recap page's Download makes it from recap.json.gz with the builder
 * the build runs with `--recap-html`. In Chromium, on the example corpus built twice with the
 * same options (with a site URL, so evidence links and file keys are in the file), the file the
 * page makes is byte for byte the file `--recap-html` writes, for every project; it still loads
 * nothing and runs no script; the builder is fetched on the click only; and without script the
 * entry says what it needs and links what exists.
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, REPO_ROOT, type BuiltSite } from './build-site.ts';
import { launchBrowser } from './browser.ts';
import { listing } from './file-listing.ts';
import { readText, watchPage } from './page-helpers.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

const BASE = '/archive/';
const OPTIONS = ['--base', BASE, '--site', 'https://example.com/archive/', '--title', 'Team <archive> & "runs"'];
const PROJECT = 'tickets-faults';

let onDemand: BuiltSite;
let written: BuiltSite;
let onDemandServer: StaticServer;
let writtenServer: StaticServer;
let browser: Browser;
let projects: string[];

beforeAll(async () => {
  [onDemand, written] = await Promise.all([buildSite([], OPTIONS), buildSite([], [...OPTIONS, '--recap-html'])]);
  onDemandServer = await serveStatic(onDemand.out, BASE);
  writtenServer = await serveStatic(written.out, BASE);
  browser = await launchBrowser();
  projects = (await listing(written.out, (f) => /^p\/[^/]+\/recap\.html$/.test(f))).map((f) => f.split('/')[1] as string);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await onDemandServer?.close();
  await writtenServer?.close();
  for (const s of [onDemand, written]) if (s) await rm(dirname(s.out), { recursive: true, force: true });
});

/** Opens a page in a fresh context; `errors` collects console errors and page errors. */
async function open(url: string, options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[]; requests: string[] }> {
  const context = await browser.newContext({ acceptDownloads: true, ...options });
  const page = await context.newPage();
  const watch = watchPage(page, new URL(url).origin);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  expect((await page.goto(url))?.status()).toBe(200);
  return { context, page, errors: watch.errors, requests };
}

/** Clicks `target` and returns the download's suggested name and bytes. */
async function download(page: Page, target: ReturnType<Page['locator']>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('the default build', () => {
  it('writes no recap.html, and archive.json links the page’s download that makes it', async () => {
    expect(projects.length).toBeGreaterThan(10);
    expect(await listing(onDemand.out, (f) => f.endsWith('recap.html'))).toEqual([]);
    const index = JSON.parse(await readFile(join(onDemand.out, 'archive.json'), 'utf8')) as { projects: Array<{ id: string; links: { recapHtml: string } }> };
    expect(index.projects.find((p) => p.id === PROJECT)?.links.recapHtml).toBe(`https://example.com/archive/p/${PROJECT}/#recap-html`);
    const { context, page } = await open(`${onDemandServer.url}p/${PROJECT}/`);
    expect(await page.locator('#recap-html button').isVisible()).toBe(true);
    await context.close();
    expect(onDemand.stderr).toContain("each recap's Download list makes a recap.html that opens from disk (or build with --recap-html to write them all).");
    expect(onDemand.stderr).toContain(`Its recap: http://127.0.0.1:4321${BASE}p/${PROJECT}/ while \`trailbook serve `);
  });

  it("makes each project's recap.html in the browser, byte for byte the file --recap-html writes", async () => {
    for (const id of projects) {
      const { context, page, errors, requests } = await open(`${onDemandServer.url}p/${id}/`);
      // The builder is its own chunk, fetched on the click only.
      const builderRequested = (): boolean => requests.some((r) => /\/_astro\/export-recap\.[\w-]+\.js$/.test(r));
      expect(builderRequested(), id).toBe(false);
      const made = await download(page, page.locator('#recap-html button'));
      expect(builderRequested(), id).toBe(true);
      expect(made.name).toBe(`${id}-recap.html`);
      const file = await readFile(join(written.out, 'p', id, 'recap.html'));
      expect(made.bytes.equals(file), `${id}: the made file differs from the written one`).toBe(true);
      expect(await readText(page.locator('#recap-html [data-recap-html-status]'))).toBe(`saved as ${id}-recap.html`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the file it makes opens from file:// offline, its stylesheet allowed by the CSP, with no script and no request', async () => {
    const { context, page } = await open(`${onDemandServer.url}p/${PROJECT}/`);
    const made = await download(page, page.locator('#recap-html button'));
    await context.close();
    const dir = dirname(onDemand.out);
    const path = join(dir, `${PROJECT}-recap.html`);
    await import('node:fs/promises').then((fs) => fs.writeFile(path, made.bytes));
    const offline = await browser.newContext();
    await offline.setOffline(true);
    const file = pathToFileURL(path).href;
    const requests: string[] = [];
    const violations: string[] = [];
    offline.on('request', (r) => {
      if (r.url() !== file) requests.push(r.url());
    });
    const view = await offline.newPage();
    view.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    await view.goto(file);
    expect(await readText(view.locator('h1'))).toBe('Planted faults');
    expect(await view.locator('.status').first().evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    expect(await view.locator('script').count()).toBe(0);
    // With a site URL, evidence links lead to the published archive.
    expect(await view.locator('a.evidence-pointer[href^="https://example.com/archive/r/"]').count()).toBeGreaterThan(0);
    expect(requests).toEqual([]);
    expect(violations).toEqual([]);
    await offline.close();
  });

  it('without script, says what the download needs and links recap.json.gz, which exists', async () => {
    const { context, page } = await open(`${onDemandServer.url}p/${PROJECT}/`, { javaScriptEnabled: false });
    expect(await page.locator('#recap-html button').isVisible()).toBe(false);
    expect(await readText(page.locator('#recap-html [data-recap-html-nojs]'))).toBe(
      "recap.html: this page makes it with JavaScript, which is off. The same data is in recap.json.gz; trailbook build --recap-html writes each project's recap.html.",
    );
    const href = (await page.locator('#recap-html [data-recap-html-nojs] a').getAttribute('href')) as string;
    expect(href).toBe(`${BASE}p/${PROJECT}/recap.json.gz`);
    expect((await context.request.get(new URL(href, page.url()).href)).status()).toBe(200);
    await context.close();
  });
});

describe('the Download list with the recap.html button', () => {
  it('has no serious or critical axe violation, light or dark, with and without script', async () => {
    const axeSource = await readFile(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    const serious = (page: Page): Promise<string[]> =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
        const result = await axe.run({ include: ['nav.downloads'] }, { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(`${onDemandServer.url}p/${PROJECT}/`);
      // axe is injected through the DevTools protocol, which the page's CSP does not govern.
      await page.evaluate(axeSource);
      expect(await serious(page), `${colorScheme}, the button`).toEqual([]);
      // What a reader without script sees (the page's own markup before its script runs).
      await page.evaluate(() => {
        document.querySelector('[data-recap-html-js]')?.setAttribute('hidden', '');
        document.querySelector('[data-recap-html-nojs]')?.removeAttribute('hidden');
      });
      expect(await serious(page), `${colorScheme}, without script`).toEqual([]);
      await context.close();
    }
  });
});

describe('a build with --recap-html', () => {
  it('links the written file; its download is the file', async () => {
    const { context, page, errors } = await open(`${writtenServer.url}p/${PROJECT}/`);
    expect(await page.locator('#recap-html').count()).toBe(0);
    const link = page.locator('nav[data-downloads="project"] a', { hasText: /^recap\.html$/ });
    expect(await link.getAttribute('href')).toBe(`${BASE}p/${PROJECT}/recap.html`);
    const got = await download(page, link);
    expect(got.name).toBe(`${PROJECT}-recap.html`);
    expect(got.bytes.equals(await readFile(join(written.out, 'p', PROJECT, 'recap.html')))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    const index = JSON.parse(await readFile(join(written.out, 'archive.json'), 'utf8')) as { projects: Array<{ id: string; links: { recapHtml: string } }> };
    expect(index.projects.find((p) => p.id === PROJECT)?.links.recapHtml).toBe(`https://example.com/archive/p/${PROJECT}/recap.html`);
    expect(written.stderr).toContain("each project's recap.html also opens from disk.");
  });
});
