/**
 * Flags trailbook.baseline.json accepts, counted alike on the archive home and in search
 * (count15): the example corpus built with a baseline accepting 5 high flags. The home says
 * `18 high 20 medium 5 low` and `+ 5 accepted`; search's `flag severity` filter said
 * `high (9 rows, 23 flags)` before, and now `high (9 rows, 18 flags, 5 accepted flags)`, its
 * status line the same; `?state=accepted` (the `flag state` filter) lists the accepted flags and
 * the rows they alone flag, and report.json's accepted totals are those counts.
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT, runCli, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, searchDone } from './page-helpers.ts';

let site: BuiltSite;
let page: Page;
let origin: string;
let baseline: string;

async function buildWithBaseline(): Promise<BuiltSite> {
  baseline = join(await mkdtemp(join(tmpdir(), 'trailbook-accepted-')), 'trailbook.baseline.json');
  const wrote = await runCli(['baseline', 'content', '--baseline', baseline, '--reason', 'planted before the gate', '--kind', 'evidence/path-not-found', 'trail/supersedes-forward', 'coord/missing-field']);
  expect(wrote.stderr).toContain('5 accepted flags (5 new with the reason given, 0 kept with their own).');
  const built = await buildSite([join(REPO_ROOT, 'content')], ['--baseline', baseline]);
  // A second build: the home draws the trend of the two.
  const again = await runCli(['build', join(REPO_ROOT, 'content'), '--out', built.out, '--cache-dir', built.cacheDir, '--baseline', baseline]);
  expect(again.code, again.stderr).toBe(0);
  return built;
}

archiveInBrowser(buildWithBaseline, { viewport: { width: 1280, height: 800 } }, (a) => ({ site, origin, page } = a));

/** The search page at `query`, once its first results are listed: its status line. */
async function searchStatus(query: string): Promise<string> {
  await page.goto(`${origin}/search/?${query}`);
  await searchDone(page);
  return readText(page.locator('#search-status'));
}

describe.skipIf(!chromiumAvailable())('accepted flags: the home and search count them alike', () => {
  it('the home: 18 high open, 5 accepted beside them', async () => {
    await page.goto(`${origin}/`);
    const flags = page.locator('[data-testid="home-summary"] [data-figure="flags"]');
    expect(await readText(flags.locator('.figure-main'))).toBe('18 high 20 medium 5 low');
    expect(await readText(flags.locator('[data-testid="home-accepted"]'))).toBe(`+ 5 accepted in ${baseline} (not counted as open)`);
  });

  it('search: the severity filter and the status line count 18 flags and 5 accepted flags', async () => {
    expect(await searchStatus('severity=high')).toBe('32 results: 9 rows, 18 flags, 5 accepted flags.');
    await page.locator('#search-filters-box > summary').click();
    expect(await readText(page.locator('#filter-severity option[value="high"]'))).toBe('high (9 rows, 18 flags, 5 accepted flags)');
    expect(await searchStatus('type=flag')).toBe('43 results: 43 flags.');
    await page.locator('#search-filters-box > summary').click();
    // Before any filter narrows them, each option says what the whole archive holds.
    expect(await readText(page.locator('#filter-state option[value="open"]'))).toBe('open (43 flags)');
    expect(await searchStatus('')).not.toContain('accepted');
  });

  it('search: ?state=accepted lists the accepted flags and the rows they alone flag', async () => {
    expect(await searchStatus('state=accepted')).toBe('7 results: 2 rows, 5 accepted flags.');
    expect(await readText(page.locator('#search-chips .chip'))).toBe('flag state: accepted');
    const flags = page.locator('#search-results li[data-type="accepted flag"]');
    expect(await flags.count()).toBe(5);
    expect(await readText(flags.first().locator('.result-filters'))).toMatch(/flag state: accepted/);
    // The brief's spelling, and the filter's name, are read as the same filter.
    expect(await searchStatus('flag-state=accepted')).toBe('7 results: 2 rows, 5 accepted flags.');
  });

  it('the report page: the problems still open are the home’s', async () => {
    await page.goto(`${origin}/`);
    expect(await readText(page.locator('[data-testid="home-summary"] [data-figure="flags"]'))).toContain('43 problems in 5 projects;');
    // count15: the report's only Problems row said 23 / 20 / 5 (48, accepted ones included) beside the home's 43.
    await page.goto(`${origin}/report/`);
    expect(await readText(page.locator('[data-testid="open-problems"]'))).toBe('18 / 20 / 5');
    expect(await readText(page.locator('tr:has([data-testid="open-problems"]) th'))).toBe('Problems still open, as the archive home counts them (high / medium / low)');
  });

  it('the home’s trend says its flags include the accepted ones', async () => {
    // count15: the trend's last build said High 23 under the Flags figure's 18 high, and nothing said why.
    await page.goto(`${origin}/`);
    const trend = page.locator('[data-testid="trend-archive-trend"]');
    expect(await readText(trend.locator('> p.meta'))).toBe(`The last 2 builds of this archive, all projects together (#n is the build number). Flags are every flag, the 5 flags accepted in ${baseline} included; the Flags figure above counts the open ones.`);
    expect(await trend.locator('.trend-numbers tbody tr').last().evaluate((tr) => Array.from(tr.children, (c) => c.textContent?.trim()))).toEqual(['#2', '51', '23', '20', '5', '82%', '2']);
  });

  it('report.json counts the same accepted flags', async () => {
    const report = JSON.parse(await readFile(join(site.out, 'report.json'), 'utf8')) as { totals: { flags: Record<string, number>; accepted: Record<string, number>; openProblems: Record<string, number> } };
    expect(report.totals.flags).toEqual({ high: 23, medium: 20, low: 5 });
    expect(report.totals.accepted).toEqual({ high: 5, medium: 0, low: 0 });
    expect(report.totals.openProblems).toEqual({ high: 18, medium: 20, low: 5 });
  });
});
