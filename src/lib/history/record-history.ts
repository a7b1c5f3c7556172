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
import { relative, sep } from 'node:path';
import git from 'isomorphic-git';
import type { DiscoveredFile } from '../discover/discover.ts';
import type { GitRepository } from '../git/repository.ts';
import { readRegularFile, regularFileSystem } from '../git/regular-files.ts';
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

/** A blob's text, read without the repository's memo (history reads many versions once each). */
async function blobLines(repository: GitRepository, oid: string): Promise<string[] | { problem: string }> {
  try {
    const { blob } = await git.readBlob({ fs: regularFileSystem, gitdir: repository.gitdir, oid, cache: repository.cache });
    if (blob.length > MAX_HISTORY_BLOB_BYTES) return { problem: `a version is larger than ${MAX_HISTORY_BLOB_BYTES} bytes` };
    return splitRecordLines(new TextDecoder('utf-8').decode(blob));
  } catch (error) {
    return { problem: `cannot read blob ${oid.slice(0, 12)}: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * The versions of `path` along the first-parent line from `head`, oldest first: each distinct
 * blob with the oldest commit of its run. Stops where the path does not exist.
 */
async function committedVersions(repository: GitRepository, head: string, path: string): Promise<{ versions: Array<{ commit: CommitRef; blob: string }>; problem?: string }> {
  const newestFirst: Array<{ commit: CommitRef; blob: string }> = [];
  let oid: string | undefined = head;
  for (let n = 0; oid !== undefined; n++) {
    if (n >= MAX_HISTORY_COMMITS) return { versions: newestFirst.reverse(), problem: `history longer than ${MAX_HISTORY_COMMITS} commits; older versions not read` };
    const found = await repository.lookupPath(oid, path);
    if (found.status === 'error') return { versions: newestFirst.reverse(), problem: found.problem };
    if (found.status !== 'blob' || found.mode === '120000') break;
    const commit = await repository.commit(oid);
    if ('problem' in commit) return { versions: newestFirst.reverse(), problem: commit.problem };
    const ref: CommitRef = { oid, subject: subjectOf(commit.message) };
    const last = newestFirst[newestFirst.length - 1];
    // The same blob further back: the version is older than thought.
    if (last && last.blob === found.oid) last.commit = ref;
    else newestFirst.push({ commit: ref, blob: found.oid });
    oid = commit.parents[0];
  }
  return { versions: newestFirst.reverse() };
}

/** The checkout's HEAD commit, or null. */
async function checkoutHead(repository: GitRepository): Promise<string | null> {
  const head = await repository.resolveCommit('HEAD');
  return 'oid' in head ? head.oid : null;
}

/** Reads the history of one record file; null when it has none (never committed, or not in the work tree). */
export async function readRecordHistory(repository: GitRepository, workTree: string, head: string, file: DiscoveredFile): Promise<RecordHistory | null> {
  const rule = historyRule(file);
  if (rule === null || file.refused !== undefined) return null;
  const inTree = relative(workTree, file.path);
  if (inTree === '' || inTree.startsWith('..') || inTree.split(sep).includes('.git')) return null;
  const path = inTree.split(sep).join('/');
  const { versions, problem } = await committedVersions(repository, head, path);
  const first = versions[0];
  if (!first) return problem ? { file: file.rel, rule, versions: 0, changes: [], problem } : null;
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
  const working = await readRegularFile(file.path, 'utf8').catch(() => null);
  if (working !== null && !broken) {
    const lines = splitRecordLines(working);
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
export async function readRecordHistories(files: readonly DiscoveredFile[], repository: GitRepository | null, workTree: string | null): Promise<RecordHistory[]> {
  if (repository === null || workTree === null) return [];
  const candidates = files.filter((f) => historyRule(f) !== null && f.refused === undefined && relative(workTree, f.path).split(sep)[0] !== '..');
  if (candidates.length === 0) return [];
  const head = await checkoutHead(repository);
  if (head === null) return [];
  const out: RecordHistory[] = [];
  for (const file of candidates) {
    const history = await readRecordHistory(repository, workTree, head, file);
    if (history) out.push(history);
  }
  return out;
}
