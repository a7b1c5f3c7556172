/**
 * Measurements shared by the benchmarks (scripts/bench.ts, scripts/bench-shards.ts): the search
 * page in Chromium, and the floor a build is set against (reading every input; pagefind over the
 * recap pages).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '../tests/e2e/static-server.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import type { CDPSession } from 'playwright-core';

/**
 * Opens the search page in headless Chromium from localhost (gzip on, as a real host) for
 * each query (one filter; words and one filter; an id; a SHA prefix; ...); reports when the
 * first result showed (ms since navigation start), the bytes fetched until the network was
 * idle, and the requests.
 */
export async function searchProbe(out: string, runs: number, queries: readonly string[]): Promise<SearchProbe[]> {
  const server = await serveStatic(out, '/', { gzip: true });
  const browser = await launchBrowser();
  const results: SearchProbe[] = [];
  try {
    for (const query of queries) {
      const first: number[] = [];
      const searched: number[] = [];
      let kilobytes = 0;
      let requests = 0;
      let found = '';
      // Each run in a fresh context (nothing cached): the median, since a shared machine is noisy.
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        // Every finished request's body size, awaited before the context closes (counted as they
        // came, the sum missed those still being read).
        const sizes: Array<Promise<number>> = [];
        page.on('requestfinished', (request) => {
          sizes.push(request.sizes().then((s) => s.responseBodySize, () => 0));
        });
        await page.goto(`${server.url}search/${query}`);
        await searchSettled(await context.newCDPSession(page));
        await page.waitForLoadState('networkidle');
        // Marks set by src/scripts/search.ts: manifest read, search done, first result listed.
        const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
        if (marks['search:first-result'] !== undefined) first.push(marks['search:first-result']);
        if (marks['search:searched'] !== undefined) searched.push(marks['search:searched']);
        if (run === 0) {
          kilobytes = Math.round((await Promise.all(sizes)).reduce((s, b) => s + b, 0) / 1024);
          requests = sizes.length;
          found = (await page.locator('#search-status').textContent()) ?? '';
        }
        await context.close();
      }
      const median = (xs: number[]): number | null => (xs.length === 0 ? null : Math.round([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number));
      results.push({ query, firstResultMs: median(first), searchedMs: median(searched), fastestMs: first.length > 0 ? Math.round(Math.min(...first)) : null, runs, kilobytes, requests, found });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

/**
 * Waits (at most 60 s) until the search page has listed its first results (`data-count` on
 * `#search-status`, set by src/scripts/search.ts), by a plain expression sent over CDP.
 * Playwright's `waitForFunction` would compile its injected script in the page while the
 * search runs: 10–20 ms of the main thread a reader's browser never spends (session 6).
 * Returns whether the results were listed.
 */
export async function searchSettled(cdp: CDPSession): Promise<boolean> {
  const expression = `new Promise((resolve) => {
    const done = () => document.querySelector('#search-status')?.hasAttribute('data-count') === true;
    if (done()) return resolve(true);
    const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(true); } });
    watch.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['data-count'] });
    setTimeout(() => resolve(done()), 60000);
  })`;
  const { result } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  return result.value === true;
}

/** One query of the search probe: medians over `runs` fresh page loads (ms since navigation start). */
export interface SearchProbe {
  query: string;
  firstResultMs: number | null;
  searchedMs: number | null;
  fastestMs: number | null;
  runs: number;
  kilobytes: number;
  requests: number;
  found: string;
}

/** Reads every file under `dir` (the floor's input side); returns the bytes read. */
export async function readAll(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += await readAll(path);
    else if (entry.isFile()) bytes += (await readFile(path)).length;
  }
  return bytes;
}

/** The pagefind release the floor runs (fetched by `npx`; not a dependency of Trailbook). */
export const FLOOR_PAGEFIND = 'pagefind@1.6.0';

/**
 * The floor's indexing side as issue 17 defines it: pagefind over the recap pages alone
 * (`<site>/p/<id>/index.html`, hard-linked into a scratch folder so nothing else is indexed),
 * and their row pages (`p/<id>/rows/<n>/index.html`, issue 30: a recap's rows past the first
 * 100), so the floor indexes every row's HTML as it did when a recap held them all.
 * Returns wall milliseconds, or null when pagefind cannot be fetched (no network).
 */
export async function pagefindFloorMs(site: string, scratch: string): Promise<number | null> {
  await rm(scratch, { recursive: true, force: true });
  await mkdir(join(scratch, 'p'), { recursive: true });
  for (const id of await readdir(join(site, 'p'))) {
    const page = join(site, 'p', id, 'index.html');
    if (!existsSync(page)) continue;
    await mkdir(join(scratch, 'p', id));
    await link(page, join(scratch, 'p', id, 'index.html'));
    const rows = join(site, 'p', id, 'rows');
    for (const n of existsSync(rows) ? await readdir(rows) : []) {
      if (!existsSync(join(rows, n, 'index.html'))) continue;
      await mkdir(join(scratch, 'p', id, 'rows', n), { recursive: true });
      await link(join(rows, n, 'index.html'), join(scratch, 'p', id, 'rows', n, 'index.html'));
    }
  }
  // Fetch the binary first, so the timed run measures indexing, not the download.
  try {
    execFileSync('npx', ['--yes', FLOOR_PAGEFIND, '--version'], { stdio: 'ignore' });
  } catch {
    await rm(scratch, { recursive: true, force: true });
    return null;
  }
  const started = performance.now();
  execFileSync('npx', ['--yes', FLOOR_PAGEFIND, '--site', scratch, '--output-subdir', '_pagefind'], { stdio: 'ignore', maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  await rm(scratch, { recursive: true, force: true });
  return ms;
}


if (import.meta.main && process.argv[2] === 'floor') {
  // `node scripts/bench-probes.ts floor SITE`: the pagefind floor of a built site alone, in ms.
  console.log(Math.round((await pagefindFloorMs(process.argv[3] as string, `${process.argv[3]}-floor-pagefind`)) ?? -1));
}
