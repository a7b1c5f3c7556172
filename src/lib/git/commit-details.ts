/**
 * What a commit page shows (spec/archive.md, Evidence pages: "message, author, date,
 * parents, changed files with a highlighted diff"): the commit and its changes against its
 * first parent, with unified diffs capped so one huge change cannot blow up a page.
 */
import { structuredPatch } from 'diff';
import type { GitPerson, GitRepository, TreeEntry } from './repository.ts';

/** Diff lines kept per file, and per commit. */
export const MAX_DIFF_LINES_PER_FILE = 400;
/**
 * Diff lines a commit page shows in all: the files past them are listed, counted and folded
 * ({@link FileChange.folded}), as a forge folds a large diff. 1,000 lines is about 60 KB of a
 * page; an initial import of a repository cited by every project was 3,000 lines and 330 KB
 * (issue 30, output size).
 */
export const MAX_DIFF_LINES_PER_COMMIT = 1000;
/** Edits a minimal diff of one file may need before it is shown as a whole-file replacement. */
export const MAX_EDIT_LENGTH = 2000;

/** A one-hunk patch that removes every old line and adds every new one. */
export function wholeFileReplacement(before: string, after: string): { hunks: Array<{ oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }> } {
  const split = (t: string): string[] => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));
  const old = split(before);
  const neu = split(after);
  return { hunks: [{ oldStart: 1, oldLines: old.length, newStart: 1, newLines: neu.length, lines: [...old.map((l) => `-${l}`), ...neu.map((l) => `+${l}`)] }] };
}

/** Changed files listed per commit. */
export const MAX_CHANGED_FILES = 300;

/** One changed file. `patch` is unified-diff text (hunks only), or null with `note` saying why. */
export interface FileChange {
  path: string;
  change: 'added' | 'deleted' | 'modified' | 'type-changed';
  patch: string | null;
  note: string | null;
  additions: number;
  deletions: number;
  /** True when the commit's diff budget ({@link MAX_DIFF_LINES_PER_COMMIT}) was spent before this file's diff: the page lists the file without its diff. */
  folded?: true;
}

/** A commit as its archive page shows it. */
export interface CommitDetails {
  oid: string;
  subject: string;
  message: string;
  author: GitPerson;
  committer: GitPerson;
  parents: string[];
  changes: FileChange[];
  /** Set when the change list or diffs were cut ("300 of 1,204 files shown"). */
  truncated: string | null;
  /** Set when the changes could not be computed (a parent beyond a shallow clone). */
  problem: string | null;
}

type Flat = Map<string, { oid: string; type: TreeEntry['type'] }>;

async function changedPaths(repo: GitRepository, a: string | null, b: string | null, prefix: string, out: Array<{ path: string; before: string | null; after: string | null; typeChange: boolean }>, limit: number): Promise<void> {
  if (out.length > limit) return;
  const list = async (oid: string | null): Promise<Flat> => {
    const map: Flat = new Map();
    if (oid === null) return map;
    const entries = await repo.tree(oid);
    if ('problem' in entries) throw new Error(entries.problem);
    for (const e of entries) map.set(e.name, { oid: e.oid, type: e.type });
    return map;
  };
  const left = await list(a);
  const right = await list(b);
  const names = [...new Set([...left.keys(), ...right.keys()])].sort();
  for (const name of names) {
    const l = left.get(name);
    const r = right.get(name);
    if (l && r && l.oid === r.oid) continue;
    const path = prefix + name;
    const lTree = l?.type === 'tree';
    const rTree = r?.type === 'tree';
    if (lTree || rTree) {
      await changedPaths(repo, lTree ? (l as { oid: string }).oid : null, rTree ? (r as { oid: string }).oid : null, `${path}/`, out, limit);
      if (l && !lTree) out.push({ path, before: l.oid, after: null, typeChange: false });
      if (r && !rTree) out.push({ path, before: null, after: r.oid, typeChange: false });
      continue;
    }
    out.push({ path, before: l?.oid ?? null, after: r?.oid ?? null, typeChange: l !== undefined && r !== undefined && l.type !== r.type });
    if (out.length > limit) return;
  }
}

async function textOf(repo: GitRepository, oid: string | null): Promise<{ text: string } | { note: string }> {
  if (oid === null) return { text: '' };
  const blob = await repo.blobText(oid);
  switch (blob.status) {
    case 'text':
      return { text: blob.text };
    case 'binary':
      return { note: `binary file (${blob.bytes} bytes)` };
    case 'lfs-pointer':
      return { note: 'Git LFS pointer' };
    case 'too-large':
      return { note: `file too large to diff (${blob.bytes} bytes)` };
    case 'error':
      return { note: blob.problem };
  }
}

/** Reads a commit and its changes. Returns `{ problem }` when the commit cannot be read. */
export async function describeCommit(repo: GitRepository, oid: string): Promise<CommitDetails | { problem: string }> {
  const commit = await repo.commit(oid);
  if ('problem' in commit) return commit;
  const details: CommitDetails = {
    oid,
    subject: (commit.message.split('\n')[0] ?? '').trim(),
    message: commit.message,
    author: commit.author,
    committer: commit.committer,
    parents: commit.parents,
    changes: [],
    truncated: null,
    problem: null,
  };
  let parentTree: string | null = null;
  if (commit.parents.length > 0) {
    const parent = await repo.commit(commit.parents[0] as string);
    if ('problem' in parent) {
      const first = commit.parents[0] as string;
      if ((await repo.lookup(first)).status === 'missing') {
        const incomplete = await repo.incompleteness();
        details.problem = `changes not shown: the parent commit ${first.slice(0, 12)} is not in the repository${incomplete ? `; ${incomplete}` : ''}`;
      } else details.problem = `changes not shown: ${parent.problem}`;
      return details;
    }
    parentTree = parent.tree;
  }
  const paths: Array<{ path: string; before: string | null; after: string | null; typeChange: boolean }> = [];
  try {
    await changedPaths(repo, parentTree, commit.tree, '', paths, MAX_CHANGED_FILES);
  } catch (error) {
    details.problem = `changes could not be read: ${(error as Error).message}`;
    return details;
  }
  if (paths.length > MAX_CHANGED_FILES) details.truncated = `only the first ${MAX_CHANGED_FILES} changed files are shown`;
  let budget = MAX_DIFF_LINES_PER_COMMIT;
  for (const p of paths.slice(0, MAX_CHANGED_FILES)) {
    const change: FileChange['change'] = p.typeChange ? 'type-changed' : p.before === null ? 'added' : p.after === null ? 'deleted' : 'modified';
    const before = await textOf(repo, p.before);
    const after = await textOf(repo, p.after);
    if ('note' in before || 'note' in after) {
      details.changes.push({ path: p.path, change, patch: null, note: ('note' in after ? after.note : null) ?? ('note' in before ? before.note : null), additions: 0, deletions: 0 });
      continue;
    }
    // Bounded work per file: past MAX_EDIT_LENGTH edits the change is shown as one hunk that
    // replaces the whole file (a correct diff, not a minimal one), so a rewritten file cannot
    // stall the build. Deterministic, unlike a time limit.
    const patch =
      structuredPatch(p.path, p.path, before.text, after.text, '', '', { context: 3, maxEditLength: MAX_EDIT_LENGTH }) ?? wholeFileReplacement(before.text, after.text);
    const lines: string[] = [];
    let additions = 0;
    let deletions = 0;
    for (const hunk of patch.hunks) {
      // As git prints it: an empty side starts at the line before (`@@ -0,0 +1,3 @@`).
      const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
      const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
      lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
      for (const l of hunk.lines) {
        if (l.startsWith('+')) additions++;
        else if (l.startsWith('-')) deletions++;
        lines.push(l);
      }
    }
    const cap = Math.min(MAX_DIFF_LINES_PER_FILE, budget);
    if (lines.length > 0 && cap === 0) {
      details.changes.push({ path: p.path, change, patch: null, note: null, additions, deletions, folded: true });
      continue;
    }
    let note: string | null = null;
    if (lines.length > cap) {
      note = `diff cut at ${cap} of ${lines.length} lines`;
      lines.length = cap;
    }
    budget -= lines.length;
    details.changes.push({ path: p.path, change, patch: lines.length > 0 ? lines.join('\n') : null, note, additions, deletions });
  }
  return details;
}
