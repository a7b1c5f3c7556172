#!/usr/bin/env node
/**
 * `npm run bench`: builds generated corpora of several sizes and reports, per size: wall time,
 * peak memory (the Node process, and the sum over every process the build starts, sampled
 * from /proc), output bytes and files, search-index bytes, per-stage times, search speed in
 * Chromium, and three ratios measured side by side in the same run:
 * - evidence resolution vs `git cat-file --batch-check` on the same object ids;
 * - full build vs the floor as issue 17 defines it (reading every input file, `git cat-file
 *   --batch-check` of every cited SHA, pagefind over the recap pages alone; pagefind is fetched by
 *   `npx`, it is not a dependency), and vs reading the input + copying the built output;
 * - rebuild after one project changes vs the full build.
 * Then the relevance benchmark (scripts/relevance.ts) on its own corpus.
 *
 * First it classifies hostile 4 MiB evidence cells (scripts/bench-text.ts: each within 1 s).
 *
 * Two corpora (`--corpus uniform|real|both`, both by default): the uniform one of
 * scripts/gen-corpus.ts (a small repository per ten projects) and the real-shaped one of
 * scripts/gen-corpus-real.ts (issue 30: one monorepo cited by every project, hot commits and
 * files, the real trails' result texts and evidence kinds); the real-shaped sizes are named
 * `real-<P>x<R>`, and their searches include the hottest SHA and path.
 *
 * Usage: `node scripts/bench.ts [--sizes 10x1000,100x1000,1000x1000] [--corpus both] [--shape ../shared/corpus/real] [--relevance 40x500|none] [--dir /tmp/trailbook-bench] [--only text|search]`
 * (`--only search` measures search again on the sites a run kept in `<dir>/<size>/site`, without building.)
 * (`--sizes none` runs only the relevance benchmark.)
 * Results: printed as markdown tables and written to `<dir>/results.json`.
 * Timings come from runs, never from tests (DEVELOPERS.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateCorpus } from './gen-corpus.ts';
import { generateRealShapedCorpus, type CorpusShape } from './gen-corpus-real.ts';
import { generateRelevanceCorpus, type TruthRow } from './gen-relevance-corpus.ts';
import { relevance, type RelevanceResult } from './relevance.ts';
import { samplePeakRss } from './peak-rss.ts';
import { benchText, printText } from './bench-text.ts';
import { openRepository } from '../src/lib/git/repository.ts';
import { readArchiveIndex, readModel } from '../src/lib/archive/model-store.ts';
import { pagefindFloorMs, readAll, searchProbe, type SearchProbe } from './bench-probes.ts';
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
  /** Sampled by the bench: the peak of the whole process tree of the build (bytes; null off Linux). */
  tree?: { peakBytes: number | null };
  output: { files: number; bytes: number; pages: number; searchIndexBytes: number };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

/** Runs the CLI build; resolves with its timings and the peak memory of its whole process tree. */
function build(input: string, out: string, cache: string, timingsFile: string): Promise<Timings> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, 'build', input, '--out', out, '--cache-dir', cache, '--timings', timingsFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    const sampler = samplePeakRss(child.pid as number, 100);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', async (code) => {
      const tree = { peakBytes: await sampler.stop() };
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${stderr}`));
      resolvePromise({ ...(JSON.parse(await readFile(timingsFile, 'utf8')) as Timings), tree });
    });
  });
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
 * The probe's queries on the real-shaped corpus (issue 30's table): one filter, two common
 * words, words and a filter, a row id, the hottest SHA (its 7-digit prefix, as `git log
 * --oneline` shows it) and the hottest path.
 */
async function realProbeQueries(corpus: string): Promise<string[]> {
  const shape = JSON.parse(await readFile(join(corpus, 'shape.json'), 'utf8')) as CorpusShape;
  const q = encodeURIComponent;
  return ['?result=open', `?q=${q(shape.words.join(' '))}`, `?q=${q(shape.words[0])}&result=open`, `?q=${shape.rowId}`, `?q=${shape.hotSha.slice(0, 7)}`, `?q=${q(shape.hotPath)}`];
}

/** The probe's queries: one filter, words and one filter, an id and a SHA prefix cited by the first project's first rows, many words, a type. */
async function probeQueries(cache: string): Promise<string[]> {
  const firstModel = await readModel(cache, (await readArchiveIndex(cache)).projects[0]?.id ?? '');
  const rowId = firstModel.rows[1]?.id ?? '';
  const cited = firstModel.rows.flatMap((r) => r.evidence).find((p) => p.target?.type === 'commit');
  const sha = cited?.target?.type === 'commit' ? cited.target.oid.slice(0, 7) : '';
  return ['?result=failed', '?q=cache&phase=design', `?q=${rowId}`, `?q=${sha}`, '?q=ledger+writer+step+14', '?type=decision'];
}

function printSearch(name: string, search: readonly SearchProbe[]): void {
  console.log(`search ${name} (first result: median of ${search[0]?.runs ?? 0} runs, fastest; bytes of one run):`);
  for (const q of search) console.log(`  ${q.query}: ${q.firstResultMs ?? '—'} ms (fastest ${q.fastestMs ?? '—'} ms; searched at ${q.searchedMs ?? '—'} ms), ${q.kilobytes} KB in ${q.requests} requests — ${q.found}`);
}

async function main(): Promise<void> {
  const text = arg('only', '') === 'search' ? null : benchText();
  if (text) {
    console.error('hostile 4 MiB evidence cells…');
    printText(text);
  }
  if (arg('only', '') === 'text') return;
  const dir = resolve(arg('dir', '/tmp/trailbook-bench'));
  const sizesArg = arg('sizes', '10x1000,100x1000,1000x1000');
  const corpusArg = arg('corpus', 'both');
  if (!['uniform', 'real', 'both'].includes(corpusArg)) throw new Error('--corpus must be uniform, real or both');
  const kinds = corpusArg === 'both' ? (['uniform', 'real'] as const) : [corpusArg as 'uniform' | 'real'];
  const sizes = (sizesArg === 'none' ? [] : sizesArg.split(',').map((s) => s.split('x').map(Number) as [number, number])).flatMap(([projects, rows]) =>
    kinds.map((kind) => ({ kind, projects, rows, name: `${kind === 'real' ? 'real-' : ''}${projects}x${rows}` })),
  );
  const queriesOf = (kind: 'uniform' | 'real', name: string): Promise<string[]> => (kind === 'real' ? realProbeQueries(join(dir, name, 'corpus')) : probeQueries(join(dir, name, 'cache')));
  if (arg('only', '') === 'search') {
    // Search again on sites an earlier run built and kept (`<dir>/<size>/site`), without building.
    for (const { kind, name } of sizes) printSearch(name, await searchProbe(join(dir, name, 'site'), Number(arg('search-runs', '5')), await queriesOf(kind, name)));
    return;
  }
  const results: Array<Record<string, unknown>> = [];
  for (const { kind, projects, rows, name } of sizes) {
    const corpus = join(dir, name, 'corpus');
    const marker = join(dir, name, 'corpus.done');
    if (!existsSync(marker)) {
      const started = performance.now();
      if (kind === 'real') await generateRealShapedCorpus({ projects, rows, seed: 1, out: corpus, commits: 2000, files: 1000, shape: resolve(arg('shape', join(ROOT, '..', 'shared', 'corpus', 'real'))), checkFirst: 0.41 });
      else await generateCorpus({ projects, rows, seed: 1, out: corpus, projectsPerRepo: 10 });
      await writeFile(marker, `${Math.round(performance.now() - started)}\n`);
    }
    const out = join(dir, name, 'site');
    const cache = join(dir, name, 'cache');
    await rm(out, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    console.error(`[${name}] full build…`);
    const full = await build(corpus, out, cache, join(dir, name, 'full.json'));
    console.error(`[${name}] search in Chromium…`);
    const search = await searchProbe(out, Number(arg('search-runs', '5')), await queriesOf(kind, name));
    console.error(`[${name}] evidence resolution vs git…`);
    const evidence = await evidenceRatio(corpus, cache);
    console.error(`[${name}] floor: read inputs, pagefind over the recap pages, copy the output…`);
    let started = performance.now();
    const inputBytes = await readAll(corpus);
    const readMs = performance.now() - started;
    started = performance.now();
    await rm(join(dir, name, 'floor-copy'), { recursive: true, force: true });
    execFileSync('cp', ['-r', out, join(dir, name, 'floor-copy')], { stdio: 'ignore' });
    const copyMs = performance.now() - started;
    await rm(join(dir, name, 'floor-copy'), { recursive: true, force: true });
    const pagefindMs = await pagefindFloorMs(out, join(dir, name, 'floor-pagefind'));
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
      // history.json and its states file (issue 30: the newest build's rows and flags, gzip).
      fileBytes: (await stat(join(out, 'history.json'))).size + (await stat(join(out, 'history-states.jsonl.gz'))).size,
      statesBytes: (await stat(join(out, 'history-states.jsonl.gz'))).size,
    };
    // Issue 29 scope 7: finding and redacting secrets (src/lib/secrets/), target ≤ 10% of the build.
    const secrets = { fullMs: full.stagesMs['secrets'] ?? 0, fullShare: (full.stagesMs['secrets'] ?? 0) / full.wallMs };
    const result = {
      size: name,
      full,
      rebuild,
      secrets,
      evidence: { ...evidence, ratio: evidence.oursMs / evidence.gitMs },
      floor: {
        inputBytes,
        readMs: Math.round(readMs),
        gitMs: Math.round(evidence.gitMs),
        pagefindMs: pagefindMs === null ? null : Math.round(pagefindMs),
        copyMs: Math.round(copyMs),
        // Issue 17 scope 7: read every input + `git cat-file --batch-check` of every cited SHA + pagefind over the recap pages.
        ratio: pagefindMs === null ? null : full.wallMs / (readMs + evidence.gitMs + pagefindMs),
        ratioToReadAndCopy: full.wallMs / (readMs + copyMs),
      },
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
  const rel = arg('relevance', '40x500');
  let relevanceResults: RelevanceResult[] | null = null;
  if (rel !== 'none') {
    const [projects, rows] = rel.split('x').map(Number) as [number, number];
    const relDir = join(dir, `relevance-${rel}`);
    const marker = join(relDir, 'corpus.done');
    let truth: TruthRow[];
    if (!existsSync(marker)) {
      truth = await generateRelevanceCorpus({ projects, rows, seed: 7, out: join(relDir, 'corpus') });
      await writeFile(marker, '1\n');
    } else truth = JSON.parse(await readFile(join(relDir, 'corpus', 'truth.json'), 'utf8')) as TruthRow[];
    console.error(`[relevance ${rel}] build…`);
    await rm(join(relDir, 'site'), { recursive: true, force: true });
    await rm(join(relDir, 'cache'), { recursive: true, force: true });
    await build(join(relDir, 'corpus'), join(relDir, 'site'), join(relDir, 'cache'), join(relDir, 'full.json'));
    console.error(`[relevance ${rel}] queries…`);
    relevanceResults = await relevance(join(relDir, 'site'), truth);
    await writeFile(join(dir, 'relevance.json'), `${JSON.stringify({ corpus: rel, results: relevanceResults }, null, 2)}\n`);
  }

  const mb = (n: number): string => (n / 1024 / 1024).toFixed(0);
  const sized = (results as Array<{ full?: Timings }>).filter((x) => x.full);
  if (sized.length > 0) {
    console.log('| size | full build | peak RSS (Node / process tree) | output | search index | rebuild (ratio) | evidence vs git | build vs floor | recap gz | home gz |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
  }
  for (const r of sized as Array<{ size: string; full: Timings; rebuild: Timings; evidence: { ratio: number }; floor: { ratio: number | null; ratioToReadAndCopy: number }; rebuildRatio: number; recapGzipBytes: string; homeGzipBytes: string }>) {
    console.log(`| ${r.size} | ${(r.full.wallMs / 1000).toFixed(1)} s | ${mb(r.full.maxRssBytes)} / ${r.full.tree?.peakBytes ? mb(r.full.tree.peakBytes) : '?'} MiB | ${mb(r.full.output.bytes)} MB, ${r.full.output.files} files | ${mb(r.full.output.searchIndexBytes)} MB | ${(r.rebuild.wallMs / 1000).toFixed(1)} s (${(r.rebuildRatio * 100).toFixed(0)}%) | ${r.evidence.ratio.toFixed(2)}× | ${r.floor.ratio === null ? '—' : `${r.floor.ratio.toFixed(2)}×`} (read + copy: ${r.floor.ratioToReadAndCopy.toFixed(1)}×) | ${(Number(r.recapGzipBytes) / 1024).toFixed(0)} KB | ${(Number(r.homeGzipBytes) / 1024).toFixed(0)} KB |`);
  }
  for (const r of sized as Array<{ size: string; full: Timings; search: SearchProbe[]; history: unknown; compare: unknown }>) {
    console.log(`stages ${r.size}: ${JSON.stringify(r.full.stagesMs)}`);
    printSearch(r.size, r.search);
    console.log(`history ${r.size}: ${JSON.stringify(r.history)}; compare: ${JSON.stringify(r.compare)}`);
    console.log(`secrets ${r.size}: ${JSON.stringify((r as { secrets?: unknown }).secrets)}`);
  }
  if (relevanceResults) {
    console.log(`\nrelevance (${rel}):\n| query kind | queries | in the first 3 | MRR | rows holding every word (median / max) |\n|---|---|---|---|---|`);
    for (const r of relevanceResults) console.log(`| ${r.kind} | ${r.queries} | ${(r.top3 * 100).toFixed(0)}% | ${r.mrr.toFixed(3)} | ${r.holders ? `${r.holders.median} / ${r.holders.max}` : '—'} |`);
  }
  for (const r of results.filter((x) => 'trailHistory' in x)) console.log(`trail history: ${JSON.stringify(r['trailHistory'])}`);
}

await main();
