/**
 * The trail's own git history (decision trail, Part 1, "Append-only"; issue 15): when a record
 * file of a project is committed in its canonical repository, its versions are read along
 * the first-parent history of the checkout's HEAD, with the work tree's uncommitted text as
 * the last version, and followed line by line (`line-history.ts`).
 *
 * - Trails (`decisions.jsonl`, pstack TSV) are append-only: a row rewritten, deleted or
 *   inserted above older rows is reported.
 * - `audit.json`, verdict files and `design/selection.md` are documents: only committed lines
 *   changed or removed afterwards are reported (documents may grow anywhere).
 *
 * A change on a merged branch is named by the merge commit that brought it onto the first-
 * parent line. Only a file inside the repository's work tree can be committed there; a
 * project elsewhere, a bare repository or an untracked file has no history and raises nothing.
 * Never throws: a history that cannot be read is reported as `problem`.
 */
import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import git from 'isomorphic-git';
import type { DiscoveredFile } from '../model/discovered.ts';
import type { GitRepository } from '../git/repository.ts';
import { objectSize } from '../git/object-size.ts';
import { confinedGitFs } from '../git/git-directory.ts';
import type { Confinement } from '../fs/confined.ts';
import { parseJsonLine } from '../adapters/bbs-trail.ts';
import { readHeader, unguardCell } from '../adapters/pstack-trail.ts';
import { computeRowId } from '../adapters/parsed-row.ts';
import { LineHistory, splitRecordLines, type CommitRef, type LineChange, type RowKey } from './line-history.ts';

/** How a record file is held to its history. */
export type HistoryRule = 'append-only' | 'document';

/** The history of one committed record file. */
export interface RecordHistory {
  /** Path relative to the project folder, `/`-separated. */
  file: string;
  rule: HistoryRule;
  /** Versions read: distinct committed texts, plus one when the work tree differs from HEAD. */
  versions: number;
  changes: LineChange[];
  /** Set when the history could not be read in full (the changes found so far are kept). */
  problem?: string;
}

/** Commits walked back per file at most; an older first version is not looked for. */
export const MAX_HISTORY_COMMITS = 10_000;

/** Blobs over this many bytes are not read (a trail's rows are under 4 KiB each). */
export const MAX_HISTORY_BLOB_BYTES = 16 * 1024 * 1024;

/** The rule a discovered record file is held to, or null when its history is not checked. */
export function historyRule(file: Pick<DiscoveredFile, 'format' | 'rel'>): HistoryRule | null {
  if (file.format === 'bbs-trail' || file.format === 'pstack-trail') return 'append-only';
  if (file.format === 'audit' || file.format === 'verdicts') return 'document';
  if (file.format === 'arena' && /(^|\/)selection\.md$/.test(file.rel)) return 'document';
  return null;
}

/** A bbs row's key: its `id`, else its time and ticket. */
const bbsKey: RowKey = (line) => {
  const parsed = parseJsonLine(line);
  if ('error' in parsed || typeof parsed.value !== 'object' || parsed.value === null) return null;
  const v = parsed.value as Record<string, unknown>;
  if (typeof v['id'] === 'string' && v['id'] !== '') return `id:${v['id']}`;
  return typeof v['ts'] === 'string' ? `ts:${v['ts']}|${typeof v['ticket'] === 'string' ? v['ticket'] : ''}` : null;
};

/** A pstack row's key under the header of its version: the `id` column, else time and ticket. */
function pstackKey(header: string | undefined): RowKey {
  const columns = (header !== undefined ? readHeader(header) : null) ?? new Map([['ts', 0]]);
  return (line) => {
    if (header !== undefined && line === header) return 'header';
    const cells = line.split('\t').map(unguardCell);
    const id = columns.has('id') ? cells[columns.get('id') as number] : undefined;
    if (id) return `id:${id}`;
    const ts = cells[columns.get('ts') as number];
    return ts ? `ts:${ts}|${columns.has('ticket') ? (cells[columns.get('ticket') as number] ?? '') : ''}` : null;
  };
}

/** The row id a line held, when it parses as a row (for naming a deleted row): a bbs `id`, a pstack computed id. */
export function rowIdOf(format: string, line: string, header?: string): string | null {
  if (format === 'bbs-trail') {
    const key = bbsKey(line);
    return key?.startsWith('id:') ? key.slice(3) : null;
  }
  if (format !== 'pstack-trail' || line === header) return null;
  const columns = (header !== undefined ? readHeader(header) : null) ?? new Map(['ts', 'phase', 'decision'].map((c, i) => [c, i]));
  const cells = line.split('\t').map(unguardCell);
  const cell = (name: string): string | undefined => (columns.has(name) ? cells[columns.get(name) as number] : undefined);
  const id = cell('id');
  if (id) return id;
  const ts = cell('ts');
  const decision = cell('decision');
  return ts && decision !== undefined ? computeRowId(ts, cell('ticket') ?? '', decision) : null;
}

const subjectOf = (message: string): string => (message.split('\n')[0] ?? '').trim();

/** The file system isomorphic-git reads a repository through: its git directories only. */
const gitFs = new WeakMap<GitRepository, ReturnType<typeof confinedGitFs>>();

/** A blob's text, read without the repository's memo (history reads many versions once each). */
async function blobLines(repository: GitRepository, oid: string): Promise<string[] | { problem: string }> {
  let fs = gitFs.get(repository);
  if (!fs) gitFs.set(repository, (fs = confinedGitFs(repository.files)));
  try {
    const { blob } = await git.readBlob({ fs, gitdir: repository.gitdir, oid, cache: repository.cache });
    if (blob.length > MAX_HISTORY_BLOB_BYTES) return { problem: `a version is larger than ${MAX_HISTORY_BLOB_BYTES} bytes` };
    return splitRecordLines(new TextDecoder('utf-8').decode(blob));
  } catch (error) {
    return { problem: `cannot read blob ${oid.slice(0, 12)}: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** The first-parent line from a head, oldest last, read once per repository and head as far as asked. */
class FirstParents {
  readonly #repository: GitRepository;
  readonly #commits: Array<{ oid: string; subject: string; parent: string | undefined }> = [];
  #next: string | undefined;
  #problem: string | undefined;
  #reading: Promise<void> = Promise.resolve();

  constructor(repository: GitRepository, head: string) {
    this.#repository = repository;
    this.#next = head;
  }

  /** Commits `from` … `from + count - 1` of the line (fewer where it ends), and why it ended early. */
  async slice(from: number, count: number): Promise<{ commits: ReadonlyArray<{ oid: string; subject: string }>; problem?: string }> {
    this.#reading = this.#reading.then(async () => {
      while (this.#commits.length < from + count && this.#next !== undefined && this.#problem === undefined) {
        const commit = await this.#repository.commit(this.#next);
        if ('problem' in commit) {
          this.#problem = commit.problem;
          break;
        }
        this.#commits.push({ oid: this.#next, subject: subjectOf(commit.message), parent: commit.parents[0] });
        this.#next = commit.parents[0];
      }
    });
    await this.#reading;
    const commits = this.#commits.slice(from, from + count);
    return this.#problem !== undefined && commits.length < count ? { commits, problem: this.#problem } : { commits };
  }
}

const lines = new WeakMap<GitRepository, Map<string, FirstParents>>();

function firstParents(repository: GitRepository, head: string): FirstParents {
  let byHead = lines.get(repository);
  if (!byHead) lines.set(repository, (byHead = new Map()));
  let line = byHead.get(head);
  if (!line) byHead.set(head, (line = new FirstParents(repository, head)));
  return line;
}

/** Commits whose trees are looked up side by side. */
const LOOKUP_BATCH = 32;

/**
 * The versions of `path` along the first-parent line from `head`, oldest first: each distinct
 * blob with the oldest commit of its run. Stops where the path does not exist. The line is
 * shared by every record of the repository; trees are looked up a batch at a time.
 */
async function committedVersions(repository: GitRepository, head: string, path: string): Promise<{ versions: Array<{ commit: CommitRef; blob: string }>; problem?: string }> {
  const newestFirst: Array<{ commit: CommitRef; blob: string }> = [];
  const line = firstParents(repository, head);
  for (let from = 0; ; from += LOOKUP_BATCH) {
    if (from >= MAX_HISTORY_COMMITS) return { versions: newestFirst.reverse(), problem: `history longer than ${MAX_HISTORY_COMMITS} commits; older versions not read` };
    const { commits, problem } = await line.slice(from, LOOKUP_BATCH);
    const found = await Promise.all(commits.map((c) => repository.lookupPath(c.oid, path)));
    for (const [i, f] of found.entries()) {
      if (f.status === 'error') return { versions: newestFirst.reverse(), problem: f.problem };
      if (f.status !== 'blob' || f.mode === '120000') return { versions: newestFirst.reverse() };
      const c = commits[i] as { oid: string; subject: string };
      const ref: CommitRef = { oid: c.oid, subject: c.subject };
      const last = newestFirst[newestFirst.length - 1];
      // The same blob further back: the version is older than thought.
      if (last && last.blob === f.oid) last.commit = ref;
      else newestFirst.push({ commit: ref, blob: f.oid });
    }
    if (problem !== undefined) return { versions: newestFirst.reverse(), problem };
    if (commits.length < LOOKUP_BATCH) return { versions: newestFirst.reverse() };
  }
}

/** Git's blob id of `bytes`. */
const blobOid = (bytes: Uint8Array): string => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

/**
 * Whether every committed version is, byte for byte, a prefix of `current` ending at a line
 * break, each no shorter than the one before: the honest, append-only case, told from the
 * versions' sizes and ids alone (a prefix of the current text hashed as a blob must give the
 * version's id), so no version is read. False whenever that cannot be shown.
 */
async function onlyAppended(repository: GitRepository, versions: ReadonlyArray<{ blob: string }>, current: Uint8Array): Promise<boolean> {
  const index = await repository.objectIndex();
  // The sizes are read side by side: each is a small read of its own.
  const sizes = await Promise.all(versions.map((v) => objectSize(index, repository.files, v.blob).catch(() => null)));
  let last = 0;
  for (const [i, v] of versions.entries()) {
    const size = sizes[i] ?? null;
    if (size === null || size < last || size > current.length) return false;
    if (size > 0 && size < current.length && current[size - 1] !== 0x0a) return false;
    if (blobOid(current.subarray(0, size)) !== v.blob) return false;
    last = size;
  }
  return true;
}

/** The checkout's HEAD commit, or null. */
async function checkoutHead(repository: GitRepository): Promise<string | null> {
  const head = await repository.resolveCommit('HEAD');
  return 'oid' in head ? head.oid : null;
}

/**
 * Reads the history of one record file; null when it has none (never committed, or not in the
 * work tree). The work tree's text is read through `within`, the project's input confinement.
 */
export async function readRecordHistory(repository: GitRepository, workTree: string, head: string, file: DiscoveredFile, within: Confinement): Promise<RecordHistory | null> {
  const rule = historyRule(file);
  if (rule === null || file.refused !== undefined) return null;
  const inTree = relative(workTree, file.path);
  if (inTree === '' || inTree.startsWith('..') || inTree.split(sep).includes('.git')) return null;
  const path = inTree.split(sep).join('/');
  const { versions, problem } = await committedVersions(repository, head, path);
  const first = versions[0];
  if (!first) return problem ? { file: file.rel, rule, versions: 0, changes: [], problem } : null;
  const current = await within.readFile(file.path).catch(() => null);
  if (current !== null && problem === undefined && (await onlyAppended(repository, versions, current))) {
    const head = versions[versions.length - 1] as { blob: string };
    return { file: file.rel, rule, versions: versions.length + (blobOid(current) === head.blob ? 0 : 1), changes: [] };
  }
  const firstLines = await blobLines(repository, first.blob);
  if ('problem' in firstLines) return { file: file.rel, rule, versions: 0, changes: [], problem: firstLines.problem };
  const keyOf = (lines: readonly string[]): RowKey => (file.format === 'bbs-trail' ? bbsKey : file.format === 'pstack-trail' ? pstackKey(lines[0]) : () => null);
  const history = new LineHistory({ commit: first.commit, lines: firstLines }, { key: keyOf(firstLines), appendOnly: rule === 'append-only' });
  let read = 1;
  let trouble = problem;
  let headLines: readonly string[] = firstLines;
  let broken = false;
  for (const v of versions.slice(1)) {
    const lines = await blobLines(repository, v.blob);
    if ('problem' in lines) {
      trouble = lines.problem;
      broken = true;
      break;
    }
    history.next({ commit: v.commit, lines }, keyOf(lines));
    headLines = lines;
    read++;
  }
  // Uncommitted changes against HEAD count too: the work tree is the last version.
  if (current !== null && !broken) {
    const lines = splitRecordLines(new TextDecoder('utf-8').decode(current));
    if (headLines.length !== lines.length || headLines.some((l, i) => l !== lines[i])) {
      history.next({ commit: null, lines }, keyOf(lines));
      read++;
    }
  }
  const header = file.format === 'pstack-trail' ? headLines[0] : undefined;
  const changes = history.changes().map((c) => {
    if (c.type !== 'deleted') return c;
    const id = rowIdOf(file.format, c.earlier, header);
    return id === null ? c : { ...c, rowId: id };
  });
  return { file: file.rel, rule, versions: read, changes, ...(trouble ? { problem: trouble } : {}) };
}

/**
 * The history of every committed record file of a project, in discovery order. Empty when the
 * project has no repository, a bare one, or lies outside its work tree.
 */
export async function readRecordHistories(files: readonly DiscoveredFile[], repository: GitRepository | null, workTree: string | null, within: Confinement): Promise<RecordHistory[]> {
  if (repository === null || workTree === null) return [];
  const candidates = files.filter((f) => historyRule(f) !== null && f.refused === undefined && relative(workTree, f.path).split(sep)[0] !== '..');
  if (candidates.length === 0) return [];
  const head = await checkoutHead(repository);
  if (head === null) return [];
  const out: RecordHistory[] = [];
  for (const file of candidates) {
    const history = await readRecordHistory(repository, workTree, head, file, within);
    if (history) out.push(history);
  }
  return out;
}
