#!/usr/bin/env node
/**
 * A seeded, deterministic benchmark corpus shaped like real archives (issue 30, scope 1), kept
 * beside the uniform one of `scripts/gen-corpus.ts`.
 *
 * Usage: `node scripts/gen-corpus-real.ts --projects 100 --rows 1000 [--seed 1] [--out DIR]
 *         [--commits 2000] [--files 1000] [--shape ../shared/corpus/real] [--check-first 0.41]`
 *
 * Its shape is read, when it runs, from the real decision trails in `--shape` (public data is
 * never copied into the project; only the measures below are taken from it):
 * - **result texts** and how often each is written (`tests green`, `committed`, `open`, …);
 * - **evidence cells by their kinds**: each real cell is classified by Trailbook's own
 *   classifier into its pointers' kinds (`path`, `command`, `commit`, `prose`, …) and the
 *   separator between them; a generated cell repeats a real cell's kinds and separator with
 *   pointers into the monorepo, so the mix of kinds and the pointers per cell are the real ones;
 * - **words and lengths** of decisions and whys: a generated text has the length of a real one
 *   and is made of the real texts' words, as often as they are written; phases likewise.
 *
 * What the archive is like (the issue's corpus):
 * - **one monorepo** (`repos/monorepo.git`, `--commits` commits, `--files` files, written with
 *   `git fast-import`, fixed dates) cited by every project;
 * - **hot commits and files**: a commit pointer names the hottest commit 0.65% of the time and
 *   each of the nine next 0.3%, others evenly (at 1,000 × 1,000 the hottest is cited by about
 *   1,250 rows in most projects); a path pointer names the hottest file 0.2% of the time (twice
 *   any other: about 1,900 rows), others evenly; full SHAs and 7–9 digit short ones, paths with
 *   and without lines;
 * - **Check first**: a share `1 − --check-first` of rows is clean (result `verified`, evidence
 *   only commits and paths that resolve); the others take a real result text and a real cell's
 *   kinds, so they are listed under Check first (their result or a pointer is not verified);
 * - **flagged**: about 3% of rows cite a commit that does not exist, a missing file or a line past
 *   the end (each raises a high flag); 60% of trails are pstack TSV, 40% bbs JSONL with an audit.
 *
 * `<out>/shape.json` says what the benchmark's searches look for: the hottest SHA and path
 * and how many rows cite them, a row id, two common words and a filter value.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs as parseArgv } from 'node:util';
import { prng } from './gen-corpus.ts';
import { classifyEvidence } from '../src/lib/evidence/classify.ts';
import { computeRowId } from '../src/lib/adapters/parsed-row.ts';
import type { EvidenceKind } from '../src/lib/model/types.ts';

/** Command-line options. */
export interface RealShapeOptions {
  projects: number;
  rows: number;
  seed: number;
  out: string;
  /** Commits of the monorepo (2,000 in the issue's corpus). */
  commits: number;
  /** Files of the monorepo (1,000). */
  files: number;
  /** The real corpus the shape is read from. */
  shape: string;
  /** Share of rows under Check first (0.41 in the issue's corpus). */
  checkFirst: number;
}

/** What the benchmark searches for, written to `<out>/shape.json`. */
export interface CorpusShape {
  hotSha: string;
  hotShaRows: number;
  hotPath: string;
  hotPathRows: number;
  rowId: string;
  words: [string, string];
  phase: string;
  rows: number;
  checkFirstRows: number;
  flaggedRows: number;
  kinds: Record<string, number>;
}

/** One real evidence cell reduced to its pointers' kinds and the separator between them. */
interface CellShape {
  kinds: EvidenceKind[];
  separator: string;
}

/** The measures taken from the real trails. */
export interface RealMeasures {
  results: string[];
  cells: CellShape[];
  /** Cells whose pointers are all commits or paths (the clean rows' cells). */
  resolvable: CellShape[];
  decisionLengths: number[];
  whyLengths: number[];
  words: string[];
  phases: string[];
}

/** Every `decisions.tsv` (and `.audit/*.tsv`) under `dir`, sorted. */
function tsvFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...tsvFiles(path));
    else if (name.endsWith('.tsv')) out.push(path);
  }
  return out;
}

/**
 * Reads the shape of the real decision trails: result texts, evidence cells' kinds, decision
 * and why lengths, their words, phases. Columns are found by header name (the real trails
 * drift: `what`, `rationale`, `reason`).
 */
export function readRealMeasures(dir: string): RealMeasures {
  const m: RealMeasures = { results: [], cells: [], resolvable: [], decisionLengths: [], whyLengths: [], words: [], phases: [] };
  for (const file of tsvFiles(dir)) {
    const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
    const cols = (header ?? '').split('\t');
    const at = (names: string[]): number => cols.findIndex((c) => names.includes(c));
    const [dec, why, ev, res, phase] = [at(['decision', 'what']), at(['why', 'rationale', 'reason']), at(['evidence']), at(['result']), at(['phase', 'unit'])];
    for (const line of lines) {
      const cells = line.split('\t');
      if (cells.length !== cols.length) continue;
      const get = (i: number): string => (i >= 0 ? (cells[i] ?? '') : '');
      m.results.push(get(res));
      if (phase >= 0) m.phases.push(get(phase));
      for (const [text, lengths] of [[get(dec), m.decisionLengths], [get(why), m.whyLengths]] as const) {
        lengths.push(text.length);
        for (const w of text.split(/[^\p{L}\p{N}-]+/u)) if (/^\p{L}[\p{L}-]{2,}$/u.test(w)) m.words.push(w.toLowerCase());
      }
      const cell = get(ev);
      const pointers = classifyEvidence(cell);
      if (pointers.length === 0) continue;
      const shape = { kinds: pointers.map((p) => p.kind), separator: /;/.test(cell) ? '; ' : /,/.test(cell) ? ', ' : ' ' };
      m.cells.push(shape);
      if (shape.kinds.every((k) => k === 'commit' || k === 'path')) m.resolvable.push(shape);
    }
  }
  if (m.results.length === 0 || m.cells.length === 0 || m.resolvable.length === 0) throw new Error(`no decision trail with evidence found under ${dir}`);
  return m;
}

const DIRS = ['src', 'src/core', 'src/api', 'apps/web/src', 'apps/backend/src', 'crates/engine/src', 'Scripts/verification', 'tests', 'docs', 'internal/content'];
const EXT = ['ts', 'ts', 'tsx', 'rs', 'swift', 'py', 'go', 'md', 'json'];
const STEMS = ['session', 'ledger', 'reaper', 'stage', 'gesture', 'import', 'export', 'identity', 'gauntlet', 'runtime', 'inspector', 'catalog', 'routes', 'site', 'places', 'domain', 'plugin', 'queue', 'client', 'schema'];

interface Monorepo {
  commits: string[];
  files: Array<{ path: string; lines: number }>;
}

/** A file's text at a version: each version rewrites a few lines, as real commits do. */
function fileText(path: string, lines: number, version: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    const touched = version > 1 && (i * 7 + version * 13) % 29 === 0;
    out.push(`// ${path}:${i}${touched ? ` v${version}` : ''} ${i % 7 === 0 ? `export function step${i}() { return ${i}; }` : 'keep the trail append-only'}`);
  }
  return `${out.join('\n')}\n`;
}

/** Writes the monorepo with `git fast-import` (commits oldest first, one or two files touched each). */
function makeMonorepo(dir: string, commits: number, fileCount: number, rand: () => number): Monorepo {
  const files: Monorepo['files'] = [];
  const seen = new Set<string>();
  for (let i = 0; files.length < fileCount; i++) {
    const dirName = DIRS[Math.floor(rand() * DIRS.length)] as string;
    const path = `${dirName}/${STEMS[i % STEMS.length]}-${Math.floor(i / STEMS.length)}.${EXT[Math.floor(rand() * EXT.length)]}`;
    if (seen.has(path)) continue;
    seen.add(path);
    files.push({ path, lines: 20 + Math.floor(rand() * 300) });
  }
  const chunks: string[] = [];
  // The cited history is made before any row (December 2023: a row cites commits that exist,
  // trust10's evidence/commit-after-row), the head after every row (rows before their
  // repository's head, issue 26, item 2): 2,000 commits ten minutes apart end within 14 days.
  const start = Date.parse('2023-12-01T09:00:00Z') / 1000;
  const head = Date.parse('2026-01-05T09:00:00Z') / 1000;
  const version = new Map<string, number>();
  for (let c = 1; c <= commits; c++) {
    const when = start + c * 600;
    const message = c === 1 ? 'Initial import of the monorepo\n' : `Change ${c}: ${STEMS[c % STEMS.length]}\n`;
    chunks.push(`commit refs/heads/main\nmark :${c}\nauthor Gen Author <gen@example.com> ${when} +0000\ncommitter Gen Author <gen@example.com> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}`);
    if (c > 1) chunks.push(`from :${c - 1}\n`);
    const touched = c === 1 ? files : [files[Math.floor(rand() * files.length)], files[Math.floor(rand() * files.length)]];
    for (const f of new Set(touched)) {
      if (!f) continue;
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
  execFileSync('git', ['--git-dir', dir, 'fast-import', '--quiet'], { input: chunks.join(''), maxBuffer: 1 << 30 });
  execFileSync('git', ['--git-dir', dir, 'symbolic-ref', 'HEAD', 'refs/heads/main']);
  const log = execFileSync('git', ['--git-dir', dir, 'rev-list', '--reverse', 'main'], { encoding: 'utf8', maxBuffer: 1 << 28 }).trim().split('\n');
  return { commits: log.slice(0, commits), files };
}

/**
 * Picks a monorepo commit (newest first by rank): the hottest 0.65% of the time, each of the
 * nine next 0.3%, the rest evenly. Rank 0 is a commit in the middle of the history, not the
 * head: a hot commit in a real archive is a release, not the latest.
 */
function hotRank(rand: () => number, count: number, hot: readonly number[]): number {
  let r = rand();
  for (let i = 0; i < hot.length; i++) {
    if (r < (hot[i] as number)) return i;
    r -= hot[i] as number;
  }
  return hot.length + Math.floor(rand() * Math.max(1, count - hot.length));
}

const COMMIT_HOT = [0.0065, 0.003, 0.003, 0.003, 0.003, 0.003, 0.003, 0.003, 0.003, 0.003];
const PATH_HOT = [0.002];
const PHRASES = ['checked by hand in the transcript', 'operator confirmed on the call', 'see the review thread', 'terminal output: all checks pass', 'visual inspection of the built page'];

/** Generates the corpus; returns its shape (also written to `<out>/shape.json`). */
export async function generateRealShapedCorpus(options: RealShapeOptions): Promise<CorpusShape> {
  const measures = readRealMeasures(resolve(options.shape));
  const out = resolve(options.out);
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'repos'), { recursive: true });
  const rand = prng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const repo = makeMonorepo(join(out, 'repos', 'monorepo.git'), options.commits, options.files, rand);
  // Hot ranks map onto commits from the middle of the history outwards, and onto files in a fixed shuffle.
  const commitAt = (rank: number): string => repo.commits[(Math.floor(repo.commits.length / 2) + rank * 7919) % repo.commits.length] as string;
  const fileAt = (rank: number): { path: string; lines: number } => repo.files[(rank * 104729 + 17) % repo.files.length] as { path: string; lines: number };
  const shaCites = new Map<string, number>();
  const pathCites = new Map<string, number>();
  const kinds: Record<string, number> = {};
  const text = (length: number): string => {
    let s = '';
    while (s.length < length) s += (s ? ' ' : '') + pick(measures.words);
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  const commitPointer = (): string => {
    const sha = commitAt(hotRank(rand, repo.commits.length, COMMIT_HOT));
    shaCites.set(sha, (shaCites.get(sha) ?? 0) + 1);
    const r = rand();
    return r < 0.4 ? sha : r < 0.5 ? `commit ${sha.slice(0, 8)}` : sha.slice(0, 7 + Math.floor(rand() * 3));
  };
  const pathPointer = (): string => {
    const file = fileAt(hotRank(rand, repo.files.length, PATH_HOT));
    pathCites.set(file.path, (pathCites.get(file.path) ?? 0) + 1);
    const r = rand();
    if (r < 0.45) return file.path;
    const from = 1 + Math.floor(rand() * (file.lines - 6));
    return r < 0.8 ? `${file.path}:${from}` : `${file.path}:${from}-${from + 5}`;
  };
  const pointer = (kind: EvidenceKind, n: number): string => {
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    const file = pick(repo.files).path;
    switch (kind) {
      case 'commit':
        return commitPointer();
      case 'path':
        return pathPointer();
      case 'command':
        return pick([`npm test -- ${file.split('/').pop()}`, `cargo test ${STEMS[n % STEMS.length]}`, `git show --stat ${pick(repo.commits).slice(0, 7)}`, 'bun run typecheck']);
      case 'symbol':
        return `${file} ${STEMS[n % STEMS.length]}_handler`;
      case 'test':
        return `${STEMS[n % STEMS.length]}::tests::keeps_order_${n % 97}`;
      case 'url':
        return `https://github.com/example-org/monorepo/pull/${100 + (n % 900)}`;
      case 'reference':
        return `PR #${1 + (n % 400)}`;
      case 'ephemeral':
        return `/tmp/run-${n % 1000}/verify.log`;
      default:
        return pick(PHRASES);
    }
  };
  let rows = 0;
  let checkFirstRows = 0;
  let flaggedRows = 0;
  let sampleId = '';
  for (let p = 0; p < options.projects; p++) {
    const pstack = rand() < 0.6;
    const dir = join(out, 'projects', `project-${String(p).padStart(4, '0')}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'trailbook.json'), `${JSON.stringify({ title: `Project ${p}`, repo: '../../repos/monorepo.git' })}\n`);
    // Rows before their repositories' heads (the work they record was committed; issue 26, item 2): up to 10,000 projects end in early 2025.
    const base = Date.parse('2024-02-01T08:00:00Z') + p * 3_600_000;
    const lines: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < options.rows; i++) {
      const ts = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      const phase = pick(measures.phases);
      const decision = `${text(pick(measures.decisionLengths))} (${p}.${i})`;
      const why = text(pick(measures.whyLengths));
      const clean = rand() >= options.checkFirst;
      const shape = clean ? pick(measures.resolvable) : pick(measures.cells);
      let evidence = shape.kinds.map((k) => pointer(k, Math.floor(rand() * 100_000))).join(shape.separator);
      let result = clean ? 'verified' : pick(measures.results);
      // About 3% of rows cite what does not exist: each raises a high flag (evidence/commit-not-found, path-not-found, line-out-of-range).
      const fault = i > 0 && rand() < 0.03 ? Math.floor(rand() * 3) : -1;
      if (fault === 0) evidence = computeRowId(ts, 'fake', decision).repeat(5);
      if (fault === 1) evidence = `src/missing/${STEMS[i % STEMS.length]}-${i}.ts`;
      if (fault === 2) evidence = `${repo.files[0]?.path}:99999`;
      if (fault >= 0) {
        flaggedRows++;
        if (clean) result = 'verified';
      }
      if (!clean || fault >= 0) checkFirstRows++;
      const ticket = !pstack && rand() < 0.5 ? `T-${Math.floor(rand() * 200)}` : '';
      const id = computeRowId(ts, ticket, decision);
      if (p === 0 && i === 1) sampleId = id;
      if (pstack) {
        const cell = (s: string): string => s.replace(/[\t\n]/g, ' ');
        lines.push([ts, phase, decision, why, evidence, result].map(cell).join('\t'));
      } else {
        const row: Record<string, string> = { id, ts, phase, ticket, actor: pick(['lead', 'worker-1', 'worker-2']), decision, why, evidence, result };
        if (i > 5 && rand() < 0.02) row['supersedes'] = pick(ids.slice(-5));
        ids.push(id);
        lines.push(JSON.stringify(row));
      }
      rows++;
    }
    if (pstack) await writeFile(join(dir, 'decisions.tsv'), `ts\tphase\tdecision\twhy\tevidence\tresult\n${lines.join('\n')}\n`);
    else {
      await writeFile(join(dir, 'decisions.jsonl'), `${lines.join('\n')}\n`);
      await writeFile(join(dir, 'audit.json'), `${JSON.stringify({ version: 1, at: '2026-03-01T00:00:00Z', status: rand() < 0.7 ? 'ran' : 'not-run', reason: '', reviewer: 'codex-x / gpt-y', flags: [] })}\n`);
    }
  }
  const hottest = (m: Map<string, number>): [string, number] => [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? ['', 0];
  const [hotSha, hotShaRows] = hottest(shaCites);
  const [hotPath, hotPathRows] = hottest(pathCites);
  const wordCount = new Map<string, number>();
  for (const w of measures.words) if (w.length > 4) wordCount.set(w, (wordCount.get(w) ?? 0) + 1);
  const common = [...wordCount].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shape: CorpusShape = { hotSha, hotShaRows, hotPath, hotPathRows, rowId: sampleId, words: [common[0]?.[0] ?? 'test', common[5]?.[0] ?? 'build'], phase: pick(measures.phases), rows, checkFirstRows, flaggedRows, kinds };
  await writeFile(join(out, 'shape.json'), `${JSON.stringify(shape, null, 2)}\n`);
  return shape;
}

const USAGE = 'Usage: node scripts/gen-corpus-real.ts --projects 100 --rows 1000 [--seed 1] [--out DIR] [--commits 2000] [--files 1000] [--shape ../shared/corpus/real] [--check-first 0.41]';

function parseArgs(argv: string[]): RealShapeOptions {
  // Node's own parser, strict: `--help` prints the usage, an unknown or misspelt flag stops (rel15:
  // `--help` was ignored and a corpus was generated into the working folder).
  const spec: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const name of ['projects', 'rows', 'seed', 'out', 'commits', 'files', 'shape', 'check-first']) spec[name] = { type: 'string' };
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
  const share = Number(get('check-first', '0.41'));
  if (!(share >= 0 && share <= 1)) throw new Error('--check-first must be a share between 0 and 1');
  return {
    projects: num('projects', 10),
    rows: num('rows', 100),
    seed: num('seed', 1),
    out: get('out', 'bench-corpus-real'),
    commits: num('commits', 2000),
    files: num('files', 1000),
    shape: get('shape', resolve(import.meta.dirname, '..', '..', 'shared', 'corpus', 'real')),
    checkFirst: share,
  };
}

if (import.meta.main) {
  let options: RealShapeOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const started = performance.now();
  const shape = await generateRealShapedCorpus(options);
  console.error(`generated ${options.projects} projects, ${shape.rows} rows (${shape.checkFirstRows} meant for Check first, ${shape.flaggedRows} flagged), one monorepo of ${options.commits} commits and ${options.files} files in ${options.out} in ${((performance.now() - started) / 1000).toFixed(1)} s; hottest SHA ${shape.hotSha.slice(0, 10)} in ${shape.hotShaRows} pointers, path ${shape.hotPath} in ${shape.hotPathRows}`);
}
