#!/usr/bin/env node
/**
 * A seeded, deterministic generator of large corpora for benchmarks (issue 5):
 * N projects × M rows, with real git repositories whose commits and files the evidence cites.
 *
 * Usage: `node scripts/gen-corpus.ts --projects 100 --rows 1000 [--seed 1] [--out DIR]
 *         [--projects-per-repo 10]`
 *
 * Mix: ~70% bbs `decisions.jsonl` trails with `audit.json` (statuses ran / not-run / failed /
 * absent), ~30% pstack TSV trails; about 2% of rows carry a planted fault (fake SHA, missing
 * path, line past end, wrong id, forward supersedes, a line that is not JSON, prose evidence).
 * Repositories are written with `git fast-import` (fixed dates and authors), one per
 * `--projects-per-repo` projects. Same arguments, same content.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs as parseArgv } from 'node:util';

/** Command-line options. */
export interface GenOptions {
  projects: number;
  rows: number;
  seed: number;
  out: string;
  projectsPerRepo: number;
}

/** A small, fast, seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const rowId = (ts: string, ticket: string, decision: string): string => sha256(ts + ticket + decision).slice(0, 8);

const VERBS = ['Adopt', 'Keep', 'Drop', 'Split', 'Merge', 'Cache', 'Retry', 'Pin', 'Replace', 'Defer', 'Inline', 'Batch', 'Stream', 'Index', 'Validate'];
const THINGS = ['the row parser', 'the evidence resolver', 'the ledger writer', 'the session store', 'the retry queue', 'the auth middleware', 'the search index', 'the migration runner', 'the config loader', 'the billing export', 'the websocket fan-out', 'the audit hook', 'the cache layer', 'the CLI entry', 'the schema registry'];
const REASONS = ['the spec requires it', 'tests showed a race otherwise', 'it halves the build time', 'the reviewer asked for it', 'the old path leaked memory', 'it keeps the public surface small', 'the migration must be reversible', 'latency budget is 50 ms', 'the vendor API rate-limits us', 'it matches the ADR'];
const PHASES = ['design', 'phase-1', 'phase-2', 'phase-3', 'handover'];
const ACTORS = ['lead', 'worker-1', 'worker-2', 'worker-3'];
const RESULTS = ['verified', 'verified', 'verified', 'verified', 'open', 'failed', 'inconclusive', 'reverted'];
const DIRS = ['src', 'src/core', 'src/api', 'tests', 'docs'];
const EXT = ['ts', 'ts', 'md', 'json', 'rs'];

interface RepoPlan {
  name: string;
  files: Array<{ path: string; lines: number }>;
  commits: string[];
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

/** A file's text at a version: each version rewrites a few lines, as real commits do. */
function fileText(path: string, lines: number, version: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    const touched = version > 1 && (i * 7 + version * 13) % 29 === 0;
    out.push(`// ${path} line ${i}${touched ? ` (revised in v${version})` : ''}: ${i % 7 === 0 ? `export function step${i}() { return ${i}; }` : 'keep the trail append-only'}`);
  }
  return `${out.join('\n')}\n`;
}

/** Writes one repository with `git fast-import`; returns its commits (oldest first) and files at HEAD. */
function makeRepo(dir: string, index: number, rand: () => number): RepoPlan {
  const files = Array.from({ length: 30 }, (_, i) => ({ path: `${pick(rand, DIRS)}/module-${index}-${i}.${pick(rand, EXT)}`, lines: 40 + Math.floor(rand() * 260) }));
  const unique = [...new Map(files.map((f) => [f.path, f])).values()];
  const chunks: string[] = [];
  // The cited history is made before any row (2023; a row cites commits that exist: trust10's
  // evidence/commit-after-row), the head after every row (2026: rows before their repositories'
  // heads, issue 26, item 2). Four hours apart a repository: 1,000 of them end before 2024.
  const start = Date.parse('2023-01-02T09:00:00Z') / 1000 + index * 4 * 3600;
  const head = Date.parse('2026-01-05T09:00:00Z') / 1000 + index * 4 * 3600;
  const commits = 40;
  const version = new Map<string, number>();
  for (let c = 1; c <= commits; c++) {
    const when = start + c * 1800;
    const message = c === 1 ? `Initial import of repo ${index}\n` : `${pick(rand, VERBS)} ${pick(rand, THINGS)} (${c})\n`;
    chunks.push(`commit refs/heads/main\nmark :${c}\nauthor Gen Author <gen@example.com> ${when} +0000\ncommitter Gen Author <gen@example.com> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}`);
    if (c > 1) chunks.push(`from :${c - 1}\n`);
    const touched = c === 1 ? unique : [pick(rand, unique), pick(rand, unique)];
    for (const f of touched) {
      const v = (version.get(f.path) ?? 0) + 1;
      version.set(f.path, v);
      const text = fileText(f.path, f.lines, v);
      chunks.push(`M 100644 inline ${f.path}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
    }
  }
  // The landed head: a commit after every row, changing nothing, and never cited.
  const message = 'Release\n';
  chunks.push(`commit refs/heads/main\nmark :${commits + 1}\nauthor Gen Author <gen@example.com> ${head} +0000\ncommitter Gen Author <gen@example.com> ${head} +0000\ndata ${Buffer.byteLength(message)}\n${message}from :${commits}\n`);
  execFileSync('git', ['init', '-q', '--bare', '--template=', dir]);
  execFileSync('git', ['--git-dir', dir, 'fast-import', '--quiet'], { input: chunks.join('') });
  execFileSync('git', ['--git-dir', dir, 'symbolic-ref', 'HEAD', 'refs/heads/main']);
  const log = execFileSync('git', ['--git-dir', dir, 'rev-list', '--reverse', 'main'], { encoding: 'utf8' }).trim().split('\n');
  return { name: `repo-${String(index).padStart(4, '0')}`, files: unique, commits: log.slice(0, commits) };
}

type Fault = 'fake-sha' | 'missing-path' | 'line-past-end' | 'wrong-id' | 'forward-supersedes' | 'not-json' | 'prose';
const FAULTS: Fault[] = ['fake-sha', 'missing-path', 'line-past-end', 'wrong-id', 'forward-supersedes', 'not-json', 'prose'];

function evidenceFor(rand: () => number, repo: RepoPlan): string {
  const r = rand();
  const file = pick(rand, repo.files);
  const commit = pick(rand, repo.commits);
  if (r < 0.3) return commit;
  if (r < 0.45) return commit.slice(0, 7);
  if (r < 0.65) return `${file.path}:${1 + Math.floor(rand() * file.lines)}`;
  if (r < 0.75) {
    const from = 1 + Math.floor(rand() * (file.lines - 10));
    return `${file.path}:${from}-${from + 5}`;
  }
  if (r < 0.85) return `${file.path}; ${commit.slice(0, 10)}`;
  if (r < 0.92) return `npm test -- ${file.path.split('/').pop()}`;
  return `https://example.com/pr/${Math.floor(rand() * 900) + 100}`;
}

/** Generates the corpus; returns counts. */
export async function generateCorpus(options: GenOptions): Promise<{ projects: number; rows: number; repos: number; faults: number }> {
  const out = resolve(options.out);
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'repos'), { recursive: true });
  const rand = prng(options.seed);
  const repoCount = Math.ceil(options.projects / options.projectsPerRepo);
  const repos: RepoPlan[] = [];
  for (let i = 0; i < repoCount; i++) repos.push(makeRepo(join(out, 'repos', `repo-${String(i).padStart(4, '0')}.git`), i, rand));
  let rows = 0;
  let faults = 0;
  for (let p = 0; p < options.projects; p++) {
    const repoIndex = Math.floor(p / options.projectsPerRepo);
    const repo = repos[repoIndex] as RepoPlan;
    const pstack = rand() < 0.3;
    const dir = join(out, 'projects', `project-${String(p).padStart(4, '0')}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'trailbook.json'), `${JSON.stringify({ title: `Project ${p}`, repo: `../../repos/${repo.name}.git` })}\n`);
    // Rows before their repositories' heads (the work they record was committed; issue 26, item 2): up to 10,000 projects end in early 2025.
    const base = Date.parse('2024-02-01T08:00:00Z') + p * 3_600_000;
    const lines: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < options.rows; i++) {
      const ts = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      const phase = i === 0 && !pstack ? 'start' : pick(rand, PHASES);
      const decision = `${pick(rand, VERBS)} ${pick(rand, THINGS)} for step ${i} of project ${p}`;
      const why = `${pick(rand, REASONS)}; ${pick(rand, REASONS)}`;
      let evidence = evidenceFor(rand, repo);
      const result = pick(rand, RESULTS);
      const ticket = rand() < 0.5 ? `T-${Math.floor(rand() * 200)}` : '';
      const fault: Fault | null = i > 2 && rand() < 0.02 ? pick(rand, FAULTS) : null;
      if (fault) faults++;
      if (fault === 'fake-sha') evidence = sha256(`fake-${p}-${i}`).slice(0, 40);
      if (fault === 'missing-path') evidence = `src/missing/file-${i}.ts`;
      if (fault === 'line-past-end') evidence = `${(repo.files[0] as { path: string }).path}:99999`;
      if (fault === 'prose') evidence = 'checked by hand, looked fine';
      if (pstack) {
        const cell = (s: string): string => s.replace(/[\t\n]/g, ' ');
        lines.push([ts, phase, decision, why, evidence, result].map(cell).join('\t'));
      } else if (fault === 'not-json') {
        lines.push(`{"id": "broken-${i}", "ts": "${ts}", "phase": `);
      } else {
        const id = fault === 'wrong-id' ? '0badc0de' : rowId(ts, ticket, decision);
        const row: Record<string, string> = { id, ts, phase, ticket, actor: pick(rand, ACTORS), decision, why, evidence, result };
        if (fault === 'forward-supersedes') row['supersedes'] = rowId('2099-01-01T00:00:00Z', '', 'never');
        else if (i > 5 && rand() < 0.03) row['supersedes'] = pick(rand, ids.slice(-5));
        ids.push(id);
        lines.push(JSON.stringify(row));
      }
      rows++;
    }
    if (pstack) {
      await writeFile(join(dir, 'decisions.tsv'), `ts\tphase\tdecision\twhy\tevidence\tresult\n${lines.join('\n')}\n`);
    } else {
      await writeFile(join(dir, 'decisions.jsonl'), `${lines.join('\n')}\n`);
      const a = rand();
      if (a < 0.6) await writeFile(join(dir, 'audit.json'), `${JSON.stringify({ version: 1, at: '2026-03-01T00:00:00Z', status: 'ran', reason: '', reviewer: 'codex-x / gpt-y', flags: a < 0.2 ? [{ severity: 'medium', rows: ids.slice(1, 2), kind: 'unverified-step', summary: 'A step was not verified', evidence: 'decisions.jsonl' }] : [] })}\n`);
      else if (a < 0.75) await writeFile(join(dir, 'audit.json'), `${JSON.stringify({ version: 1, at: '2026-03-01T00:00:00Z', status: 'not-run', reason: 'no other family installed', reviewer: '', flags: [] })}\n`);
      else if (a < 0.85) await writeFile(join(dir, 'audit.json'), `${JSON.stringify({ version: 1, at: '2026-03-01T00:00:00Z', status: 'failed', reason: 'reviewer error', reviewer: 'codex-x / gpt-y', flags: [] })}\n`);
    }
  }
  return { projects: options.projects, rows, repos: repoCount, faults };
}

const USAGE = 'Usage: node scripts/gen-corpus.ts --projects 100 --rows 1000 [--seed 1] [--out DIR] [--projects-per-repo 10]';

function parseArgs(argv: string[]): GenOptions {
  // Node's own parser, strict: `--help` prints the usage, an unknown or misspelt flag stops.
  const spec: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const name of ['projects', 'rows', 'seed', 'out', 'projects-per-repo']) spec[name] = { type: 'string' };
  const values = parseArgv({ args: argv, strict: true, options: spec }).values as Record<string, string | boolean | undefined>;
  if (values['help'] === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const get = (name: string, fallback: string): string => {
    const value = values[name];
    return typeof value === 'string' ? value : fallback;
  };
  const num = (name: string, fallback: number): number => {
    const value = Number(get(name, String(fallback)));
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
    return value;
  };
  return { projects: num('projects', 10), rows: num('rows', 100), seed: num('seed', 1), out: get('out', 'bench-corpus'), projectsPerRepo: num('projects-per-repo', 10) };
}

if (import.meta.main) {
  let options: GenOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const started = performance.now();
  const result = await generateCorpus(options);
  console.error(`generated ${result.projects} projects, ${result.rows} rows (${result.faults} planted faults), ${result.repos} repositories in ${options.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
