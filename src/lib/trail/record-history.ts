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
 * A merge on that line that changed the file has its other parents' lines followed too, back
 * to a version the first-parent line holds (issue 26, item 8): a row rewritten on a merged
 * branch stays a rewrite, named by the branch commit that made it, and the rows a merge puts
 * side by side are not insertions. Only a file inside the repository's work tree can be committed there; a
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
  /**
   * A pstack trail whose header changed: each row of the last version first committed under a
   * header of another width, with that header's number of columns (issue 26, scope 4: a row is
   * read by the header in force when it was written).
   */
  rowHeaders?: Array<{ line: number; columns: number }>;
  /** Set when the history could not be read in full (the changes found so far are kept). */
  problem?: string;
  /**
   * The commit (full SHA) that first recorded each line of the file as read (index = line - 1),
   * null for a line only the uncommitted work tree holds (issue 26, item 1: a row's `path:line`
   * is shown as the row saw it). Absent when the history could not be read in full.
   */
  recordedIn?: Array<string | null>;
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
    // Any header is the header: one that grew a column is the same line changed, never a row deleted and another inserted.
    if ((header !== undefined && line === header) || readHeader(line) !== null) return 'header';
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
  readonly #commits: Array<{ oid: string; subject: string; parents: string[] }> = [];
  #next: string | undefined;
  #problem: string | undefined;
  #reading: Promise<void> = Promise.resolve();

  constructor(repository: GitRepository, head: string) {
    this.#repository = repository;
    this.#next = head;
  }

  /** Commits `from` … `from + count - 1` of the line (fewer where it ends), and why it ended early. */
  async slice(from: number, count: number): Promise<{ commits: ReadonlyArray<{ oid: string; subject: string; parents: readonly string[] }>; problem?: string }> {
    this.#reading = this.#reading.then(async () => {
      while (this.#commits.length < from + count && this.#next !== undefined && this.#problem === undefined) {
        const commit = await this.#repository.commit(this.#next);
        if ('problem' in commit) {
          this.#problem = commit.problem;
          break;
        }
        this.#commits.push({ oid: this.#next, subject: subjectOf(commit.message), parents: commit.parents });
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

/** A version of a record file: its blob, with the oldest commit of the run of commits holding it. */
interface Version {
  commit: CommitRef;
  blob: string;
}

/** A merge on the first-parent line that changed the file: its other parents brought the change (issue 26, item 8). */
interface MergeIn {
  merge: CommitRef;
  others: readonly string[];
}

/**
 * The versions of `path` along the first-parent line from `head`, oldest first: each distinct
 * blob with the oldest commit of its run. Stops where the path does not exist, or (`stopAt`)
 * at the first version a blob of which is in that set (kept). The line is shared by every
 * record of the repository; trees are looked up a batch at a time. `merges`: the merge
 * commits of the line whose version differs from their first parent's (or whose first parent
 * lacks the path), newest first.
 */
async function committedVersions(repository: GitRepository, head: string, startPath: string, limit = MAX_HISTORY_COMMITS, stopAt?: ReadonlySet<string>): Promise<{ versions: Version[]; merges: MergeIn[]; problem?: string }> {
  const newestFirst: Version[] = [];
  const merges: MergeIn[] = [];
  const line = firstParents(repository, head);
  let path = startPath;
  let renames = 0;
  // The newer commit last looked at, when it is a merge: its version is compared with its first parent's.
  let newer: { commit: CommitRef; blob: string; others: readonly string[] } | null = null;
  const done = (problem?: string): { versions: Version[]; merges: MergeIn[]; problem?: string } => ({ versions: newestFirst.reverse(), merges, ...(problem !== undefined ? { problem } : {}) });
  for (let from = 0; ; from += LOOKUP_BATCH) {
    if (from >= limit) return done(limit === MAX_HISTORY_COMMITS ? `history longer than ${MAX_HISTORY_COMMITS} commits; older versions not read` : undefined);
    const { commits, problem } = await line.slice(from, LOOKUP_BATCH);
    let found = await Promise.all(commits.map((c) => repository.lookupPath(c.oid, path)));
    for (let i = 0; i < found.length; i++) {
      let f = found[i] as (typeof found)[number];
      if (f.status === 'error') return done(f.problem);
      // Moved (`git mv`) by the commit after this one: the history goes on at the path it came from
      // (trust14: a trail moved since was first seen at the move, so its rows' lines were read there).
      const oldest = newestFirst[newestFirst.length - 1];
      if (f.status !== 'blob' && oldest && renames < MAX_RENAMES) {
        const before = await movedFrom(repository, (commits[i] as { oid: string }).oid, oldest.commit.oid, oldest.blob, path.slice(path.lastIndexOf('/') + 1));
        if (before !== null) {
          renames++;
          path = before;
          found = [...found.slice(0, i), ...(await Promise.all(commits.slice(i).map((c) => repository.lookupPath(c.oid, path))))];
          f = found[i] as (typeof found)[number];
          if (f.status === 'error') return done(f.problem);
        }
      }
      const blob = f.status === 'blob' && f.mode !== '120000' ? f.oid : null;
      if (newer !== null && newer.blob !== blob) merges.push({ merge: newer.commit, others: newer.others });
      if (blob === null) return done();
      const c = commits[i] as { oid: string; subject: string; parents: readonly string[] };
      const ref: CommitRef = { oid: c.oid, subject: c.subject };
      newer = c.parents.length > 1 ? { commit: ref, blob, others: c.parents.slice(1) } : null;
      const last = newestFirst[newestFirst.length - 1];
      // The same blob further back: the version is older than thought.
      if (last && last.blob === blob) last.commit = ref;
      else newestFirst.push({ commit: ref, blob });
      if (stopAt?.has(blob)) return done();
    }
    if (problem !== undefined) return done(problem);
    if (commits.length < LOOKUP_BATCH) return done();
  }
}

/** Moves of one record file followed back at most. */
const MAX_RENAMES = 16;

/** Entries of changed folders compared at most to find where a moved record file came from. */
const MAX_MOVE_ENTRIES = 20_000;

/**
 * The one path of `parent`'s tree that is gone from `child`'s (its child on the first-parent
 * line) and held `blob`, the file's text in `child`: where the file was moved from, as git's
 * exact rename detection finds it. Else the one such path of the same file name whose text
 * `blob`'s starts with: a trail moved and appended to in one commit. Only folders that differ
 * between the two trees are read. Null when there is no such path, or more than one, or a tree
 * cannot be read.
 */
async function movedFrom(repository: GitRepository, parent: string, child: string, blob: string, name: string): Promise<string | null> {
  const [a, b] = [await repository.commit(parent), await repository.commit(child)];
  if ('problem' in a || 'problem' in b) return null;
  const found: string[] = [];
  const named: Array<{ path: string; oid: string }> = [];
  let read = 0;
  const walk = async (before: string, after: string | null, prefix: string): Promise<boolean> => {
    const old = await repository.tree(before);
    const now = after === null ? [] : await repository.tree(after);
    if ('problem' in old || 'problem' in now) return false;
    read += old.length + now.length;
    if (read > MAX_MOVE_ENTRIES) return false;
    const byName = new Map(now.map((e) => [e.name, e]));
    for (const e of old) {
      const there = byName.get(e.name);
      if (there?.oid === e.oid) continue;
      if (e.type === 'tree') {
        if (!(await walk(e.oid, there?.type === 'tree' ? there.oid : null, `${prefix}${e.name}/`))) return false;
      } else if (e.type === 'blob' && e.mode !== '120000' && there === undefined) {
        if (e.oid === blob) found.push(`${prefix}${e.name}`);
        else if (e.name === name) named.push({ path: `${prefix}${e.name}`, oid: e.oid });
      }
    }
    return true;
  };
  if (!(await walk(a.tree, b.tree, ''))) return null;
  if (found.length > 0) return found.length === 1 ? (found[0] as string) : null;
  if (named.length !== 1) return null;
  const [then, now] = [await repository.blobText((named[0] as { oid: string }).oid), await repository.blobText(blob)];
  return then.status === 'text' && now.status === 'text' && then.text !== '' && now.text.startsWith(then.text) ? (named[0] as { path: string }).path : null;
}

/** Commits walked back along a merged branch at most, to where it left the first-parent line's versions. */
export const MAX_BRANCH_COMMITS = 1000;

/** Merged branches followed per file at most. */
const MAX_BRANCHES = 64;

/** Git's blob id of `bytes`. */
const blobOid = (bytes: Uint8Array): string => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

/**
 * Whether every committed version is, byte for byte, a prefix of `current` ending at a line
 * break, each no shorter than the one before: the honest, append-only case, told from the
 * versions' sizes and ids alone (a prefix of the current text hashed as a blob must give the
 * version's id), so no version is read. False whenever that cannot be shown.
 */
async function onlyAppended(repository: GitRepository, versions: ReadonlyArray<{ blob: string }>, current: Uint8Array): Promise<number[] | null> {
  const index = await repository.objectIndex();
  // The sizes are read side by side: each is a small read of its own.
  const sizes = await Promise.all(versions.map((v) => objectSize(index, repository.files, v.blob).catch(() => null)));
  let last = 0;
  for (const [i, v] of versions.entries()) {
    const size = sizes[i] ?? null;
    if (size === null || size < last || size > current.length) return null;
    if (size > 0 && size < current.length && current[size - 1] !== 0x0a) return null;
    if (blobOid(current.subarray(0, size)) !== v.blob) return null;
    last = size;
  }
  return sizes as number[];
}

/**
 * The commit that first recorded each line of `current` when every version is a prefix of it
 * (`sizes[i]`: bytes of version i, oldest first): a line belongs to the first version long
 * enough to hold its first byte; null past the last version (the uncommitted work tree).
 */
function appendedLineCommits(current: Uint8Array, versions: ReadonlyArray<{ commit: CommitRef }>, sizes: readonly number[]): Array<string | null> {
  const out: Array<string | null> = [];
  let v = 0;
  let start = current[0] === 0xef && current[1] === 0xbb && current[2] === 0xbf ? 3 : 0;
  while (start < current.length) {
    while (v < sizes.length && (sizes[v] as number) <= start) v++;
    out.push(v < versions.length ? (versions[v] as { commit: CommitRef }).commit.oid : null);
    const end = current.indexOf(0x0a, start);
    if (end === -1) break;
    start = end + 1;
  }
  return out;
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
  const { versions, merges, problem } = await committedVersions(repository, head, path);
  const current = await within.readFile(file.path).catch(() => null);
  // Each merged branch that changed the file is followed too (issue 26, item 8): a row rewritten
  // on a branch stays a rewrite once the branch is merged.
  const branches: Version[][] = [];
  for (const m of merges) {
    // The merge starts a version of its own on the first-parent line; the branch is walked back to a version older than it.
    const fromMerge = versions.findIndex((v) => v.commit.oid === m.merge.oid);
    if (fromMerge === -1) continue;
    const before = new Set(versions.slice(0, fromMerge).map((v) => v.blob));
    for (const other of m.others) {
      if (branches.length >= MAX_BRANCHES) break;
      const side = await committedVersions(repository, other, path, MAX_BRANCH_COMMITS, before);
      if (side.versions.length === 0) continue;
      // The branch's versions, then the first-parent line's from the merge on.
      branches.push([...side.versions, ...versions.slice(fromMerge)]);
    }
  }
  const first = versions[0];
  if (!first && branches.length === 0) return problem ? { file: file.rel, rule, versions: 0, changes: [], problem } : null;
  const sizes = first && current !== null && problem === undefined ? await onlyAppended(repository, versions, current) : null;
  // A branch whose every version is a prefix of the file as it is now only appended: nothing to follow.
  const appended = async (chain: readonly Version[]): Promise<boolean> => current !== null && (await onlyAppended(repository, chain, current)) !== null;
  const followedBranches: Version[][] = [];
  for (const chain of branches) if (!(await appended(chain))) followedBranches.push(chain);
  if (current !== null && sizes !== null && followedBranches.length === 0) {
    const head = versions[versions.length - 1] as { blob: string };
    return { file: file.rel, rule, versions: versions.length + (blobOid(current) === head.blob ? 0 : 1), changes: [], recordedIn: appendedLineCommits(current, versions, sizes) };
  }
  const followed = first ? await followVersions(repository, file, rule, versions, current) : null;
  if (followed !== null && !followed.history) return { file: file.rel, rule, versions: 0, changes: [], problem: followed.problem };
  const main = followed;
  let changes: LineChange[] = main ? main.changes : [];
  let recordedIn: Array<string | null> | undefined = main ? main.recordedIn : undefined;
  let trouble = problem ?? main?.trouble;
  const keys = new Set(changes.map(changeKey));
  const merged = new Set(merges.map((m) => m.merge.oid));
  for (const chain of followedBranches) {
    const side = await followVersions(repository, file, rule, chain, current);
    if (!side.history) {
      trouble ??= side.problem;
      continue;
    }
    trouble ??= side.trouble;
    // A merge that puts the two lines' rows together is not an insertion: only what the branch itself did counts.
    for (const c of side.changes) {
      if (c.type === 'inserted' && c.insertedIn !== null && merged.has(c.insertedIn.oid)) continue;
      const key = changeKey(c);
      if (keys.has(key)) {
        // Found on the first-parent line at the merge: the branch names the commit that made it.
        changes = changes.map((old) => (changeKey(old) === key && byMerge(old, merged) && !byMerge(c, merged) ? c : old));
        continue;
      }
      keys.add(key);
      changes = [...changes, c];
    }
    // A line the first-parent line first sees at the merge was recorded on the branch.
    if (side.recordedIn !== undefined) recordedIn = recordedIn === undefined ? side.recordedIn : recordedIn.map((oid, i) => (oid !== null && merged.has(oid) ? (side.recordedIn?.[i] ?? oid) : oid));
  }
  changes = changes.map((c, i) => ({ c, i, at: c.type === 'deleted' ? (c.before ?? Number.MAX_SAFE_INTEGER) : c.line })).sort((a, b) => a.at - b.at || a.i - b.i).map((x) => x.c);
  const read = (main ? main.read : 0) + branches.reduce((n, b) => n + b.length, 0);
  const rowHeaders = main?.rowHeaders;
  return { file: file.rel, rule, versions: read, changes, ...(rowHeaders ? { rowHeaders } : {}), ...(trouble ? { problem: trouble } : {}), ...(recordedIn && trouble === undefined ? { recordedIn } : {}) };
}

/** Whether a change is attributed to one of the `merged` merge commits. */
function byMerge(c: LineChange, merged: ReadonlySet<string>): boolean {
  const by = c.type === 'rewritten' ? c.changedIn : c.type === 'deleted' ? c.deletedIn : c.insertedIn;
  return by !== null && merged.has(by.oid);
}

/** What a change is, whichever line of history found it: the same change found on two lines is reported once. */
const changeKey = (c: LineChange): string => (c.type === 'deleted' ? `deleted:${c.before ?? ''}:${c.earlier}` : `${c.type}:${c.line}`);

/** One line of versions followed to the work tree's text: what changed, and which commit recorded each line. */
type Followed = { history: true; changes: LineChange[]; recordedIn?: Array<string | null>; rowHeaders?: Array<{ line: number; columns: number }>; read: number; trouble?: string } | { history: false; problem: string };

async function followVersions(repository: GitRepository, file: DiscoveredFile, rule: HistoryRule, versions: readonly Version[], current: Uint8Array | null): Promise<Followed> {
  const first = versions[0] as Version;
  const firstLines = await blobLines(repository, first.blob);
  if ('problem' in firstLines) return { history: false, problem: firstLines.problem };
  // The width of each version's header, by the commit that introduced the version.
  const widths = new Map<string | null, number>();
  const noteWidth = (commit: CommitRef | null, lines: readonly string[]): void => {
    if (file.format === 'pstack-trail' && lines[0] !== undefined && readHeader(lines[0]) !== null) widths.set(commit?.oid ?? null, lines[0].split('\t').length);
  };
  noteWidth(first.commit, firstLines);
  const keyOf = (lines: readonly string[]): RowKey => (file.format === 'bbs-trail' ? bbsKey : file.format === 'pstack-trail' ? pstackKey(lines[0]) : () => null);
  const history = new LineHistory({ commit: first.commit, lines: firstLines }, { key: keyOf(firstLines), appendOnly: rule === 'append-only' });
  let read = 1;
  let trouble: string | undefined;
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
    noteWidth(v.commit, lines);
    headLines = lines;
    read++;
  }
  // Uncommitted changes against HEAD count too: the work tree is the last version.
  if (current !== null && !broken) {
    const lines = splitRecordLines(new TextDecoder('utf-8').decode(current));
    if (headLines.length !== lines.length || headLines.some((l, i) => l !== lines[i])) {
      history.next({ commit: null, lines }, keyOf(lines));
      noteWidth(null, lines);
      headLines = lines;
      read++;
    }
  }
  const header = file.format === 'pstack-trail' ? headLines[0] : undefined;
  const isHeader = (text: string | undefined): boolean => file.format === 'pstack-trail' && text !== undefined && readHeader(text) !== null;
  const changes = history
    .changes()
    // A header that changed (a column added) is no row of the trail: never a rewrite, deletion or insertion (issue 26, scope 4).
    .filter((c) => !(c.type === 'deleted' ? isHeader(c.earlier) : isHeader(headLines[c.line - 1]) && (c.type === 'inserted' || isHeader(c.earlier))))
    .map((c) => {
      if (c.type !== 'deleted') return c;
      const id = rowIdOf(file.format, c.earlier, header);
      return id === null ? c : { ...c, rowId: id };
    });
  const rowHeaders = headerWidths(history.committedIns(), widths, header);
  // Which commit recorded each line, when the versions were read to the work tree's text.
  const recordedIn = current !== null && !broken ? history.committedIns().map((c) => c?.oid ?? null) : undefined;
  return { history: true, changes, read, ...(trouble ? { trouble } : {}), ...(recordedIn ? { recordedIn } : {}), ...(rowHeaders.length > 0 ? { rowHeaders } : {}) };
}

/** The rows first committed under a header of another width than the last version's, with that width. */
function headerWidths(origins: ReadonlyArray<CommitRef | null>, widths: ReadonlyMap<string | null, number>, header: string | undefined): Array<{ line: number; columns: number }> {
  if (header === undefined || widths.size < 2) return [];
  const now = header.split('\t').length;
  const out: Array<{ line: number; columns: number }> = [];
  origins.forEach((commit, i) => {
    const columns = widths.get(commit?.oid ?? null);
    if (i > 0 && columns !== undefined && columns !== now) out.push({ line: i + 1, columns });
  });
  return out;
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
