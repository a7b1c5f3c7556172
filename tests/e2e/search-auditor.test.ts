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

  it('a typo is named in the status line', async () => {
    // Before: "4 results: 4 rows. 0 hold every word." and nothing said of the misspelt word.
    await search('governed-action colision');
    expect(await status()).toBe('4 results: 4 rows. 0 hold every word. No record holds “colision”.');
  });
});
