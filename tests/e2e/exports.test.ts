/**
 * The exports in Chromium (issue 7; spec/archive.md "Exports and publishing"), on the
 * example corpus built under `--base /archive/` with `--recap-html` and `--decisions-csv` (the
 * files written; tests/e2e/where-people-look.test.ts downloads them made in the browser): the single-file recap opened from `file://`
 * shows its decisions and makes no request; every export is reachable from the recap and the
 * archive home and is what it says (recap.json and archive.json valid against the published
 * JSON Schemas, CSV, Atom); the build report is linked from every page's footer; and an
 * incremental build keeps the exports of unchanged projects.
 */
import { gunzipSync } from 'node:zlib';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSite, REPO_ROOT, runCli, type BuiltSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, readTexts } from './page-helpers.ts';
import { recapModel } from '../../src/lib/export/recap-model.ts';
import type { RecapExport } from '../../src/lib/export/recap-export.ts';
import type { StaticServer } from './static-server.ts';

const BASE = '/archive/';
const PROJECT = 'tickets-faults';

let site: BuiltSite;
let server: StaticServer;
let context: BrowserContext;
let page: Page;

archiveInBrowser(() => buildSite([], ['--base', BASE, '--recap-html', '--decisions-csv']), { base: BASE, allowOffsite: true }, (a) => ({ site, server, context, page } = a));

/** GETs a URL found on the page (resolved against it) through the browser; returns status, type and body. */
async function fetchFromPage(href: string): Promise<{ url: string; status: number; type: string; body: string }> {
  const url = new URL(href, page.url()).href;
  const response = await context.request.get(url);
  const bytes = await response.body();
  // The data exports are published gzip compressed (recap.json.gz, decisions.csv.gz): unpack them as a reader would.
  return { url, status: response.status(), type: response.headers()['content-type'] ?? '', body: (url.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8') };
}

describe('recap.html, the single-file recap', () => {
  it('opened from file:// shows its header, Check first, Attention and decisions, and makes no request', async () => {
    const file = pathToFileURL(join(site.out, 'p', PROJECT, 'recap.html')).href;
    await context.setOffline(true);
    const requests: string[] = [];
    context.on('request', (request) => {
      if (request.url() !== file) requests.push(request.url());
    });
    const response = await page.goto(file);
    expect(response === null || response.ok()).toBe(true);
    await page.waitForLoadState('load');

    expect(await readText(page.locator('h1'))).toBe('Planted faults');
    expect(await readTexts(page.locator('main section h2'))).toEqual(['Check first', 'Attention', 'Decisions', 'Invalid records']);
    expect(await readText(page.locator('.audit-sentence').last())).toBe("2 flags from codex-x / gpt-y (layer 2, the reviewer); Trailbook's own checks (layer 1) raised 13 more.");

    // recap/3 and /4 write rows by column and leaves out a row's anchor when it is row-<id>: read it as a reader would (recapModel).
    const model = recapModel(JSON.parse(gunzipSync(await readFile(join(site.out, 'p', PROJECT, 'recap.json.gz'))).toString('utf8')) as RecapExport);
    const visible = model.rows.filter((r) => r.supersededBy.length === 0);
    const hidden = model.rows.filter((r) => r.supersededBy.length > 0);
    expect(hidden.length).toBeGreaterThan(0);
    const shown = page.locator('section:has(> h2#decisions) > .rows > article.row');
    expect(await shown.count()).toBe(visible.length);
    for (const r of visible) {
      const row = page.locator(`article.row[id="${r.anchor}"]`);
      expect(await row.isVisible()).toBe(true);
      expect(await readText(row.locator('.row-decision'))).toBe(`# ${r.decision}`);
    }
    // Superseded rows are there, hidden until the reader opens them (no script needed).
    const superseded = page.locator('details.superseded');
    expect(await superseded.locator('article.row').count()).toBe(hidden.length);
    expect(await superseded.locator('article.row').first().isVisible()).toBe(false);
    await superseded.locator('summary').click();
    expect(await superseded.locator('article.row').first().isVisible()).toBe(true);

    // Check first links land on rows in the same file.
    const first = page.locator('.check-first-list > li > a').first();
    const target = (await first.getAttribute('href')) as string;
    expect(target).toMatch(/^#row-/);
    await first.click();
    expect(page.url()).toBe(`${file}${target}`);

    // The inline stylesheet applied (its CSP hash matched): status words are styled badges.
    expect(await page.locator('.status').first().evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    expect(await page.locator('script').count()).toBe(0);
    expect(requests).toEqual([]);
  });
});

describe('a project without decision rows', () => {
  it('lists no decisions.csv.gz for scripts (it would hold a header alone)', async () => {
    expect((await page.goto(`${server.url}p/coordination-clean/`))?.status()).toBe(200);
    const hrefs = await page.locator('nav[data-downloads="project"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href') as string));
    expect(hrefs).toEqual([`${BASE}p/coordination-clean/recap.html`, `${BASE}p/coordination-clean/recap.json.gz`, `${BASE}schema/recap.v4.json`]);
    // The CSV made in the browser says what it holds (use9: "one line per decision row" on a recap without any).
    expect(await page.locator('#decisions-csv .meta').textContent()).toBe('its header alone: this project has no decision rows');
  });
});

describe('exports under --base /archive/', () => {
  it('are reachable from the recap, and each is what it says', async () => {
    expect((await page.goto(`${server.url}p/${PROJECT}/`))?.status()).toBe(200);
    const downloads = page.locator('nav[data-downloads="project"] a');
    const hrefs = await downloads.evaluateAll((links) => links.map((a) => a.getAttribute('href') as string));
    expect(hrefs).toEqual([`${BASE}p/${PROJECT}/recap.html`, `${BASE}p/${PROJECT}/recap.json.gz`, `${BASE}schema/recap.v4.json`, `${BASE}p/${PROJECT}/decisions.csv.gz`]);

    const [single, json, schema, csv] = await Promise.all(hrefs.map(fetchFromPage));
    for (const r of [json, schema, csv, single]) expect(r?.status, r?.url).toBe(200);
    const recap = JSON.parse(json?.body as string) as { version: string; $schema: string; id: string; rows: { id: string[] } };
    expect(recap.version).toBe('trailbook.recap/4');
    expect(recap.id).toBe(PROJECT);
    expect(recap.$schema).toBe(`${BASE}schema/recap.v4.json`);
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(schema?.body as string) as object);
    expect(validate(recap), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect([json?.type, csv?.type]).toEqual(['application/gzip', 'application/gzip']);
    const lines = (csv?.body as string).split('\r\n');
    expect(lines[0]).toBe('id,ts,phase,ticket,actor,decision,why,evidence,evidence_status,result,superseded_by,file,line,flags,worst_severity,valid,error,raw');
    expect((csv?.body as string).endsWith('\r\n')).toBe(true);
    expect(single?.body.startsWith('<!doctype html>')).toBe(true);
  });

  it('every recap.json of the archive validates against the published schema', async () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(await readFile(join(site.out, 'schema', 'recap.v4.json'), 'utf8')) as object);
    const projects = await readdir(join(site.out, 'p'));
    expect(projects.length).toBeGreaterThan(10);
    for (const id of projects) {
      const doc = JSON.parse(gunzipSync(await readFile(join(site.out, 'p', id, 'recap.json.gz'))).toString('utf8')) as unknown;
      expect(validate(doc), `${id}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it('the archive home lists archive.json, the feed and the report; the feed is Atom whose links resolve', async () => {
    expect((await page.goto(server.url))?.status()).toBe(200);
    const hrefs = await page.locator('nav[data-downloads="archive"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href') as string));
    expect(hrefs).toEqual([`${BASE}archive.json`, `${BASE}schema/archive.v1.json`, `${BASE}feed.xml`, `${BASE}report/`, `${BASE}report.json`, `${BASE}schema/report.v1.json`]);
    for (const href of hrefs) expect((await fetchFromPage(href)).status, href).toBe(200);
    expect(await page.locator(`link[rel="alternate"][type="application/atom+xml"]`).getAttribute('href')).toBe(`${BASE}feed.xml`);

    const index = JSON.parse((await fetchFromPage(`${BASE}archive.json`)).body) as { version: string; projects: Array<{ id: string; links: Record<string, string> }> };
    const validate = new Ajv2020({ strict: true }).compile(JSON.parse((await fetchFromPage(`${BASE}schema/archive.v1.json`)).body) as object);
    expect(validate(index)).toBe(true);
    for (const p of index.projects) for (const link of Object.values(p.links)) expect((await fetchFromPage(link)).status, link).toBe(200);

    // The feed parses as XML in the browser, in the Atom namespace, and each entry's links resolve against it.
    const feedUrl = `${server.url}feed.xml`;
    const feed = await page.evaluate(async (url) => {
      const doc = new DOMParser().parseFromString(await (await fetch(url)).text(), 'application/xml');
      const ns = 'http://www.w3.org/2005/Atom';
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        entries: Array.from(doc.getElementsByTagNameNS(ns, 'entry')).map((e) => ({
          id: e.getElementsByTagNameNS(ns, 'id')[0]?.textContent,
          links: Array.from(e.getElementsByTagNameNS(ns, 'link')).map((l) => new URL(l.getAttribute('href') as string, url).href),
        })),
      };
    }, feedUrl);
    expect(feed.error).toBe(0);
    expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
    expect(feed.entries.map((e) => e.links[0])).toContain(`${server.url}p/${PROJECT}/`);
    expect(feed.entries).toHaveLength(index.projects.length);
    for (const e of feed.entries) for (const link of e.links) expect((await context.request.get(link)).status(), link).toBe(200);
  });

  it('the build report is linked from the footer and lists invalid records by file:line, linking to them', async () => {
    await page.goto(`${server.url}p/${PROJECT}/`);
    await page.locator('footer a', { hasText: 'Build report' }).click();
    expect(new URL(page.url()).pathname).toBe(`${BASE}report/`);
    expect(await readText(page.locator('h1'))).toBe('Build report');
    const invalid = page.locator(`section.report-invalid section[data-project="${PROJECT}"] li`);
    expect(await readTexts(invalid)).toEqual(['decisions.jsonl:12 trail/not-json — not valid JSON: Unexpected end of JSON input']);
    await invalid.locator('a').click();
    // Wait for the recap to load (on a slow machine the URL changes before the new page is parsed).
    await page.waitForURL(`${server.url}p/${PROJECT}/#invalid-decisions-jsonl-L12`, { waitUntil: 'load' });
    await page.locator('#invalid-decisions-jsonl-L12').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.locator('#invalid-decisions-jsonl-L12').isVisible()).toBe(true);

    const report = JSON.parse((await fetchFromPage(`${BASE}report.json`)).body) as { version: string; totals: { invalid: number }; projects: Array<{ id: string; invalid: Array<{ file: string; line: number }> }> };
    expect(report.version).toBe('trailbook.report/1');
    expect(report.totals.invalid).toBe(2);
    expect(report.projects.find((p) => p.id === PROJECT)?.invalid.map((i) => `${i.file}:${i.line}`)).toEqual(['decisions.jsonl:12']);
  });
});

describe('accessibility of the export pages', () => {
  it('recap.html and the build report have no serious or critical axe violation, light or dark', async () => {
    const axe = await readFile(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const url of [pathToFileURL(join(site.out, 'p', PROJECT, 'recap.html')).href, `${server.url}report/`]) {
        await page.goto(url);
        // Injected through the DevTools protocol, which the pages' CSP does not govern.
        await page.evaluate(axe);
        const violations = await page.evaluate(async () => {
          const run = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe.run;
          const result = await run(document, { resultTypes: ['violations'] });
          return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
        });
        expect(violations, `${colorScheme} ${url}`).toEqual([]);
      }
    }
  });
});

describe('incremental builds', () => {
  it('keep the exports of unchanged projects and write the site-wide ones again', async () => {
    const perProject = ['recap.json.gz', 'decisions.csv.gz', 'recap.html'].map((f) => join(site.out, 'p', PROJECT, f));
    const siteWide = ['archive.json', 'feed.xml', 'report.json', 'report/index.html', 'schema/recap.v4.json'].map((f) => join(site.out, f));
    const inode = async (path: string): Promise<number> => (await stat(path)).ino;
    const before = await Promise.all([...perProject, ...siteWide].map(async (path) => ({ path, ino: await inode(path), text: await readFile(path, 'utf8') })));
    // The same options as the first build (--recap-html and --decisions-csv too: changing either renders every page again).
    const run = await runCli(['build', '--out', site.out, '--cache-dir', site.cacheDir, '--base', BASE, '--recap-html', '--decisions-csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/incremental/);
    for (const b of before) {
      expect(await readFile(b.path, 'utf8'), b.path).toBe(b.text);
      // Carried-over files are hard links to the previous build's; rendered ones are new files.
      if (perProject.includes(b.path)) expect(await inode(b.path), b.path).toBe(b.ino);
      else expect(await inode(b.path), b.path).not.toBe(b.ino);
    }
  });
});
