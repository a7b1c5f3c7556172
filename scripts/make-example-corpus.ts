#!/usr/bin/env node
/**
 * Regenerates the bundled example corpus (`content/` by default).
 *
 * Usage: `node scripts/make-example-corpus.ts [--out DIR]`
 *
 * The output is deterministic: the same script writes byte-identical files on
 * every run and every machine. There is no wall-clock time, no randomness, no
 * absolute path in any written file, and every directory is walked in sorted
 * order. The script owns `repos/`, `tickets/`, `pstack-app/` and `README.md`
 * in the target directory: it deletes them first, then writes them again.
 *
 * What it writes:
 * - `repos/example.git`: a bare git repository written with isomorphic-git
 *   (loose objects only), including two unreachable commits whose SHAs share
 *   their first 7 hex digits, so a short SHA can be ambiguous.
 * - `tickets/<project>/`: bbs team trails (`decisions.jsonl`) and handover
 *   audits (`audit.json`) — seed team-decision-trail.md, Part 1 and Part 2.
 * - `pstack-app/decisions.tsv`: a pstack trail in the real TSV format.
 * - `README.md`: what each project demonstrates, and where each planted fault
 *   sits, generated from the same data as the files.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import git from 'isomorphic-git';
import { qualityReadme, writeQualityProjects } from './example-quality-corpus.ts';
import { writeCoordinationProjects } from './example-coordination-corpus.ts';

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/** Repository root (the parent of `scripts/`). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Default output directory. */
const DEFAULT_OUT = path.join(REPO_ROOT, 'content');

/** Top-level entries of the output directory that this script owns. */
export const OWNED_ENTRIES = ['README.md', 'pstack-app', 'repos', 'tickets', 'coordination'] as const;

/** Path of the example repository, relative to the corpus root. */
const REPO_REL = 'repos/example.git';

/** Length of the short SHAs used as evidence. */
const SHORT = 7;

/** Timestamp of the first commit: 2026-03-02T09:00:00Z, in seconds. */
const FIRST_COMMIT_SECONDS = Date.parse('2026-03-02T09:00:00Z') / 1000;

const HOUR = 3600;

/** Rows must be under 4 KiB (decision trail, Part 1, Row schema). */
const ROW_LIMIT = 4096;

interface Person {
  name: string;
  email: string;
}

const ADA: Person = { name: 'Ada Example', email: 'ada@example.com' };
const LIN: Person = { name: 'Lin Example', email: 'lin@example.com' };

// ---------------------------------------------------------------------------
// The example repository's history
// ---------------------------------------------------------------------------

/** Joins lines with `\n` and adds the final newline. */
function lines(...ls: string[]): string {
  return ls.join('\n') + '\n';
}

const README_V1 = lines(
  '# example-app',
  '',
  'A small parser for append-only decision trails: one JSON object per line.',
);

const README_V2 = lines(
  '# example-app',
  '',
  'A small parser for append-only decision trails: one JSON object per line.',
  '',
  '## Usage',
  '',
  '```sh',
  'npm test                                # run the parser tests',
  'node src/cli.ts tickets/x/decisions.jsonl  # count the rows of a trail',
  '```',
  '',
  'Rows of 4 KiB or more are rejected, never truncated.',
  'See [ADR 0001](docs/adr/0001-append-only-trail.md) for why the trail is append-only.',
);

const PACKAGE_JSON = lines(
  '{',
  '  "name": "example-app",',
  '  "version": "0.1.0",',
  '  "private": true,',
  '  "type": "module",',
  '  "bin": { "example-app": "./src/cli.ts" },',
  '  "scripts": {',
  '    "test": "vitest run",',
  '    "build": "tsc -p ."',
  '  }',
  '}',
);

/** `src/parser.ts` before the off-by-one fix. Line 12 is the size cap. */
const PARSER_HEAD_LINES = [
  '// Parser for append-only decision trails: one JSON object per line.',
  '',
  'export interface Row {',
  '  id: string;',
  '  ts: string;',
  '  decision: string;',
  '  evidence: string;',
  '  result: string;',
  '}',
  '',
  '/** Rows of this many bytes or more are rejected, never truncated. */',
  'export const MAX_ROW_BYTES = 4096;',
  '',
  '/** Parses one trail line; `lineNo` is only used in error messages. */',
  'export function parseRow(text: string, lineNo: number): Row {',
  '  if (new TextEncoder().encode(text).length >= MAX_ROW_BYTES) {',
  '    throw new Error(`line ${lineNo}: row is 4 KiB or more`);',
  '  }',
  '  let value: unknown;',
  '  try {',
  '    value = JSON.parse(text);',
  '  } catch {',
  '    throw new Error(`line ${lineNo}: not JSON`);',
  '  }',
  '  const row = value as Partial<Row>;',
  "  for (const field of ['id', 'ts', 'decision', 'evidence', 'result'] as const) {",
  "    if (typeof row[field] !== 'string' || row[field] === '') {",
  '      throw new Error(`line ${lineNo}: missing ${field}`);',
  '    }',
  '  }',
  '  return row as Row;',
  '}',
  '',
  '/** Parses a whole trail file, skipping blank lines. */',
  'export function parseTrail(text: string): Row[] {',
  '  const rows: Row[] = [];',
  '  let lineNo = 0;',
];

const PARSER_V1 = lines(
  ...PARSER_HEAD_LINES,
  "  for (const line of text.split('\\n')) {",
  "    if (line.trim() !== '') rows.push(parseRow(line, lineNo));",
  '    lineNo++;',
  '  }',
  '  return rows;',
  '}',
);

const PARSER_V2 = lines(
  ...PARSER_HEAD_LINES,
  "  for (const line of text.split('\\n')) {",
  '    lineNo++;',
  "    if (line.trim() !== '') rows.push(parseRow(line, lineNo));",
  '  }',
  '  return rows;',
  '}',
);

const TESTS_HEAD_LINES = [
  "import { describe, it, expect } from 'vitest';",
];

const TESTS_BODY_LINES = [
  '',
  'const valid = JSON.stringify({',
  "  id: '3f2a9c10',",
  "  ts: '2026-03-02T10:00:00Z',",
  "  decision: 'Cap rows at 4096 bytes',",
  "  evidence: 'src/parser.ts:12',",
  "  result: 'verified',",
  '});',
  '',
  "describe('parseRow', () => {",
  "  it('parses a valid row', () => {",
  "    expect(parseRow(valid, 1).id).toBe('3f2a9c10');",
  '  });',
  '',
  "  it('rejects rows over 4 KiB', () => {",
  "    const big = JSON.stringify({ ...JSON.parse(valid), why: 'x'.repeat(4096) });",
  "    expect(() => parseRow(big, 1)).toThrow('4 KiB');",
  '  });',
  '',
  "  it('rejects a line that is not JSON', () => {",
  "    expect(() => parseRow('{\"id\":', 7)).toThrow('line 7: not JSON');",
  '  });',
  '});',
];

const TESTS_V1 = lines(
  ...TESTS_HEAD_LINES,
  "import { parseRow } from '../src/parser.ts';",
  ...TESTS_BODY_LINES,
);

const TESTS_V2 = lines(
  ...TESTS_HEAD_LINES,
  "import { parseRow, parseTrail } from '../src/parser.ts';",
  ...TESTS_BODY_LINES,
  '',
  "describe('parseTrail', () => {",
  "  it('numbers lines from 1', () => {",
  "    expect(() => parseTrail(`${valid}\\n{\"id\":`)).toThrow('line 2: not JSON');",
  '  });',
  '});',
);

const ADR_0001 = lines(
  '# ADR 0001: append-only trail',
  '',
  'Status: accepted (2026-03-02)',
  '',
  '## Context',
  '',
  'The team records the decisions it takes for the human in a trail file.',
  'The human reads it after the run and cannot ask questions mid-run.',
  '',
  '## Decision',
  '',
  'The trail is append-only JSONL: one row per line, under 4 KiB.',
  'A wrong row is corrected by a new row whose `supersedes` names it.',
  'Rows are never edited or deleted.',
  '',
  '## Consequences',
  '',
  '- Parallel writers can append without a lock (one write per row).',
  '- Readers hide superseded rows but keep them in the file.',
);

const CLI_TS = lines(
  '#!/usr/bin/env node',
  '// Prints how many rows a trail file holds: `example-app <decisions.jsonl>`.',
  "import { readFileSync } from 'node:fs';",
  "import { parseTrail } from './parser.ts';",
  '',
  'const file = process.argv[2];',
  'if (!file) {',
  "  console.error('usage: example-app <decisions.jsonl>');",
  '  process.exit(2);',
  '}',
  "const rows = parseTrail(readFileSync(file, 'utf8'));",
  'console.log(`${rows.length} rows`);',
);

/** Names of the commits on `main`, oldest first. */
export type CommitKey = 'initial' | 'parser' | 'tests' | 'adr' | 'cli' | 'fix' | 'docs';

interface CommitSpec {
  key: CommitKey;
  author: Person;
  message: string;
  /** Files added or changed by this commit (path → content). */
  changes: Record<string, string>;
}

/** The history of `main`, one commit per hour from {@link FIRST_COMMIT_SECONDS}. */
const HISTORY: readonly CommitSpec[] = [
  {
    key: 'initial',
    author: ADA,
    message: 'Initial commit: README and package.json\n',
    changes: { 'README.md': README_V1, 'package.json': PACKAGE_JSON },
  },
  {
    key: 'parser',
    author: ADA,
    message: 'Add row parser\n\nOne JSON object per line; rows of 4 KiB or more are rejected.\n',
    changes: { 'src/parser.ts': PARSER_V1 },
  },
  {
    key: 'tests',
    author: LIN,
    message: 'Add parser tests\n',
    changes: { 'tests/parser.test.ts': TESTS_V1 },
  },
  {
    key: 'adr',
    author: ADA,
    message: 'Add ADR 0001: append-only trail\n',
    changes: { 'docs/adr/0001-append-only-trail.md': ADR_0001 },
  },
  {
    key: 'cli',
    author: LIN,
    message: 'Add CLI entry\n',
    changes: { 'src/cli.ts': CLI_TS },
  },
  {
    key: 'fix',
    author: ADA,
    message:
      'Fix off-by-one in line counter\n\nparseTrail numbered lines from 0, so errors pointed one line too high.\n',
    changes: { 'src/parser.ts': PARSER_V2, 'tests/parser.test.ts': TESTS_V2 },
  },
  {
    key: 'docs',
    author: LIN,
    message: 'Document usage\n',
    changes: { 'README.md': README_V2 },
  },
];

/** The annotated tag, placed on a middle commit. */
const TAG = { name: 'v0.1.0', on: 'adr' as CommitKey, tagger: ADA, message: 'v0.1.0: parser, tests and ADR 0001\n' };

/** Message of the n-th probe commit mined for an ambiguous short SHA. */
const probeMessage = (n: number): string => `Ambiguity probe ${n}\n`;

// ---------------------------------------------------------------------------
// Git object helpers
// ---------------------------------------------------------------------------

/** An author/committer line value, as git writes it with a UTC offset. */
function signature(p: Person, seconds: number): string {
  return `${p.name} <${p.email}> ${seconds} +0000`;
}

/**
 * Serialises a commit body exactly as isomorphic-git's `GitCommit.render`
 * does for an unsigned commit (tree, parents, author, committer, blank line,
 * message with a single final newline).
 */
function renderCommit(tree: string, parents: string[], author: string, committer: string, message: string): string {
  let out = `tree ${tree}\n`;
  for (const p of parents) out += `parent ${p}\n`;
  out += `author ${author}\ncommitter ${committer}\n\n`;
  return out + message.replace(/\r/g, '').replace(/^\n+/, '').replace(/\n+$/, '') + '\n';
}

/** SHA-1 of a git object: `<type> <byte length>\0<body>`. */
function objectId(type: string, body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return createHash('sha1').update(`${type} ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Writes a tree for a set of files (path → content) with isomorphic-git,
 * recursing into sub-directories. Returns the root tree oid.
 */
async function writeTreeOf(gitdir: string, files: ReadonlyMap<string, string>): Promise<string> {
  const here = new Map<string, string>();
  const subdirs = new Map<string, Map<string, string>>();
  for (const [filePath, content] of files) {
    const slash = filePath.indexOf('/');
    if (slash === -1) {
      here.set(filePath, content);
    } else {
      const dir = filePath.slice(0, slash);
      const sub = subdirs.get(dir) ?? new Map<string, string>();
      sub.set(filePath.slice(slash + 1), content);
      subdirs.set(dir, sub);
    }
  }
  const entries: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
  for (const name of [...here.keys()].sort()) {
    const oid = await git.writeBlob({ fs, gitdir, blob: Buffer.from(here.get(name) ?? '', 'utf8') });
    entries.push({ mode: '100644', path: name, oid, type: 'blob' });
  }
  for (const name of [...subdirs.keys()].sort()) {
    const oid = await writeTreeOf(gitdir, subdirs.get(name) ?? new Map());
    entries.push({ mode: '040000', path: name, oid, type: 'tree' });
  }
  return git.writeTree({ fs, gitdir, tree: entries });
}

/** Adler-32 checksum, as used in the zlib trailer. */
function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * Encodes bytes as a zlib stream of "stored" (uncompressed) deflate blocks.
 * Unlike real compression, this has one output for a given input, whatever
 * the zlib build or CPU.
 */
function zlibStored(data: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from([0x78, 0x01])];
  const MAX = 0xffff;
  let offset = 0;
  do {
    const chunk = data.subarray(offset, offset + MAX);
    offset += chunk.length;
    const header = Buffer.alloc(5);
    header[0] = offset >= data.length ? 1 : 0; // BFINAL, BTYPE = 00 (stored)
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  } while (offset < data.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32(data), 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * Re-encodes every loose object of `gitdir` as stored zlib blocks, and checks
 * that each object still hashes to its file name.
 *
 * isomorphic-git deflates with the platform's CompressionStream (Node's
 * bundled zlib), whose bytes can change with the zlib version and CPU
 * features. The object contents and ids are unchanged by this step; only the
 * on-disk encoding becomes machine-independent.
 */
async function canonicaliseLooseObjects(gitdir: string): Promise<string[]> {
  const objectsDir = path.join(gitdir, 'objects');
  const ids: string[] = [];
  for (const fanout of (await readdir(objectsDir)).sort()) {
    if (!/^[0-9a-f]{2}$/.test(fanout)) continue;
    for (const rest of (await readdir(path.join(objectsDir, fanout))).sort()) {
      const file = path.join(objectsDir, fanout, rest);
      const raw = inflateSync(await readFile(file));
      const oid = createHash('sha1').update(raw).digest('hex');
      if (oid !== fanout + rest) throw new Error(`object ${fanout}${rest} hashes to ${oid}`);
      await writeFile(file, zlibStored(raw));
      ids.push(oid);
    }
  }
  return ids;
}

/** Removes empty directories under `dir` (not `dir` itself), deepest first. */
async function pruneEmptyDirs(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const sub = path.join(dir, e.name);
    await pruneEmptyDirs(sub);
    if ((await readdir(sub)).length === 0) await rm(sub, { recursive: true });
  }
}

/** Facts about the written repository that trails and the README cite. */
export interface RepoFacts {
  /** Full SHA of each commit on `main`. */
  commits: Record<CommitKey, string>;
  /** Oid of the annotated tag object `v0.1.0`. */
  tagOid: string;
  /** The two unreachable probe commits that share a 7-hex prefix. */
  probes: { n: number; oid: string }[];
  /** The shared 7-hex prefix of the probe commits. */
  ambiguousPrefix: string;
  /** A well-formed 40-hex SHA that names no object in the repository. */
  fakeSha: string;
  /** Every object id in the repository, sorted. */
  objectIds: string[];
}

/** Returns the 7-hex short form of a commit's SHA. */
function short(facts: RepoFacts, key: CommitKey): string {
  return facts.commits[key].slice(0, SHORT);
}

/**
 * Writes `repos/example.git` under `outDir` with isomorphic-git and returns the
 * facts the trails cite.
 */
async function writeExampleRepo(outDir: string): Promise<RepoFacts> {
  const gitdir = path.join(outDir, REPO_REL);
  await mkdir(gitdir, { recursive: true });
  await git.init({ fs, dir: gitdir, bare: true, defaultBranch: 'main' });
  // No hooks, description or logs: init only makes empty directories, pruned below.

  const files = new Map<string, string>();
  const commits = {} as Record<CommitKey, string>;
  const times = {} as Record<CommitKey, number>;
  let parent: string | undefined;
  let tree = '';
  for (const [i, spec] of HISTORY.entries()) {
    for (const [p, content] of Object.entries(spec.changes)) files.set(p, content);
    tree = await writeTreeOf(gitdir, files);
    const seconds = FIRST_COMMIT_SECONDS + i * HOUR;
    const who = { ...spec.author, timestamp: seconds, timezoneOffset: 0 };
    const parents = parent ? [parent] : [];
    const oid = await git.writeCommit({
      fs,
      gitdir,
      commit: { tree, parent: parents, author: who, committer: who, message: spec.message },
    });
    // Our own serialisation must match isomorphic-git's; the mining below relies on it.
    const sig = signature(spec.author, seconds);
    const expected = objectId('commit', renderCommit(tree, parents, sig, sig, spec.message));
    if (oid !== expected) throw new Error(`commit serialisation mismatch: ${oid} vs ${expected}`);
    commits[spec.key] = oid;
    times[spec.key] = seconds;
    parent = oid;
  }
  const head = parent as string;
  await git.writeRef({ fs, gitdir, ref: 'refs/heads/main', value: head, force: true });
  // HEAD is already `ref: refs/heads/main` from init; write it explicitly anyway.
  await git.writeRef({ fs, gitdir, ref: 'HEAD', value: 'refs/heads/main', symbolic: true, force: true });

  const tagOid = await git.writeTag({
    fs,
    gitdir,
    tag: {
      object: commits[TAG.on],
      type: 'commit',
      tag: TAG.name,
      tagger: { ...TAG.tagger, timestamp: times[TAG.on], timezoneOffset: 0 },
      message: TAG.message,
    },
  });
  await git.writeRef({ fs, gitdir, ref: `refs/tags/${TAG.name}`, value: tagOid, force: true });

  // Mine two probe commits whose SHAs share their first 7 hex digits. They are
  // hashed without being written; only the first colliding pair is written.
  const probeSeconds = FIRST_COMMIT_SECONDS + HISTORY.length * HOUR;
  const probeSig = signature(ADA, probeSeconds);
  const seen = new Map<string, number>();
  let pair: [number, number] | undefined;
  for (let n = 1; !pair; n++) {
    const oid = objectId('commit', renderCommit(tree, [head], probeSig, probeSig, probeMessage(n)));
    const prefix = oid.slice(0, SHORT);
    const earlier = seen.get(prefix);
    if (earlier !== undefined) pair = [earlier, n];
    else seen.set(prefix, n);
  }
  const probes: { n: number; oid: string }[] = [];
  for (const n of pair) {
    const who = { ...ADA, timestamp: probeSeconds, timezoneOffset: 0 };
    const oid = await git.writeCommit({
      fs,
      gitdir,
      commit: { tree, parent: [head], author: who, committer: who, message: probeMessage(n) },
    });
    probes.push({ n, oid });
  }
  const [probeA, probeB] = probes;
  if (!probeA || !probeB || probeA.oid.slice(0, SHORT) !== probeB.oid.slice(0, SHORT)) {
    throw new Error('mined probe commits do not share a prefix once written');
  }
  const ambiguousPrefix = probeA.oid.slice(0, SHORT);

  const objectIds = await canonicaliseLooseObjects(gitdir);
  // Git does not track empty directories, so a checkout of the committed corpus
  // has none; drop them here too (git and isomorphic-git read the repo without them).
  await pruneEmptyDirs(gitdir);
  const matches = (prefix: string): number => objectIds.filter((id) => id.startsWith(prefix)).length;

  // Short SHAs cited as evidence must be unambiguous; only the probe pair may clash.
  for (const key of Object.keys(commits) as CommitKey[]) {
    if (matches(commits[key].slice(0, SHORT)) !== 1) throw new Error(`short SHA of ${key} is ambiguous`);
  }
  if (matches(ambiguousPrefix) !== 2) throw new Error('ambiguous prefix should match exactly two objects');

  // A fake SHA: well-formed, deterministic, and matching no object even by prefix.
  const fakeSha = createHash('sha1').update('trailbook example: a hotfix commit that was never made').digest('hex');
  if (matches(fakeSha.slice(0, 4)) !== 0) throw new Error('fake SHA collides with a real object');

  const parserLines = (files.get('src/parser.ts') ?? '').split('\n').length - 1;
  if (parserLines < 20) throw new Error('src/parser.ts must have at least 20 lines at HEAD');

  return { commits, tagOid, probes, ambiguousPrefix, fakeSha, objectIds };
}

// ---------------------------------------------------------------------------
// Decision trails (seed team-decision-trail.md, Part 1)
// ---------------------------------------------------------------------------

/**
 * Row id: first 8 hex of sha256(`ts` + `ticket` + `decision`), plain
 * concatenation in UTF-8, empty ticket = "" (decision trail, Part 1, Row schema).
 */
export function rowId(ts: string, ticket: string, decision: string): string {
  return createHash('sha256').update(ts + ticket + decision, 'utf8').digest('hex').slice(0, 8);
}

/** A trail row before its evidence is bound to the repository's SHAs. */
interface RowSpec {
  ts: string;
  phase: string;
  ticket: string;
  actor: string;
  decision: string;
  why: string;
  evidence: (facts: RepoFacts) => string;
  result: string;
  supersedes?: string;
  /** Written instead of the computed id (planted id mismatch). */
  idOverride?: string;
}

/** A line of a planted trail: a row, or a raw line that is not JSON. */
type TrailLine = { row: RowSpec; fault?: string } | { raw: string; fault?: string };

/** The computed id of a row spec. */
function specId(spec: RowSpec): string {
  return rowId(spec.ts, spec.ticket, spec.decision);
}

/**
 * Serialises one row in the schema's field order (decision trail, Part 1,
 * Row schema): `id ts phase ticket actor decision why evidence result supersedes?`.
 */
function renderRow(spec: RowSpec, facts: RepoFacts): string {
  const row: Record<string, string> = {
    id: spec.idOverride ?? specId(spec),
    ts: spec.ts,
    phase: spec.phase,
    ticket: spec.ticket,
    actor: spec.actor,
    decision: spec.decision,
    why: spec.why,
    evidence: spec.evidence(facts),
    result: spec.result,
  };
  if (spec.supersedes !== undefined) row['supersedes'] = spec.supersedes;
  return JSON.stringify(row);
}

/** Renders a trail: one line per entry, `\n` line ends, final newline. */
function renderTrail(entries: readonly TrailLine[], facts: RepoFacts): string {
  return entries.map((e) => ('raw' in e ? e.raw : renderRow(e.row, facts))).join('\n') + '\n';
}

/**
 * Checks the size rule (decision trail, Part 1: "One JSON object per line,
 * under 4 KiB"): every line is under {@link ROW_LIMIT} bytes except the planted
 * `trail/row-too-large` line, which is exactly {@link ROW_LIMIT} bytes.
 */
function checkRowSizes(dir: string, text: string): void {
  text.split('\n').slice(0, -1).forEach((line, i) => {
    const planted = PLANTED.some((p) => p.project === dir && p.line === i + 1 && p.kind === 'trail/row-too-large');
    const bytes = Buffer.byteLength(line, 'utf8');
    if (planted ? bytes !== ROW_LIMIT : bytes >= ROW_LIMIT) throw new Error(`${dir} line ${i + 1} is ${bytes} bytes`);
  });
}

/** Shorthand for the evidence of a row that does not depend on the repository. */
const fixed = (s: string) => (): string => s;

// --- tickets/clean ----------------------------------------------------------

const CLEAN_INTEGRATE_WRONG: RowSpec = {
  ts: '2026-03-02T11:30:00Z',
  phase: 'phase-1',
  ticket: 'T-12',
  actor: 'lead',
  decision: 'Integrate phase 1 at the parser commit',
  why: 'Phase 1 is landed once the parser is on main',
  evidence: (f) => short(f, 'parser'),
  result: 'verified',
};

const CLEAN: readonly TrailLine[] = [
  {
    row: {
      ts: '2026-03-02T09:05:00Z',
      phase: 'start',
      ticket: '',
      actor: 'lead',
      decision: 'Open the trail for the example-app parser',
      why: 'A new lead session writes a start row before any other row',
      evidence: (f) => f.commits.initial,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T09:30:00Z',
      phase: 'design',
      ticket: '',
      actor: 'lead',
      decision: 'Adopt append-only JSONL for the trail',
      why: 'A wrong row is corrected by a superseding row, never edited, so the history stays auditable',
      evidence: fixed('docs/adr/0001-append-only-trail.md'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T10:15:00Z',
      phase: 'phase-1',
      ticket: 'T-12',
      actor: 'worker-7',
      decision: 'Cap rows at 4096 bytes',
      why: 'A single append under 4 KiB is not interleaved with other writers',
      evidence: fixed('src/parser.ts:12'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T10:40:00Z',
      phase: 'phase-1',
      ticket: 'T-12',
      actor: 'worker-7',
      decision: 'Check the size before parsing JSON so oversized rows fail fast',
      why: 'Rows over the cap are rejected, never truncated',
      evidence: fixed('src/parser.ts:10-20'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T11:15:00Z',
      phase: 'phase-1',
      ticket: 'T-12',
      actor: 'worker-7',
      decision: 'Cover the size cap and bad JSON with unit tests',
      why: 'The cap is the one rule a writer can break silently',
      evidence: fixed('tests/parser.test.ts'),
      result: 'verified',
    },
  },
  { row: CLEAN_INTEGRATE_WRONG },
  {
    row: {
      ts: '2026-03-02T11:45:00Z',
      phase: 'phase-1',
      ticket: 'T-12',
      actor: 'lead',
      decision: 'Integrate phase 1 at the tests commit, not the parser commit',
      why: 'The earlier row named the parser commit, which landed before its tests',
      evidence: (f) => short(f, 'tests'),
      result: 'verified',
      supersedes: specId(CLEAN_INTEGRATE_WRONG),
    },
  },
  {
    row: {
      ts: '2026-03-02T13:20:00Z',
      phase: 'phase-2',
      ticket: 'T-13',
      actor: 'worker-7',
      decision: 'Add a CLI entry that counts trail rows',
      why: 'The human wants a quick check without writing code',
      evidence: (f) => `src/cli.ts, ${short(f, 'cli')}`,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T14:20:00Z',
      phase: 'phase-2',
      ticket: 'T-13',
      actor: 'worker-7',
      decision: 'Number trail lines from 1 in error messages',
      why: 'Errors pointed one line above the bad row; the new test pins it',
      evidence: (f) => f.commits.fix,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-02T15:30:00Z',
      phase: 'handover',
      ticket: '',
      actor: 'lead',
      decision: 'Hand over example-app with usage docs on main',
      why: 'Both phases are landed and every row above is verified',
      evidence: (f) => f.commits.docs,
      result: 'verified',
    },
  },
];

// --- tickets/faults ---------------------------------------------------------

/** Flag kinds the planted faults must produce (spec input.md §2 and §3). */
const FAULT_KINDS: Record<string, { kind: string; what: string }> = {
  a: { kind: 'evidence/commit-not-found', what: 'evidence is a 40-hex SHA that is not in the repository' },
  b: { kind: 'evidence/commit-ambiguous', what: 'evidence is `commit <prefix>`, a 7-hex prefix shared by two commits' },
  c: { kind: 'evidence/path-not-found', what: 'evidence names `src/missing-module.ts`, absent at HEAD' },
  d: { kind: 'evidence/line-out-of-range', what: 'evidence is `src/parser.ts:999`, past the end of the file' },
  e: { kind: 'trail/supersedes-forward', what: '`supersedes` names a row that comes later in the file' },
  f: { kind: 'trail/supersedes-missing', what: '`supersedes` names `deadbeef`, which is no row' },
  g: { kind: 'trail/duplicate-id', what: 'the line above, written again byte for byte' },
  h: { kind: 'trail/id-mismatch', what: '`id` is `0badc0de`, not sha256(ts + ticket + decision)' },
  i: { kind: 'trail/row-too-large', what: 'the line is exactly 4096 bytes (without its newline): not under 4 KiB' },
  j: { kind: 'trail/not-json', what: 'a truncated line that is not JSON' },
  k: { kind: 'evidence/prose', what: 'evidence is prose: `checked it manually, looks fine`' },
  l: { kind: 'trail/supersedes-cycle', what: 'two rows supersede each other (the first one forward)' },
};

const FAULT_E_TARGET: RowSpec = {
  ts: '2026-03-02T13:00:00Z',
  phase: 'phase-2',
  ticket: '',
  actor: 'lead',
  decision: 'Keep the 4 KiB cap after review',
  why: 'The reviewer found no writer that needs longer rows',
  evidence: fixed('src/parser.ts:10-20'),
  result: 'verified',
};

const FAULT_L_FIRST_BASE = {
  ts: '2026-03-02T12:30:00Z',
  phase: 'phase-2',
  ticket: '',
  actor: 'lead',
  decision: 'Revert the off-by-one fix',
  why: 'A worker reported that line numbers looked wrong after the fix',
  evidence: (f: RepoFacts) => short(f, 'fix'),
  result: 'reverted',
};

const FAULT_L_SECOND_BASE = {
  ts: '2026-03-02T12:45:00Z',
  phase: 'phase-2',
  ticket: '',
  actor: 'lead',
  decision: 'Restore the off-by-one fix',
  why: 'The report came from a stale checkout; the fix and its test are right',
  evidence: (f: RepoFacts) => f.commits.fix,
  result: 'verified',
};

const FAULT_G_ROW: RowSpec = {
  ts: '2026-03-02T11:30:00Z',
  phase: 'phase-2',
  ticket: 'T-22',
  actor: 'worker-7',
  decision: 'Add the CLI entry',
  why: 'The ticket asks for a command that counts rows',
  evidence: fixed('src/cli.ts'),
  result: 'verified',
};

const FAULT_A_ROW: RowSpec = {
  ts: '2026-03-02T10:00:00Z',
  phase: 'phase-1',
  ticket: 'T-21',
  actor: 'lead',
  decision: 'Ship the fake-sha hotfix',
  why: 'The worker reported the hotfix commit as landed',
  evidence: (f) => f.fakeSha,
  result: 'verified',
};

/** Builds fault (i): a valid row whose JSON line is exactly {@link ROW_LIMIT} bytes. */
function oversizedRow(): RowSpec {
  const base: RowSpec = {
    ts: '2026-03-02T11:50:00Z',
    phase: 'phase-2',
    ticket: 'T-22',
    actor: 'worker-7',
    decision: 'Paste the full review into the why field',
    why: '',
    evidence: fixed('tests/parser.test.ts'),
    result: 'inconclusive',
  };
  // The evidence is fixed (it ignores the repository facts), so the line length is known now.
  const empty = Buffer.byteLength(renderRow(base, {} as RepoFacts));
  const sentence = 'The reviewer read the parser, the size cap and the tests, and asked for every note inline. ';
  return { ...base, why: sentence.repeat(60).slice(0, ROW_LIMIT - empty).trimEnd().padEnd(ROW_LIMIT - empty, '.') };
}

const FAULTS: readonly TrailLine[] = [
  {
    row: {
      ts: '2026-03-02T09:10:00Z',
      phase: 'start',
      ticket: '',
      actor: 'lead',
      decision: 'Open the trail for the fault-planting run',
      why: 'A new lead session writes a start row before any other row',
      evidence: (f) => f.commits.initial,
      result: 'verified',
    },
  },
  { fault: 'a', row: FAULT_A_ROW },
  {
    fault: 'b',
    row: {
      ts: '2026-03-02T10:15:00Z',
      phase: 'phase-1',
      ticket: 'T-21',
      actor: 'worker-7',
      decision: 'Cite the probe commit by its short SHA',
      why: 'The worker copied a 7-character SHA from its terminal',
      evidence: (f) => `commit ${f.ambiguousPrefix}`,
      result: 'inconclusive',
    },
  },
  {
    fault: 'c',
    row: {
      ts: '2026-03-02T10:30:00Z',
      phase: 'phase-1',
      ticket: 'T-21',
      actor: 'worker-7',
      decision: 'Split the trail reader into its own module',
      why: 'The parser file mixes reading and validation',
      evidence: fixed('src/missing-module.ts'),
      result: 'open',
    },
  },
  {
    fault: 'd',
    row: {
      ts: '2026-03-02T10:45:00Z',
      phase: 'phase-1',
      ticket: 'T-21',
      actor: 'lead',
      decision: 'Keep the legacy line counter',
      why: 'Changing it would renumber every error message',
      evidence: fixed('src/parser.ts:999'),
      result: 'failed',
    },
  },
  {
    fault: 'e',
    row: {
      ts: '2026-03-02T11:00:00Z',
      phase: 'phase-2',
      ticket: '',
      actor: 'lead',
      decision: 'Replace the review decision before it is written',
      why: 'The lead expected the review to change the cap',
      evidence: fixed('src/parser.ts:12'),
      result: 'open',
      supersedes: specId(FAULT_E_TARGET),
    },
  },
  {
    fault: 'f',
    row: {
      ts: '2026-03-02T11:15:00Z',
      phase: 'phase-2',
      ticket: '',
      actor: 'lead',
      decision: 'Correct a row from an earlier session',
      why: 'The earlier row named the wrong test file',
      evidence: fixed('tests/parser.test.ts'),
      result: 'verified',
      supersedes: 'deadbeef',
    },
  },
  { row: FAULT_G_ROW },
  { fault: 'g', row: FAULT_G_ROW },
  {
    fault: 'h',
    row: {
      ts: '2026-03-02T11:45:00Z',
      phase: 'phase-2',
      ticket: 'T-22',
      actor: 'lead',
      decision: 'Accept the CLI usage text',
      why: 'The usage line matches the README',
      evidence: fixed('README.md'),
      result: 'verified',
      idOverride: '0badc0de',
    },
  },
  { fault: 'i', row: oversizedRow() },
  { fault: 'j', raw: '{"id": "broken", "ts": "2026-03-02T12:00:00Z", "phase": ' },
  {
    fault: 'k',
    row: {
      ts: '2026-03-02T12:15:00Z',
      phase: 'phase-2',
      ticket: '',
      actor: 'lead',
      decision: 'Skip the parser tests for the hotfix',
      why: 'The change is one line',
      evidence: fixed('checked it manually, looks fine'),
      result: 'verified',
    },
  },
  // (l) A supersede cycle. Ids do not cover `supersedes`, so each row can name the other.
  {
    row: {
      ...FAULT_L_FIRST_BASE,
      supersedes: rowId(FAULT_L_SECOND_BASE.ts, FAULT_L_SECOND_BASE.ticket, FAULT_L_SECOND_BASE.decision),
    },
  },
  {
    fault: 'l',
    row: {
      ...FAULT_L_SECOND_BASE,
      supersedes: rowId(FAULT_L_FIRST_BASE.ts, FAULT_L_FIRST_BASE.ticket, FAULT_L_FIRST_BASE.decision),
    },
  },
  { row: FAULT_E_TARGET },
];

/** One planted fault: where it is and the flag kind a checker must raise. */
export interface PlantedFault {
  project: 'tickets/faults';
  /** 1-based line number in `decisions.jsonl`. */
  line: number;
  /** Stable flag kind, e.g. `evidence/commit-not-found`. */
  kind: string;
  /** The id written on that line, when the line is a JSON row. */
  rowId?: string;
  /** Letter of the fault in the brief and the corpus README (a–l). */
  fault: string;
  /** What is wrong, in plain words. */
  what: string;
}

/** Computes the planted faults of `tickets/faults` from {@link FAULTS}. */
function plantedFaults(): PlantedFault[] {
  const out: PlantedFault[] = [];
  const idOfLine = (i: number): string | undefined => {
    const entry = FAULTS[i];
    return entry && 'row' in entry ? (entry.row.idOverride ?? specId(entry.row)) : undefined;
  };
  FAULTS.forEach((entry, i) => {
    if (!entry.fault) return;
    const info = FAULT_KINDS[entry.fault];
    if (!info) throw new Error(`unknown fault ${entry.fault}`);
    const id = idOfLine(i);
    const fault: PlantedFault = { project: 'tickets/faults', line: i + 1, kind: info.kind, fault: entry.fault, what: info.what };
    if (id !== undefined) fault.rowId = id;
    out.push(fault);
  });
  // The first row of the cycle (l) necessarily supersedes forward as well.
  const cycleLine = out.find((p) => p.fault === 'l')?.line;
  if (cycleLine !== undefined) {
    const firstId = idOfLine(cycleLine - 2);
    const extra: PlantedFault = {
      project: 'tickets/faults',
      line: cycleLine - 1,
      kind: FAULT_KINDS['e']?.kind ?? 'trail/supersedes-forward',
      fault: 'l',
      what: 'first row of the cycle: its `supersedes` names the next row',
    };
    if (firstId !== undefined) extra.rowId = firstId;
    out.push(extra);
  }
  return out.sort((x, y) => x.line - y.line || x.kind.localeCompare(y.kind));
}

/**
 * The faults planted in `tickets/faults/decisions.jsonl`, with 1-based line
 * numbers and the flag kind each must raise. Fault (l) has two entries: the
 * cycle, reported on the row that closes it, and the forward supersede of the
 * row that opens it.
 */
export const PLANTED: readonly PlantedFault[] = plantedFaults();

// --- short valid trails -----------------------------------------------------

const NOT_RUN: readonly TrailLine[] = [
  {
    row: {
      ts: '2026-03-03T09:00:00Z',
      phase: 'start',
      ticket: '',
      actor: 'lead',
      decision: 'Open the trail for the CLI polish',
      why: 'A new lead session writes a start row before any other row',
      evidence: (f) => f.commits.docs,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-03T09:30:00Z',
      phase: 'phase-1',
      ticket: 'T-31',
      actor: 'worker-7',
      decision: 'Keep the usage message on stderr',
      why: 'Stdout carries only the row count, so scripts can read it',
      evidence: fixed('src/cli.ts:8'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-03T10:00:00Z',
      phase: 'handover',
      ticket: '',
      actor: 'lead',
      decision: 'Hand over the CLI polish',
      why: 'The one phase is landed and verified',
      evidence: (f) => short(f, 'docs'),
      result: 'verified',
    },
  },
];

const FAILED: readonly TrailLine[] = [
  {
    row: {
      ts: '2026-03-04T09:00:00Z',
      phase: 'start',
      ticket: '',
      actor: 'lead',
      decision: 'Open the trail for the docs pass',
      why: 'A new lead session writes a start row before any other row',
      evidence: (f) => f.commits.docs,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-04T09:40:00Z',
      phase: 'phase-1',
      ticket: 'T-41',
      actor: 'worker-7',
      decision: 'Document usage in the README',
      why: 'The CLI had no documented invocation',
      evidence: fixed('README.md'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-04T10:10:00Z',
      phase: 'handover',
      ticket: '',
      actor: 'lead',
      decision: 'Hand over the docs pass',
      why: 'The one phase is landed and verified',
      evidence: (f) => short(f, 'docs'),
      result: 'verified',
    },
  },
];

const NO_AUDIT: readonly TrailLine[] = [
  {
    row: {
      ts: '2026-03-05T09:00:00Z',
      phase: 'start',
      ticket: '',
      actor: 'lead',
      decision: 'Open the trail for the ADR review',
      why: 'A new lead session writes a start row before any other row',
      evidence: (f) => f.commits.adr,
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-05T09:45:00Z',
      phase: 'design',
      ticket: '',
      actor: 'lead',
      decision: 'Keep ADR 0001 as the single record of the trail format',
      why: 'A second document would drift from the first',
      evidence: fixed('docs/adr/0001-append-only-trail.md'),
      result: 'verified',
    },
  },
  {
    row: {
      ts: '2026-03-05T10:30:00Z',
      phase: 'handover',
      ticket: '',
      actor: 'lead',
      decision: 'Hand over the ADR review',
      why: 'Nothing changed; the review confirmed the ADR',
      evidence: (f) => short(f, 'adr'),
      result: 'verified',
    },
  },
];

// --- pstack trail -----------------------------------------------------------

/**
 * A pstack trail (spec input.md §2): header `ts phase decision why evidence
 * result`, no id/actor/ticket/supersedes, free-text results, two rows out of
 * `ts` order, and one cell behind a spreadsheet-formula guard (`'`).
 */
function pstackTrail(f: RepoFacts): string {
  const rows: string[][] = [
    ['ts', 'phase', 'decision', 'why', 'evidence', 'result'],
    ['2026-03-02T09:10:00Z', 'frame', 'port the trail parser into the app as one change', 'the parser, its tests and the CLI form one connected feature', 'https://github.com/example/app/pull/7', 'open'],
    ['2026-03-02T09:25:00Z', 'design', 'picked candidate 1 for the parser shape', 'it keeps the size check ahead of JSON parsing', '/tmp/arena/candidate-1/design.md', 'chosen'],
    ['2026-03-02T10:20:00Z', 'parser', 'rejected rows of 4 KiB or more instead of truncating', 'a truncated row would still parse and hide the loss', 'src/parser.ts:10-20', 'implemented'],
    ['2026-03-02T11:20:00Z', 'tests', 'covered the size cap with a unit test', 'the cap is the rule a writer breaks silently', 'tests/parser.test.ts > rejects rows over 4 KiB', '14 tests passed'],
    ['2026-03-02T10:50:00Z', 'baseline', 'confirmed the existing suite passes before the port', 'capture a clean baseline before changing the parser', 'npm test', '12 tests passed'],
    ['2026-03-02T13:10:00Z', 'cli', 'added the CLI entry that counts rows', 'a quick check for the human without code', short(f, 'cli'), 'builds'],
    ['2026-03-02T14:15:00Z', 'fix', 'numbered trail lines from 1', 'errors pointed one line above the bad row', `commit ${short(f, 'fix')}; npm run build`, 'fixed'],
    ['2026-03-02T12:40:00Z', 'review', 'kept the formula guard on exported cells', "'=SUM(A1:A3) looked like a formula in the exported sheet", 'docs/adr/0001-append-only-trail.md', 'open'],
  ];
  for (const r of rows) {
    if (r.some((cell) => /[\t\n\r]/.test(cell))) throw new Error('TSV cell holds a tab or newline');
  }
  return rows.map((r) => r.join('\t')).join('\n') + '\n';
}

// ---------------------------------------------------------------------------
// Projects and audits (seed team-decision-trail.md, Part 2, Result file)
// ---------------------------------------------------------------------------

interface Audit {
  version: 1;
  at: string;
  status: 'ran' | 'not-run' | 'failed';
  reason: string;
  reviewer: string;
  flags: { severity: 'high' | 'medium' | 'low'; rows: string[]; kind: string; summary: string; evidence: string }[];
}

interface Project {
  /** Folder, relative to the corpus root. */
  dir: string;
  title: string;
  /** What the project demonstrates (README). */
  shows: string;
  trail: { file: 'decisions.jsonl'; lines: readonly TrailLine[] } | { file: 'decisions.tsv'; text: (f: RepoFacts) => string };
  audit?: (f: RepoFacts) => Audit;
  /** The handover report, `handover.md` (spec/archive.md recap item 5), as markdown. */
  handover?: (f: RepoFacts) => string;
}

const REVIEWER = 'codex-x / gpt-y';

const PROJECTS: readonly Project[] = [
  {
    dir: 'tickets/clean',
    title: 'Clean trail',
    shows: 'every evidence kind resolves, one row superseded (hidden), audit ran with no flags, a handover report',
    trail: { file: 'decisions.jsonl', lines: CLEAN },
    audit: () => ({ version: 1, at: '2026-03-02T18:00:00Z', status: 'ran', reason: '', reviewer: REVIEWER, flags: [] }),
    handover: () =>
      [
        '# Handover: example-app parser',
        '',
        'Phase 1 landed. The trail parser reads append-only JSONL and caps each row at 4096 bytes.',
        '',
        '## What to look at',
        '',
        '- The row cap is enforced when a row is written, not when it is read.',
        '- Run `npm test` before the next phase; see the [format notes](https://example.org/trail-format).',
        '',
        '## Not done',
        '',
        '1. Streaming reads for trails over 100 MB.',
        '',
        'A report may hold raw HTML such as <script>alert("handover")</script>: Trailbook drops it and never runs it.',
        '',
      ].join('\n'),
  },
  {
    dir: 'tickets/faults',
    title: 'Planted faults',
    shows: 'one row per planted fault (see below), audit ran with two layer-2 flags',
    trail: { file: 'decisions.jsonl', lines: FAULTS },
    audit: (f) => ({
      version: 1,
      at: '2026-03-02T18:00:00Z',
      status: 'ran',
      reason: '',
      reviewer: REVIEWER,
      flags: [
        {
          severity: 'high',
          rows: [specId(FAULT_A_ROW)],
          kind: 'unsupported-claim',
          summary: 'The hotfix row cites a commit nobody can find',
          evidence: f.fakeSha,
        },
        { severity: 'low', rows: [], kind: 'gap', summary: 'No handover row', evidence: 'decisions.jsonl' },
      ],
    }),
  },
  {
    dir: 'tickets/not-run',
    title: 'Audit not run',
    shows: 'clean trail; audit `not-run` (no other family installed): "not reviewed", never clean',
    trail: { file: 'decisions.jsonl', lines: NOT_RUN },
    audit: () => ({
      version: 1,
      at: '2026-03-03T11:00:00Z',
      status: 'not-run',
      reason: 'no other family installed',
      reviewer: '',
      flags: [],
    }),
  },
  {
    dir: 'tickets/failed',
    title: 'Audit failed',
    shows: 'clean trail; audit `failed` (reviewer error): "not reviewed", never clean',
    trail: { file: 'decisions.jsonl', lines: FAILED },
    audit: () => ({
      version: 1,
      at: '2026-03-04T11:00:00Z',
      status: 'failed',
      reason: 'reviewer error: invalid JSON output',
      reviewer: REVIEWER,
      flags: [],
    }),
  },
  {
    dir: 'tickets/no-audit',
    title: 'No audit',
    shows: 'clean trail and no `audit.json`: the audit was never invoked',
    trail: { file: 'decisions.jsonl', lines: NO_AUDIT },
  },
  {
    dir: 'pstack-app',
    title: 'pstack app',
    shows: 'pstack TSV trail: free-text results, commands, test names, URL, `/tmp` path, two rows out of `ts` order, a `\'` formula guard',
    trail: { file: 'decisions.tsv', text: pstackTrail },
  },
];

/** Serialises JSON with two-space indent and a final newline. */
function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

// ---------------------------------------------------------------------------
// README
// ---------------------------------------------------------------------------

/** Formats git seconds as `YYYY-MM-DD HH:MM UTC`. */
function utc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

/** Escapes a Markdown table cell. */
function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** Builds the corpus README from the same data as the files. */
function renderReadme(f: RepoFacts): string {
  const out: string[] = [
    '# Example corpus',
    '',
    'Generated by `node scripts/make-example-corpus.ts`: do not edit by hand. The script',
    'rewrites `repos/`, `tickets/`, `pstack-app/` and this file, byte for byte the same on every run.',
    '',
    '## Repository: `repos/example.git`',
    '',
    'A bare repository (loose objects only). Branch `main`, HEAD → `main`.',
    '',
    '| commit | author | date | message |',
    '|---|---|---|---|',
  ];
  HISTORY.forEach((spec, i) => {
    const subject = spec.message.split('\n')[0] ?? '';
    out.push(`| \`${short(f, spec.key)}\` | ${spec.author.name} | ${utc(FIRST_COMMIT_SECONDS + i * HOUR)} | ${cell(subject)} |`);
  });
  out.push(
    '',
    `Annotated tag \`${TAG.name}\` (tag object \`${f.tagOid.slice(0, SHORT)}\`) points at \`${short(f, TAG.on)}\`.`,
    '',
    `Two commits on no branch share the short SHA \`${f.ambiguousPrefix}\`, so it is ambiguous:`,
    ...f.probes.map((p) => `- \`${p.oid}\` "Ambiguity probe ${p.n}"`),
    '',
    '## Projects',
    '',
    'Each project folder has a `trailbook.json` whose `repo` points at `repos/example.git`.',
    '',
    '| project | trail | lines | audit | shows |',
    '|---|---|---|---|---|',
  );
  for (const p of PROJECTS) {
    const count = 'lines' in p.trail ? p.trail.lines.length : p.trail.text(f).split('\n').length - 2;
    const audit = p.audit ? `\`${p.audit(f).status}\`` : 'none';
    out.push(`| \`${p.dir}\` | \`${p.trail.file}\` | ${count} | ${audit} | ${cell(p.shows)} |`);
  }
  out.push(
    '',
    'For `pstack-app` the line count excludes the header.',
    '',
    '## Planted faults in `tickets/faults/decisions.jsonl`',
    '',
    'Every other row, and every other part of a faulty row, is valid.',
    '',
    '| fault | line | row id | expected flag | what |',
    '|---|---|---|---|---|',
  );
  for (const p of PLANTED) {
    const id = p.rowId ? `\`${p.rowId}\`` : '—';
    out.push(`| ${p.fault} | ${p.line} | ${id} | \`${p.kind}\` | ${cell(p.what)} |`);
  }
  const audit = PROJECTS.find((p) => p.dir === 'tickets/faults')?.audit?.(f);
  out.push('', 'Layer-2 flags in `tickets/faults/audit.json` (reviewer `' + REVIEWER + '`):', '');
  for (const flag of audit?.flags ?? []) {
    const rows = flag.rows.length ? flag.rows.map((r) => `\`${r}\``).join(', ') : 'no row';
    out.push(`- ${flag.severity} \`${flag.kind}\` on ${rows}: ${flag.summary} (evidence \`${flag.evidence}\`)`);
  }
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

/** Lists the files under `dir` (relative, `/`-separated), sorted. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Writes a file, creating its directory. */
async function put(outDir: string, rel: string, content: string): Promise<void> {
  const file = path.join(outDir, ...rel.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * (Re)creates the example corpus in `outDir`: deletes the entries this script
 * owns ({@link OWNED_ENTRIES}), then writes the repository, the projects and
 * the README. Deterministic: the same call writes byte-identical files.
 *
 * @param outDir - Corpus root, e.g. `content/`. Created when missing.
 * @returns The number of files written, the SHA of each commit (and of the
 *   tag object and the probe commits), and the ambiguous 7-hex prefix.
 */
export async function makeExampleCorpus(
  outDir: string,
): Promise<{ files: number; commits: Record<string, string>; ambiguousPrefix: string }> {
  await mkdir(outDir, { recursive: true });
  for (const entry of OWNED_ENTRIES) await rm(path.join(outDir, entry), { recursive: true, force: true });

  const facts = await writeExampleRepo(outDir);

  for (const p of PROJECTS) {
    const repo = path.posix.relative(p.dir, REPO_REL);
    await put(outDir, `${p.dir}/trailbook.json`, json({ title: p.title, repo }));
    const text = 'lines' in p.trail ? renderTrail(p.trail.lines, facts) : p.trail.text(facts);
    if ('lines' in p.trail) checkRowSizes(p.dir, text);
    await put(outDir, `${p.dir}/${p.trail.file}`, text);
    if (p.audit) await put(outDir, `${p.dir}/audit.json`, json(p.audit(facts)));
    if (p.handover) await put(outDir, `${p.dir}/handover.md`, p.handover(facts));
  }
  await writeQualityProjects(outDir, facts, REPO_REL); // design arena, verdicts, findings, loops (issue 3)
  await writeCoordinationProjects(outDir); // coord.v1 streams and babysit history (issue 4)
  await put(outDir, 'README.md', renderReadme(facts) + qualityReadme());

  let files = 0;
  for (const entry of OWNED_ENTRIES) {
    const abs = path.join(outDir, entry);
    files += entry.endsWith('.md') ? 1 : (await listFiles(abs)).length;
  }

  const commits: Record<string, string> = { ...facts.commits, [`tag:${TAG.name}`]: facts.tagOid };
  for (const probe of facts.probes) commits[`probe:${probe.n}`] = probe.oid;
  return { files, commits, ambiguousPrefix: facts.ambiguousPrefix };
}

/** Parses `--out DIR` (or `--out=DIR`); defaults to `content/` in the repo root. */
function parseArgs(argv: string[]): string {
  let out = DEFAULT_OUT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--out') {
      const value = argv[++i];
      if (!value) throw new Error('--out needs a directory');
      out = path.resolve(value);
    } else if (arg.startsWith('--out=')) {
      out = path.resolve(arg.slice('--out='.length));
    } else {
      throw new Error(`unknown argument: ${arg} (usage: make-example-corpus.ts [--out DIR])`);
    }
  }
  return out;
}

const isMain = import.meta.main ?? process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const outDir = parseArgs(process.argv.slice(2));
  const result = await makeExampleCorpus(outDir);
  console.log(`wrote ${result.files} files to ${outDir}`);
  console.log(`ambiguous prefix: ${result.ambiguousPrefix}`);
  for (const [name, oid] of Object.entries(result.commits)) console.log(`${name.padEnd(12)} ${oid}`);
}
