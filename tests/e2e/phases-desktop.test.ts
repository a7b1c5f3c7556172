/**
 * A recap's Phases table at 1280 px (use16, the new-user trial): every phase of the example's
 * Planted faults is one line. The table's widths squeezed the name column to its narrowest,
 * so "phase-1" broke after its hyphen and the time spans wrapped ("10:45 / UTC"), while the
 * heading "Rows with evidence not verified" stood on one line over a one-digit column.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';

let page: Page;
let origin: string;

archiveInBrowser(() => buildSite([join(REPO_ROOT, 'content', 'tickets', 'faults')]), { viewport: { width: 1280, height: 800 } }, (a) => ({ page, origin } = a));

describe.skipIf(!chromiumAvailable())('Phases at 1280 px', () => {
  it('shows each phase on one line, its name whole', async () => {
    await page.goto(`${origin}/p/faults/`);
    const rows = await page.locator('section.phases tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.children] as HTMLElement[];
        const td = cells[2] as HTMLElement;
        const style = getComputedStyle(td);
        const oneLine = parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 2;
        return `${cells.map((c) => c.innerText).join(' | ')}${tr.getBoundingClientRect().height > oneLine ? ' (wraps)' : ''}`;
      }),
    );
    expect(rows).toEqual([
      'start | 1 | 2026-03-02 09:10 UTC | 1 verified | 0',
      'phase-1 | 4 | 2026-03-02 10:00 – 10:45 UTC | 1 failed, 1 open, 1 inconclusive, 1 verified | 4',
      'phase-2 | 9 (+1 superseded) | 2026-03-02 11:00 – 13:00 UTC | 1 open, 1 inconclusive, 7 verified | 1',
    ]);
  });
});
