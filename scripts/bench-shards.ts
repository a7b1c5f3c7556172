#!/usr/bin/env node
/**
 * The sharded-build part of `npm run bench` (issue 17): for each `SxPxR` (S shards of P
 * projects of R rows), generates one corpus of S·P projects, builds it as S shards one after
 * another (as S machines would), merges them, and reports per shard and for the merge: wall
 * time, peak memory of the process tree, output size and files; the home's first view
 * (gzipped); searches in Chromium on the merged archive (one filter; words and a filter); and a
 * second merge with nothing changed (what a merge reuses). With `--single`, the same corpus is
 * also built in one go, so the merge's time is set against the full build's, the merged archive
 * compared with it file for file (search index included), and the full build set against the
 * floor (reading every input file and copying the output, as scripts/bench.ts measures it).
 *
 * Usage: `node scripts/bench-shards.ts [--shards 4x250x1000,10x1000x5] [--single] [--clean] [--dir /tmp/trailbook-bench]`
 * (`npm run bench:shards` runs `4x250x1000` with `--single`; `10x1000x5` is the 10,000-project archive).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, relative, resolve, sep } from 'node:path';
import { generateCorpus } from './gen-corpus.ts';
import { samplePeakRss } from './peak-rss.ts';
import { readAll, searchProbe } from './bench-probes.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin', 'trailbook.js');

interface Run {
  wallMs: number;
  treePeakBytes: number | null;
  timings: Record<string, unknown> & { wallMs: number; output: { files: number; bytes: number } };
}

/** Runs `trailbook <args> --timings <file>`, sampling the peak memory of its process tree. */
function trailbook(args: string[], timingsFile: string): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args, '--timings', timingsFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    const sampler = samplePeakRss(child.pid as number, 200);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', async (code) => {
      const treePeakBytes = await sampler.stop();
      if (code !== 0) return reject(new Error(`trailbook ${args.join(' ')} failed (${code}):\n${stderr}`));
      resolvePromise({ wallMs: Math.round(performance.now() - started), treePeakBytes, timings: JSON.parse(await readFile(timingsFile, 'utf8')) as Run['timings'] });
    });
  });
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  await walk(dir);
  return out.sort();
}

/** How many of `single`'s files `merged` lacks, holds in addition, or holds with other bytes (the search index included). */
async function compareArchives(single: string, merged: string): Promise<{ files: number; missing: number; extra: number; differ: number; differExamples: string[] }> {
  const a = await listFiles(single);
  const b = new Set(await listFiles(merged));
  let missing = 0;
  let differ = 0;
  const differExamples: string[] = [];
  for (const f of a) {
    if (!b.has(f)) {
      missing++;
      continue;
    }
    b.delete(f);
    if (!(await readFile(join(single, f))).equals(await readFile(join(merged, f)))) {
      differ++;
      if (differExamples.length < 5) differExamples.push(f);
    }
  }
  return { files: a.length, missing, extra: b.size, differ, differExamples };
}

/** Benchmarks one sharded build; returns what it measured. */
export async function benchShards(dir: string, shards: number, perShard: number, rows: number, single: boolean): Promise<Record<string, unknown>> {
  const name = `${shards}x${perShard}x${rows}`;
  const base = join(dir, `shards-${name}`);
  const corpus = join(base, 'corpus');
  if (!existsSync(join(base, 'corpus.done'))) {
    await generateCorpus({ projects: shards * perShard, rows, seed: 1, out: corpus, projectsPerRepo: 10 });
    await writeFile(join(base, 'corpus.done'), 'done\n');
  }
  for (const sub of ['single', 'single-cache', 'merged', 'merge-cache']) await rm(join(base, sub), { recursive: true, force: true });
  const shardRuns: Run[] = [];
  for (let k = 1; k <= shards; k++) {
    await rm(join(base, `shard-${k}`), { recursive: true, force: true });
    await rm(join(base, `cache-${k}`), { recursive: true, force: true });
    console.error(`[${name}] shard ${k}/${shards}…`);
    shardRuns.push(await trailbook(['build', corpus, '--shard', `${k}/${shards}`, '--out', join(base, `shard-${k}`), '--cache-dir', join(base, `cache-${k}`)], join(base, `shard-${k}.json`)));
  }
  const shardDirs = Array.from({ length: shards }, (_, i) => join(base, `shard-${i + 1}`));
  console.error(`[${name}] merge…`);
  const merged = join(base, 'merged');
  const merge = await trailbook(['merge', ...shardDirs, '--out', merged, '--cache-dir', join(base, 'merge-cache')], join(base, 'merge.json'));
  console.error(`[${name}] merge again, nothing changed…`);
  const again = await trailbook(['merge', ...shardDirs, '--out', merged, '--cache-dir', join(base, 'merge-cache')], join(base, 'merge-again.json'));
  const home = await readFile(join(merged, 'index.html'));
  const homePages = existsSync(join(merged, 'projects')) ? (await readdir(join(merged, 'projects'))).length + 1 : 1;
  console.error(`[${name}] search in Chromium…`);
  // One filter; words and one filter (median of five fresh page loads each).
  const search = await searchProbe(merged, 5, ['?result=failed', '?q=cache&phase=design']);
  const result: Record<string, unknown> = {
    size: name,
    projects: shards * perShard,
    rows,
    shards: shardRuns.map((r) => ({ wallMs: r.wallMs, treePeakBytes: r.treePeakBytes, files: r.timings.output.files, bytes: r.timings.output.bytes })),
    shardsTotalMs: shardRuns.reduce((s, r) => s + r.wallMs, 0),
    slowestShardMs: Math.max(...shardRuns.map((r) => r.wallMs)),
    merge: { wallMs: merge.wallMs, treePeakBytes: merge.treePeakBytes, stagesMs: merge.timings['stagesMs'], evidence: merge.timings['evidence'], files: merge.timings.output.files, bytes: merge.timings.output.bytes },
    mergeAgain: { wallMs: again.wallMs, keptFiles: again.timings['keptFiles'] },
    home: { bytes: home.length, gzipBytes: gzipSync(home).length, pages: homePages },
    search,
  };
  if (single) {
    console.error(`[${name}] the same corpus as one build…`);
    const full = await trailbook(['build', corpus, '--out', join(base, 'single'), '--cache-dir', join(base, 'single-cache')], join(base, 'single.json'));
    result['single'] = { wallMs: full.wallMs, treePeakBytes: full.treePeakBytes, files: full.timings.output.files, bytes: full.timings.output.bytes, stagesMs: full.timings['stagesMs'], searchIndexBytes: (full.timings.output as { searchIndexBytes?: number }).searchIndexBytes };
    result['mergeShareOfSingle'] = merge.wallMs / full.wallMs;
    result['compared'] = await compareArchives(join(base, 'single'), merged);
    // The floor (as scripts/bench.ts measures it): read every input file, copy the built output.
    console.error(`[${name}] floor: read inputs + copy the output…`);
    let at = performance.now();
    await readAll(corpus);
    const readMs = performance.now() - at;
    at = performance.now();
    execFileSync('cp', ['-r', join(base, 'single'), join(base, 'floor-copy')], { stdio: 'ignore' });
    const copyMs = performance.now() - at;
    await rm(join(base, 'floor-copy'), { recursive: true, force: true });
    result['floor'] = { readMs: Math.round(readMs), copyMs: Math.round(copyMs), ratio: full.wallMs / (readMs + copyMs) };
  }
  return result;
}

if (import.meta.main) {
  const arg = (n: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${n}`);
    return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
  };
  const dir = resolve(arg('dir', '/tmp/trailbook-bench'));
  const out = [];
  for (const spec of arg('shards', '4x250x1000').split(',')) {
    const [s, p, r] = spec.split('x').map(Number) as [number, number, number];
    const result = await benchShards(dir, s, p, r, process.argv.includes('--single'));
    console.error(JSON.stringify(result, null, 2));
    out.push(result);
    await writeFile(join(dir, 'shards-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if ((await stat(dir)).isDirectory() && process.argv.includes('--clean')) await rm(join(dir, `shards-${spec}`), { recursive: true, force: true });
  }
}
