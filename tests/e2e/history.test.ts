/**
 * History and comparison end to end (issue 15), with the real CLI and Chromium at desktop and
 * phone widths, on generated repositories whose trails are committed:
 * - the tampered trail's recap shows exactly its three history flags, each with its earlier text;
 * - two builds with one appended faulty row between them: the second recap's "since the last
 *   build" lists exactly that row and its new flag, and the home says which project changed;
 * - three builds draw a trend (static SVG, no script needed);
 * - `trailbook diff` (folders and recap.json files) and the compare pages (static and in the
 *   browser) agree on the same pair;
 * - the pages have no serious axe violation, no broken link and no sideways scrolling at 390 px.
 * Screenshots are written to $TRAILBOOK_SCREENSHOTS (default: the test's temporary folder).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, runCli } from './build-site.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { chromiumAvailable, launchBrowser } from './browser.ts';
import { readTexts, watchPage } from './page-helpers.ts';
import { checkLinks } from './link-checker.ts';
import { bbsRow, bbsRowId, makeTrailRepository } from '../history-fixtures.ts';
import type { RunDiff } from '../../src/lib/compare/compare-runs.ts';

const TAMPERED = 'tampered-runs-ticket-1';
const HONEST = 'honest-runs-ticket-1';
const FAULTY = bbsRow(20, 'Cite a commit nobody made', { evidence: 'commit 0123456789abcdef0123456789abcdef01234567' });
const FAULTY_ID = bbsRowId(20, 'Cite a commit nobody made');

let dir: string;
let shots: string;
let browser: Browser;
let second: StaticServer;
let third: StaticServer;
const printed: string[] = [];
const rendered: string[][] = [];

async function build(): Promise<void> {
  const timings = join(dir, `timings-${printed.length + 1}.json`);
  // --recap-html: the single-file recap keeps the earlier text too (below).
  const run = await runCli(['build', '--timings', timings, '--recap-html'], dir);
  if (run.code !== 0) throw new Error(`trailbook build failed (${run.code}):\n${run.stderr}`);
  printed.push(run.stderr);
  rendered.push((JSON.parse(await readFile(timings, 'utf8')) as { rendered: string[] }).rendered.filter((p) => p.startsWith('p/')));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-history-e2e-'));
  shots = process.env['TRAILBOOK_SCREENSHOTS'] ?? join(dir, 'screenshots');
  await mkdir(shots, { recursive: true });
  await makeTrailRepository(join(dir, 'in', 'tampered'), true);
  await makeTrailRepository(join(dir, 'in', 'honest'), false);
  await writeFile(join(dir, 'trailbook.config.json'), JSON.stringify({ inputs: ['in'], out: 'site', cacheDir: 'cache', compare: [{ a: TAMPERED, b: 'in/honest/runs/ticket-1' }] }));
  await build();
  await appendFile(join(dir, 'in', 'honest', 'runs', 'ticket-1', 'decisions.jsonl'), `${FAULTY}\n`);
  await build();
  await cp(join(dir, 'site'), join(dir, 'site-2'), { recursive: true });
  await build();
  second = await serveStatic(join(dir, 'site-2'));
  third = await serveStatic(join(dir, 'site'));
  if (chromiumAvailable()) browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await second?.close();
  await third?.close();
  if (dir && !process.env['TRAILBOOK_SCREENSHOTS']) await rm(dir, { recursive: true, force: true });
});

const url = (server: StaticServer, path: string): string => `${new URL(server.url).origin}${path}`;

/** Opens `path` at `width`, checks it does not scroll sideways, and saves a full-page screenshot. */
async function open(server: StaticServer, path: string, width: number, name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const response = await page.goto(url(server, path));
  expect(response?.status(), path).toBe(200);
  await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  return page;
}

describe('the CLI', () => {
  it('says what changed at each build', () => {
    expect(printed[0]).toContain('history: build 1, the first of this output folder\'s history');
    expect(printed[1]).toContain('history: build 2 (2 builds kept); since build 1: 1 project new or changed, 1 new row, 1 new flag');
    expect(printed[2]).toContain('history: build 3 (3 builds kept); since build 2: no project changed');
  });

  it('renders a recap again only when its model or its history view changed', () => {
    // Build 2: the honest trail grew. Build 3: nothing changed, but the honest recap's
    // "since the last build" goes (nothing changed since build 2); the tampered recap stays.
    expect(rendered[1]).toEqual([`p/${HONEST}/index.html`, `p/${HONEST}/recap.html`]);
    expect(rendered[2]).toEqual([`p/${HONEST}/index.html`]);
  });

  it('keeps the history with the archive', async () => {
    const history = JSON.parse(await readFile(join(dir, 'site', 'history.json'), 'utf8')) as { version: string; builds: Array<{ build: number; projects: Record<string, { since: number; state: string }> }> };
    expect(history.version).toBe('trailbook.history/2');
    // Beside it, its states file: the newest build's rows and flags, one gzip JSON line a state (issue 30).
    const states = gunzipSync(await readFile(join(dir, 'site', 'history-states.jsonl.gz'))).toString('utf8').split('\n');
    expect(states.map((line) => (line === '' ? '' : (JSON.parse(line) as { state: string }).state))).toEqual([...new Set(Object.values(history.builds[2]?.projects ?? {}).map((p) => p.state))].sort().concat(''));
    expect(history.builds.map((b) => [b.build, b.projects[HONEST]?.since, b.projects[TAMPERED]?.since])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
      [3, 2, 1],
    ]);
  });

  it('keeps the earlier text in the single-file recap and in check --json', async () => {
    const html = await readFile(join(dir, 'site', 'p', TAMPERED, 'recap.html'), 'utf8');
    expect(html.split('Earlier text, as committed:').length - 1).toBe(2);
    const check = JSON.parse((await runCli(['check', '--json'], dir)).stdout) as { projects: Array<{ id: string; flags: Array<{ kind: string; earlierText?: string }> }> };
    const flags = check.projects.find((p) => p.id === TAMPERED)?.flags.filter((f) => f.kind.startsWith('history/'));
    expect(flags?.map((f) => [f.kind, f.earlierText])).toEqual([
      ['history/row-rewritten', bbsRow(2)],
      ['history/row-deleted', bbsRow(4)],
      ['history/row-inserted', undefined],
    ]);
  });

  it('diffs folders and recap.json files alike, in text and JSON', async () => {
    const folders = await runCli(['diff', join(dir, 'in', 'tampered', 'runs', 'ticket-1'), join(dir, 'in', 'honest', 'runs', 'ticket-1'), '--json']);
    const files = await runCli(['diff', join(dir, 'site', 'p', TAMPERED, 'recap.json.gz'), join(dir, 'site', 'p', HONEST, 'recap.json.gz'), '--json']);
    const ids = await runCli(['diff', TAMPERED, HONEST, '--cache-dir', join(dir, 'cache')]);
    expect([folders.code, files.code, ids.code]).toEqual([0, 0, 0]);
    const a = JSON.parse(folders.stdout) as RunDiff;
    const b = JSON.parse(files.stdout) as RunDiff;
    const lists = (d: RunDiff) => ({ added: d.decisions.added.map((r) => r.id), removed: d.decisions.removed.map((r) => r.id), changed: d.decisions.changed.map((c) => c.a.id), newFlags: d.flags.new.map((f) => f.kind), fixed: d.flags.fixed.map((f) => f.kind), gone: d.flags.gone.map((f) => f.kind) });
    expect(lists(a)).toEqual(lists(b));
    expect(lists(b)).toEqual({
      added: [bbsRowId(4), bbsRowId(8), bbsRowId(9), FAULTY_ID],
      removed: [bbsRowId(8, 'A row slipped in above older ones')],
      changed: [bbsRowId(2)],
      newFlags: ['evidence/commit-not-found'],
      fixed: ['history/row-rewritten', 'history/row-deleted', 'trail/id-mismatch'],
      // Issue 26, item 8: the flags about the slipped-in row went with it (it is not in the honest run): gone, not fixed.
      gone: ['history/row-inserted', 'trail/out-of-time-order'],
    });
    expect(ids.stdout).toContain('Decisions: 4 added, 1 removed, 1 changed, 5 unchanged');
    expect(ids.stdout).toContain(`  ~ ${bbsRowId(2)} “Decision number 2” (matched by id)\n      decision: “Decision number 2, said better” → “Decision number 2”`);
  });
});

describe.skipIf(!chromiumAvailable())('in Chromium', () => {
  for (const width of [1280, 390]) {
    it(`shows the tampered trail's three history flags with their earlier text (${width} px)`, async () => {
      const page = await open(third, `/p/${TAMPERED}/`, width, 'recap-tampered');
      const flags = page.locator('.flag[data-kind^="history/"]');
      expect(await flags.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['history/row-rewritten', 'history/row-deleted', 'history/row-inserted']);
      expect(await readTexts(page.locator('.flag[data-kind^="history/"] .flag-earlier pre'))).toEqual([bbsRow(2), bbsRow(4)]);
      // The rewritten row's own card says it is flagged.
      expect(await page.locator(`#row-${bbsRowId(2)} .row-flags`).textContent()).toContain('history/row-rewritten');
      await page.close();
    });

    it(`lists exactly the appended row and its new flag since the last build (${width} px)`, async () => {
      const page = await open(second, `/p/${HONEST}/`, width, 'recap-since');
      expect(await page.locator('[data-testid="since-summary"]').textContent()).toBe('Build 2 compared with build 1: 1 new row, 1 new flag.');
      expect(await readTexts(page.locator('[data-testid="since-new-rows"] li'))).toEqual([`row ${FAULTY_ID} Cite a commit nobody made`]);
      expect(await page.locator('[data-testid="since-new-flags"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['evidence/commit-not-found']);
      // Each links to where it is on the page.
      await page.locator('[data-testid="since-new-flags"] a').click();
      expect(await page.evaluate(() => document.querySelector(':target')?.getAttribute('data-kind'))).toBe('evidence/commit-not-found');
      await page.locator('[data-testid="since-new-rows"] a').click();
      expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(`row-${FAULTY_ID}`);
      expect(await page.locator(`#flag-1 .flag-summary`).textContent()).toContain(FAULTY_ID);
      // The untouched project says nothing: nothing changed there.
      const other = await open(second, `/p/${TAMPERED}/`, width, 'recap-unchanged');
      expect(await other.locator('[data-testid="since-last-build"]').count()).toBe(0);
      await other.close();
      const home = await open(second, '/', width, 'home-since');
      expect(await home.locator('[data-testid="archive-since-summary"]').textContent()).toBe('Build 2 compared with build 1: 1 project changed; 1 new row, 1 new flag (1 high). 1 project unchanged.');
      expect(await home.locator('.since-projects tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-project'), r.getAttribute('data-change')]))).toEqual([[HONEST, 'changed']]);
      // Both projects are titled ticket-1: the row names its folder too, and every count is labelled on a phone.
      expect(await home.locator('.since-projects tbody th .meta').textContent()).toBe('in/honest/runs/ticket-1');
      expect(await home.locator('.since-projects tbody td').evaluateAll((cells) => cells.map((c) => [c.getAttribute('data-label'), c.textContent]))).toEqual([
        ['Change', 'changed'],
        ['New rows', '1'],
        ['New flags', '1 (1 high)'],
        ['Fixed flags', '0'],
        ['Evidence changed', '0'],
      ]);
      const caption = await home.locator('.since-projects caption').boundingBox();
      expect((caption?.x ?? 0) + (caption?.width ?? 0), 'the caption fits the screen').toBeLessThanOrEqual(width);
      await home.close();
      await page.close();
    });

    it(`draws the trends of three builds, readable without script (${width} px)`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(url(third, '/'));
      await page.screenshot({ path: join(shots, `home-trend-${width}.png`), fullPage: true });
      const panels = page.locator('[data-testid="trend-archive-trend"] svg[role="img"]');
      expect(await panels.count()).toBe(4);
      expect(await page.locator('#archive-trend-rows-desc').textContent()).toBe('rows: 16 at build 1, 17 at build 2, 17 at build 3.');
      expect(await page.locator('#archive-trend-flags-desc').textContent()).toBe('high: 2 at build 1, 3 at build 2, 3 at build 3. medium: 4 at build 1, 4 at build 2, 4 at build 3. low: 1 at build 1, 1 at build 2, 1 at build 3.');
      expect(await page.locator('[data-testid="trend-archive-trend"] [data-series="rows"] circle').count()).toBe(3);
      // The recap's trend: one point per build in which the project changed.
      await page.goto(url(third, `/p/${HONEST}/`));
      await page.screenshot({ path: join(shots, `recap-trend-${width}.png`), fullPage: true });
      expect(await page.locator('#project-trend-rows-desc').textContent()).toBe('rows: 9 at build 1, 10 at build 2.');
      expect(await page.locator('[data-testid="since-last-build"]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });

    it(`shows the same diff as trailbook diff on the compare pages (${width} px)`, async () => {
      const cli = JSON.parse((await runCli(['diff', join(dir, 'site', 'p', TAMPERED, 'recap.json.gz'), join(dir, 'site', 'p', HONEST, 'recap.json.gz'), '--json'])).stdout) as RunDiff;
      const expected = {
        added: cli.decisions.added.map((r) => r.id),
        removed: cli.decisions.removed.map((r) => r.id),
        changed: cli.decisions.changed.map((c) => c.a.id),
        newFlags: cli.flags.new.map((f) => f.kind),
        fixed: cli.flags.fixed.map((f) => f.kind),
      };
      const shown = async (page: Page) => ({
        added: await page.locator('[data-testid="diff-added"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id'))),
        removed: await page.locator('[data-testid="diff-removed"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id'))),
        changed: await page.locator('[data-testid="diff-changed"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id'))),
        newFlags: await page.locator('[data-testid="diff-new-flags"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
        fixed: await page.locator('[data-testid="diff-fixed-flags"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
      });
      // The configured pair's page is static; choosing the pair on the home computes it in the browser.
      const staticPage = await open(third, `/compare/${TAMPERED}/${HONEST}/`, width, 'compare-static');
      expect(await shown(staticPage)).toEqual(expected);
      const summary = await staticPage.locator('[data-testid="diff-summary"]').textContent();
      await staticPage.close();
      const home = await browser.newPage({ viewport: { width, height: 900 } });
      const watch = watchPage(home, new URL(third.url).origin);
      await home.goto(url(third, '/'));
      await home.selectOption('.compare-form select[name="a"]', TAMPERED);
      await home.selectOption('.compare-form select[name="b"]', HONEST);
      await home.locator('.compare-form button').click();
      await home.waitForSelector('[data-testid="diff-summary"]');
      await home.screenshot({ path: join(shots, `compare-chosen-${width}.png`), fullPage: true });
      expect(await shown(home)).toEqual(expected);
      expect(await home.locator('[data-testid="diff-summary"]').textContent()).toBe(summary);
      expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(watch.errors).toEqual([]);
      await home.close();
    });
  }

  it('has no serious or critical axe violation on the new pages', async () => {
    const axe = await readFile(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    const found: Record<string, string[]> = {};
    for (const [server, path] of [
      [second, `/p/${HONEST}/`],
      [second, '/'],
      [third, '/'],
      [third, `/p/${TAMPERED}/`],
      [third, `/compare/${TAMPERED}/${HONEST}/`],
      [third, `/compare/?a=${TAMPERED}&b=${HONEST}`],
    ] as const) {
      const page = await browser.newPage();
      await page.goto(url(server, path));
      if (path.includes('?')) await page.waitForSelector('[data-testid="diff-summary"]');
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const run = (window as unknown as { axe: { run(d: Document): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe.run;
        return (await run(document)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
      });
      if (violations.length > 0) found[path] = violations;
      await page.close();
    }
    expect(found).toEqual({});
  });
});

describe('links', () => {
  it('are all sound in the archive with history and compare pages', async () => {
    const report = await checkLinks(join(dir, 'site'), '/');
    expect(report.problems).toEqual([]);
    const previous = await checkLinks(join(dir, 'site-2'), '/');
    expect(previous.problems).toEqual([]);
  });
});

/** The texts of the elements of `data-testid` `id` in `html` (tags dropped, entities read, white space collapsed). */
function textsOf(html: string, id: string): string[] {
  const entity: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
  return [...html.matchAll(new RegExp(`data-testid="?${id}"?[^>]*>([\\s\\S]*?)</p>`, 'g'))].map((m) => (m[1] ?? '').replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => entity[e] ?? '').replace(/\s+/g, ' ').trim());
}

describe('a history.json without its states file (issue 30: the recipe of before fetched history.json only)', () => {
  it('goes on, saying in one line what is missing and what this build cannot tell, and the home says it too', async () => {
    // A CI job: a fresh output folder, the history fetched from the published archive, its states file not.
    await mkdir(join(dir, 'ci'));
    await cp(join(dir, 'site', 'history.json'), join(dir, 'ci', 'history.json'));
    await appendFile(join(dir, 'in', 'honest', 'runs', 'ticket-1', 'decisions.jsonl'), `${bbsRow(21)}\n`);
    const run = await runCli(['build', '--out', 'site-ci', '--history', join('ci', 'history.json')], dir);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines.filter((l) => l.includes('history-states'))).toEqual([
      "  warning: ci/history-states.jsonl.gz was not found: the history goes on (build numbers, since, trends), but what changed in each project since build 3 (new rows, new and fixed flags, evidence whose status changed) is not known for this build; fetch it with history.json (docs/publishing.md): curl -fsS <archive URL>/history-states.jsonl.gz -o ci/history-states.jsonl.gz || true",
    ]);
    expect(lines).toContain('  history: build 4 (4 builds kept); since build 3: 1 project changed in ways not known (no states file)');
    const home = await readFile(join(dir, 'site-ci', 'index.html'), 'utf8');
    expect(textsOf(home, 'archive-since-summary')).toEqual(['Build 4 compared with build 3: 1 project changed in ways this build cannot list. 1 project unchanged.']);
    expect(textsOf(home, 'archive-since-not-compared')).toEqual(["What changed in it is not known: this build did not have build 3's rows and flags (history-states.jsonl.gz, beside history.json)."]);
    // Written beside --history FILE: the next build compares again.
    expect((await readdir(join(dir, 'ci'))).sort()).toEqual(['history-states.jsonl.gz', 'history.json']);
  }, 120_000);
});
