/**
 * Counts of a thousand or more read with their digits grouped (1,234) wherever a person reads
 * them: the archive home (its figures and a project's row), the recap (verdict strip and table
 * of contents), the build report (totals and a project's row), the feed, and the compare page.
 * count10: on a generated project of 1,100 rows the home said "2624 verified" and "1299" rows,
 * the recap "1300 verified", "658 of 1299 need a look" and "Decisions 1299", the report
 * "Decision rows 2599" beside "2 projects, 2,599 decision rows" in its own first line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { buildSite, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText } from './page-helpers.ts';
import { generateCorpus } from '../../scripts/gen-corpus.ts';
import { grouped } from '../../src/lib/text/grouped.ts';
import type { ProjectCounts } from '../../src/lib/model/types.ts';

const PROJECT = 'projects-project-0000';
let dir: string;
let site: BuiltSite;
let page: Page;
let origin: string;
let c: ProjectCounts;

/** One generated project of 1,100 rows (one of them invalid), and its counts from recap.json. */
async function buildBig(): Promise<BuiltSite> {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-grouped-'));
  await generateCorpus({ projects: 1, rows: 1100, seed: 5, out: join(dir, 'corpus'), projectsPerRepo: 1 });
  const built = await buildSite([join(dir, 'corpus')]);
  c = (JSON.parse(gunzipSync(await readFile(join(built.out, 'p', PROJECT, 'recap.json.gz'))).toString('utf8')) as { counts: ProjectCounts }).counts;
  return built;
}

archiveInBrowser(buildBig, { viewport: { width: 1280, height: 800 } }, (a) => ({ site, page, origin } = a));

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Any run of four digits or more not grouped: what this file holds every figure free of. */
const UNGROUPED = /(^|[^\d,])\d{4,}/;

describe('counts of 1,000 or more are grouped where a person reads them', () => {
  it('the project is big enough to tell', () => {
    expect(c.rows).toBeGreaterThanOrEqual(1000);
    expect(c.pointers.verified).toBeGreaterThanOrEqual(1000);
  });

  it.skipIf(!chromiumAvailable())('the archive home: its evidence figure and the project’s row', async () => {
    await page.goto(`${origin}/`);
    const p = c.pointers;
    expect(await readText(page.locator('[data-testid="home-summary"] [data-figure="evidence"] .figure-main'))).toBe(`${grouped(p.verified)} verified ${grouped(p.unresolved)} did not resolve ${grouped(p.prose)} prose, no pointer ${grouped(p.notCheckable)} not checkable`);
    const row = page.locator(`tr[data-project="${PROJECT}"]`);
    expect(await readText(row.locator('td[data-label="Rows"]'))).toBe(`${grouped(c.rows)}${c.superseded > 0 ? ` (${grouped(c.superseded)} superseded)` : ''}`);
    for (const cell of ['td.flag-counts', 'td.evidence-counts', 'td[data-label="Rows"]', 'td[data-label="Check first: need a look"]']) expect(await readText(row.locator(cell)), cell).not.toMatch(UNGROUPED);
  });

  it.skipIf(!chromiumAvailable())('the recap: the verdict strip and the table of contents', async () => {
    await page.goto(`${origin}/p/${PROJECT}/`);
    const verdict = page.locator('[data-testid="verdict"]');
    expect(await readText(verdict.locator('[data-figure="check-first"] .figure-main'))).toBe(`${grouped(c.checkFirstOpen)} of ${grouped(c.rows)} need${c.checkFirstOpen === 1 ? 's' : ''} a look`);
    expect(await readText(verdict.locator('[data-figure="evidence"] .figure-main'))).toMatch(new RegExp(`^${grouped(c.pointers.verified)} verified `));
    // The figures (line numbers in a flag's words above them are places, not counts).
    for (const text of await verdict.locator('[data-figure] .figure-main').allTextContents()) expect(text).not.toMatch(UNGROUPED);
    expect(await readText(page.locator('[data-testid="toc"] a[href="#decisions"] .toc-count'))).toBe(grouped(c.rows));
  });

  it.skipIf(!chromiumAvailable())('the build report: its totals and the project’s row', async () => {
    await page.goto(`${origin}/report/`);
    expect(await readText(page.locator('tr', { has: page.locator('th', { hasText: /^Decision rows$/ }) }).locator('td'))).toBe(grouped(c.rows));
    expect(await readText(page.locator('tr', { has: page.locator('th', { hasText: /^Evidence pointers/ }) }).locator('td'))).toBe(`${grouped(c.pointers.verified)} / ${grouped(c.pointers.unresolved)} / ${grouped(c.pointers.prose)} / ${grouped(c.pointers.notCheckable)}`);
    expect(await readText(page.locator(`tr[data-project="${PROJECT}"] td`).first())).toBe(grouped(c.rows));
  });

  it('the feed’s summary of the project', async () => {
    const feed = await readFile(join(site.out, 'feed.xml'), 'utf8');
    const summary = /<summary type="text">([^<]*)<\/summary>/.exec(feed)?.[1] ?? '';
    expect(summary).toContain(`${grouped(c.rows)} decision rows; `);
    expect(summary).toContain(`Check first: ${grouped(c.checkFirstOpen)} need a look`);
    expect(summary).not.toMatch(UNGROUPED);
  });
});
