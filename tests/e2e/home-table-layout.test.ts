/**
 * The archive home's table reads at desktop width and on a phone (use10): at 1280 px its "Check
 * first: need a look" column wrapped a word a line ("Check / first: / need a / look", and "(+1 in
 * / the / agent's / words)" under the count); on a phone the Check first figure's "10 rows need a
 * look" stuck out of its box; a time span broke as "2026-03-20 / – / 2026-05-04", its dash a line
 * of its own. Now the header and the count's note break between phrases, two
 * lines each, and every figure holds its badges.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText } from './page-helpers.ts';
import { fixtureDir, removeFixture, trailRow, trailText, writeFiles } from '../trail-fixtures.ts';

/** How many lines of text an element's content takes: its text's boxes grouped by line (tops more than half a line apart). */
const lines = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).first().evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: number[] = [];
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      if ((n.textContent ?? '').trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.push(r.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((t, i) => i === 0 || t - (tops[i - 1] as number) > 6).length;
  });

/** A project folder that is one word of 56 characters. */
const LONG = 'SenriganMaster__csv_zero_and_its_second_overnight_run_v2';

describe('the home table at 1280 and 390', () => {
  let page: Page;
  let origin = '';
  let dir = '';
  // The example corpus, and a project whose rows span two dates (the example's each fall on one day).
  archiveInBrowser(
    async () => {
      dir = await fixtureDir('hl');
      await writeFiles(dir, {
        'span/decisions.jsonl': trailText([trailRow('2026-03-20T10:00:00Z', 'Start', 'README.md', 'start'), trailRow('2026-05-04T10:00:00Z', 'Ship it', 'README.md')]),
        // use14: a folder of one long word (the real corpus's owner__repository folders, under an input folder).
        [`${LONG}/decisions.jsonl`]: trailText([trailRow('2026-03-21T10:00:00Z', 'Start', 'README.md', 'start')]),
      });
      return buildSite([join(REPO_ROOT, 'content'), join(dir, 'span'), join(dir, LONG)]);
    },
    { viewport: { width: 1280, height: 800 } },
    (a) => ({ page, origin } = a),
  );
  afterAll(async () => {
    if (dir) await removeFixture(dir);
  });

  it('at 1280 breaks Check first: need a look between phrases, its header and its count alike', async () => {
    await page.goto(`${origin}/`);
    const header = 'table.projects thead th.check-first-col';
    expect(await readText(page.locator(header))).toBe('Check first: need a look');
    expect(await lines(page, `${header} .sort-button`)).toBe(2);
    const faults = 'table.projects tr[data-project="tickets-faults"] td.check-first-col';
    expect(await readText(page.locator(faults))).toBe("7 (+1 in the agent's words)");
    // The count, then its note in two phrases: "7", "(+1 in the", "agent's words)".
    expect(await lines(page, faults)).toBe(3);
    expect(await lines(page, `${faults} .words-count`)).toBe(2);
    // The handover audit's badge in two lines, not four ("2 flags / from / codex-x / / gpt-y").
    expect(await readText(page.locator('table.projects tr[data-project="tickets-faults"] td.audit'))).toBe('2 flags from codex-x / gpt-y');
    expect(await lines(page, 'table.projects tr[data-project="tickets-faults"] td.audit')).toBe(2);
    expect(await readText(page.locator('table.projects tr[data-title="span"] th .meta').first()), 'the fixture\'s folder, short enough not to widen its column').toMatch(/^\S{0,40}$/);
    // A time span breaks between its dates, the dash with the second.
    const span = page.locator('table.projects tr[data-title="span"] td.dates');
    expect(await readText(span)).toBe('2026-03-20 – 2026-05-04');
    expect(await span.locator('.date').evaluateAll((els) => els.map((e) => [e.textContent, e.getClientRects().length]))).toEqual([['2026-03-20', 1], ['– 2026-05-04', 1]]);
    expect(await lines(page, 'table.projects tr[data-title="span"] td.dates')).toBe(2);
    // The table fits the page: no sideways scroll at 1280.
    expect(await page.locator('.table-wrap:has(#projects)').evaluate((w) => w.scrollWidth - w.clientWidth)).toBe(0);
    // No other header takes more than two lines.
    for (const th of await page.locator('table.projects thead th').all()) expect(await th.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(60);
  });

  // use14: on the real corpus the table was 1,242 px in a 1,232 px scroll at 1280: a project's
  // folder, one long word, set the Project column's least width and pushed Time span past the edge.
  it('at 1280 wraps a project folder of one long word, so the table still fits', async () => {
    await page.goto(`${origin}/`);
    const folder = page.locator(`table.projects tr[data-title="${LONG.toLowerCase()}"] th .meta, table.projects tr[data-root$="${LONG}"] th .meta`).first();
    expect(await readText(folder)).toContain(LONG);
    expect(await page.locator('.table-wrap:has(#projects)').evaluate((w) => w.scrollWidth - w.clientWidth)).toBe(0);
  });

  it('at 390 keeps each figure within its box and the table as cards', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/`);
    for (const figure of await page.locator('.home-figures .figure').all()) {
      const box = await figure.boundingBox();
      for (const badge of await figure.locator('.status').all()) {
        const b = await badge.boundingBox();
        expect(b && box ? b.x + b.width : Infinity, await readText(figure)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(await readText(page.locator('table.projects tr[data-project="tickets-faults"] td.check-first-col'))).toBe("7 (+1 in the agent's words)");
  });

  // use10: "2 not reviewed" listed the 8 projects not reviewed or never invoked, "20 medium" every
  // project with a flag, "6 not checkable" every project with evidence not verified, "10 rows
  // need a look" every project. Each figure's link now lists exactly the projects it counts.
  it("lists, from each of the home's figures, exactly the projects that figure counts", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${origin}/`);
    const links = await page.locator('[data-testid="home-summary"] a.figure-link, [data-testid="home-summary"] .figure-main a').evaluateAll((as) => as.map((a) => [a.textContent?.trim().replace(/\s+/g, ' ') ?? '', a.getAttribute('href') ?? ''] as const));
    const attribute: Record<string, string> = { high: 'high', medium: 'medium', low: 'low', 'did not resolve': 'unresolved', 'prose, no pointer': 'prose', 'not checkable': 'notCheckable', 'need a look': 'results', 'open blockers': 'blockers', 'invalid records': 'invalid' };
    const seen: string[] = [];
    for (const [text, href] of links) {
      await page.goto(`${origin}${href}`);
      await page.waitForFunction(() => !document.querySelector('#home-view')?.hasAttribute('hidden'));
      const rows = page.locator('table.projects tbody tr');
      const shown = await rows.evaluateAll((trs) => trs.filter((tr) => !(tr as HTMLElement).hidden).map((tr) => ({ ...(tr as HTMLElement).dataset })));
      const all = await rows.evaluateAll((trs) => trs.map((tr) => ({ ...(tr as HTMLElement).dataset })));
      const key = Object.keys(attribute).find((k) => text.endsWith(k));
      if (key !== undefined) {
        const field = attribute[key] as string;
        expect(shown.map((d) => d['project']).sort(), text).toEqual(all.filter((d) => Number(d[field]) > 0).map((d) => d['project']).sort());
      } else if (/never invoked$/.test(text)) {
        expect(shown.length, text).toBe(Number(/^\d+/.exec(text)?.[0]));
        expect(shown.every((d) => d['audit'] === 'never-invoked'), text).toBe(true);
      } else if (/not reviewed$/.test(text)) {
        expect(shown.length, text).toBe(Number(/^\d+/.exec(text)?.[0]));
        expect(shown.every((d) => d['audit'] === 'not-reviewed'), text).toBe(true);
      } else throw new Error(`a figure link the test does not know: ${text} ${href}`);
      seen.push(text.replace(/^[^\d]*\d+ /, ''));
    }
    expect(seen).toEqual(['high', 'medium', 'low', 'did not resolve', 'prose, no pointer', 'not checkable', 'rows need a look', 'open blockers', 'invalid records', 'not reviewed', 'never invoked']);
  });
});
