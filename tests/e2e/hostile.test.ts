/**
 * The hostile corpus (scripts/make-hostile-corpus.ts; issue 6, "Done when"), built with the
 * real CLI and opened in Chromium: on every page of the archive no dialog opens, no console
 * error is logged (a CSP violation is one), nothing is requested from another origin, and no
 * element, attribute or inline script came from a record; search runs under the CSP with
 * words and filter values made of markup. Nothing from outside the input folder is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { CSV_FORMULA, makeHostileCorpus, SECRET, type HostileManifest } from '../../scripts/make-hostile-corpus.ts';
import { buildSite, REPO_ROOT, runCli, type BuiltSite } from './build-site.ts';
import { readArchiveIndex, readModel } from '../../src/lib/archive/model-store.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { watchPage, type PageWatch } from './page-helpers.ts';
import { listing } from './file-listing.ts';

let tmp: string;
/** `trailbook check --format github` over the corpus. */
let github: { stdout: string; stderr: string; code: number | null };
let manifest: HostileManifest;
let site: BuiltSite;
let browser: Browser;
let origin: string;

/** Every file of the built archive, as absolute paths in listing order. */
const files = async (dir: string): Promise<string[]> => (await listing(dir)).map((rel) => join(dir, rel));

/** The hostile corpus built (its repositories allowed by a configuration beside it), and `check --format github` over it. */
async function buildHostile(): Promise<BuiltSite> {
  tmp = await mkdtemp(join(tmpdir(), 'trailbook-hostile-'));
  manifest = await makeHostileCorpus(join(tmp, 'input'));
  // The corpus's projects name repositories beside it: the archive configuration allows them
  // (and asks for the decisions.csv.gz files, read below).
  const config = join(tmp, 'trailbook.config.json');
  await writeFile(config, JSON.stringify({ allowRepositories: [manifest.repos], decisionsCsv: true }));
  const built = await buildSite([manifest.corpus], ['--config', config]);
  github = await runCli(['check', '--format', 'github', '--config', config, manifest.corpus]);
  return built;
}

// The pages are opened by the last describe, in a context of its own that also catches dialogs.
archiveInBrowser(buildHostile, {}, (a) => ({ site, browser, origin } = a));

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the hostile corpus builds', () => {
  it('has at least 200 cases, and the build names every project it found', () => {
    expect(manifest.cases.length).toBeGreaterThanOrEqual(200);
    const printed = `${site.stdout}\n${site.stderr}`;
    expect(Number(/Found (\d+) projects\./.exec(printed)?.[1])).toBeGreaterThanOrEqual(30);
    expect(printed).not.toMatch(/rendering failed|Error:|at .*\.ts:\d+/);
    // A file name holding terminal escape sequences is printed with them made visible.
    expect(printed).toContain('\\x1b]0;pwned\\x07');
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('accounts for every line of every line-based file, the 100 MB one too', async () => {
    const models = await Promise.all((await readArchiveIndex(site.cacheDir)).projects.map((p) => readModel(site.cacheDir, p.id)));
    const asRoot = process.getuid?.() === 0;
    for (const f of manifest.lineFiles) {
      const sources = models.filter((m) => m.root === `corpus/${f.project}`).flatMap((m) => m.sources.filter((s) => s.path === f.rel));
      expect(sources.length, `${f.project}/${f.rel}`).toBe(1);
      const source = sources[0] as (typeof sources)[number];
      const unreadable = f.refused || (!asRoot && f.project === 'broken/unreadable' && f.rel === 'premises.jsonl');
      expect([source.lines, source.valid + source.invalid], `${f.project}/${f.rel}`).toEqual(unreadable ? [0, 1] : [f.lines, f.lines]);
    }
    expect(manifest.lineFiles.some((f) => f.project === 'broken/huge')).toBe(true);
  });

  it('publishes nothing from outside the input folder, and no path of the build machine', async () => {
    const leaks: string[] = [];
    for (const f of await files(site.out)) {
      const text = (await readFile(f)).toString('latin1');
      if (text.includes(SECRET)) leaks.push(`${relative(site.out, f)}: the secret`);
      for (const machinePath of [tmp, dirname(site.out), REPO_ROOT + sep]) if (text.includes(machinePath)) leaks.push(`${relative(site.out, f)}: ${machinePath}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('security-2 through the command line and in the archive', () => {
  it('prints no line a GitHub runner would take for a workflow command, in build and in check --format github', () => {
    const lines = [site.stdout, site.stderr, github.stdout, github.stderr].flatMap((t) => t.split('\n'));
    // Trailbook's own lines: one annotation per flag shown, and the notice counting the flags GitHub would not show (issue 32).
    expect(lines.filter((l) => l.trimStart().startsWith('::') && !/^::(error|warning|notice) file=[^\n]*::/.test(l) && !/^::notice title=Trailbook%3A \d+ more flags::\d+ more flags are not annotated \(/.test(l))).toEqual([]);
    expect(site.stderr).toMatch(/warning: \S*security\/workflow-commands\/x\\n::stop-commands::tok1: symbolic link leads outside the input root; not followed/);
    // GitHub shows 10 annotations of a level per step: the worst 10 errors, 10 warnings, 9 notices, then the count.
    const levels = github.stdout.split('\n').filter((l) => l.startsWith('::')).map((l) => /^::(\w+)/.exec(l)?.[1]);
    expect([levels.filter((l) => l === 'error').length, levels.filter((l) => l === 'warning').length, levels.filter((l) => l === 'notice').length]).toEqual([10, 10, 10]);
  });

  it(`writes the decision ${CSV_FORMULA} to decisions.csv.gz quoted, with a quote before the =`, async () => {
    const csv = gunzipSync(await readFile(join(site.out, 'p', 'security-csv-formula', 'decisions.csv.gz'))).toString('utf8');
    expect(csv.split('\r\n')[2]).toMatch(/^[0-9a-f]{8},2026-03-02T10:00:00Z,p1,,lead,"ok;'=cmd\|' \/C calc'!A0",security-2,x,"prose, no pointer",verified,,decisions\.jsonl,2,evidence\/prose,medium,true,,$/);
  });

  it('writes no page for a git directory inside a project, nor for a pointer that failed', async () => {
    const published = await listing(site.out);
    expect(published.filter((f) => /\/file\/.*(mirror\.git|dotgit|uncommitted)/.test(f))).toEqual([]);
    expect(published.filter((f) => f.startsWith('p/security-git-dirs/file/'))).toEqual([]);
  });
});

/** Runs in the page: what a record could have injected, in plain words (empty when clean). */
async function audit(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const here = location.origin;
    const csp = document.querySelector('meta[http-equiv="content-security-policy" i]')?.getAttribute('content') ?? '';
    // Pages carry a policy: Astro's (scripts by hash) or, for the standalone exports, `default-src 'none'`.
    if (!/script-src [^;]*'self'/.test(csp) && !/default-src 'none'/.test(csp)) problems.push(`no script policy in the content security policy: ${csp.slice(0, 80)}`);
    if (/'unsafe-inline'|'unsafe-eval'/.test(csp)) problems.push('the policy allows inline or eval script');
    const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcset', 'background', 'ping', 'cite']);
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const name of el.getAttributeNames()) {
        const value = el.getAttribute(name) ?? '';
        if (/^on/i.test(name)) problems.push(`<${el.localName}> has an event handler attribute ${name}`);
        if (name === 'style' && /url\(|expression|evil/i.test(value)) problems.push(`<${el.localName}> has a style that fetches`);
        if (!URL_ATTRIBUTES.has(name.toLowerCase())) continue;
        if (el.localName === 'link' && /\bicon\b/.test(el.getAttribute('rel') ?? '') && value === 'data:,') continue; // "no favicon"
        if (/^[\s\u0000-\u001f]*(javascript|data|vbscript|file):/i.test(value)) problems.push(`<${el.localName} ${name}="${value.slice(0, 60)}">`);
        else if (el.localName !== 'a') {
          try {
            if (new URL(value, location.href).origin !== here) problems.push(`<${el.localName} ${name}> loads from another origin: ${value.slice(0, 60)}`);
          } catch {
            problems.push(`<${el.localName} ${name}> is not a URL`);
          }
        }
      }
    }
    for (const selector of ['iframe', 'frame', 'object', 'embed', 'applet', 'base', 'meta[http-equiv="refresh" i]', 'portal', 'video', 'audio', 'math mglyph']) {
      if (document.querySelector(selector)) problems.push(`has a <${selector}> element`);
    }
    for (const img of Array.from(document.querySelectorAll('img'))) problems.push(`has an <img src="${img.getAttribute('src')?.slice(0, 60)}">`);
    for (const style of Array.from(document.querySelectorAll('style'))) if (/@import|evil\.example|alert\(/.test(style.textContent ?? '')) problems.push('a <style> element from a record');
    for (const script of Array.from(document.querySelectorAll('script'))) {
      if (script.src) {
        if (new URL(script.src).origin !== here) problems.push(`a script from another origin: ${script.src}`);
        continue;
      }
      // Every inline script must be one the policy names by hash (Astro's own).
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script.textContent ?? '')));
      const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
      if (!csp.includes(hash)) problems.push(`an inline script the policy does not hash: ${(script.textContent ?? '').slice(0, 80)}`);
    }
    return problems;
  });
}

describe.skipIf(!chromiumAvailable())('every page of the hostile archive in Chromium', () => {
  let page: Page;
  let watch: PageWatch;
  const dialogs: string[] = [];

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(`${page.url()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    watch = watchPage(page, origin);
  });

  it('runs nothing, loads nothing from elsewhere and logs no error, on every page', async () => {
    const pages = await listing(site.out, (rel) => rel.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const rel of pages) {
      const url = `${origin}/${rel.replace(/(^|\/)index\.html$/, '$1')}`;
      try {
        const response = await page.goto(url, { waitUntil: 'load' });
        if (response?.status() !== 200) problems.push(`${rel}: HTTP ${response?.status()}`);
        for (const p of await audit(page)) problems.push(`${rel}: ${p}`);
        if (page.url().split('#')[0] !== url) problems.push(`${rel}: the page went to ${page.url()} by itself`);
      } catch (error) {
        problems.push(`${rel}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    await page.waitForTimeout(200);
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.offsite).toEqual([]);
  }, 120_000);

  it('writes data files that parse: every JSON file, and an Atom feed of Atom elements only', async () => {
    const all = await files(site.out);
    const broken: string[] = [];
    for (const f of all.filter((x) => x.endsWith('.json'))) {
      try {
        JSON.parse(await readFile(f, 'utf8'));
      } catch (error) {
        broken.push(`${relative(site.out, f)}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
    for (const f of all.filter((x) => x.endsWith('.xml'))) {
      const xml = await readFile(f, 'utf8');
      const foreign = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.querySelector('parsererror')) return ['not well-formed'];
        return Array.from(doc.getElementsByTagName('*')).filter((e) => e.namespaceURI !== 'http://www.w3.org/2005/Atom').map((e) => e.localName);
      }, xml);
      expect(foreign, relative(site.out, f)).toEqual([]);
    }
  });

  // Round-2 trial: a binary decisions.jsonl and a record's "\u0000"/"\u001b" reached pages as raw
  // control bytes (a parse error in HTML; browsers drop or replace a NUL): shown as control pictures.
  it('writes no C0 control character (other than HTML whitespace) into any page', async () => {
    const found: string[] = [];
    for (const file of (await files(site.out)).filter((f) => f.endsWith('.html'))) {
      const text = await readFile(file, 'utf8');
      const at = text.search(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/);
      if (at !== -1) found.push(`${relative(site.out, file)}: ${JSON.stringify(text.slice(Math.max(0, at - 80), at + 8))}`);
    }
    expect(found).toEqual([]);
  });

  it('shows the payloads as text where they were written', async () => {
    await page.goto(`${origin}/p/xss-bbs/`);
    const text = await page.evaluate(() => document.body.textContent ?? '');
    for (const shown of ['<script>alert("xss-script")</script>', '<img src=x onerror=alert("xss-img")>', '</script><script>alert("xss-close-script")</script>', '${alert("xss-template")}']) {
      expect(text).toContain(shown);
    }
    await page.goto(`${origin}/p/xss-beads/`);
    expect(await page.evaluate(() => document.body.textContent ?? '')).toContain('<svg onload=alert("xss-svg")>');
    expect(dialogs).toEqual([]);
  });

  it('issue 14: a back-dated superseder hides no failure, and the flag reaches both rows', async () => {
    await page.goto(`${origin}/p/broken-supersedes-backdated/`);
    const flag = page.locator('li.flag[data-kind="trail/supersedes-backdated"]');
    expect(await flag.count()).toBe(1);
    const links = await flag.locator('.flag-links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(2);
    for (const href of links) expect(await page.locator(href as string).isVisible(), href as string).toBe(true);
    const failed = page.locator('.rows > article[data-result="failed"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.isVisible()).toBe(true);
    expect(`#${await failed.getAttribute('id')}`).toBe(links[1]);
  });

  it('issue 14: 1,000 empty QA files and 50,000 garbage lines make a bounded recap that says what it left out', async () => {
    await page.goto(`${origin}/p/broken-amplify/`);
    expect(await page.locator('section.invalid > p').first().textContent()).toBe('51,000 lines could not be read as records. At most 200 of one kind are listed here, each with its raw text; the rest of a kind are counted in one summary.');
    expect(await page.locator('.invalid-list > li').count()).toBe(402);
    const text = await page.evaluate(() => document.body.textContent ?? '');
    expect(text).toContain('49800 more trail/not-json records are not listed one by one (the first at decisions.jsonl:202, the last at decisions.jsonl:50001)');
    expect(text).toContain('800 more files, qa/T-0200.json … qa/T-0999.json');
    const recap = await readFile(join(site.out, 'p', 'broken-amplify', 'index.html'));
    expect(recap.length).toBeLessThan(2_000_000);
  });

  it('searches under the CSP: words and filter values made of markup run nothing and are shown as text', async () => {
    const settle = async (): Promise<number> => {
      await page.waitForFunction(() => document.querySelector('#search-status')?.hasAttribute('data-count') || /No results|could not be loaded/.test(document.querySelector('#search-status')?.textContent ?? ''));
      return page.locator('#search-results > li').count();
    };
    // The page's own elements only: a result's li, title link, paragraphs and marks, and its
    // evidence line's (find16: div, its label, the row card's list, each pointer's code, status and check).
    const injected = (): Promise<number> =>
      page.evaluate(() => document.querySelectorAll('#search-results *:not(li, a, p, mark, div.result-evidence, .result-evidence > span.meta, .result-evidence > ul.evidence, .result-evidence li > code, .result-evidence li > b, .result-evidence li > small)').length);

    await page.goto(`${origin}/search/?q=${encodeURIComponent('alert')}`);
    expect(await settle()).toBeGreaterThan(0);
    expect(await injected()).toBe(0);
    const titles = await page.locator('.result-title').allTextContents();
    expect(titles.some((t) => t.includes('<') && t.includes('alert('))).toBe(true);

    await page.goto(`${origin}/search/?q=${encodeURIComponent('<script>alert(1)</script> onerror')}`);
    await settle();
    expect(await injected()).toBe(0);

    // Every filter value that holds markup or a scheme, through the URL and through the select.
    const filters = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLSelectElement>('#search-filters select')).map((s) => ({ name: s.name, id: s.id, values: Array.from(s.options).map((o) => o.value).filter((v) => /[<>"'`$]|script:/.test(v)) })),
    );
    const hostile = filters.flatMap((f) => f.values.slice(0, 4).map((v) => ({ ...f, value: v })));
    expect(hostile.length).toBeGreaterThan(10);
    let found = 0;
    for (const f of hostile) {
      await page.goto(`${origin}/search/?${new URLSearchParams({ [f.name]: f.value }).toString()}`);
      found += await settle();
      expect(await injected()).toBe(0);
      expect(await page.locator(`#${f.id}`).inputValue()).toBe(f.value);
    }
    expect(found).toBeGreaterThan(0);
    const first = hostile[0] as (typeof hostile)[number];
    await page.goto(`${origin}/search/`);
    await page.waitForSelector(`#${first.id}`, { state: 'attached' });
    await page.locator('#search-filters-summary').click();
    await page.selectOption(`#${first.id}`, first.value);
    expect(await settle()).toBeGreaterThan(0);
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.offsite).toEqual([]);
  }, 60_000);
});
