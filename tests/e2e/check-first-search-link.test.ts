/**
 * A folded Check first group links to a search of exactly its rows, with the same count on both
 * sides (use10: on a recap "12 rows" linked to a search listing 30: the search filtered on the
 * result, which rows of the open group above share). A project whose 21 rows report done in
 * the agent's words, and 9 more report done while citing a commit that does not exist (the open
 * group): the folded group says 21, its link says 21, and the search it opens lists 21.
 * The verdict strip's "2 not checkable" lands on the folded group of the two verified rows whose
 * evidence (`npm test`) could not be checked, opened (use10: it landed on Check first's heading,
 * above the open group's "did not resolve").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { buildSite } from './build-site.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText, readTexts, searchDone } from './page-helpers.ts';
import { commitAll, fixtureDir, initRepo, removeFixture, trailText, writeFiles } from '../trail-fixtures.ts';

const row = (n: number, evidence: string, result = 'done'): string => {
  const ts = `2026-03-01T10:${String(n).padStart(2, '0')}:00Z`;
  const decision = `Decision number ${n}`;
  const id = createHash('sha256').update(ts + decision).digest('hex').slice(0, 8);
  return JSON.stringify({ id, ts, phase: 'build', ticket: '', actor: 'lead', decision, why: 'w', evidence, result });
};

describe('a folded Check first group and its search list the same rows', () => {
  let page: Page;
  let origin = '';
  let dir = '';
  archiveInBrowser(
    async () => {
      dir = await fixtureDir('cf-link');
      const project = `${dir}/proj`;
      await initRepo(project);
      await writeFiles(project, { 'src/a.ts': 'export const a = 1;\n' });
      commitAll(project, 'add a', '2026-03-01T09:00:00Z');
      const rows = [...Array.from({ length: 21 }, (_, i) => row(i + 1, 'src/a.ts')), ...Array.from({ length: 9 }, (_, i) => row(30 + i, 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeef')), row(50, 'npm test', 'verified'), row(51, 'npm test', 'verified')];
      await writeFiles(project, { 'decisions.jsonl': trailText(rows) });
      commitAll(project, 'trail', '2026-03-02T09:00:00Z');
      // A second project in a folder of its own: the archive holds several projects, each its own
      // folder, so search's project filter selects one (before: the recap page counted every
      // project as sharing one folder, and no group linked on an archive of two or more).
      const other = `${dir}/other`;
      await initRepo(other);
      await writeFiles(other, { 'src/b.ts': 'export const b = 1;\n', 'decisions.jsonl': trailText([row(60, 'src/b.ts', 'verified')]) });
      commitAll(other, 'b and its trail', '2026-03-02T10:00:00Z');
      return buildSite([dir]);
    },
    {},
    (a) => ({ page, origin } = a),
  );
  afterAll(async () => {
    if (dir) await removeFixture(dir);
  });

  it('says 21 on the group, on its link and on the search it opens', async () => {
    await page.goto(`${origin}/p/proj/`);
    const group = page.locator('#check-first-words .cf-linked');
    expect(await readText(group.locator('.cf-reason'))).toBe("reported done: the agent's word, not a check");
    expect(await readText(group.locator('.cf-count'))).toBe('21 rows');
    const link = group.locator('a.cf-search');
    expect(await readText(link)).toBe('list these 21 rows in search');
    // The open group holds the 9 rows whose commit does not exist, with the same result.
    expect(await readText(page.locator('#check-first-failed .cf-count'))).toBe('9 rows');
    await page.locator('#check-first-words > summary').click();
    await link.click();
    await searchDone(page);
    expect(await readText(page.locator('#search-status'))).toMatch(/^21 results: 21 rows\b/);
    expect(await readTexts(page.locator('#search-results li.result .result-title'))).not.toContain('Decision number 30');
    expect(await page.locator('#search-results').innerText()).toContain("check first: agent's words: reported done");
  });

  it("lands the verdict strip's '2 not checkable' on the folded group of those rows, opened", async () => {
    await page.goto(`${origin}/p/proj/`);
    const link = page.locator('[data-testid="verdict"] [data-figure="evidence"] a', { hasText: 'not checkable' });
    expect(await readText(link)).toBe('2 not checkable');
    expect(await link.getAttribute('href')).toBe('#check-first-not-checkable');
    await link.click();
    const target = page.locator('#check-first-not-checkable');
    expect(await target.isVisible()).toBe(true);
    expect(await page.locator('#check-first-words').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await readText(target.locator('summary'))).toBe('not checkable result verified; a command is not evidence of its result 2 rows');
    expect(await readTexts(target.locator('.check-first-list > li > a'))).toEqual(['Decision number 50', 'Decision number 51']);
  });
});

// use10: two `.audit/<slug>.tsv` trails of one folder are two projects with one folder, and
// search's `project` filter was the folder: alpha's "22 rows" linked to a search of 27 (beta's 5
// among them), so use10 listed its rows instead. use11: the filter value of a per-slug trail is
// its folder and slug (`cf-two/two · alpha`), one search option per trail: alpha's group links to
// a search of exactly its 22 rows, and search offers alpha and beta apart.
describe('a trail sharing its folder with another links its folded group to a search of its rows alone', () => {
  let page: Page;
  let origin = '';
  let dir = '';
  archiveInBrowser(
    async () => {
      dir = await fixtureDir('cf-two');
      const project = `${dir}/two`;
      await initRepo(project);
      const tsv = (name: string, n: number): string => `ts\tphase\tdecision\twhy\tevidence\tresult\n${Array.from({ length: n }, (_, i) => `2026-07-01T10:${String(i).padStart(2, '0')}:00Z\tbuild\t${name} decision ${i}\twhy\ta.txt\tdone\n`).join('')}`;
      await writeFiles(project, { 'a.txt': 'a\n', '.audit/alpha.tsv': tsv('Alpha', 22), '.audit/beta.tsv': tsv('Beta', 5) });
      commitAll(project, 'trails', '2026-07-02T09:00:00Z');
      return buildSite([dir]);
    },
    {},
    (a) => ({ page, origin } = a),
  );
  afterAll(async () => {
    if (dir) await removeFixture(dir);
  });

  it("says 22 on alpha's group, on its link and on the search it opens, which lists none of beta's rows", async () => {
    await page.goto(`${origin}/p/two--alpha/`);
    const group = page.locator('#check-first-words .cf-linked');
    expect(await readText(group.locator('.cf-count'))).toBe('every row here (22 rows)');
    const link = group.locator('a.cf-search');
    expect(await readText(link)).toBe('list these 22 rows in search');
    await page.locator('#check-first-words > summary').click();
    await link.click();
    await searchDone(page);
    expect(await readText(page.locator('#search-status'))).toMatch(/^22 results: 22 rows\b/);
    const titles = await readTexts(page.locator('#search-results li.result .result-title'));
    expect(titles.some((t) => t.startsWith('Beta'))).toBe(false);
    expect(new URL(page.url()).searchParams.getAll('project')).toEqual([`${dir.split('/').at(-1)}/two · alpha`]);
  });

  it("offers alpha and beta apart in search's project filter, each with its own count", async () => {
    await page.goto(`${origin}/search/?project=two--beta`);
    await searchDone(page);
    expect(await readText(page.locator('#search-status'))).toMatch(/^5 results: 5 rows\b/);
    const folder = dir.split('/').at(-1);
    expect(await page.locator('#filter-project option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['', `${folder}/two · alpha`, `${folder}/two · beta`]);
    expect(await page.locator('#filter-project').inputValue()).toBe(`${folder}/two · beta`);
  });
});
