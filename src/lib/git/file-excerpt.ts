/**
 * What a file page shows (spec/archive.md, Evidence pages: "highlighted excerpt around the
 * cited lines, line anchors"): the file's text at the landed head (or the artifact's), capped.
 */
import type { GitRepository } from './repository.ts';
import { textLines } from '../text/line-breaks.ts';

/** Lines kept for a file page; beyond, only windows around cited lines are kept. */
export const MAX_FILE_LINES = 2000;
/** Lines of context kept around each cited range in a long file. */
export const EXCERPT_CONTEXT = 40;

/** A file's text, possibly excerpted: `lines[i]` is line `start + i`, in windows. */
export interface FileExcerpt {
  path: string;
  totalLines: number;
  bytes: number;
  /** Windows of consecutive lines, in order. */
  windows: Array<{ start: number; lines: string[] }>;
  /** Why there is no text (binary, LFS pointer, too large), or null. */
  note: string | null;
}

/** Cuts `text` to windows around `ranges` when it has more than {@link MAX_FILE_LINES} lines. */
export function excerptText(path: string, text: string, ranges: ReadonlyArray<{ from: number; to: number }>): FileExcerpt {
  const all = textLines(text);
  if (all.length > 0 && all[all.length - 1] === '') all.pop();
  const bytes = Buffer.byteLength(text);
  if (all.length <= MAX_FILE_LINES) return { path, totalLines: all.length, bytes, windows: [{ start: 1, lines: all }], note: null };
  const wanted = ranges.length > 0 ? ranges : [{ from: 1, to: 1 }];
  const spans = wanted
    .map((r) => ({ from: Math.max(1, r.from - EXCERPT_CONTEXT), to: Math.min(all.length, r.to + EXCERPT_CONTEXT) }))
    .sort((a, b) => a.from - b.from);
  const merged: Array<{ from: number; to: number }> = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.from <= last.to + 1) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  let kept = 0;
  const windows: FileExcerpt['windows'] = [];
  for (const m of merged) {
    if (kept >= MAX_FILE_LINES) break;
    const to = Math.min(m.to, m.from + (MAX_FILE_LINES - kept) - 1);
    windows.push({ start: m.from, lines: all.slice(m.from - 1, to) });
    kept += to - m.from + 1;
  }
  return { path, totalLines: all.length, bytes, windows, note: `excerpt: ${kept} of ${all.length} lines around the cited lines` };
}

/** The text of a file at `head` in the repository, or null when it is not a text file there. */
export async function repositoryFileText(repo: GitRepository, head: string, path: string): Promise<string | null> {
  const found = await repo.lookupPath(head, path);
  if (found.status !== 'blob') return null;
  const blob = await repo.blobText(found.oid);
  return blob.status === 'text' ? blob.text : null;
}

/** Whether an excerpt shows only part of its file: its windows were cut around the cited lines. */
export function isCutExcerpt(excerpt: FileExcerpt | { problem: string }): boolean {
  return 'totalLines' in excerpt && excerpt.totalLines > MAX_FILE_LINES;
}

/** The file at `head` in the repository, excerpted around `ranges`. */
export async function repositoryFileExcerpt(repo: GitRepository, head: string, path: string, ranges: ReadonlyArray<{ from: number; to: number }>): Promise<FileExcerpt | { problem: string }> {
  const found = await repo.lookupPath(head, path);
  if (found.status !== 'blob') return { problem: found.status === 'error' ? found.problem : `${path} is not a file at ${head.slice(0, 7)}` };
  const blob = await repo.blobText(found.oid);
  if (blob.status === 'text') return excerptText(path, blob.text, ranges);
  if (blob.status === 'error') return { problem: blob.problem };
  const note = blob.status === 'binary' ? 'binary file: not shown' : blob.status === 'lfs-pointer' ? 'Git LFS pointer: the content is not in the repository' : 'file too large to show';
  return { path, totalLines: 0, bytes: blob.bytes, windows: [], note };
}
