/**
 * A paged archive home (issue 17: a 10,000-project archive keeps the home's first view small):
 * past 500 projects the home lists the first 500 in its default order (what needs a person
 * first) and a pager, `/projects/2/` the rest, and the filters run over every project (the
 * other pages' rows read only when a view asks), in Chromium at desktop and phone widths.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, type BuiltSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import type { StaticServer } from './static-server.ts';
import { readText } from './page-helpers.ts';

const PROJECTS = 523;
let tmp: string;
let site: BuiltSite;
let server: StaticServer;
let page: Page;

/** 523 one-row projects; every seventh cites a file its folder lacks. */
async function buildProjects(): Promise<BuiltSite> {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-home-pages-'));
  for (let p = 0; p < PROJECTS; p++) {
    const dir = join(tmp, 'runs', `run-${String(p).padStart(3, '0')}`);
    await mkdir(dir, { recursive: true });
    const ts = new Date(Date.parse('2026-01-01T00:00:00Z') + p * 3_600_000).toISOString().replace('.000Z', 'Z');
    const decision = `Decide step ${p}`;
    const id = createHash('sha256').update(`${ts}${decision}`).digest('hex').slice(0, 8);
    // Every seventh project's row cites a file its folder lacks: one pointer not verified. The others cite notes.md.
    const evidence = p % 7 === 0 ? 'missing.md' : 'notes.md';
    await writeFile(join(dir, 'notes.md'), `Notes of step ${p}\n`);
    await writeFile(join(dir, 'decisions.jsonl'), `${JSON.stringify({ id, ts, phase: 'start', ticket: '', actor: 'lead', decision, why: 'paging', evidence, result: 'verified' })}\n`);
  }
  return buildSite([join(tmp, 'runs')]);
}

afterAll(async () => {
  if (tmp && !process.env.KEEP) await rm(tmp, { recursive: true, force: true });
});

describe('an archive of more than 500 projects', () => {
  archiveInBrowser(buildProjects, { gzip: true }, (a) => ({ site, server, page } = a));

  it('lists the first 500 on the home, what needs a person first, and the rest on page 2, with a pager', async () => {
    const home = await readFile(join(site.out, 'index.html'), 'utf8');
    expect(home.match(/<tr data-project=/g)?.length).toBe(500);
    // Nothing has a high flag, a blocker or failed evidence (a missing file is not checkable): newest first.
    expect(home).toContain('data-project="run-522"');
    expect(home).not.toContain('data-project="run-022"');
    expect(home).toContain('<span id="home-range">, 1–500 of 523</span>');
    // The compare form's two lists of every project live on the compare page, not on a paged home.
    expect(home).not.toContain('<select name="a"');
    expect(home).toMatch(/<p data-testid="compare-link"[^>]*>Choose any two of the 523 projects on the <a href="\/compare\/"[^>]*>compare page<\/a>\.<\/p>/);
    const second = await readFile(join(site.out, 'projects', '2', 'index.html'), 'utf8');
    expect(second.match(/<tr data-project=/g)?.length).toBe(23);
    expect(second).toContain('data-project="run-022"');
    expect(second).toContain('data-project="run-000"');
    expect(second).toContain('<a href="/projects/2/" aria-current="page">2</a>');
  });

  for (const [name, width] of [['desktop', 1280], ['phone', 390]] as const) {
    it(`filters and sorts every project, not only the page (${name})`, async () => {
      await page.setViewportSize({ width, height: 800 });
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(server.url);
      const visible = page.locator('#projects tbody tr:not([hidden])');
      expect(await readText(page.locator('#home-status'))).toBe('The first 500 of 523 projects shown; the pages below list the rest.');
      expect(fetched).not.toContain('/projects/2/');
      // On a phone the form starts folded.
      if (!(await page.locator('#home-show').isVisible())) await page.click('#home-view-fold > summary');
      await page.selectOption('#home-show', 'not-verified');
      await page.waitForFunction(() => document.querySelector('#home-status')?.textContent?.includes('match'));
      expect(fetched).toContain('/projects/2/');
      expect(await readText(page.locator('#home-status'))).toBe('75 of 523 projects match; all shown.');
      expect(await visible.count()).toBe(75);
      expect(await page.locator('#home-pager').isVisible()).toBe(false);
      await page.selectOption('#home-show', 'all');
      await page.selectOption('#home-sort', 'oldest');
      await page.waitForFunction(() => document.querySelector('#home-status')?.textContent?.includes('first 500'));
      expect(await readText(page.locator('#home-status'))).toBe('523 of 523 projects match; the first 500 shown.');
      expect(await readText(visible.first().locator('th a'))).toBe('run-000');
      expect(await readText(visible.nth(1).locator('th a'))).toBe('run-001');
      await page.click('#home-more');
      await page.waitForFunction(() => document.querySelector('#home-status')?.textContent?.includes('all shown'));
      expect(await readText(page.locator('#home-status'))).toBe('523 of 523 projects match; all shown.');
      expect(await visible.count()).toBe(523);
      expect(await page.locator('#home-more').isVisible()).toBe(false);
      expect(page.url()).toBe(`${server.url}?sort=oldest`);
      await page.selectOption('#home-sort', 'attention');
      await page.waitForFunction(() => document.querySelector('#home-status')?.textContent?.startsWith('The first'));
      expect(await visible.count()).toBe(500);
      expect(await page.locator('#home-pager').isVisible()).toBe(true);
      await page.screenshot({ path: join(tmp, `home-${name}.png`) });
    });
  }
});
