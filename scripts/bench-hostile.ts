#!/usr/bin/env node
/**
 * `npm run bench:hostile`: builds inputs made to amplify (issue 14; docs/security.md, "Work
 * and output are bounded by the input") and reports, per case, the input bytes, the build's
 * wall time, the peak resident memory of the whole process tree (every process the build starts, sampled from
 * /proc) and the output bytes. Timings come from runs, never from tests.
 *
 * Usage: `node scripts/bench-hostile.ts [--cases empty-qa,blank-lines,...] [--dir /tmp/trailbook-bench-hostile] [--cli bin/trailbook.js] [--limit-s 600] [--limit-mib 8192]`
 * (`--cli` builds with another checkout's CLI, for a before/after comparison on the same inputs;
 * a build past `--limit-s` seconds or `--limit-mib` of memory is stopped and reported as such,
 * so a machine shared with others is never exhausted.)
 * Results: a markdown table on stdout and `<dir>/results.json`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { samplePeakRss } from './peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DATE = '2026-03-02T10:00:00Z';
const ROW = `${JSON.stringify({ id: 'aaaa0001', ts: DATE, phase: 'start', actor: 'lead', decision: 'd', why: 'w', evidence: 'README.md', result: 'verified' })}\n`;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
}

/** Writes `count` copies of `line` to `file`, a megabyte at a time. */
async function repeat(file: string, head: string, line: string, count: number): Promise<void> {
  const handle = await open(file, 'w');
  await handle.write(head);
  const per = Math.max(1, Math.floor((1 << 20) / line.length));
  const chunk = line.repeat(per);
  for (let written = 0; written < count; written += per) await handle.write(written + per <= count ? chunk : line.repeat(count - written));
  await handle.close();
}

/** The cases: each writes an input folder `dir/input`. */
const CASES: Record<string, { what: string; make: (dir: string) => Promise<void> }> = {
  'empty-qa': {
    what: '40,000 empty qa/*.json files beside one trail row (0 bytes of verdicts)',
    make: async (dir) => {
      const p = join(dir, 'input', 'p');
      await mkdir(join(p, 'qa'), { recursive: true });
      await writeFile(join(p, 'decisions.jsonl'), ROW);
      for (let i = 0; i < 40_000; i++) await writeFile(join(p, 'qa', `${String(i).padStart(5, '0')}.json`), '');
    },
  },
  'blank-lines': {
    what: 'a trail of one row and 2,000,000 blank lines (2 MB)',
    make: async (dir) => {
      await mkdir(join(dir, 'input', 'p'), { recursive: true });
      await repeat(join(dir, 'input', 'p', 'decisions.jsonl'), ROW, '\n', 2_000_000);
    },
  },
  'garbage-lines': {
    what: 'a trail of one row and 2,000,000 one-byte lines that are not JSON (4 MB)',
    make: async (dir) => {
      await mkdir(join(dir, 'input', 'p'), { recursive: true });
      await repeat(join(dir, 'input', 'p', 'decisions.jsonl'), ROW, 'x\n', 2_000_000);
    },
  },
  'long-line': {
    what: 'a trail of one row and one 200 MB line',
    make: async (dir) => {
      await mkdir(join(dir, 'input', 'p'), { recursive: true });
      await repeat(join(dir, 'input', 'p', 'decisions.jsonl'), ROW, 'a'.repeat(1 << 20), 200);
    },
  },
  'zip-bomb': {
    what: 'a repository whose 1 GiB blob (1 MB packed) is cited',
    make: async (dir) => {
      const repo = join(dir, 'repo');
      await mkdir(repo, { recursive: true });
      const git = (args: string[], input?: string): string =>
        execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: repo, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: repo, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@x' }, ...(input === undefined ? {} : { input }) }).trim();
      git(['init', '-q']);
      const blob = execFileSync('sh', ['-c', `head -c ${1 << 30} /dev/zero | git hash-object -w --stdin`], { cwd: repo, encoding: 'utf8' }).trim();
      const readme = git(['hash-object', '-w', '--stdin'], '# bomb\n');
      const tree = git(['mktree'], `100644 blob ${readme}\tREADME.md\n100644 blob ${blob}\tbig.txt\n`);
      git(['update-ref', 'refs/heads/main', git(['commit-tree', tree, '-m', 'bomb'])]);
      git(['repack', '-q', '-a', '-d']);
      const p = join(dir, 'input', 'p');
      await mkdir(p, { recursive: true });
      await writeFile(join(p, 'trailbook.json'), JSON.stringify({ repo: '../../repo' }));
      await writeFile(join(p, 'decisions.jsonl'), ROW.replace('README.md', 'big.txt:1'));
    },
  },
};

/** Builds `input` with `cli`; the wall time, the peak RSS of the process tree and the output bytes. */
async function build(cli: string, input: string, out: string, limits: { seconds: number; mib: number }): Promise<{ seconds: number; peakMiB: number | null; outputMB: number; ok: boolean; error: string }> {
  await rm(out, { recursive: true, force: true });
  await rm(`${out}.cache`, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'build', input, '--out', out, '--cache-dir', `${out}.cache`], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let stopped = '';
  const sampler = samplePeakRss(child.pid as number, 100, (rss) => {
    const seconds = (performance.now() - started) / 1000;
    if (stopped === '' && (rss > limits.mib * 1048576 || seconds > limits.seconds)) {
      stopped = rss > limits.mib * 1048576 ? `stopped over ${limits.mib} MiB` : `stopped after ${limits.seconds} s`;
      // The build's whole process group (every child it started too).
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const peak = await sampler.stop();
  const seconds = (performance.now() - started) / 1000;
  if (stopped !== '') stderr = stopped;
  const bytes = existsSync(out) ? Number(execFileSync('du', ['-sb', out], { encoding: 'utf8' }).split('\t')[0]) : 0;
  return { seconds: Number(seconds.toFixed(1)), peakMiB: peak === null ? null : Math.round(peak / 1048576), outputMB: Number((bytes / 1e6).toFixed(1)), ok: code === 0, error: code === 0 ? '' : stderr.trim().split('\n').slice(-3).join(' ') };
}

async function main(): Promise<void> {
  const dir = resolve(arg('dir', '/tmp/trailbook-bench-hostile'));
  const cli = resolve(arg('cli', join(ROOT, 'bin', 'trailbook.js')));
  const names = arg('cases', Object.keys(CASES).join(',')).split(',');
  const limits = { seconds: Number(arg('limit-s', '600')), mib: Number(arg('limit-mib', '8192')) };
  const results = [];
  for (const name of names) {
    const c = CASES[name];
    if (!c) throw new Error(`no case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
    const caseDir = join(dir, name);
    if (!existsSync(join(caseDir, 'made'))) {
      await rm(caseDir, { recursive: true, force: true });
      await c.make(caseDir);
      await writeFile(join(caseDir, 'made'), '');
    }
    // Input: the input folder and, for a repository case, the repository beside it.
    const inputMB = Number((Number(execFileSync('du', ['-sbc', join(caseDir, 'input'), ...(existsSync(join(caseDir, 'repo')) ? [join(caseDir, 'repo')] : [])], { encoding: 'utf8' }).trim().split('\n').at(-1)?.split('\t')[0]) / 1e6).toFixed(1));
    console.error(`[${name}] building…`);
    const r = await build(cli, join(caseDir, 'input'), join(caseDir, 'site'), limits);
    await rm(join(caseDir, 'site'), { recursive: true, force: true });
    await rm(join(caseDir, 'site.cache'), { recursive: true, force: true });
    results.push({ name, what: c.what, inputMB, ...r });
    console.error(JSON.stringify(results.at(-1)));
  }
  await writeFile(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('| case | input | build | peak RSS (tree) | output |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.name}: ${r.what} | ${r.inputMB} MB | ${r.ok ? `${r.seconds} s` : `${r.seconds} s, ${r.error}`} | ${r.peakMiB ?? '?'} MiB | ${r.outputMB} MB |`);
}

await main();
