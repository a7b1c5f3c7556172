/**
 * One definition per count (issue 12; src/lib/projections/counts.ts), end to end on the
 * example corpus: for every project, the counts `trailbook check` prints (text and `--json`),
 * `recap.json`, `archive.json`, `report.json`, the archive home (its row's data and the words
 * a reader sees), the recap (verdict strip, table of contents, Check first) and search (flag
 * results per project and severity) all say the same numbers.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildSite, REPO_ROOT, runCli, type BuiltSite } from './build-site.ts';
import { chromiumAvailable } from './browser.ts';
import { archiveInBrowser } from './archive-in-browser.ts';
import { readText } from './page-helpers.ts';
import type { ProjectCounts } from '../../src/lib/model/types.ts';

let site: BuiltSite;
let page: Page;
let origin: string;
/** The counts `check --json` reports, by project id: the reference every surface is held to. */
let reference: Map<string, { root: string; counts: Pick<ProjectCounts, 'rows' | 'superseded' | 'invalid' | 'flags' | 'flagLayers' | 'evidence' | 'pointers' | 'resultNotVerified' | 'results' | 'checkFirst' | 'checkFirstOpen' | 'checkFirstWords' | 'openBlockers' | 'problems'> }>;
let checkText: string;

const json = async <T,>(path: string): Promise<T> => {
  const bytes = await readFile(join(site.out, path));
  return JSON.parse((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as T;
};
const pick = (c: ProjectCounts) => ({
  rows: c.rows,
  superseded: c.superseded,
  invalid: c.invalid,
  flags: c.flags,
  flagLayers: c.flagLayers,
  evidence: c.evidence,
  pointers: c.pointers,
  resultNotVerified: c.resultNotVerified,
  results: c.results,
  checkFirst: c.checkFirst,
  checkFirstOpen: c.checkFirstOpen,
  checkFirstWords: c.checkFirstWords,
  openBlockers: c.openBlockers,
  problems: c.problems,
});
/** The evidence outcomes as every surface words them (issue 27: did not resolve and prose apart). */
const evidenceWords = (p: ProjectCounts['pointers']): string => `${p.verified} verified ${p.unresolved} did not resolve ${p.prose} prose, no pointer ${p.notCheckable} not checkable`;

/** The example corpus built, and what `check --json` and `check` say of it: the reference. */
async function buildAndCheck(): Promise<BuiltSite> {
  const built = await buildSite([join(REPO_ROOT, 'content')]);
  const check = await runCli(['check', '--json', '--quiet', 'content']);
  expect(check.code).toBe(0);
  const doc = JSON.parse(check.stdout) as { projects: Array<{ id: string; root: string; counts: ProjectCounts }> };
  reference = new Map(doc.projects.map((p) => [p.id, { root: p.root, counts: pick(p.counts) }]));
  checkText = (await runCli(['check', '--quiet', 'content'])).stdout;
  return built;
}

archiveInBrowser(buildAndCheck, { viewport: { width: 1280, height: 800 } }, (a) => ({ site, origin, page } = a));

describe('every surface counts the same, for every project of the example corpus', () => {
  it('check --json holds every project, and the planted faults as the corpus plants them', () => {
    expect(reference.size).toBe(14);
    expect(reference.get('tickets-faults')?.counts.flags).toEqual({ high: 10, medium: 4, low: 1 });
  });

  it('check (text), recap.json, archive.json and report.json', async () => {
    const archive = await json<{ projects: Array<{ id: string; counts: ProjectCounts }> }>('archive.json');
    const report = await json<{ projects: Array<{ id: string; counts: ProjectCounts }> }>('report.json');
    expect(archive.projects.map((p) => p.id).sort()).toEqual([...reference.keys()].sort());
    for (const [id, ref] of reference) {
      const recap = await json<{ counts: ProjectCounts }>(`p/${id}/recap.json.gz`);
      expect(pick(recap.counts), `recap.json ${id}`).toEqual(ref.counts);
      expect(pick(archive.projects.find((p) => p.id === id)?.counts as ProjectCounts), `archive.json ${id}`).toEqual(ref.counts);
      expect(pick(report.projects.find((p) => p.id === id)?.counts as ProjectCounts), `report.json ${id}`).toEqual(ref.counts);
      const c = ref.counts;
      const flags = c.flags.high + c.flags.medium + c.flags.low;
      expect(checkText, `check ${id}`).toContain(`, ${flags} flag${flags === 1 ? '' : 's'} (${c.flags.high} high, ${c.flags.medium} medium, ${c.flags.low} low)`);
    }
  });

  it.skipIf(!chromiumAvailable())('the archive home: each row’s data and the words it shows', async () => {
    await page.goto(`${origin}/`);
    for (const [id, { counts: c }] of reference) {
      const row = page.locator(`tr[data-project="${id}"]`);
      const data = await row.evaluate((tr) => ({ ...(tr as HTMLElement).dataset }));
      expect(
        [data['rows'], data['high'], data['medium'], data['low'], data['unresolved'], data['prose'], data['notCheckable'], data['results'], data['words'], data['problems'], data['invalid'], data['blockers']].map(Number),
        id,
      ).toEqual([c.rows, c.flags.high, c.flags.medium, c.flags.low, c.pointers.unresolved, c.pointers.prose, c.pointers.notCheckable, c.checkFirstOpen, c.checkFirstWords, c.problems.high + c.problems.medium + c.problems.low, c.invalid, c.openBlockers]);
      const flags = c.flags.high + c.flags.medium + c.flags.low;
      const problems = c.problems.high + c.problems.medium + c.problems.low;
      expect(await readText(row.locator('td.flag-counts')), id).toBe(`${c.flags.high} high ${c.flags.medium} medium ${c.flags.low} low${problems > 0 ? ` ${problems} problem${problems === 1 ? '' : 's'}${flags !== problems ? ` (${flags} flags)` : ''}` : ''}`);
      expect(await readText(row.locator('td.evidence-counts')), id).toBe(`${c.pointers.unresolved} did not resolve ${c.pointers.prose} prose, no pointer ${c.pointers.notCheckable} not checkable`);
      expect(await readText(row.locator('td[data-label="Open blockers"]')), id).toBe(String(c.openBlockers));
      expect(await readText(row.locator('td[data-label="Check first: need a look"]')), id).toBe(`${c.checkFirstOpen}${c.checkFirstWords > 0 ? ` (+${c.checkFirstWords} in the agent's words)` : ''}`);
      expect(await readText(row.locator('td[data-label="Invalid"]')), id).toBe(String(c.invalid));
    }
    const sum = (f: (c: ProjectCounts) => number): number => [...reference.values()].reduce((n, r) => n + f(r.counts as ProjectCounts), 0);
    const summary = page.locator('[data-testid="home-summary"]');
    expect(await readText(summary.locator('[data-figure="flags"] .figure-main'))).toBe(`${sum((c) => c.flags.high)} high ${sum((c) => c.flags.medium)} medium ${sum((c) => c.flags.low)} low`);
    expect(await readText(summary.locator('[data-figure="evidence"] .figure-main'))).toBe(`${sum((c) => c.pointers.verified)} verified ${sum((c) => c.pointers.unresolved)} did not resolve ${sum((c) => c.pointers.prose)} prose, no pointer ${sum((c) => c.pointers.notCheckable)} not checkable`);
    expect(await readText(summary.locator('[data-figure="check-first"] .figure-main'))).toBe(`${sum((c) => c.checkFirstOpen)} rows need a look`);
    expect(await readText(page.locator('main .lede'))).toBe(`14 projects, ${sum((c) => c.rows)} decision rows. What needs a person:`);
  });

  it.skipIf(!chromiumAvailable())('the home’s audit figure: each count’s link lists exactly that many projects', async () => {
    // count10: "2 not reviewed" and "6 never invoked" both linked ?show=not-reviewed, which listed 8 projects.
    await page.goto(`${origin}/`);
    const links = await page.locator('[data-testid="home-summary"] [data-figure="audit"] a').evaluateAll((as) => as.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
    expect(links).toEqual([
      ['2 not reviewed', '/?show=not-reviewed'],
      ['6 never invoked', '/?show=never-invoked'],
    ]);
    for (const [words, href] of links) {
      await page.goto(`${origin}${href}`);
      const n = Number(/^\d+/.exec(words as string)?.[0]);
      await page.waitForFunction((k) => document.querySelector('#home-status')?.textContent?.startsWith(`${k} of 14 projects shown`), n);
      expect(await page.locator('#projects tbody tr:visible').count(), words).toBe(n);
    }
  });

  it.skipIf(!chromiumAvailable())('each recap: the verdict strip, the table of contents and Check first', async () => {
    for (const [id, { counts: c }] of reference) {
      await page.goto(`${origin}/p/${id}/`);
      const verdict = page.locator('[data-testid="verdict"]');
      expect(await readText(verdict.locator('[data-figure="flags"] .figure-main')), id).toBe(`${c.flags.high} high ${c.flags.medium} medium ${c.flags.low} low`);
      const l1 = c.flagLayers.layer1;
      expect(await readText(verdict.locator('[data-testid="flag-layers"]')), id).toBe(`Trailbook's checks (layer 1): ${l1.high} high, ${l1.medium} medium, ${l1.low} low`);
      const p = c.pointers;
      const evidence = await readText(verdict.locator('[data-figure="evidence"] .figure-main'));
      expect(evidence, id).toBe(p.verified + p.failed + p.notCheckable === 0 ? 'no evidence pointers' : evidenceWords(p));
      expect(await readText(verdict.locator('[data-figure="blockers"] .figure-main')), id).toBe(c.openBlockers === 0 ? 'none' : `${c.openBlockers} open blocker${c.openBlockers === 1 ? '' : 's'}`);
      const toc = Object.fromEntries(
        await page.locator('[data-testid="toc"] a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.querySelector('.toc-count')?.textContent ?? null] as const)),
      );
      // Attention counts problems: flags of one kind and cause are one card (issue 27).
      const problems = c.problems.high + c.problems.medium + c.problems.low;
      expect(toc['#attention'], id).toBe(String(problems));
      if ('#check-first' in toc) {
        // Check first leads with its open group; the agent's words are folded and counted apart.
        expect(toc['#check-first'], id).toBe(String(c.checkFirstOpen));
        expect(toc['#decisions'], id).toBe(String(c.rows));
        if (c.checkFirstOpen > 0) expect(await readText(page.locator('section.check-first > p')), id).toMatch(new RegExp(`^${c.checkFirstOpen} of ${c.rows} rows? needs? a look`));
        if (c.checkFirstOpen > 0) expect(await readText(verdict.locator('[data-figure="check-first"] .figure-main')), id).toBe(`${c.checkFirstOpen} of ${c.rows} need${c.checkFirstOpen === 1 ? 's' : ''} a look`);
        expect(await page.locator('#check-first-words').count(), id).toBe(c.checkFirstWords > 0 ? 1 : 0);
        if (c.checkFirstWords > 0) expect(await readText(page.locator('#check-first-words > summary .cf-count')), id).toBe(`${c.checkFirstWords} row${c.checkFirstWords === 1 ? '' : 's'}`);
      }
      expect(toc['#invalid'] ?? '0', id).toBe(String(c.invalid));
      expect(await page.locator('section.attention ol.flags > li.flag').count(), id).toBe(problems);
      // Every flag keeps its anchor, inside its problem's card.
      for (let n = 1; n <= c.flags.high + c.flags.medium + c.flags.low; n++) expect(await page.locator(`section.attention #flag-${n}`).count(), `${id} #flag-${n}`).toBe(1);
    }
  });

  it.skipIf(!chromiumAvailable())('search: a project’s flags, in all and per severity', async () => {
    // The status line once the first results are listed (data-count): "3 results: 3 flags." or "No results.".
    const status = (): Promise<string> => page.waitForFunction(() => {
      const el = document.querySelector('#search-status');
      return el?.hasAttribute('data-count') ? (el.textContent ?? '') : null;
    }).then((h) => h.jsonValue() as Promise<string>);
    const shown = (text: string): number => Number(/^([\d,]+) results?: /.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    for (const [, { root, counts: c }] of reference) {
      const total = c.flags.high + c.flags.medium + c.flags.low;
      await page.goto(`${origin}/search/?${new URLSearchParams({ type: 'flag', project: root })}`);
      expect(shown(await status()), root).toBe(total);
      if (total === 0) continue;
      await page.goto(`${origin}/search/?${new URLSearchParams({ type: 'flag', project: root, 'flag severity': 'high' })}`);
      expect(shown(await status()), `${root} high`).toBe(c.flags.high);
    }
  });

  it.skipIf(!chromiumAvailable())('search: rows per result state, and rows whose evidence did not resolve apart from rows of prose (issue 27)', async () => {
    const status = (): Promise<string> => page.waitForFunction(() => {
      const el = document.querySelector('#search-status');
      return el?.hasAttribute('data-count') ? (el.textContent ?? '') : null;
    }).then((h) => h.jsonValue() as Promise<string>);
    const shown = (text: string): number => Number(/^([\d,]+) results?: /.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    const rows = JSON.parse((await runCli(['check', '--json', '--quiet', 'content'])).stdout) as { projects: Array<{ root: string; rows: Array<{ resultClass: string; evidence: Array<{ kind: string; status: string }> }> }> };
    for (const [, { root, counts: c }] of reference) {
      if (c.rows === 0) continue;
      for (const [state, label] of [['failed', 'failed'], ['open', 'open'], ['reported-done', 'reported done']] as const) {
        // Rows (superseded ones too) and no other record: the example corpus has no invalid row whose header places a result.
        await page.goto(`${origin}/search/?${new URLSearchParams({ project: root, result: label })}`);
        expect(shown(await status()), `${root} result=${label}`).toBe(c.results[state]);
      }
      const proseRows = rows.projects.find((p) => p.root === root)?.rows.filter((r) => r.evidence.some((p) => p.kind === 'prose' && p.status === 'NOT_VERIFIED')).length ?? 0;
      await page.goto(`${origin}/search/?${new URLSearchParams({ project: root, evidence: 'prose, no pointer' })}`);
      expect(shown(await status()), `${root} prose`).toBe(proseRows);
      // Check first's place (use10): `needs a look` lists the rows the recap says need a look, no more.
      if (c.checkFirstOpen > 0) {
        await page.goto(`${origin}/search/?${new URLSearchParams({ project: root, check: 'needs a look' })}`);
        expect(shown(await status()), `${root} check=needs a look`).toBe(c.checkFirstOpen);
      }
    }
  });
});
