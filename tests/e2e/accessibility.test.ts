/**
 * Look and access (issue 7), in Chromium: axe-core finds no serious or critical violation on
 * any page type (archive home, a recap of every kind: decision trails, pstack, design arena,
 * verdicts, babysit, coordination, beads; a beads issue, a commit, a repository file, an
 * artifact, search with results, the build report and the single-file recap export) in the
 * light and the dark theme; the theme switch follows the system by default, remembers a
 * choice and applies it before the first paint; the skip link is the first stop of the
 * keyboard and moves focus to the content; every status colour comes with a word.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildSite, REPO_ROOT, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, watchPage, searchDone } from './page-helpers.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const BEADS = join(REAL_CORPUS, '45ck__prompt-language');
const AXE = join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

let site: BuiltSite;
let browser: Browser;
let origin: string;
let axeSource: string;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The first entry (sorted) of a folder. */
async function first(path: string): Promise<string> {
  return ((await readdir(path)).sort()[0] as string) ?? '';
}

/** Pages of every type, as paths under the site root. */
async function pageTypes(): Promise<Array<[kind: string, path: string]>> {
  const out = site.out;
  const repo = 'content-repos-example.git';
  const pages: Array<[string, string]> = [
    ['archive home', '/'],
    ['search with results', '/search/?q=parser'],
    ['recap: bbs trail, clean audit', '/p/tickets-clean/'],
    ['recap: planted faults, invalid rows', '/p/tickets-faults/'],
    ['recap: pstack trail', '/p/pstack-app/'],
    ['recap: design arena', '/p/tickets-arena-faults/'],
    ['recap: verdicts, findings, repair loops', '/p/tickets-verdict-faults/'],
    ['recap: babysit text verdicts', '/p/tickets-babysit-qa/'],
    ['recap: coordination and babysit history', '/p/coordination-faults/'],
    ['commit', `/r/${repo}/commit/${await first(join(out, 'r', repo, 'commit'))}/`],
    ['repository file', `/r/${repo}/file/src/parser.ts/`],
    ['artifact file', '/p/tickets-arena-faults/file/design/rubric.md/'],
  ];
  if (existsSync(join(out, 'report', 'index.html'))) pages.push(['build report', '/report/']);
  if (existsSync(join(out, 'p', 'tickets-faults', 'recap.html'))) pages.push(['single-file recap export', '/p/tickets-faults/recap.html']);
  if (existsSync(BEADS)) {
    pages.push(['recap: beads', '/p/45ck__prompt-language/']);
    pages.push(['beads issue', `/p/45ck__prompt-language/issue/${await first(join(out, 'p', '45ck__prompt-language', 'issue'))}/`]);
  }
  return pages;
}

let pages: Array<[string, string]> = [];

// Each describe below opens its pages in contexts of its own (colour scheme, viewport, scripts off).
archiveInBrowser(
  async () => {
    // --recap-html: the single-file recap.html is checked too.
    site = await buildSite([join(REPO_ROOT, 'content'), ...(existsSync(BEADS) ? [BEADS] : [])], ['--recap-html']);
    axeSource = await readFile(AXE, 'utf8');
    pages = await pageTypes();
    return site;
  },
  {},
  (a) => ({ site, browser, origin } = a),
);

/** Opens a page and waits until it is settled (search: its results are shown). */
async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status(), path).toBe(200);
  if (path.startsWith('/search/?')) await searchDone(page);
}

/** Serious and critical axe violations of the open page (axe is injected through the DevTools protocol, which the page's CSP does not govern). */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe.skipIf(!chromiumAvailable())('axe-core on every page type', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`finds no serious or critical violation in the ${scheme} theme`, async () => {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1200, height: 800 } });
      const page = await context.newPage();
      const watch = watchPage(page, origin);
      const found: Record<string, Violation[]> = {};
      for (const [kind, path] of pages) {
        await open(page, path);
        const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
        expect(dark).toBe(scheme === 'dark');
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${kind} ${path}`] = violations;
      }
      await context.close();
      expect(found).toEqual({});
      expect(watch.errors).toEqual([]);
      expect(watch.offsite).toEqual([]);
    });
  }

  // use15: at 390 px every commit and file page, a recap's repro blocks and a babysit or repair-loop
  // table, and at 1280 px a design/selection.md page, scrolled sideways in a box a keyboard could
  // not reach (axe `scrollable-region-focusable`, serious); so did a beads issue's long description.
  for (const width of [1280, 390]) {
    it(`finds no serious or critical violation at ${width} px either, on wide code and tables too`, async () => {
      const context = await browser.newContext({ colorScheme: 'light', viewport: { width, height: 844 } });
      const page = await context.newPage();
      const found: Record<string, Violation[]> = {};
      const wide: Array<[string, string]> = [
        ['design selection file', '/p/tickets-arena-clean/file/design/selection.md/'],
        ['babysit history', '/p/coordination-clean/'],
        ['review findings with repros', '/p/tickets-arena-clean/'],
      ];
      if (existsSync(BEADS)) wide.push(['beads issue with a long description', '/p/45ck__prompt-language/issue/prompt-language-0dyv/']);
      for (const [kind, path] of [...pages, ...wide]) {
        await open(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${kind} ${path}`] = violations;
      }
      await context.close();
      expect(found).toEqual({});
    });
  }

  it('finds none either in the dark theme picked with the switch while the system is light', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await open(page, '/');
    await page.selectOption('#theme-select', 'dark');
    const found: Record<string, Violation[]> = {};
    for (const [kind, path] of pages.filter(([k]) => k.startsWith('recap') || k === 'archive home' || k === 'commit')) {
      await open(page, path);
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[`${kind} ${path}`] = violations;
    }
    await context.close();
    expect(found).toEqual({});
  });
});

/** Every axe violation, of any impact, inside the elements `selectors` match on the open page. */
async function violationsIn(page: Page, selectors: string[]): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const present = [];
  for (const s of selectors) if ((await page.locator(s).count()) > 0) present.push([s]);
  if (present.length === 0) return [];
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run({ include }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  }, present);
}

describe.skipIf(!chromiumAvailable())('axe-core on the verdict strip, contents, Check first and the archive table (issue 12)', () => {
  /** The new elements: none may have a violation of any impact, at desktop and phone widths. */
  const NEW = ['[data-testid="verdict"]', '[data-testid="toc"]', '.cf-groups', '[data-testid="home-summary"]', '#projects', '#home-view'];
  for (const scheme of ['light', 'dark'] as const) {
    it(`finds no violation at all in the ${scheme} theme, at 1280 and 390 px`, async () => {
      const found: Record<string, Violation[]> = {};
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 844 } });
        const page = await context.newPage();
        for (const path of ['/', '/p/tickets-faults/', '/p/pstack-app/', '/p/tickets-verdict-faults/', '/p/coordination-faults/']) {
          await open(page, path);
          const violations = await violationsIn(page, NEW);
          if (violations.length > 0) found[`${width} ${path}`] = violations;
        }
        await context.close();
      }
      expect(found).toEqual({});
    });
  }
});

describe.skipIf(!chromiumAvailable())('themes', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  const background = (page: Page): Promise<string> => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

  it('follows the system by default, and the switch remembers a choice across pages', async () => {
    context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await open(page, '/');
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    expect(await page.inputValue('#theme-select')).toBe('system');
    expect(await background(page)).toBe('rgb(17, 20, 24)');
    await page.selectOption('#theme-select', 'light');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => localStorage.getItem('trailbook-theme'))).toBe('light');

    await open(page, '/p/tickets-clean/');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.inputValue('#theme-select')).toBe('light');
    await page.selectOption('#theme-select', 'system');
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('trailbook-theme'))).toBeNull();
    expect(await background(page)).toBe('rgb(17, 20, 24)');
  });

  it('applies a remembered theme before the first paint: a script inline in <head>, allowed by the policy, before any module runs', async () => {
    const ctx = await browser.newContext({ colorScheme: 'light' });
    await ctx.addInitScript(() => localStorage.setItem('trailbook-theme', 'dark'));
    const page = await ctx.newPage();
    // With every bundled module script refused, only the boot script can set the theme.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto(`${origin}/p/tickets-clean/`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await background(page)).toBe('rgb(17, 20, 24)');
    const head = await page.evaluate(() => {
      const script = Array.from(document.querySelectorAll('head script')).find((s) => (s.textContent ?? '').includes('trailbook-theme')) as HTMLScriptElement | undefined;
      const style = document.querySelector('head link[rel="stylesheet"]');
      const policy = document.querySelector('meta[http-equiv="content-security-policy"]');
      return {
        inline: script !== undefined && !script.hasAttribute('src'),
        blocking: script !== undefined && !script.async && !script.defer && script.type === '',
        beforeStyles: script !== undefined && style !== null && (script.compareDocumentPosition(style) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        // No request blocks the page before its styles and scripts are asked for.
        blockingFiles: document.querySelectorAll('head script[src]:not([type="module"]):not([async]):not([defer])').length,
        policy: policy?.getAttribute('content')?.includes("'self'") === true,
      };
    });
    expect(head).toEqual({ inline: true, blocking: true, beforeStyles: true, blockingFiles: 0, policy: true });
    // Without JavaScript the switch is hidden (it could not work) and the system theme applies.
    const noJs = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const plain = await noJs.newPage();
    await plain.goto(`${origin}/`);
    expect(await plain.locator('#theme-select').isVisible()).toBe(false);
    expect(await background(plain)).toBe('rgb(17, 20, 24)');
    await noJs.close();
    await ctx.close();
  });
});

describe.skipIf(!chromiumAvailable())('keyboard and status words', () => {
  it('the skip link is the first Tab stop, shows when focused, and moves focus to the content', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/', '/p/tickets-faults/', '/search/']) {
      await open(page, path);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
      expect(await page.evaluate(() => document.activeElement?.getBoundingClientRect().left ?? -1)).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.querySelector('#main')?.contains(document.activeElement))).toBe(true);
    }
    await context.close();
  });

  it('every status colour comes with a word, and every focusable control shows a focus outline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [, path] of pages.filter(([k]) => k.startsWith('recap') || k === 'archive home')) {
      await open(page, path);
      // Badges: `.status`, and the bare <b> of row cards (a row's result, an evidence item's status).
      const statuses = page.locator('.status, .rows > article > b, .evidence li > b, .rows > article > dl > dd > ul li > b');
      const words = await statuses.evaluateAll((els) => els.map((e) => {
        const copy = e.cloneNode(true) as Element;
        for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
        return (copy.textContent ?? '').trim();
      }));
      // A word, or a grade letter (A, B, N/A) of the score matrix.
      expect(words.filter((w) => !/[A-Za-z]/.test(w)), path).toEqual([]);
    }
    await open(page, '/p/tickets-faults/');
    const link = page.locator('main a').first();
    await link.focus();
    expect(await link.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
    expect(await readText(page.locator('.skip-link'))).toBe('Skip to content');
    await context.close();
  });
});
