/**
 * A recap's Phases table on a phone (390×844): each phase is a card whose cells are labelled
 * and on the screen, as the archive home's projects are. A new-user trial found the table
 * scrolled sideways on a real trail (LeoMartinDev/Plume's 41 phases: 486 px of table in 342
 * px), its Results cut mid-word ("1 repo") and its "Evidence not verified" column, the count
 * that needs a person, off the screen with no sign it was there.
 */
import { describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

let page: Page;
let origin: string;
let out: string;

archiveInBrowser(() => buildSite([join(REAL_CORPUS, 'LeoMartinDev__Plume')]), { viewport: { width: 390, height: 844 } }, (a) => {
  ({ page, origin } = a);
  out = a.site.out;
});

describe.skipIf(!chromiumAvailable())('Phases on a phone', () => {
  it('shows every phase as a labelled card wholly on the screen', async () => {
    const [id] = await readdir(join(out, 'p'));
    await page.goto(`${origin}/p/${id}/`);
    const table = page.locator('section.phases table');
    expect(await table.evaluate((t) => [t.getBoundingClientRect().width <= window.innerWidth, (t.parentElement as HTMLElement).scrollWidth <= (t.parentElement as HTMLElement).clientWidth])).toEqual([true, true]);
    const first = page.locator('section.phases tbody tr').first();
    // What a person reads of the first phase: its name, then each figure after its label.
    const cells = await first.locator('th, td').evaluateAll((cs) =>
      cs.map((c) => {
        const label = getComputedStyle(c, '::before').content;
        return `${label === 'none' || label === 'normal' ? '' : JSON.parse(label)}${(c as HTMLElement).innerText}`;
      }),
    );
    expect(cells).toEqual(['arm', 'Rows: 3', 'Time span: 2026-09-10 19:56 – 20:05 UTC', 'Results: 2 open, 1 note', 'Rows with evidence not verified: 3']);
    const outside = await page.locator('section.phases tbody :is(th, td)').evaluateAll((cs) => cs.filter((c) => c.getBoundingClientRect().right > window.innerWidth).length);
    expect(outside).toBe(0);
  });
});
