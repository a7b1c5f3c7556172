#!/usr/bin/env node
/**
 * `npm run bench`: builds generated corpora of several sizes and reports, per size: wall time,
 * peak RSS, output bytes and files, search-index bytes, per-stage times, and three ratios
 * measured side by side in the same run:
 * - evidence resolution vs `git cat-file --batch-check` on the same object ids;
 * - full build vs the floor (reading every input file + pagefind indexing the output);
 * - rebuild after one project changes vs the full build.
 *
 * First it classifies hostile 4 MiB evidence cells (scripts/bench-text.ts: each within 1 s).
 *
 * Usage: `node scripts/bench.ts [--sizes 10x1000,100x1000,1000x1000] [--dir /tmp/trailbook-bench] [--only text]`
 * Results: printed as a markdown table and written to `<dir>/results.json`.
 * Timings come from runs, never from tests (DEVELOPERS.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateCorpus } from './gen-corpus.ts';
import { benchText, printText } from './bench-text.ts';
import { openRepository } from '../src/lib/git/repository.ts';
import { readArchiveIndex, readModel } from '../src/lib/archive/model-store.ts';
import { serveStatic } from '../tests/e2e/static-server.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { compareBench, trailHistoryBench } from './bench-history.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin', 'trailbook.js');

interface Timings {
  projects: number;
  rows: number;
  reanalysed: number;
  wallMs: number;
  stagesMs: Record<string, number>;
  maxRssBytes: number;
  output: { files: number; bytes: number; pages: number; searchIndexBytes: number };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

/** Runs the CLI build; resolves with its timings and the peak RSS of the whole process tree as seen by GNU time when available. */
function build(input: string, out: string, cache: string, timingsFile: string): Promise<Timings> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, 'build', input, '--out', out, '--cache-dir', cache, '--timings', timingsFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', async (code) => {
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${stderr}`));
      resolvePromise(JSON.parse(await readFile(timingsFile, 'utf8')) as Timings);
    });
  });
}

async function readAll(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += await readAll(path);
    else if (entry.isFile()) bytes += (await readFile(path)).length;
  }
  return bytes;
}

/** Our resolution of every cited commit pointer vs `git cat-file --batch-check` on the same ids. */
async function evidenceRatio(corpus: string, cache: string): Promise<{ ids: number; oursMs: number; gitMs: number }> {
  const byRepo = new Map<string, Set<string>>();
  for (const { id } of (await readArchiveIndex(cache)).projects) {
    const model = await readModel(cache, id);
    const repo = model.repository.path;
    if (!repo) continue;
    const set = byRepo.get(repo) ?? new Set<string>();
    for (const row of model.rows) for (const p of row.evidence) if (p.kind === 'commit') set.add(p.raw.replace(/^commit\s+/i, '').toLowerCase());
    byRepo.set(repo, set);
  }
  let ids = 0;
  let oursMs = 0;
  let gitMs = 0;
  for (const [display, set] of byRepo) {
    const path = join(corpus, '..', display);
    const list = [...set];
    ids += list.length;
    let started = performance.now();
    const opened = await openRepository(path);
    if ('problem' in opened) throw new Error(opened.problem);
    for (const hex of list) await opened.repository.lookup(hex);
    oursMs += performance.now() - started;
    started = performance.now();
    execFileSync('git', ['--git-dir', path, 'cat-file', '--batch-check'], { input: `${list.join('\n')}\n`, maxBuffer: 1 << 28 });
    gitMs += performance.now() - started;
  }
  return { ids, oursMs, gitMs };
}

/**
 * Opens the search page in headless Chromium from localhost (gzip on, as a real host) with
 * one filter, and with words and one filter; reports when the first result showed (ms since
 * navigation start) and the bytes fetched.
 */
async function searchProbe(out: string): Promise<Array<{ query: string; firstResultMs: number | null; kilobytes: number; requests: number }>> {
  const server = await serveStatic(out, '/', { gzip: true });
  const browser = await launchBrowser();
  const results = [];
  try {
    for (const query of ['?result=failed', '?q=cache&phase=design']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('#search-results li')) {
            (window as unknown as { firstResult: number }).firstResult = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      let bytes = 0;
      let requests = 0;
      page.on('requestfinished', async (request) => {
        requests++;
        bytes += (await request.sizes()).responseBodySize;
      });
      await page.goto(`${server.url}search/${query}`);
      await page.waitForSelector('#search-results li', { timeout: 60_000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle');
      const first = await page.evaluate(() => (window as unknown as { firstResult?: number }).firstResult ?? null);
      results.push({ query, firstResultMs: first === null ? null : Math.round(first), kilobytes: Math.round(bytes / 1024), requests });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

async function main(): Promise<void> {
  console.error('hostile 4 MiB evidence cells…');
  const text = benchText();
  printText(text);
  if (arg('only', '') === 'text') return;
  const dir = resolve(arg('dir', '/tmp/trailbook-bench'));
  const sizes = arg('sizes', '10x1000,100x1000,1000x1000').split(',').map((s) => s.split('x').map(Number) as [number, number]);
  const results: Array<Record<string, unknown>> = [];
  for (const [projects, rows] of sizes) {
    const name = `${projects}x${rows}`;
    const corpus = join(dir, name, 'corpus');
    const marker = join(dir, name, 'corpus.done');
    if (!existsSync(marker)) {
      const started = performance.now();
      await generateCorpus({ projects, rows, seed: 1, out: corpus, projectsPerRepo: 10 });
      await writeFile(marker, `${Math.round(performance.now() - started)}\n`);
    }
    const out = join(dir, name, 'site');
    const cache = join(dir, name, 'cache');
    await rm(out, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    console.error(`[${name}] full build…`);
    const full = await build(corpus, out, cache, join(dir, name, 'full.json'));
    console.error(`[${name}] search in Chromium…`);
    const search = await searchProbe(out);
    console.error(`[${name}] evidence resolution vs git…`);
    const evidence = await evidenceRatio(corpus, cache);
    console.error(`[${name}] floor: read inputs + pagefind over the output…`);
    let started = performance.now();
    const inputBytes = await readAll(corpus);
    const readMs = performance.now() - started;
    started = performance.now();
    execFileSync(join(ROOT, 'node_modules', '.bin', 'pagefind'), ['--site', out, '--output-path', join(dir, name, 'floor-pagefind'), '--quiet'], { stdio: 'ignore' });
    const pagefindMs = performance.now() - started;
    console.error(`[${name}] rebuild after one project changes…`);
    const projectsDir = join(corpus, 'projects');
    const first = (await readdir(projectsDir)).sort()[0] as string;
    const trail = existsSync(join(projectsDir, first, 'decisions.jsonl')) ? join(projectsDir, first, 'decisions.jsonl') : join(projectsDir, first, 'decisions.tsv');
    const original = await readFile(trail);
    await appendFile(trail, trail.endsWith('.tsv') ? '2026-12-01T00:00:00Z\thandover\tbench change\tbench\tREADME.md\topen\n' : '{"id":"00000000","ts":"2026-12-01T00:00:00Z","phase":"handover","ticket":"","actor":"lead","decision":"bench change","why":"bench","evidence":"README.md","result":"open"}\n');
    const rebuild = await build(corpus, out, cache, join(dir, name, 'rebuild.json'));
    await writeFile(trail, original);
    console.error(`[${name}] history and comparison…`);
    const compare = await compareBench(cache, out, CLI);
    const history = {
      fullMs: full.stagesMs['history'] ?? 0,
      fullShare: (full.stagesMs['history'] ?? 0) / full.wallMs,
      rebuildMs: rebuild.stagesMs['history'] ?? 0,
      rebuildShare: (rebuild.stagesMs['history'] ?? 0) / rebuild.wallMs,
      fileBytes: (await stat(join(out, 'history.json'))).size,
    };
    const result = {
      size: name,
      full,
      rebuild,
      evidence: { ...evidence, ratio: evidence.oursMs / evidence.gitMs },
      floor: { inputBytes, readMs: Math.round(readMs), pagefindMs: Math.round(pagefindMs), ratio: full.wallMs / (readMs + pagefindMs) },
      rebuildRatio: rebuild.wallMs / full.wallMs,
      history,
      compare,
      search,
      recapGzipBytes: execFileSync('sh', ['-c', `gzip -c "${join(out, 'p', 'projects-project-0000', 'index.html')}" | wc -c`], { encoding: 'utf8' }).trim(),
      homeGzipBytes: execFileSync('sh', ['-c', `gzip -c "${join(out, 'index.html')}" | wc -c`], { encoding: 'utf8' }).trim(),
      corpusBytes: (await stat(corpus)).size && inputBytes,
    };
    results.push(result);
    console.error(JSON.stringify(result, null, 2));
    await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  }
  if (!process.argv.includes('--no-trail-history')) {
    console.error('[trail history] 100 committed trails of 1,000 rows over 20 commits…');
    const trailHistory = await trailHistoryBench(dir);
    results.push({ size: 'trail-history', trailHistory });
    console.error(JSON.stringify(trailHistory));
    await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  }
  const mb = (n: number): string => (n / 1024 / 1024).toFixed(0);
  console.log('| size | full build | peak RSS | output | search index | rebuild (ratio) | evidence vs git | build vs floor | recap gz | home gz |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of (results as Array<{ size: string; full: Timings; rebuild: Timings; evidence: { ratio: number }; floor: { ratio: number }; rebuildRatio: number; recapGzipBytes: string; homeGzipBytes: string }>).filter((x) => x.full)) {
    console.log(`| ${r.size} | ${(r.full.wallMs / 1000).toFixed(1)} s | ${mb(r.full.maxRssBytes)} MiB | ${mb(r.full.output.bytes)} MB, ${r.full.output.files} files | ${mb(r.full.output.searchIndexBytes)} MB | ${(r.rebuild.wallMs / 1000).toFixed(1)} s (${(r.rebuildRatio * 100).toFixed(0)}%) | ${r.evidence.ratio.toFixed(2)}× | ${r.floor.ratio.toFixed(2)}× | ${(Number(r.recapGzipBytes) / 1024).toFixed(0)} KB | ${(Number(r.homeGzipBytes) / 1024).toFixed(0)} KB |`);
  }
  for (const r of (results as Array<{ size: string; full: Timings; search: unknown; history: unknown; compare: unknown }>).filter((x) => x.full)) {
    console.log(`stages ${r.size}: ${JSON.stringify(r.full.stagesMs)}`);
    console.log(`search ${r.size}: ${JSON.stringify(r.search)}`);
    console.log(`history ${r.size}: ${JSON.stringify(r.history)}; compare: ${JSON.stringify(r.compare)}`);
  }
  for (const r of results.filter((x) => 'trailHistory' in x)) console.log(`trail history: ${JSON.stringify(r['trailHistory'])}`);
}

await main();
