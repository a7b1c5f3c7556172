/**
 * An auditor searching the real corpus (../shared/corpus/real: 21 public projects, no
 * repository) in Chromium (find15): the row meant is the first result, the status line says
 * exactly what was found (and which word nothing holds), the result lands on the row, and Back
 * restores the search. Skipped only where the corpus is not on disk.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { buildSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { isInViewport, readText, readTexts, searchDone, targetId } from './page-helpers.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

let origin: string;
let page: Page;

describe.skipIf(!existsSync(REAL_CORPUS))('an auditor searching the real corpus', () => {
  archiveInBrowser(() => buildSite([REAL_CORPUS]), { viewport: { width: 1024, height: 720 } }, (a) => ({ origin, page } = a));

  async function search(q: string): Promise<void> {
    const response = await page.goto(`${origin}/search/?${new URLSearchParams({ q })}`);
    expect(response?.status()).toBe(200);
    await searchDone(page);
  }
  const status = (): Promise<string> => readText(page.locator('#search-status'));
  const firstLink = () => page.locator('#search-results li a.result-title').first();

  it('a path typed with a leading slash lists the row citing it, lands on it, and Back restores the search', async () => {
    // Before: searched as its words: the row, but not as the file it cites (“/” lost the path).
    await search('/crates/zoen-engine/src/admission.rs');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await firstLink().getAttribute('href')).toBe('/p/enzotironi__os--build-v1-04/#row-9615ff5d');
    expect(await readTexts(page.locator('#search-results li').first().locator('mark'))).toEqual(['crates/zoen-engine/src/admission.rs']);
    await firstLink().click();
    await page.waitForURL(`${origin}/p/enzotironi__os--build-v1-04/#row-9615ff5d`);
    expect(await targetId(page)).toBe('row-9615ff5d');
    expect(await isInViewport(page.locator('#row-9615ff5d'))).toBe(true);
    await page.goBack();
    await searchDone(page);
    expect(await page.inputValue('#search-input')).toBe('/crates/zoen-engine/src/admission.rs');
    expect(await status()).toBe('1 result: 1 row.');
  });

  it('the full SHA of a commit a row cites short finds that row', async () => {
    // Before: "No results." (the row wrote `commit 2842af7`; no repository resolved it).
    await search('2842AF7D1E2F3A4B5C6D7E8F9A0B1C2D3E4F5A6B');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await firstLink().getAttribute('href')).toBe('/p/enzotironi__os--build-v1-04/#row-9ffa5c1f');
    expect(await readTexts(page.locator('#search-results li').first().locator('mark'))).toEqual(['2842af7']);
  });

  it('an identifier remembered as words, or in another case style, finds the row writing it first', async () => {
    // Before: “state basis” listed 149 results, none the row writing StateBasis; “userText”
    // and “headlock” found nothing (user_text, head-lock).
    await search('state basis');
    expect(await firstLink().getAttribute('href')).toBe('/p/enzotironi__os--build-v1-04/#row-ebf39816');
    expect(await status()).toMatch(/ 1 holds every word\.$/);
    await search('headlock');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await firstLink().getAttribute('href')).toBe('/p/enzotironi__os--build-v1-04/#row-ebf39816');
    await search('userText');
    expect(await firstLink().getAttribute('href')).toBe('/p/jonghakseo__picky/#row-27bdaf0f');
    expect(await readTexts(page.locator('#search-results li').first().locator('.result-excerpt mark, mark'))).toContain('user_text');
  });

  it('a SHA: the result shows the pointer citing it and its verdict, and the row’s why (find16)', async () => {
    // Before: the excerpt was the SHA alone, marked, and nothing said what became of it.
    await search('b1589f2');
    expect(await status()).toBe('2 results: 2 rows.');
    const first = page.locator('#search-results > li').first();
    expect(await firstLink().getAttribute('href')).toBe('/p/calypr__loom/#row-77345654');
    expect(await readText(first.locator('.result-evidence'))).toBe('Evidence: b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198 not verified (inconclusive)');
    expect(await readTexts(first.locator('.result-evidence mark'))).toEqual(['b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198']);
    expect(await first.locator('.result-evidence li').getAttribute('data-status')).toBe('INCONCLUSIVE');
    expect(await readText(first.locator('.result-excerpt'))).toBe('make completion falsifiable across every script family');
  });

  it('words: each result says what its row cites and what became of it, the cited the query names first', async () => {
    await search('RecipeStore');
    const items = await page.locator('#search-results > li').evaluateAll((lis) => lis.map((li) => Array.from(li.querySelectorAll('.result-evidence li'), (x) => (x.textContent ?? '').replace(/\s+/g, ' '))));
    expect(items).toEqual([
      ['macos/Source/RecipeStore.swift:116 not verified (inconclusive)'],
      ['macos/Source/RecipeStore.swift not verified (inconclusive)', 'macos/Source/AppShell.swift not verified (inconclusive)', 'macos/Source/App.swift not verified (inconclusive)', 'and 2 more'],
    ]);
  });

  it('a forge’s link to a commit or to a file’s line finds the rows citing it (find16)', async () => {
    // Before: "No results. No record holds “https://github.com/calypr/loom/commit/…”."
    await search('https://github.com/calypr/loom/commit/b1589f2f9b3e2503aa29d1d1e1e7c13c453f3198');
    expect(await status()).toBe('2 results: 2 rows.');
    expect(await firstLink().getAttribute('href')).toBe('/p/calypr__loom/#row-77345654');
    await search('https://github.com/AntApper/FujiRecipesMac/blob/main/macos/Source/RecipeStore.swift#L116');
    expect(await status()).toBe('2 results: 2 rows.');
    expect(await firstLink().getAttribute('href')).toBe('/p/antapper__fujirecipesmac/#row-367ed5b4');
    expect(await readTexts(page.locator('#search-results > li').first().locator('mark'))).toEqual(['macos/Source/RecipeStore.swift']);
  });

  it('OR and a leading “-” are said to be no operators, not searched or hidden (find16)', async () => {
    // Before: “OR” was “a word too common to search”; `-baseline` ranked rows holding “baseline” first, unsaid.
    await search('libpipewire OR pipewire');
    expect(await readText(page.locator('#search-notices'))).toBe('Left out of the search: “OR” (search has no operators: every other word is searched, and results holding every word come first, then those holding some).');
    expect(await status()).toBe('2 results: 2 rows. 0 hold every word. No record holds “pipewire”.');
    await search('libpipewire -baseline');
    expect(await readText(page.locator('#search-notices'))).toBe('A leading “-” does not leave a word out here: “baseline” is searched like the other words. To narrow results, pick a filter.');
  });

  it('a date: the status names it as held by no record, and the page says a row’s own date is not searched (find16)', async () => {
    // Before: "No results." and nothing more (12 rows of the real corpus were written on 2026-08-19).
    await search('2026-08-19');
    expect(await status()).toBe('No results. No record holds “2026-08-19”.');
    expect(await readText(page.locator('#search-notices'))).toBe('A date is found only where a record writes it: a row’s own date is not searched. To narrow results by year, pick the year filter.');
    // A date a record writes is found.
    await search('2026-09-28');
    expect(await status()).toBe('2 results: 1 row, 1 flag.');
    expect(await firstLink().getAttribute('href')).toBe('/p/fpcmotif__fenforce/#flag-1');
  });

  it('a typo is named in the status line', async () => {
    // Before: "4 results: 4 rows. 0 hold every word." and nothing said of the misspelt word.
    await search('governed-action colision');
    expect(await status()).toBe('4 results: 4 rows. 0 hold every word. No record holds “colision”.');
  });
});
