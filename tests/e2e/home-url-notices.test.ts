/**
 * The archive home says what it ignores of its URL, as the search page does. A new-user trial
 * opened `/?show=hihg&sort=rows` (a typo in a bookmark): the home said "All 14 projects shown."
 * and nothing of the filter it had dropped. In Chromium, on the example corpus.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, readTexts } from './page-helpers.ts';

let page: Page;
let origin: string;

archiveInBrowser(() => buildSite([join(REPO_ROOT, 'content')]), { viewport: { width: 390, height: 844 } }, (a) => ({ page, origin } = a));

describe.skipIf(!chromiumAvailable())('the home’s URL', () => {
  it('names a mistyped show, sort or source and an unknown key, and what is shown instead', async () => {
    await page.goto(`${origin}/?show=hihg&sort=size&source=TSV&colour=red`);
    await page.waitForFunction(() => document.querySelector('#home-status')?.textContent !== '');
    expect(await readTexts(page.locator('#home-notices span'))).toEqual([
      'Unknown show “hihg”: every project is shown (show is one of attention, blockers, high, medium, low, flags, not-verified, unresolved, prose, not-checkable, results, invalid, not-reviewed, never-invoked).',
      'Unknown sort “size”: sorted by what needs a person first (sort is one of newest, oldest, title, rows, high, blockers, flags, not-verified, results, invalid).',
      'No project has source “TSV”: every source is shown (source is one of arena, audit, babysit history, bbs, coord.v1, handover, pstack, verdicts).',
      'Unknown key “colour” ignored.',
    ]);
    expect(await readText(page.locator('#home-status'))).toBe('All 14 projects shown.');
    // A view picked replaces the URL's: the notices go.
    await page.locator('#home-view-fold > summary').click();
    await page.selectOption('#home-show', 'high');
    await expect.poll(() => page.locator('#home-notices').isHidden()).toBe(true);
    expect(new URL(page.url()).search).toBe('?show=high');
  });

  it('says nothing of a URL it reads whole', async () => {
    await page.goto(`${origin}/?show=high&sort=newest`);
    await page.waitForFunction(() => document.querySelector('#home-status')?.textContent !== '');
    expect(await page.locator('#home-notices').isHidden()).toBe(true);
  });
});
