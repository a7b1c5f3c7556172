/**
 * Reads judged by the real path of the file actually opened (docs/security.md, "Nothing
 * escapes the root"): a {@link Confinement} names the folders reads must stay in, and every
 * read opens the file first and then asks where the opened file really is (on Linux,
 * `/proc/self/fd/<n>`; elsewhere its real path, confirmed to be the same device and inode).
 * A path that leads out through a symbolic link anywhere in it, or that was swapped for one
 * after it was checked, is refused without a byte of it being read, and the refusal never
 * quotes the file. Only regular files are read, opened non-blocking, so a FIFO or a device
 * never stalls a build.
 *
 * One mechanism for every untrusted tree Trailbook reads: record files (confined to their
 * input folder, never inside a `.git`), artifacts (confined to their project folder, never
 * inside a `.git`) and git data (confined to the repository's git directory).
 */
import { constants } from 'node:fs';
import { open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Stats } from 'node:fs';

/** Why a read was refused. `code` is `EOUTSIDE` for a path that leads out, `EINVAL` for a file that is not regular. */
export class RefusedRead extends Error {
  readonly code: 'EOUTSIDE' | 'EINVAL';
  /** The path as given, relative to the confinement root it was read under (never a machine path). */
  readonly rel: string;
  /** Why, in words, without the path ("leads outside the input folder"). */
  readonly why: string;
  constructor(code: 'EOUTSIDE' | 'EINVAL', rel: string, why: string) {
    super(`${rel} ${why}; not read`);
    this.code = code;
    this.rel = rel;
    this.why = why;
  }
}

const exists = (path: string, kind: 'file' | 'directory'): Promise<boolean> => stat(path).then((s) => (kind === 'file' ? s.isFile() : s.isDirectory()), () => false);

/**
 * Whether the folder `dir` is a git directory, whatever its name: it holds a `HEAD` file and
 * `objects/` and `refs/` folders (as git's own `is_git_directory` asks), or a `HEAD` and a
 * `commondir` file (a linked worktree's own directory). Its `config` can hold credentials
 * (`remote.origin.url`), so nothing in it is ever read as a record or an artifact.
 */
export async function isGitDirectory(dir: string): Promise<boolean> {
  if (!(await exists(join(dir, 'HEAD'), 'file'))) return false;
  if (await exists(join(dir, 'commondir'), 'file')) return true;
  return (await exists(join(dir, 'objects'), 'directory')) && (await exists(join(dir, 'refs'), 'directory'));
}

/** One folder reads may stay in: the path as given (for messages) and its real path. */
interface Root {
  given: string;
  real: string;
}

const inside = (root: string, target: string): boolean => target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);

let procFd: boolean | null = process.platform === 'linux' ? null : false;

/**
 * The real path of an opened file: the kernel's answer on Linux; elsewhere the real path of
 * `path`, accepted only when it is the very file opened (same device and inode).
 */
async function realPathOfHandle(handle: FileHandle, path: string, info: Stats): Promise<string> {
  if (procFd !== false) {
    try {
      const real = await readlink(`/proc/self/fd/${handle.fd}`);
      procFd = true;
      return real;
    } catch {
      procFd = false;
    }
  }
  const real = await realpath(path);
  const now = await stat(real);
  if (now.dev !== info.dev || now.ino !== info.ino) throw Object.assign(new Error('the file changed while it was opened'), { code: 'ECHANGED' });
  return real;
}

/**
 * Reads the whole of an opened regular file of `size` bytes (its size when opened) into a
 * buffer of exactly that size. `FileHandle.readFile` reads a file it takes for empty in 64 KiB
 * pieces; 40,000 empty files made gigabytes of garbage that way. Bytes appended after the
 * file was opened are not read.
 */
export async function readOpened(handle: FileHandle, size: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let at = 0;
  while (at < size) {
    const { bytesRead } = await handle.read(buffer, at, size - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return at === size ? buffer : buffer.subarray(0, at);
}

/** Options of a {@link Confinement}. */
export interface ConfinementOptions {
  /** What the roots are, in words, for refusals ("the input folder", "the repository's git directory"). */
  what: string;
  /**
   * When true, nothing whose real path passes through a folder named `.git` (any case) below
   * its root, or through a git directory of any name at any depth, the root included
   * ({@link isGitDirectory}: a bare `mirror.git`, a `.git` renamed `dotgit`), is read.
   */
  outsideGit?: boolean;
  /** Folders inside the roots that are never read (a repository's git directory of another name), with what they are. */
  excluded?: ReadonlyArray<{ folder: string; what: string }>;
}

/**
 * Folders reads must stay in. The folders' real paths are taken at the first read (a folder
 * that does not exist is kept as given). Every refusal is also remembered
 * ({@link Confinement.refusals}) so a caller can say what was not read.
 */
export class Confinement {
  readonly #folders: readonly string[];
  #roots: Promise<readonly Root[]> | null = null;
  #excluded: Promise<ReadonlyArray<{ real: string; what: string }>> | null = null;
  readonly #options: ConfinementOptions;
  readonly what: string;
  readonly outsideGit: boolean;
  readonly #refused = new Set<string>();
  /** Real folders already asked whether they are git directories. */
  readonly #gitDirs = new Map<string, Promise<boolean>>();

  /** Reads confined to `folders` (absolute paths). */
  constructor(folders: readonly string[], options: ConfinementOptions) {
    this.#folders = folders;
    this.#options = options;
    this.what = options.what;
    this.outsideGit = options.outsideGit ?? false;
  }

  #resolved(): Promise<readonly Root[]> {
    this.#roots ??= Promise.all(this.#folders.map(async (given) => ({ given, real: await realpath(given).catch(() => given) })));
    return this.#roots;
  }

  #excludedFolders(): Promise<ReadonlyArray<{ real: string; what: string }>> {
    this.#excluded ??= Promise.all((this.#options.excluded ?? []).map(async (e) => ({ real: await realpath(e.folder).catch(() => e.folder), what: e.what })));
    return this.#excluded;
  }

  /** Paths refused so far (relative to their root), sorted. */
  refusals(): string[] {
    return [...this.#refused].sort();
  }

  /** `path` relative to the folder it was given under (for messages), or its last segment. */
  #rel(path: string): string {
    for (const given of this.#folders) if (inside(given, path)) return relative(given, path).split(sep).join('/') || '.';
    return path.split(sep).pop() ?? '';
  }

  /** Why a real path may not be read, or null when it stays inside. */
  async judge(real: string): Promise<string | null> {
    const root = (await this.#resolved()).find((r) => inside(r.real, real));
    if (!root) return `leads outside ${this.what}`;
    if (this.outsideGit && relative(root.real, real).split(sep).some((part) => part.toLowerCase() === '.git')) return 'is inside a .git folder, which is never read';
    const excluded = (await this.#excludedFolders()).find((e) => inside(e.real, real));
    if (excluded) return `is inside ${excluded.what}, which is never read`;
    if (this.outsideGit) {
      const gitDir = await this.#enclosingGitDirectory(root.real, real);
      if (gitDir !== null) return `is inside a git directory (${relative(root.real, gitDir).split(sep).join('/') || '.'}), which is never read`;
    }
    return null;
  }

  /** The outermost git directory among `real` and the folders above it up to `root` (both real paths), or null. */
  async #enclosingGitDirectory(root: string, real: string): Promise<string | null> {
    let found: string | null = null;
    for (let dir = real; ; dir = dirname(dir)) {
      let pending = this.#gitDirs.get(dir);
      if (!pending) {
        pending = isGitDirectory(dir);
        this.#gitDirs.set(dir, pending);
      }
      if (await pending) found = dir;
      if (dir === root || !inside(root, dir) || dirname(dir) === dir) return found;
    }
  }

  /**
   * Where `path` really is, judged without opening it: its real path, why it may not be read
   * (`refused`, in words), or null when nothing is there (a broken link). Opening it later
   * judges the opened file again.
   */
  async locate(path: string): Promise<{ real: string } | { refused: string } | null> {
    const real = await realpath(path).catch(() => null);
    if (real === null) return null;
    const why = await this.judge(real);
    if (why !== null) {
      this.#refused.add(this.#rel(path));
      return { refused: why };
    }
    return { real };
  }

  #refuse(path: string, why: string): RefusedRead {
    const rel = this.#rel(path);
    this.#refused.add(rel);
    return new RefusedRead('EOUTSIDE', rel, why);
  }

  /**
   * Opens a regular file for reading, non-blocking, and checks where the opened file really is.
   *
   * @throws {RefusedRead} `EOUTSIDE` when its real path leaves the roots (or is inside a `.git`
   *   with `outsideGit`), `EINVAL` when it is not a regular file; `EISDIR` for a folder; the
   *   usual errors (`ENOENT`, `EACCES`, ...) otherwise.
   */
  async open(path: string): Promise<{ handle: FileHandle; info: Stats; real: string }> {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    try {
      const info = await handle.stat();
      if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${this.#rel(path)}'`), { code: 'EISDIR' });
      const real = await realPathOfHandle(handle, path, info);
      const why = await this.judge(real);
      if (why !== null) throw this.#refuse(path, why);
      if (!info.isFile()) throw new RefusedRead('EINVAL', this.#rel(path), 'is not a regular file (a FIFO or device is never read)');
      return { handle, info, real };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Reads a whole regular file (see {@link Confinement.open} for what is refused). */
  async readFile(path: string): Promise<Buffer>;
  async readFile(path: string, encoding: BufferEncoding): Promise<string>;
  async readFile(path: string, encoding?: BufferEncoding): Promise<Buffer | string> {
    const { handle, info } = await this.open(path);
    try {
      const data = await readOpened(handle, info.size);
      return encoding === undefined ? data : data.toString(encoding);
    } finally {
      await handle.close();
    }
  }

  /** Lists a folder whose real path stays inside (the opened folder itself is listed, on Linux). */
  async readdir(path: string): Promise<string[]> {
    if (procFd !== false) {
      const handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY);
      try {
        const real = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
        if (real !== null) {
          procFd = true;
          const why = await this.judge(real);
          if (why !== null) throw this.#refuse(path, why);
          return await readdir(`/proc/self/fd/${handle.fd}`);
        }
        procFd = false;
      } finally {
        await handle.close();
      }
    }
    const real = await realpath(path);
    const why = await this.judge(real);
    if (why !== null) throw this.#refuse(path, why);
    return readdir(real);
  }

  /**
   * `stat` of a path whose real path stays inside. A path that leads out is reported as
   * missing (`ENOENT`), so "does it exist" never looks outside.
   */
  async stat(path: string): Promise<Stats> {
    const real = await realpath(path);
    const why = await this.judge(real);
    if (why !== null) {
      this.#refuse(path, why);
      throw Object.assign(new Error(`ENOENT: ${this.#rel(path)} ${why}`), { code: 'ENOENT' });
    }
    return stat(real);
  }
}
