/**
 * The search page of the example corpus archive, in Chromium (issue 11): ranked records
 * landing on their anchors; exact ids, SHA prefixes, paths with lines and flag kinds first;
 * filters with and without words, folded into a disclosure; counts that agree with the home
 * page and `check --json`; short URLs that old links still reach; the keys. Everything is
 * served from the local test server only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, runCli } from './build-site.ts';
import { copyDecisionTrailCorpus } from './decision-trail-corpus.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { moduleScripts, staticImports } from '../../src/lib/site/module-preload.ts';
import { isInViewport, type PageWatch, readText, readTexts, ROW_CARD, targetId } from './page-helpers.ts';

let origin: string;
let page: Page;
let watch: PageWatch;
let corpus = '';

// The six decision-trail projects of the example corpus, so that result counts are exact; no
// console error and no request to anything but the local server, in every test.
archiveInBrowser(
  async () => {
    corpus = await copyDecisionTrailCorpus();
    return buildSite([corpus]);
  },
  { viewport: { width: 1024, height: 640 } },
  (a) => ({ origin, page, watch } = a),
);

afterAll(async () => {
  if (corpus) await rm(dirname(corpus), { recursive: true, force: true });
});

const HINT = 'Type words, a row id, a SHA or a path, or pick a filter.';
const FINAL_STATUS = /^(\d[\d,]* results?: .+\.|No results.*\.|Type words, a row id, a SHA or a path, or pick a filter\.)$/;

/**
 * Waits until the page has run the search that `search` (a query string) describes: the URL
 * holds the same parameters (in any order), the status line is final and the first results are listed.
 */
async function settled(search: string): Promise<void> {
  await page.waitForFunction(
    ([wanted, pattern]) => {
      const norm = (q: string) => [...new URLSearchParams(q).entries()].map(([k, v]) => `${k}=${v}`).sort().join('&');
      const status = document.querySelector<HTMLElement>('#search-status');
      const text = status?.textContent ?? '';
      // data-count is set once the first results are listed (src/scripts/search.ts).
      const done = status?.hasAttribute('data-count') || text.startsWith('Type words');
      return norm(location.search) === norm(wanted) && new RegExp(pattern).test(text) && done;
    },
    [search, FINAL_STATUS.source] as const,
  );
}

async function openSearch(search = '', settledAs = search): Promise<void> {
  const response = await page.goto(`${origin}/search/${search}`);
  expect(response?.status()).toBe(200);
  await settled(settledAs);
}

async function type(words: string, search: string): Promise<void> {
  await page.fill('#search-input', words);
  await settled(search);
}

async function openFilters(): Promise<void> {
  if (!(await page.locator('#search-filters-box').evaluate((d) => (d as HTMLDetailsElement).open))) await page.locator('#search-filters-summary').click();
}

async function select(filter: string, value: string, search: string): Promise<void> {
  await openFilters();
  await page.selectOption(`#search-filters select[name="${filter}"]`, value);
  await settled(search);
}

const status = () => readText(page.locator('#search-status'));
const titles = () => readTexts(page.locator('#search-results li.result .result-title'));
const hrefs = () => page.locator('#search-results li.result a.result-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
const optionLabel = (filter: string, value: string) => readText(page.locator(`#search-filters select[name="${filter}"] option[value="${value}"]`));

/** Clicks "Show more" until every result is listed; returns how many are shown. */
async function showAll(): Promise<number> {
  const more = page.locator('#search-more');
  while (await more.isVisible()) {
    const before = await page.locator('#search-results li.result').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('#search-results li.result').length > n, before);
  }
  return page.locator('#search-results li.result').count();
}

describe('search page', () => {
  it('starts empty, with every filter of the spec folded away and a hint', async () => {
    await openSearch();
    expect(await page.locator('#search-form').isVisible()).toBe(true);
    expect(await page.locator('#search-nojs').count()).toBe(0);
    expect(await status()).toBe(HINT);
    expect(await page.locator('#search-results li').count()).toBe(0);
    // Folded: the filters take one line until opened.
    expect(await page.locator('#search-filters').isVisible()).toBe(false);
    expect(await readText(page.locator('#search-filters-summary'))).toBe('Filters');
    const names = await page.locator('#search-filters select').evaluateAll((ss) => ss.map((s) => s.getAttribute('name')));
    // Every filter of spec/archive.md, in this order, under its short URL name (others may sit between them).
    const spec = ['type', 'project', 'phase', 'result', 'evidence', 'cites', 'severity', 'actor', 'format', 'year'];
    expect(names.filter((n) => n !== null && spec.includes(n))).toEqual(spec);
    const labels = await page.locator('#search-filters label > span').evaluateAll((ss) => ss.map((s) => s.textContent));
    expect(labels.slice(0, 8)).toEqual(['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'check first', 'flag severity']);
    const results = await page.locator('#search-filters select[name="result"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // Results as written (issue 27): `reported done` is the agent's word, a state of its own.
    expect(results).toEqual(['', 'failed', 'inconclusive', 'note', 'open', 'reported done', 'reverted', 'verified']);
    const projects = await page.locator('#search-filters select[name="project"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(projects).toEqual(['', 'content/pstack-app', 'content/tickets/clean', 'content/tickets/failed', 'content/tickets/faults', 'content/tickets/no-audit', 'content/tickets/not-run']);
    expect(await readText(page.locator('label[for="search-input"]'))).toBe('Words, a row id, a SHA, a path (src/a.ts:12) or a flag kind');
  });

  it('“fake-sha hotfix” finds the row first; its result lands on the row, targeted', async () => {
    await openSearch();
    await type('fake-sha hotfix', '?q=fake-sha+hotfix');
    // The row and the flags that hold both words, then records holding one of them: the row
    // holding "hotfix" in its decision before the flag quoting the first row's decision.
    expect(await status()).toBe('5 results: 2 rows, 3 flags. 2 hold every word.');
    expect(await hrefs()).toEqual(['/p/tickets-faults/#row-8635af1e', '/p/tickets-faults/#flag-1', '/p/tickets-faults/#row-0a1f7f7c', '/p/tickets-faults/#flag-2', '/p/tickets-faults/#flag-14']);

    const result = page.locator('#search-results li.result').first();
    expect(await readText(result.locator('.result-title'))).toBe('Ship the fake-sha hotfix');
    expect(await result.locator('.result-title mark').evaluateAll((ms) => ms.map((m) => m.textContent))).toEqual(['fake', 'sha', 'hotfix']);
    expect(await readText(result.locator('.meta').first())).toBe('Planted faults');
    const tags = (await readText(result.locator('.result-filters'))).split(' · ');
    expect(tags).toEqual([
      'type: decision',
      'phase: phase-1',
      'result: verified',
      'evidence status: did not resolve',
      'evidence kind: commit',
      'check first: needs a look',
      'flag severity: high',
      'actor: lead',
      'source format: bbs decisions.jsonl',
      'year: 2026',
    ]);
    expect(await readText(result.locator('.result-excerpt'))).toBe('The worker reported the hotfix commit as landed');
    expect(await result.locator('.result-excerpt mark').evaluateAll((ms) => ms.map((m) => m.textContent))).toEqual(['hotfix']);
    // What the row rests on and what became of it, before opening it (find16).
    expect(await readText(result.locator('.result-evidence'))).toBe('Evidence: 6b8467766823b30e559d624defde1c57a594bda6 not verified evidence/commit-not-found');
    expect(await result.locator('.result-evidence li').getAttribute('data-status')).toBe('NOT_VERIFIED');

    await result.locator('a.result-title').click();
    await page.waitForURL(`${origin}/p/tickets-faults/#row-8635af1e`);
    expect(await targetId(page)).toBe('row-8635af1e');
    const row = page.locator('#row-8635af1e');
    expect(await isInViewport(row)).toBe(true);
    expect(await readText(row.locator(ROW_CARD.decision))).toBe('Ship the fake-sha hotfix');
  });

  it('a flag is a result too, landing on the flag in Attention', async () => {
    await openSearch('?q=nobody+can+find');
    expect((await titles())[0]).toBe('unsupported-claim: The hotfix row cites a commit nobody can find');
    expect(await status()).toBe('3 results: 2 rows, 1 flag. 1 holds every word.');
    await page.locator('#search-results a.result-title').first().click();
    await page.waitForURL(`${origin}/p/tickets-faults/#flag-2`);
    expect(await targetId(page)).toBe('flag-2');
    expect(await page.locator('#flag-2').getAttribute('data-kind')).toBe('unsupported-claim');
    expect(await isInViewport(page.locator('#flag-2'))).toBe(true);
  });

  describe('the first result is the record meant', () => {
    const cases: Array<[string, string, string, string]> = [
      ['a phrase with a number', '4 KiB cap', '/p/tickets-faults/#row-841241d4', 'Keep the 4 KiB cap after review'],
      ['a row id', '8635af1e', '/p/tickets-faults/#row-8635af1e', 'Ship the fake-sha hotfix'],
      ['a row’s anchor, as its permalink shows it', '#row-8635af1e', '/p/tickets-faults/#row-8635af1e', 'Ship the fake-sha hotfix'],
      ['a SHA prefix: the commit page, then the rows citing it', '8879725e', '/r/content-repos-example.git/commit/8879725e58e4dddd4a83a461e62c6d48f8c13d17/', 'Commit 8879725e58e4 in content/repos/example.git'],
      ['a path:line: the row citing that line', 'src/parser.ts:999', '/p/tickets-faults/#row-29700948', 'Keep the legacy line counter'],
      ['a path: the file page', 'src/parser.ts', '/r/content-repos-example.git/file/src/parser.ts/', 'src/parser.ts'],
      ['a flag kind’s tail', 'commit-not-found', '/p/tickets-faults/#flag-1', 'evidence/commit-not-found: row 8635af1e “Ship the fake-sha hotfix” — no commit 6b8467766823b30e559d624defde1c57a594bda6 in content/repos/example.git'],
      ['a ticket id', 'T-22', '/p/tickets-faults/#row-3ec852ad', 'Add the CLI entry'],
    ];
    for (const [what, q, href, title] of cases) {
      it(`${what}: “${q}”`, async () => {
        await openSearch(`?${new URLSearchParams({ q }).toString()}`);
        expect((await hrefs())[0]).toBe(href);
        expect((await titles())[0]).toBe(title);
      });
    }

    it('a SHA prefix lists the rows citing the commit after its page; the rows of a flag kind follow its flags', async () => {
      await openSearch('?q=8879725e');
      expect(await hrefs()).toEqual([
        '/r/content-repos-example.git/commit/8879725e58e4dddd4a83a461e62c6d48f8c13d17/',
        '/p/tickets-faults/#row-83d1c257',
        '/p/tickets-faults/#row-bcbab5af',
        '/p/tickets-clean/#row-86a3c160',
        '/p/pstack-app/#row-00b3022c',
      ]);
      expect(await status()).toBe('5 results: 4 rows, 1 commit.');
      // The SHA is marked where each row cites it, whole or short (the words never hold a SHA), in
      // the result's evidence line with its verdict (find16: before, the excerpt showed the cell,
      // `8879725` marked, and nothing said whether it was verified).
      const evidence = await page.locator('#search-results li.result').evaluateAll((lis) =>
        lis.map((li) => Array.from(li.querySelectorAll('.result-evidence li'), (item) => `${Array.from(item.querySelectorAll('mark'), (m) => m.textContent).join(' ')} | ${item.textContent} | ${item.getAttribute('data-status') ?? 'VERIFIED'}`)),
      );
      expect(evidence).toEqual([
        [],
        ['8879725e58e4dddd4a83a461e62c6d48f8c13d17 | 8879725e58e4dddd4a83a461e62c6d48f8c13d17 verified | VERIFIED'],
        ['8879725 | 8879725 verified | VERIFIED'],
        ['8879725e58e4dddd4a83a461e62c6d48f8c13d17 | 8879725e58e4dddd4a83a461e62c6d48f8c13d17 verified | VERIFIED'],
        ['8879725 | commit 8879725 verified | VERIFIED', ' | npm run build not verified (inconclusive) | INCONCLUSIVE'],
      ]);
      // The why beside it, the SHA not said twice.
      expect(await readText(page.locator('#search-results li.result').nth(1).locator('.result-excerpt'))).toBe('The report came from a stale checkout; the fix and its test are right');
      await openSearch('?q=commit-not-found');
      expect(await hrefs()).toEqual(['/p/tickets-faults/#flag-1', '/p/tickets-faults/#row-8635af1e']);
    });

    it('a path:line lands on the line of the file page', async () => {
      await openSearch(`?${new URLSearchParams({ q: 'src/parser.ts:12' }).toString()}`);
      expect(await hrefs()).toContain('/r/content-repos-example.git/file/src/parser.ts/#L12');
      expect((await hrefs())[0]).toBe('/p/tickets-faults/#row-8ada2ddc');
    });

    it('a commit’s subject: the commit, its subject in the excerpt (it was found by its SHA only)', async () => {
      await openSearch('?q=row+parser&type=commit');
      // Holding both words, then one; not every commit ("Cited by 2 rows" is not searched).
      expect(await hrefs()).toEqual(['/r/content-repos-example.git/commit/1b48d2e412347fd6ef83c8ba0b737a32017d1b14/', '/r/content-repos-example.git/commit/7a228b630fd72c80d54220fd31a009a00e560510/']);
      expect(await readText(page.locator('#search-results .result-excerpt').first())).toMatch(/^“Add row parser”\. Cited by \d+ rows? of /);
    });

    it('filters only: result = failed', async () => {
      await openSearch('?result=failed');
      expect(await hrefs()).toEqual(['/p/tickets-faults/#row-29700948']);
      // A result of filters only shows an excerpt too: the start of its reason.
      expect(await readText(page.locator('#search-results .result-excerpt').first())).toBe('Changing it would renumber every error message');
    });
  });

  it('a result filter narrows a search: “parser”, then result = failed', async () => {
    await openSearch();
    await type('parser', '?q=parser');
    // The two cited commits whose subjects say "parser" (“Add row parser”, “Add parser tests”) are results too.
    expect(await status()).toBe('24 results: 18 rows, 2 flags, 2 commits, 2 files.');
    expect(await titles()).toEqual(expect.arrayContaining(['Keep the legacy line counter', 'Integrate phase 1 at the parser commit', 'port the trail parser into the app as one change']));
    // A decision row holding the word in its decision comes before the high-severity flags quoting it.
    expect((await titles())[0]).toBe('Skip the parser tests for the hotfix');

    await select('result', 'failed', '?q=parser&result=failed');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);
    expect(await hrefs()).toEqual(['/p/tickets-faults/#row-29700948']);
    expect(await readTexts(page.locator('#search-chips .chip'))).toEqual(['result: failed']);
    expect(await page.locator('#search-chips .chip').getAttribute('aria-label')).toBe('Remove filter result: failed');
    expect(await readText(page.locator('#search-filters-summary'))).toBe('Filters (1 active)');

    await select('result', 'inconclusive', '?q=parser&result=inconclusive');
    expect(await titles()).toEqual(['Paste the full review into the why field']);

    // The chip removes its filter.
    await page.locator('#search-chips .chip').click();
    await settled('?q=parser');
    expect(await status()).toBe('24 results: 18 rows, 2 flags, 2 commits, 2 files.');
  });

  it('filters work without a search term', async () => {
    await openSearch('?result=failed');
    expect(await page.inputValue('#search-input')).toBe('');
    expect(await page.inputValue('#search-filters select[name="result"]')).toBe('failed');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);

    await openSearch('?type=superseded+decision');
    expect([...(await hrefs())].sort()).toEqual(['/p/tickets-clean/#row-3ef5b39d', '/p/tickets-faults/#row-bcbab5af']);

    await openSearch('?project=content%2Ftickets%2Fclean&type=superseded+decision');
    expect(await titles()).toEqual(['Integrate phase 1 at the parser commit']);

    await openSearch('?cites=command');
    expect([...(await titles())].sort()).toEqual(['confirmed the existing suite passes before the port', 'numbered trail lines from 1']);

    // Picking a filter on the empty page runs a search without words.
    await openSearch();
    await select('evidence', 'not checkable', '?evidence=not+checkable');
    expect([...(await titles())].sort()).toEqual([
      'confirmed the existing suite passes before the port',
      'numbered trail lines from 1',
      'picked candidate 1 for the parser shape',
      'port the trail parser into the app as one change',
    ]);
  });

  it('the URL keeps the words and filters, and a reload restores them', async () => {
    await openSearch();
    await type('parser', '?q=parser');
    await select('result', 'failed', '?q=parser&result=failed');
    expect(page.url()).toBe(`${origin}/search/?q=parser&result=failed`);

    await page.reload();
    await settled('?q=parser&result=failed');
    expect(await page.inputValue('#search-input')).toBe('parser');
    expect(await page.inputValue('#search-filters select[name="result"]')).toBe('failed');
    expect(await status()).toBe('1 result: 1 row.');
    expect(await titles()).toEqual(['Keep the legacy line counter']);

    // Clearing the words keeps the filter in the URL.
    await type('', '?result=failed');
    expect(await titles()).toEqual(['Keep the legacy line counter']);
  });

  it('old links keep working, in the short form; unknown filters and values are said, not dropped', async () => {
    await openSearch('?q=hotfix&flag+severity=high&evidence+kind=commit', '?q=hotfix&cites=commit&severity=high');
    expect(page.url()).toBe(`${origin}/search/?q=hotfix&cites=commit&severity=high`);
    expect(await page.inputValue('#search-filters select[name="severity"]')).toBe('high');
    expect(await hrefs()).toEqual(['/p/tickets-faults/#row-8635af1e']);
    expect(await page.locator('#search-notices').isVisible()).toBe(false);

    await openSearch('?q=hotfix&colour=red&severity=urgent', '?q=hotfix');
    expect(await readTexts(page.locator('#search-notices span'))).toEqual(['Unknown filter “colour” ignored.', 'No record has flag severity “urgent”: that filter is ignored.']);
    expect(await status()).toBe('5 results: 2 rows, 3 flags.');
  });

  it('a search with no match says so', async () => {
    await openSearch('?q=zebracorn');
    // find15: the word no record holds is named (a typo is seen as one).
    expect(await status()).toBe('No results. No record holds “zebracorn”.');
    expect(await page.locator('#search-results li').count()).toBe(0);
  });

  // find15: an auditor's words that find nothing, or that are not searched, are said so.
  it('a word no record holds is named beside the results of the others (a typo)', async () => {
    await openSearch('?q=hotfix+zebracorn');
    expect(await status()).toBe('5 results: 2 rows, 3 flags. 0 hold every word. No record holds “zebracorn”.');
  });

  it('words too common to search are said so, and nothing searched is not "No results."', async () => {
    await openSearch(`?${new URLSearchParams({ q: 'the of and' })}`);
    expect(await readTexts(page.locator('#search-notices span'))).toEqual(['Left out of the search: “the”, “of”, “and” (words too common to search).']);
    expect(await status()).toBe('No results: no word typed was searched (why is said above).');
    await openSearch(`?${new URLSearchParams({ q: 'hotfix ()*+?' })}`);
    expect(await readTexts(page.locator('#search-notices span'))).toEqual(['Left out of the search: “()*+?” (no letter or digit to search).']);
    expect(await status()).toBe('5 results: 2 rows, 3 flags.');
  });

  it('quoted words say they are no phrase search; the result holding the words side by side comes first', async () => {
    await openSearch(`?${new URLSearchParams({ q: '"line counter"' })}`);
    expect(await readTexts(page.locator('#search-notices span'))).toEqual(['Quotes do not search a phrase: each word is searched, and results holding every word come first.']);
    expect((await titles())[0]).toBe('Keep the legacy line counter');
  });

  it('the header names the search for what it searches: the whole archive, not only decisions', async () => {
    await page.goto(`${origin}/`);
    expect(await readTexts(page.locator('header nav[aria-label="Site"] a'))).toEqual(['Archive', 'Search the archive']);
  });

  it('a filter typed as words says where filters are picked', async () => {
    await openSearch(`?${new URLSearchParams({ q: 'severity:high hotfix' })}`);
    expect(await readTexts(page.locator('#search-notices span'))).toEqual(['“severity:high” is searched as words; to filter by flag severity, pick a value under Filters.']);
  });

  it('a search the filters leave empty says what the words find without them', async () => {
    await openSearch('?q=hotfix&severity=low');
    expect(await status()).toBe('No results with the filters in use. Without them: 5 results (2 rows, 3 flags); remove a filter with its ×.');
    await openSearch('?q=zebracorn&severity=low');
    expect(await status()).toBe('No results, with or without the filters in use. No record holds “zebracorn”.');
  });

  it('the page preloads every chunk its script imports, so none waits for the script to be read (issue 30)', async () => {
    const html = await (await fetch(`${origin}/search/`)).text();
    const preloaded = Array.from(html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g), (m) => m[1] as string);
    const entry = moduleScripts(html).find((src) => src.includes('/search.astro'));
    expect(entry).toBeDefined();
    const imported = staticImports(await (await fetch(`${origin}${entry}`)).text()).map((spec) => new URL(spec, `${origin}${entry}`).pathname);
    expect(imported.length).toBeGreaterThan(0);
    for (const path of imported) expect(preloaded).toContain(path);
    for (const path of preloaded) expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
  });

  it('an index whose parts table is missing says so instead of searching forever', async () => {
    // Every query needs search-index/main/parts.bin (src/lib/search/index/part-table.ts).
    await page.route('**/search-index/main/parts.bin*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(`${origin}/search/?q=hotfix`);
    await page.waitForFunction(() => /could not be read/.test(document.querySelector('#search-status')?.textContent ?? ''));
    expect(await status()).toBe('The search index could not be read: a file of it is missing or damaged. Build the archive again, or browse projects from the archive page.');
    expect(await page.locator('#search-results li').count()).toBe(0);
    // The 404 itself is logged by the browser; nothing else is.
    expect(watch.errors.filter((e) => !e.includes('404'))).toEqual([]);
    watch.errors.length = 0;
  });

  it('each filter value counts the results it would show with the current query, saying what it counts', async () => {
    // (At commit e4f55f1 these were pagefind document counts; before issue 11, "high (32)"
    // counted flags and flagged rows alike beside the home page's 23 high-severity flags.)
    await openSearch('?q=parser');
    await openFilters();
    expect(await optionLabel('result', 'failed')).toBe('failed (1 row)');
    expect(await optionLabel('type', 'flag')).toBe('flag (2 flags)');
    expect(await optionLabel('severity', 'high')).toBe('high (4 rows, 1 flag)');
    const checks: Array<[string, string]> = [
      ['result', 'verified'],
      ['project', 'content/tickets/clean'],
      ['type', 'flag'],
      ['type', 'superseded decision'],
      ['cites', 'command'],
      ['severity', 'high'],
    ];
    const seen: string[] = [];
    const expected: string[] = [];
    for (const [filter, value] of checks) {
      await openSearch(`?${new URLSearchParams({ q: 'parser', [filter]: value }).toString()}`);
      await openFilters();
      const label = await page.locator(`#search-filters select[name="${filter}"] option:checked`).textContent();
      const n = await showAll();
      seen.push(`${filter}: ${label?.replace(/ \(.*\)$/, '')} ${await status()}`);
      expected.push(`${filter}: ${value} ${n} result${n === 1 ? '' : 's'}: ${label?.replace(/^.* \((.*)\)$/, '$1')}.`);
    }
    expect(seen).toEqual(expected);
  });

  it('a filter of thousands of values labels its options when it is opened, the chosen one at once', async () => {
    // 600 more projects in the manifest's project filter (values no record has): a long list.
    await page.route('**/search-index/manifest.json', async (route) => {
      const manifest = (await (await route.fetch()).json()) as { facets: Array<{ key: string; values: Array<{ value: string; counts: Record<string, number> }> }> };
      const project = manifest.facets.find((f) => f.key === 'project');
      for (let i = 0; i < 600; i++) project?.values.push({ value: `zz/padding-${String(i).padStart(3, '0')}`, counts: { row: 1 } });
      await route.fulfill({ json: manifest });
    });
    await openSearch('?q=parser&project=content%2Ftickets%2Fclean');
    await openFilters();
    // The chosen project is labelled with this query's count; the others wait to be seen.
    expect(await optionLabel('project', 'content/tickets/clean')).toMatch(/^content\/tickets\/clean \(\d+ rows?\)$/);
    expect(await optionLabel('project', 'zz/padding-007')).toBe('zz/padding-007');
    expect(await optionLabel('result', 'verified')).toMatch(/^verified \(/);
    await page.locator('#search-filters select[name="project"]').focus();
    expect(await optionLabel('project', 'zz/padding-007')).toBe('zz/padding-007 (none)');
    expect(await optionLabel('project', 'content/tickets/clean')).toMatch(/^content\/tickets\/clean \(\d+ rows?\)$/);
  });

  it('counts on the search page are the home page’s and check --json’s', async () => {
    const check = await runCli(['check', corpus, '--json']);
    expect(check.code).toBe(0);
    const report = JSON.parse(check.stdout) as { projects: Array<{ counts: { rows: number }; flags: Array<{ severity: string }> }> };
    const rows = report.projects.reduce((s, p) => s + p.counts.rows, 0);
    const high = report.projects.reduce((s, p) => s + p.flags.filter((f) => f.severity === 'high').length, 0);
    const flags = report.projects.reduce((s, p) => s + p.flags.length, 0);
    await page.goto(`${origin}/`);
    expect(await readText(page.locator('.lede'))).toContain(`${rows} decision rows`);
    expect(await readText(page.locator('[data-figure="flags"] [data-severity="high"]'))).toBe(`${high} high`);

    await openSearch();
    await openFilters();
    const typeLabels = await page.locator('#search-filters select[name="type"] option').evaluateAll((os) => os.map((o) => o.textContent));
    const decisionRows = Number(/^decision \((\d+) rows\)$/.exec(typeLabels.find((t) => t?.startsWith('decision ')) ?? '')?.[1]);
    const superseded = Number(/^superseded decision \((\d+) rows\)$/.exec(typeLabels.find((t) => t?.startsWith('superseded decision ')) ?? '')?.[1]);
    expect(decisionRows + superseded).toBe(rows);
    expect(await optionLabel('type', 'flag')).toBe(`flag (${flags} flags)`);
    expect(await optionLabel('severity', 'high')).toMatch(new RegExp(`^high \\(\\d+ rows, ${high} flags\\)$`));
    // Chosen, the filter says the same numbers in its total.
    await select('severity', 'high', '?severity=high');
    expect(await status()).toMatch(new RegExp(`^\\d+ results: \\d+ rows, ${high} flags\\.$`));
    await select('type', 'flag', '?severity=high&type=flag');
    expect(await status()).toBe(`${high} results: ${high} flags.`);
  });

  it('keys: / focuses the box on every page, ↓ and ↑ move through the results, Enter opens one', async () => {
    await page.goto(`${origin}/p/tickets-faults/`);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-q');
    await page.keyboard.type('hotfix');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}/search/?q=hotfix`);
    await settled('?q=hotfix');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.press('ArrowDown');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href'));
    const list = await hrefs();
    expect(await focused()).toBe(list[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(list[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}${list[1]}`);
  });

  it('the first results are in view on a desktop and a phone screen', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await openSearch('?q=parser&result=failed');
      expect(await isInViewport(page.locator('#search-results li.result').first())).toBe(true);
      await openSearch('?q=parser');
      const box = await page.locator('#search-results li.result').nth(1).boundingBox();
      expect(box !== null && box.y + box.height <= viewport.height).toBe(true);
    }
  });

  it('on a phone, the open filters show a value’s whole count label', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSearch('?q=parser&severity=high');
    await openFilters();
    const severity = page.locator('#search-filters select[name="severity"]');
    expect(await severity.locator('option:checked').textContent()).toBe('high (4 rows, 1 flag)');
    // The label's width in the select's own font, with its padding and border, fits the select (10rem columns cut it off).
    const fit = await severity.evaluate((s) => {
      const select = s as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = style.font;
      const text = context.measureText(select.options[select.selectedIndex]?.text ?? '').width;
      const chrome = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 24; // the dropdown arrow
      return { text: Math.ceil(text + chrome), width: select.clientWidth };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.width);
    await page.screenshot({ path: 'test-results/screenshots/search-filters-390.png', fullPage: false });
  });

  it('a phone, which clamps a long title, shows the part of it holding the word; a desktop shows the whole title and the body', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSearch('?q=repos');
    const echoed = page.locator('#search-results li.result-has-echo', { hasText: 'evidence/commit-not-found: row 8635af1e' });
    expect(await echoed.locator('.result-title-echo').isVisible()).toBe(true);
    expect(await echoed.locator('.result-title-echo mark').allTextContents()).toEqual(['repos']);
    expect(await echoed.locator('.result-excerpt:not(.result-title-echo)').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await echoed.locator('.result-title-echo').isVisible()).toBe(false);
    expect(await echoed.locator('.result-excerpt:not(.result-title-echo)').isVisible()).toBe(true);
  });

  it('Back from a result further down returns to it: as many results listed, at the same place', async () => {
    await openSearch('?type=decision');
    const count = Number(await page.locator('#search-status').getAttribute('data-count'));
    expect(count).toBeGreaterThan(30);
    await page.locator('#search-more').click();
    await page.waitForFunction(() => document.querySelectorAll('#search-results li.result').length === 50 || !document.querySelector('#search-more:not([hidden])'));
    const listed = await page.locator('#search-results li.result').count();
    expect(listed).toBe(Math.min(50, count));
    const followed = page.locator('#search-results li.result a.result-title').nth(29);
    await followed.scrollIntoViewIfNeeded();
    const href = await followed.getAttribute('href');
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(500);
    await followed.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/search/'));
    // Playwright's Chromium keeps no copy of the page (no back/forward cache): it is loaded again.
    await page.goBack();
    await settled('?type=decision');
    expect(await page.locator('#search-results li.result').count()).toBe(listed);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(1);
    expect(await page.locator('#search-results li.result a.result-title').nth(29).getAttribute('href')).toBe(href);
    expect(await isInViewport(page.locator('#search-results li.result a.result-title').nth(29))).toBe(true);
  });

  it('Back and Forward go through the searches sent and the filters picked, not through each letter typed', async () => {
    await openSearch();
    const entries = (): Promise<number> => page.evaluate(() => history.length);
    const start = await entries();
    // Sent with Enter: an entry each.
    await page.fill('#search-input', 'parser');
    await page.press('#search-input', 'Enter');
    await settled('?q=parser');
    await page.fill('#search-input', 'hotfix');
    await page.press('#search-input', 'Enter');
    await settled('?q=hotfix');
    await select('result', 'open', '?q=hotfix&result=open');
    expect(await entries()).toBe(start + 2);
    // Typed letter by letter, quickly: one entry for the word, not one per letter.
    await page.waitForTimeout(2100);
    await page.locator('#search-input').fill('');
    await page.locator('#search-input').pressSequentially('cache', { delay: 40 });
    await settled('?q=cache&result=open');
    expect(await entries()).toBe(start + 3);
    // Back: each search as it was, its box, filters and results.
    await page.goBack();
    await settled('?q=hotfix&result=open');
    expect(await page.inputValue('#search-input')).toBe('hotfix');
    await page.goBack();
    await settled('?q=hotfix');
    expect(await page.inputValue('#search-input')).toBe('hotfix');
    expect(await page.locator('#search-chips .chip').count()).toBe(0);
    expect(await page.locator('#search-filters select[name="result"]').inputValue()).toBe('');
    await page.goBack();
    await settled('?q=parser');
    expect(await page.inputValue('#search-input')).toBe('parser');
    expect((await hrefs()).length).toBeGreaterThan(0);
    await page.goForward();
    await settled('?q=hotfix');
    expect(await page.inputValue('#search-input')).toBe('hotfix');
  });
});
