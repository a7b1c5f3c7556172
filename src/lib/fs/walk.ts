/**
 * A deterministic, root-confined directory walk (spec/input.md section 1: "walk it; skip
 * `node_modules`, `.git` internals; do not follow symlinks out of the root"). Entries are
 * visited in sorted order; a symlink is followed only when its target is inside the root
 * and not inside a `.git` folder (judged by its real path: a link `g -> .git` is refused);
 * each real folder is visited once, so link loops end. A folder is listed only while its
 * real path is still inside the root (one swapped for a link during the walk is not).
 */
import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';

/** Folder names never walked into. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.astro', '.trailbook-cache']);

/** One file or folder met by the walk. `path` is absolute (through links, as walked). */
export interface WalkEntry {
  path: string;
  name: string;
  /** Absolute path of the folder holding it. */
  parent: string;
  isDirectory: boolean;
  bytes: number;
  /**
   * Set for a symbolic link the walk refused (it leads outside the root, is broken or loops):
   * the entry is reported so its project can say what was not read, and must never be read.
   */
  refused?: string;
  /** Set (with `refused`) for a named pipe, socket or device: not among the walk's problems; report it when it matters. */
  special?: true;
}

/** Something the walk refused or could not read, in plain words, naming the path. */
export interface WalkProblem {
  path: string;
  problem: string;
}

function inside(root: string, target: string): boolean {
  return target === root || target.startsWith(root + sep);
}

/** Whether a real path inside the root passes through a `.git` folder (any case). */
function inGitFolder(realRoot: string, real: string): boolean {
  return relative(realRoot, real).split(sep).some((part) => part.toLowerCase() === '.git');
}

/** What a file that is neither a regular file nor a folder is, in plain words (`a named pipe`). */
export function specialKind(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return 'a special file';
}

/** What a walk leaves out besides {@link SKIPPED_FOLDERS}. */
export interface WalkOptions {
  /**
   * Folders never walked into, by real path (absolute; one that does not exist yet as given):
   * the cache folder when it lies inside an input root (rel14: a `--cache-dir` inside the input
   * was walked on every build, its files as many as the archive's). The folder itself is visited.
   */
  skip?: readonly string[];
}

/**
 * Walks `root`, calling `visit` for every entry (`options`: {@link WalkOptions}). `visit` returns false to not descend into a
 * folder. A refused symbolic link, and a file that is not a regular file (a named pipe, a
 * socket, a device: `special` set too), is visited too, with `refused` set (never read it).
 * Returns the problems met (unreadable folders, links leaving the root, broken links, link loops).
 */
export async function walk(root: string, visit: (entry: WalkEntry) => boolean | void, options: WalkOptions = {}): Promise<WalkProblem[]> {
  const problems: WalkProblem[] = [];
  const realRoot = await realpath(root);
  const seen = new Set<string>([realRoot]);
  const skipped = new Set(await Promise.all((options.skip ?? []).map((folder) => realpath(folder).catch(() => folder))));
  const stack: string[] = [root];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    let names: string[];
    try {
      const real = await realpath(dir);
      if (!inside(realRoot, real) || inGitFolder(realRoot, real)) {
        problems.push({ path: dir, problem: 'folder now leads outside the input root (changed during the walk); not read' });
        continue;
      }
      names = (await readdir(real)).sort();
    } catch (error) {
      problems.push({ path: dir, problem: `cannot read folder: ${(error as NodeJS.ErrnoException).code ?? String(error)}` });
      continue;
    }
    const subdirs: string[] = [];
    for (const name of names) {
      const path = join(dir, name);
      let info = await lstat(path).catch(() => null);
      if (!info) continue;
      let skip = SKIPPED_FOLDERS.has(name);
      if (info.isSymbolicLink()) {
        const refuse = (problem: string): void => {
          problems.push({ path, problem });
          visit({ path, name, parent: dir, isDirectory: false, bytes: 0, refused: problem });
        };
        let failure = '';
        const real = await realpath(path).catch((error: NodeJS.ErrnoException) => {
          failure = error.code ?? '';
          return null;
        });
        if (real === null) {
          refuse(failure === 'ELOOP' ? 'symbolic link loop; not followed' : 'broken symbolic link');
          continue;
        }
        if (!inside(realRoot, real)) {
          refuse('symbolic link leads outside the input root; not followed');
          continue;
        }
        if (inGitFolder(realRoot, real)) {
          refuse('symbolic link leads into a .git folder; not followed');
          continue;
        }
        info = await stat(real).catch(() => null);
        if (!info) continue;
        if (info.isDirectory()) {
          if (seen.has(real)) continue;
          seen.add(real);
          if (SKIPPED_FOLDERS.has(basename(real)) || skipped.has(real)) skip = true;
        }
      } else if (info.isDirectory()) {
        const real = await realpath(path).catch(() => path);
        if (seen.has(real)) continue;
        seen.add(real);
        if (skipped.has(real)) skip = true;
      }
      if (!info.isDirectory() && !info.isFile()) {
        // Never opened: reading a named pipe blocks until a writer comes. Visited as refused, not a
        // problem here: one named like a record file is the caller's to report (a tool's socket is no one's concern).
        visit({ path, name, parent: dir, isDirectory: false, bytes: 0, refused: `not a regular file (${specialKind(info)})`, special: true });
        continue;
      }
      const entry: WalkEntry = { path, name, parent: dir, isDirectory: info.isDirectory(), bytes: info.isFile() ? info.size : 0 };
      const descend = visit(entry);
      if (entry.isDirectory && descend !== false && !skip) subdirs.push(path);
    }
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i] as string);
  }
  return problems;
}
