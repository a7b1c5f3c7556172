/**
 * What needs a person, in ten seconds (issue 12), in Chromium at 1280×800 and 390×844 on
 * the example corpus: the archive home lists the project with the most high-severity flags
 * first and its summary names every severity and failed evidence apart from evidence that
 * could not be checked; a recap's first screen names its flags by severity; its table of
 * contents lists exactly the sections shown; Check first is grouped by reason; no page, each
 * project's recap.html included, is wider than the screen; the print stylesheet hides navigation and prints link targets.
 * Screenshots of home, the most faulty recap (page and recap.html) and search, light and dark, go to
 * test-results/screenshots/ (gitignored; CI keeps the folder: see README, "Tests").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildSite, REPO_ROOT, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, readTexts, watchPage } from './page-helpers.ts';

export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let site: BuiltSite;
let browser: Browser;
let origin: string;

// --recap-html: the single-file recap.html is among the pages looked at (the default build makes it in the browser).
// Each describe below opens its pages in contexts of its own (viewport, colour scheme).
archiveInBrowser(
  async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    return buildSite([join(REPO_ROOT, 'content')], ['--recap-html']);
  },
  {},
  (a) => ({ site, browser, origin } = a),
);

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status(), path).toBe(200);
  if (path.startsWith('/search/?')) await page.waitForFunction(() => document.querySelector('#search-status')?.hasAttribute('data-count'));
}

/** The element's box against the viewport: whether it is wholly on the first screen. */
const onFirstScreen = (page: Page, selector: string): Promise<boolean> =>
  page.locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
  });

/** Every page type of the archive, as paths. */
async function pageTypes(): Promise<string[]> {
  const repo = 'content-repos-example.git';
  const commit = ((await readdir(join(site.out, 'r', repo, 'commit'))).sort()[0] as string) ?? '';
  const projects = (await readdir(join(site.out, 'p'))).sort();
  // Each recap and its single-file recap.html (src/components/html/export-recap.ts).
  return ['/', '/search/', '/search/?q=parser', '/report/', '/404.html', ...projects.map((p) => `/p/${p}/`), ...projects.map((p) => `/p/${p}/recap.html`), `/r/${repo}/commit/${commit}/`, `/r/${repo}/file/src/parser.ts/`, '/p/tickets-arena-faults/file/design/rubric.md/'];
}

describe.skipIf(!chromiumAvailable())('what needs a person, at both widths', () => {
  for (const vp of VIEWPORTS) {
    describe(`${vp.name} ${vp.width}×${vp.height}`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        page = await context.newPage();
      });
      afterAll(async () => {
        await context?.close();
      });

      it('home: the first row is the project with the most high-severity flags, and the summary is on the first screen', async () => {
        const watch = watchPage(page, origin);
        await open(page, '/');
        const highs = await page.locator('table.projects tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-project'), Number(r.getAttribute('data-high'))] as const));
        expect(highs[0]).toEqual(['tickets-faults', 10]);
        expect(Math.max(...highs.map(([, h]) => h))).toBe(10);
        // Evidence citing what does not exist first (issue 27), then problems weighted by severity: the verdict faults (7 high, 1 blocker), the coordination faults.
        expect(highs.slice(0, 4).map(([id]) => id)).toEqual(['tickets-faults', 'tickets-verdict-faults', 'coordination-faults', 'tickets-arena-faults']);
        expect(await readText(page.locator('#home-order'))).toBe('what needs a person first');
        const summary = page.locator('[data-testid="home-summary"]');
        expect(await readText(summary.locator('[data-figure="flags"] .figure-main'))).toBe('23 high 20 medium 5 low');
        expect(await readText(summary.locator('[data-figure="evidence"] .figure-main'))).toBe('55 verified 5 did not resolve 1 prose, no pointer 6 not checkable');
        expect(await readText(summary.locator('[data-figure="blockers"] .figure-main'))).toBe('2 open blockers');
        // Every project counted once: 2 + 6 + 2 + 4 = the 14 projects.
        expect(await readText(summary.locator('[data-figure="audit"] .figure-main'))).toBe('2 not reviewed 6 never invoked 2 reviewed 4 no trail to audit');
        // Each number says what it counts: 5 projects have flags; 2 of the flags are the reviewers'.
        expect(await readText(summary.locator('[data-figure="flags"] .figure-note'))).toBe('48 problems in 5 projects; 2 flags from reviewers (layer 2)');
        expect(await onFirstScreen(page, '[data-testid="home-summary"] [data-figure="flags"]')).toBe(true);
        expect(await onFirstScreen(page, '[data-testid="home-summary"] [data-figure="evidence"]')).toBe(true);
        expect(await onFirstScreen(page, '[data-testid="home-summary"] [data-figure="blockers"]')).toBe(true);
        // ... and the project that needs a person most starts on it too.
        expect(await onFirstScreen(page, 'table.projects tbody tr:first-child th a')).toBe(true);
        // Severities are coloured and named: each count of the first row says its severity in words.
        const first = page.locator('table.projects tbody tr').first();
        expect(await readTexts(first.locator('td.flag-counts .status'))).toEqual(['10 high', '4 medium', '1 low']);
        expect(await first.locator('td.flag-counts .status').evaluateAll((els) => els.map((e) => e.className))).toEqual(['status status-high', 'status status-medium', 'status status-low']);
        expect(await readTexts(first.locator('td.evidence-counts .status'))).toEqual(['4 did not resolve', '1 prose, no pointer', '0 not checkable']);
        expect(await readText(first.locator('td.audit'))).toBe('2 flags from codex-x / gpt-y');
        // Dates never break inside.
        expect(await page.locator('td.dates .date').evaluateAll((els) => els.every((e) => e.getClientRects().length === 1))).toBe(true);
        expect(watch.errors).toEqual([]);
      });

      it('recap: the first screen says what is wrong — the three worst flags, each linking to its place in Attention', async () => {
        await open(page, '/p/tickets-faults/');
        const worst = page.locator('[data-testid="verdict"] [data-testid="worst-flags"] > li');
        expect(await readTexts(worst.locator('.flag-kind'))).toEqual(['evidence/commit-not-found', 'unsupported-claim', 'evidence/path-not-found']);
        expect(await readText(worst.nth(1))).toBe('high unsupported-claim The hotfix row cites a commit nobody can find');
        expect(await worst.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['#flag-1', '#flag-2', '#flag-3', '#attention']);
        // 10 high and 4 medium: 3 named, 11 more.
        expect(await readText(worst.last())).toBe('and 11 more high- or medium-severity flags in Attention');
        expect(await readText(page.locator('#flag-2 .flag-summary'))).toBe('The hotfix row cites a commit nobody can find');
        for (let n = 1; n <= 4; n++) expect(await onFirstScreen(page, `[data-testid="worst-flags"] > li:nth-child(${n})`)).toBe(true);
        // A project without a high or medium flag names none.
        await open(page, '/p/tickets-clean/');
        expect(await page.locator('[data-testid="worst-flags"]').count()).toBe(0);
      });

      // use11: arena-clean's one pointer that could not be checked is a QA journey's (`npm test`):
      // "1 not checkable" linked to Check first, which said "Every row's evidence resolved".
      it("recap: '1 not checkable' on a QA journey lands on the verdict that holds it, not on Check first", async () => {
        await open(page, '/p/tickets-arena-clean/');
        const link = page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: 'not checkable' });
        expect(await readText(link)).toBe('1 not checkable');
        expect(await link.getAttribute('href')).toBe('#verdicts');
        await link.click();
        expect(await page.locator('section:has(> #verdicts)').innerText()).toContain('a command is not evidence of its result');
        // The home row's figure lands on the recap's top, whose figure says where, not on Check first.
        await open(page, '/');
        const row = page.locator('tr[data-project="tickets-arena-clean"] td.evidence-counts a', { hasText: 'not checkable' });
        expect(await readText(row)).toBe('1 not checkable');
        expect(await row.getAttribute('href')).toBe('/p/tickets-arena-clean/');
      });

      it('recap: the first screen names the flags by severity, the two layers apart, and each figure links to its section', async () => {
        await open(page, '/p/tickets-faults/');
        const verdict = page.locator('[data-testid="verdict"]');
        expect(await readText(verdict.locator('[data-figure="flags"] .figure-main'))).toBe('10 high 4 medium 1 low');
        expect(await readText(verdict.locator('[data-testid="flag-layers"]'))).toBe("Trailbook's checks (layer 1): 9 high, 4 medium, 0 low");
        expect(await readText(verdict.locator('[data-testid="flag-layers-review"]'))).toBe('The reviewer, codex-x / gpt-y (layer 2): 1 high, 0 medium, 1 low');
        expect(await readText(verdict.locator('[data-figure="evidence"] .figure-main'))).toBe('10 verified 4 did not resolve 1 prose, no pointer 0 not checkable');
        expect(await readText(verdict.locator('[data-figure="blockers"] .figure-main'))).toBe('none');
        expect(await readText(verdict.locator('[data-figure="audit"] .figure-main'))).toBe('2 flags from codex-x / gpt-y');
        expect(await readText(verdict.locator('[data-figure="check-first"] .figure-main'))).toBe('7 of 15 need a look');
        expect(await readText(verdict.locator('[data-figure="check-first"] .figure-note'))).toBe("+ 1 in the agent's words");
        for (const figure of ['flags', 'evidence', 'blockers', 'audit', 'check-first']) expect(await onFirstScreen(page, `[data-testid="verdict"] [data-figure="${figure}"]`), figure).toBe(true);
        // Each severity links to its first flag, each evidence outcome to its Check first group.
        expect(await verdict.locator('[data-figure="flags"] a[data-severity]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['#flag-1', '#flag-11', '#flag-15']);
        expect(await readText(page.locator('#flag-11 .status'))).toBe('medium');
        expect(await readText(page.locator('#flag-15 .status'))).toBe('low');
        expect(await verdict.locator('[data-figure="evidence"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['#decisions', '#check-first-failed', '#attention']);
        const targets = await page.locator('[data-testid="verdict"] a, [data-testid="toc"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')?.slice(1) ?? ''));
        for (const id of targets) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
      });

      it('count pills and the build report\'s figures keep to one line', async () => {
        await open(page, '/');
        /** Lines of text in each element: the distinct tops of its text's boxes (a table cell is as tall as its row, so its height says nothing). */
        const lines = (selector: string) =>
          page.locator(selector).evaluateAll((els) =>
            els.map((e) => {
              const range = document.createRange();
              range.selectNodeContents(e);
              const tops: number[] = [];
              for (const box of Array.from(range.getClientRects())) if (box.width > 0 && !tops.some((t) => Math.abs(t - box.top) < 6)) tops.push(box.top);
              return tops.length;
            }),
          );
        expect(await readText(page.locator('[data-testid="home-summary"] [data-figure="blockers"] .status'))).toBe('2 open blockers');
        expect(await lines('[data-testid="home-summary"] [data-figure="blockers"] .status, [data-testid="home-summary"] [data-figure="invalid"] .status')).toEqual([1, 1]);
        await open(page, '/report/');
        const figures = page.locator('.report-counts td.num');
        // Problems (use11): report.json's totals.projectProblems, the home's "N problems"; here each flag is a problem of its own.
        expect(await readTexts(figures)).toEqual(['14', '51', '2', '23 / 20 / 5', '23 / 20 / 5', '55 / 5 / 1 / 6', '15', '10 / 7', '2', '0']);
        expect(await readText(page.locator('.report-counts tr', { hasText: 'Problems' }).locator('th'))).toBe('Problems: flags of one kind and cause (high / medium / low)');
        expect(await lines('.report-counts td.num')).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
      });

      it('a commit page\'s full SHA breaks, if at all, at its middle, and copies whole (use14: a phone showed its last character alone on a line)', async () => {
        const repo = 'content-repos-example.git';
        const commit = (await readdir(join(site.out, 'r', repo, 'commit'))).sort()[0] as string;
        await open(page, `/r/${repo}/commit/${commit}/`);
        const oid = page.locator('.facts code.commit-oid');
        expect(await readText(oid)).toBe(commit);
        // Characters per line of the SHA's text: one line of 40, or two of 20.
        const perLine = await oid.evaluate((el) => {
          const counts = new Map<number, number>();
          for (const node of Array.from(el.childNodes)) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              counts.set(top, (counts.get(top) ?? 0) + 1);
            }
          }
          return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
        });
        expect(perLine).toEqual(vp.width < 600 ? [20, 20] : [40]);
      });

      it('no page is wider than the screen', async () => {
        const wide: Record<string, number> = {};
        for (const path of await pageTypes()) {
          await open(page, path);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > vp.width) wide[path] = width;
        }
        expect(wide).toEqual({});
      });

      it('prints without navigation, theme menu or downloads, with link targets shown and folded parts open', async () => {
        for (const path of ['/', '/p/tickets-clean/', '/search/?q=parser']) {
          await open(page, path);
          await page.emulateMedia({ media: 'print' });
          const shown = await page.evaluate(() => {
            const display = (selector: string): string[] => Array.from(document.querySelectorAll(selector)).map((e) => getComputedStyle(e).display);
            return { nav: display('.site-header nav'), theme: display('.theme-switch'), downloads: display('.downloads'), toc: display('.toc'), form: display('#home-view, #search-form') };
          });
          expect(shown.nav, path).toEqual(['none']);
          expect(shown.theme, path).toEqual(['none']);
          expect([...shown.downloads, ...shown.toc, ...shown.form].every((d) => d === 'none'), path).toBe(true);
          await page.emulateMedia({ media: 'screen' });
        }
        await open(page, '/p/tickets-clean/');
        await page.emulateMedia({ media: 'print' });
        const link = page.locator('.recap-header a[href="/"]').first();
        expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toBe('" (/)"');
        // The superseded rows are folded on screen and printed open.
        expect(await page.locator('#superseded-note .rows > article').first().evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(0);
        // A status keeps its word and its border in print: no meaning rests on colour.
        expect(await page.locator('.status').first().evaluate((e) => getComputedStyle(e).borderStyle)).toBe('solid');
        await page.emulateMedia({ media: 'screen' });
        expect(await page.locator('#superseded-note .rows > article').first().isVisible()).toBe(false);
      });

      it('saves screenshots of home, the most faulty recap and search, light and dark', async () => {
        for (const scheme of ['light', 'dark'] as const) {
          const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, colorScheme: scheme });
          const shot = await ctx.newPage();
          for (const [name, path] of [['home', '/'], ['recap-tickets-faults', '/p/tickets-faults/'], ['recap-html-tickets-faults', '/p/tickets-faults/recap.html'], ['search', '/search/?q=parser']] as const) {
            await open(shot, path);
            await shot.screenshot({ path: join(SCREENSHOTS, `${name}-${vp.width}-${scheme}.png`) });
          }
          await ctx.close();
        }
        const files = (await readdir(SCREENSHOTS)).filter((f) => f.endsWith(`-${vp.width}-light.png`) || f.endsWith(`-${vp.width}-dark.png`));
        expect(files.filter((f) => /^(home|recap-tickets-faults|recap-html-tickets-faults|search)-/.test(f)).length).toBe(8);
      });
    });
  }
});

describe.skipIf(!chromiumAvailable())('recap layout', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the table of contents lists exactly the sections each recap shows, in page order', async () => {
    for (const path of (await pageTypes()).filter((p) => /^\/p\/[^/]+\/$/.test(p))) {
      await open(page, path);
      const toc = await page.locator('[data-testid="toc"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      const sections = await page.locator('.recap-body > section > h2[id], .recap-body > section[aria-labelledby] > h2').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
      expect(toc, path).toEqual([...new Set(sections)]);
    }
  });

  it('stays in view beside the sections on a wide screen', async () => {
    await open(page, '/p/tickets-faults/');
    await page.locator('#decisions').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - 400));
    expect(await onFirstScreen(page, '[data-testid="toc"]')).toBe(true);
    expect(await page.locator('[data-testid="toc"]').evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
  });

  it('Check first lists its open group by reason, failures first, and folds the results in the agent\'s words apart (issue 27), each row linked to its flag', async () => {
    await open(page, '/p/tickets-faults/');
    expect(await readText(page.locator('section.check-first > p'))).toBe("7 of 15 rows need a look: 4 with evidence that did not resolve; 1 failed; 1 reverted; 2 open; 2 inconclusive; 3 of them are counted twice, for their evidence and their result. 1 more is a result in the agent's words (reported done or notes, or evidence not checked), folded below.");
    expect(await readTexts(page.locator('.cf-groups > .cf-group > summary'))).toEqual([
      'did not resolve commit not found in the repository 1 row',
      // In Attention's order (trust13): high before medium, then the first row each names.
      'did not resolve path not found at the landed head 1 row',
      'did not resolve cited lines beyond the end of the file 1 row',
      'did not resolve short SHA matches several objects 1 row',
      'result failed 1 row',
      'result reverted 1 row',
      'result open 2 rows',
      'result inconclusive 2 rows',
    ]);
    // The second group, folded: the row that reports `verified` on prose evidence.
    expect(await page.locator('#check-first-words').getAttribute('open')).toBeNull();
    expect(await readText(page.locator('#check-first-words > summary'))).toBe("Results in the agent's words 1 row");
    expect(await readTexts(page.locator('#check-first-words .cf-group > summary'))).toEqual(['prose result verified, but the evidence cell holds no pointer 1 row']);
    // A row is listed once per reason, never with the reason repeated: the row's card has it; its result as written.
    const entry = page.locator('#check-first-failed li');
    expect(await readText(entry)).toBe('Ship the fake-sha hotfix 6b8467766823b30e559d624defde1c57a594bda6 result verified high flag 1');
    await entry.locator('a.cf-flag').click();
    expect(await page.evaluate(() => location.hash)).toBe('#flag-1');
    await page.locator('#flag-1 .flag-links a[href="#row-8635af1e"]').click();
    expect(await page.evaluate(() => location.hash)).toBe('#row-8635af1e');
    expect(await page.locator('#row-8635af1e .row-flags a[href="#flag-1"]').count()).toBe(1);

    await open(page, '/p/pstack-app/');
    const outcomes = await page.locator('.cf-group').evaluateAll((gs) => gs.map((g) => `${g.closest('.cf-words') ? 'words' : 'open'} ${g.className.replace('cf-group cf-', '')}`));
    expect(outcomes).toEqual(['open result', 'words result', 'words result']);
    expect(await readTexts(page.locator('#check-first-words .cf-group > summary'))).toEqual(["result reported done: the agent's word, not a check 4 rows", 'result a note: no state 2 rows']);
  });

  it('home column headers sort, and say which way', async () => {
    await open(page, '/');
    await page.locator('th[data-sort="rows"] button').click();
    expect(new URL(page.url()).search).toBe('?sort=rows');
    const rows = await page.locator('table.projects tbody tr').evaluateAll((trs) => trs.map((r) => Number(r.getAttribute('data-rows'))));
    expect(rows).toEqual([...rows].sort((a, b) => b - a));
    expect(await page.locator('th[aria-sort]').evaluateAll((ths) => ths.map((t) => `${t.getAttribute('data-sort')}: ${t.getAttribute('aria-sort')}`))).toEqual(['rows: descending']);
    await page.locator('th[data-sort="newest"] button').click();
    expect(new URL(page.url()).search).toBe('?sort=newest');
    await page.locator('th[data-sort="newest"] button').click();
    expect(new URL(page.url()).search).toBe('?sort=oldest');
    expect(await page.locator('th[aria-sort]').evaluateAll((ths) => ths.map((t) => `${t.getAttribute('data-sort')}: ${t.getAttribute('aria-sort')}`))).toEqual(['newest: ascending']);
    await page.locator('th[data-sort="high"] button').click();
    const first = await page.locator('table.projects tbody tr').first().getAttribute('data-project');
    expect(first).toBe('tickets-faults');
  });
});
