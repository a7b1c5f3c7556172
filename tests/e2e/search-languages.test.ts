/**
 * Words in scripts written without spaces are found (issue 11): Korean and Japanese decision
 * trails of the shared real corpus (../shared/corpus/real; SOURCES.md there), built into an
 * archive and searched in Chromium. The tokenizer cuts them into pairs of characters
 * (src/lib/search/tokenize.ts), so a word found inside a longer run is found too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readTexts, searchDone } from './page-helpers.ts';

const SHARED = join(REPO_ROOT, '..', 'shared', 'corpus', 'real');
const FOLDERS = ['Jonghakseo__picky', 'SenriganMaster__csv_zero'];

describe.skipIf(!FOLDERS.every((f) => existsSync(join(SHARED, f))))('search in Korean and Japanese', () => {
  let page: Page;
  let origin = '';
  let input = '';

  archiveInBrowser(
    async () => {
      input = join(await mkdtemp(join(tmpdir(), 'trailbook-languages-')), 'real');
      for (const f of FOLDERS) await cp(join(SHARED, f), join(input, f), { recursive: true });
      return buildSite([input]);
    },
    {},
    (a) => ({ page, origin } = a),
  );

  afterAll(async () => {
    if (input) await rm(dirname(input), { recursive: true, force: true });
  });

  async function first(q: string): Promise<{ title: string; href: string; marks: string[] }> {
    await page.goto(`${origin}/search/?${new URLSearchParams({ q }).toString()}`);
    await searchDone(page);
    const result = page.locator('#search-results li.result').first();
    return {
      title: (await result.locator('.result-title').textContent()) ?? '',
      href: (await result.locator('.result-title').getAttribute('href')) ?? '',
      marks: await readTexts(result.locator('mark')),
    };
  }

  it('finds a Korean phrase inside a longer run of Hangul', async () => {
    const hit = await first('순차 구현');
    expect(hit.title).toBe('승인된 순차 구현 범위를 그대로 채택');
    expect(hit.href).toMatch(/^\/p\/jonghakseo__picky\/#row-[0-9a-f]{8}$/);
    expect(hit.marks).toEqual(['순차', '구현']);
  });

  it('finds a Japanese word, in the decision before the reasons that hold it', async () => {
    const only = await first('文字列');
    expect(only.title).toMatch(/^B#8\/C#7 LibreOffice test folds CRLF to LF/);
    expect(only.href).toMatch(/^\/p\/senriganmaster__csv_zero\/#row-[0-9a-f]{8}$/);
    const both = await first('自動');
    expect(both.title).toMatch(/^B#8\/C#7 LibreOffice test folds CRLF to LF/);
    expect(both.marks).toContain('自動');
  });
});
