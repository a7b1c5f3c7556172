#!/usr/bin/env node
/**
 * A seeded corpus for the relevance benchmark (issue 11 scope 8): decision rows that share
 * most of their words. Every decision reads `<verb> the <adjective> <noun> for <thing>
 * <code name> <number>` — the first four from lists of twelve, the code name from 400, the
 * number the row's place in its project — and every reason is made of the same words in
 * another order ("the <adjective> <noun> of <thing> <code name> <number> needed it"), so each
 * query word is in thousands of rows, in decisions and in reasons. About one row in eight
 * cites a commit of its project's repository (full or 7-character SHA), 3% cite a SHA that
 * does not exist (flagged high, so severity competes with relevance), the rest a path or a
 * command.
 *
 * Usage: `node scripts/gen-relevance-corpus.ts --projects 40 --rows 500 --out DIR [--seed 7]`
 * Writes `DIR/projects/project-NNNN/` (decisions.jsonl, trailbook.json), `DIR/repos/` and
 * `DIR/truth.json` (each row's id, words and cited SHA, for the benchmark's queries).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { prng } from './gen-corpus.ts';

const VERBS = ['Adopt', 'Keep', 'Drop', 'Split', 'Merge', 'Cache', 'Retry', 'Pin', 'Replace', 'Defer', 'Batch', 'Stream'];
const ADJECTIVES = ['lazy', 'strict', 'shared', 'local', 'remote', 'typed', 'signed', 'sorted', 'pooled', 'cold', 'warm', 'nested'];
const NOUNS = ['ledger', 'queue', 'parser', 'index', 'schema', 'router', 'journal', 'mapper', 'buffer', 'catalog', 'gateway', 'scheduler'];
const THINGS = ['billing', 'search', 'exports', 'sessions', 'uploads', 'alerts', 'payments', 'reports', 'imports', 'audits', 'tokens', 'webhooks'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'vax', 'shi', 'dor', 'pel', 'qua', 'zin', 'bru', 'fen', 'gal', 'hox', 'jur', 'nim', 'oth', 'sar', 'wyl'];

/** One row as the benchmark needs it. */
export interface TruthRow {
  project: string;
  id: string;
  /** Decision words, in order: verb, adjective, noun, thing, code name, number. */
  words: string[];
  /** Full SHA of the commit the row cites, or null. */
  sha: string | null;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** 400 code names: two syllables each, all different. */
function codeNames(): string[] {
  const out: string[] = [];
  for (const a of SYLLABLES) for (const b of SYLLABLES) if (a !== b) out.push(`${a}${b}`);
  return out.slice(0, 400);
}

/** A repository of `commits` small commits; returns their SHAs, oldest first. */
function makeRepo(dir: string, index: number, commits: number): string[] {
  const chunks: string[] = [];
  const start = Date.parse('2026-04-01T00:00:00Z') / 1000 + index * 86400;
  for (let c = 1; c <= commits; c++) {
    const message = `Change ${c} of repository ${index}\n`;
    chunks.push(`commit refs/heads/main\nmark :${c}\nauthor Gen <gen@example.com> ${start + c * 60} +0000\ncommitter Gen <gen@example.com> ${start + c * 60} +0000\ndata ${Buffer.byteLength(message)}\n${message}`);
    if (c > 1) chunks.push(`from :${c - 1}\n`);
    const text = `version ${c}\n`;
    chunks.push(`M 100644 inline src/file-${c % 40}.ts\ndata ${Buffer.byteLength(text)}\n${text}\n`);
  }
  execFileSync('git', ['init', '-q', '--bare', '--template=', dir]);
  execFileSync('git', ['--git-dir', dir, 'fast-import', '--quiet'], { input: chunks.join('') });
  execFileSync('git', ['--git-dir', dir, 'symbolic-ref', 'HEAD', 'refs/heads/main']);
  return execFileSync('git', ['--git-dir', dir, 'rev-list', '--reverse', 'main'], { encoding: 'utf8' }).trim().split('\n');
}

/** Writes the corpus; returns its rows. */
export async function generateRelevanceCorpus(options: { projects: number; rows: number; seed: number; out: string }): Promise<TruthRow[]> {
  const out = resolve(options.out);
  await rm(out, { recursive: true, force: true });
  await mkdir(join(out, 'repos'), { recursive: true });
  const rand = prng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const codes = codeNames();
  const truth: TruthRow[] = [];
  for (let p = 0; p < options.projects; p++) {
    const name = `project-${String(p).padStart(4, '0')}`;
    // Many more commits than citing rows, so a commit is cited by one row or two.
    const shas = makeRepo(join(out, 'repos', `${name}.git`), p, Math.max(200, options.rows * 2));
    const dir = join(out, 'projects', name);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'trailbook.json'), `${JSON.stringify({ title: `Relevance ${p}`, repo: `../../repos/${name}.git` })}\n`);
    const lines: string[] = [];
    const base = Date.parse('2026-05-01T08:00:00Z') + p * 86_400_000;
    for (let i = 0; i < options.rows; i++) {
      const ts = new Date(base + i * 60_000).toISOString().replace('.000Z', 'Z');
      const words = [pick(VERBS), pick(ADJECTIVES), pick(NOUNS), pick(THINGS), pick(codes), String(i)];
      const decision = `${words[0]} the ${words[1]} ${words[2]} for ${words[3]} ${words[4]} ${words[5]}`;
      const why = `the ${pick(ADJECTIVES)} ${pick(NOUNS)} of ${pick(THINGS)} ${pick(codes)} ${Math.floor(rand() * options.rows)} needed it; ${pick(VERBS).toLowerCase()} the ${pick(NOUNS)} too`;
      const r = rand();
      let evidence: string;
      let cited: string | null = null;
      if (r < 0.125) {
        cited = pick(shas);
        evidence = rand() < 0.5 ? cited : `commit ${cited.slice(0, 7)}`;
      } else if (r < 0.155) evidence = sha256(`fake-${p}-${i}`).slice(0, 40);
      else if (r < 0.6) evidence = `src/file-${Math.floor(rand() * 40)}.ts`;
      else evidence = `npm test -- ${pick(NOUNS)}`;
      const ticket = '';
      const id = sha256(ts + ticket + decision).slice(0, 8);
      lines.push(JSON.stringify({ id, ts, phase: pick(['design', 'build', 'verify']), ticket, actor: pick(['lead', 'worker-1', 'worker-2']), decision, why, evidence, result: pick(['verified', 'verified', 'open', 'failed']) }));
      truth.push({ project: name, id, words: words.map((w) => w.toLowerCase()), sha: cited });
    }
    await writeFile(join(dir, 'decisions.jsonl'), `${lines.join('\n')}\n`);
  }
  await writeFile(join(out, 'truth.json'), `${JSON.stringify(truth)}\n`);
  return truth;
}

if (import.meta.main) {
  const get = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
  };
  const rows = await generateRelevanceCorpus({ projects: Number(get('projects', '40')), rows: Number(get('rows', '500')), seed: Number(get('seed', '7')), out: get('out', 'relevance-corpus') });
  console.error(`generated ${rows.length} rows`);
}
