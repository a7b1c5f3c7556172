/**
 * Artifacts: files in the project's own folder that evidence may cite when they are not in
 * the repository at the landed head (spec/input.md section 3: "else, as an artifact, in the
 * project's own folder, e.g. design/selection.md"). Every file is judged by its real path
 * (src/lib/fs/confined.ts): `..`, absolute paths and links that lead out of the folder are
 * refused, and nothing whose real path is inside a `.git` folder (or the repository's git
 * directory, whatever its name) is ever an artifact, however the path is written
 * (`g/config` through a link `g -> .git`, `g//config`, `./g/config`).
 */
import { createHash } from 'node:crypto';
import { lstat, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { countLines, MAX_TEXT_BLOB_BYTES } from '../git/repository.ts';
import { Confinement, readOpened, RefusedRead } from '../fs/confined.ts';

/** What an artifact path is. `refused`: it exists, but the folder's policy says it is not evidence (with why). */
export type ArtifactLookup =
  | { status: 'file'; lines: number | null; text: string | null; note?: string }
  | { status: 'folder' }
  | { status: 'missing' }
  | { status: 'refused'; reason: string; selfCitation?: boolean; uncommitted?: true };

/**
 * Which files of a project folder may stand as evidence (spec/input.md section 3; decision
 * trail, Part 2: a path must exist "at the landed head"). `ownRecords`: the project's record
 * files (`design/…`, `verdicts/…`); when set, nothing else in the folder is an artifact. Used
 * when the project folder lies inside the repository's work tree: there, any other file is
 * an uncommitted (or ignored) file, which is not in the landed head and proves nothing.
 */
export interface ArtifactPolicy {
  ownRecords?: ReadonlySet<string>;
  /**
   * Whether a real path (after links) is a claim record (src/lib/discover/discover.ts
   * `isClaimPath`): a link to a trail is the trail.
   */
  isClaim?: (realPath: string) => boolean;
  /** `dev:ino` of the project's claim files: a hard link to one is the trail too. */
  claimInodes?: ReadonlySet<string>;
  /** Git directories that are never artifacts whatever their name (the canonical repository's), absolute. */
  gitDirs?: readonly string[];
}

/**
 * Normalises a cited relative path: strips `./`, collapses `.` and `x/..`, removes a trailing
 * `/`. Returns null when the path is absolute or climbs out of its root.
 */
export function normaliseRelativePath(path: string): string | null {
  if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.includes('\0')) return null;
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

function inside(root: string, target: string): boolean {
  return target === root || target.startsWith(root + sep);
}

/** The paths of a project folder that verdicts read ({@link ArtifactFolder.consulted}). */
export interface ConsultedPaths {
  /** Paths looked up as files or folders. */
  paths: string[];
  /** Folders whose entries were listed (what a cited folder holds). */
  folders: string[];
  /**
   * Of the paths, the files whose bytes were read, as read: each one's real path (absolute) and
   * the sha256 hex of those bytes. The key an entry is sealed with takes these, not the file as
   * it is once the analysis ends (rel15: a file changed in between was sealed as read). Not stored.
   */
  read?: Record<string, { real: string; sha256: string }>;
}

/** What a folder holds beyond claim records: something (`other`), only claims (listed, relative), or more than was looked at (or a problem). */
export type FolderHolds = { other: true } | { claims: string[] } | { unknown: string };

/** Memoised, root-confined lookups of files in one project folder. */
export class ArtifactFolder {
  readonly root: string;
  #files: Confinement;
  #cache = new Map<string, Promise<ArtifactLookup>>();
  #folders = new Set<string>();
  #read = new Map<string, { real: string; sha256: string }>();

  #policy: ArtifactPolicy;

  constructor(root: string, policy: ArtifactPolicy = {}) {
    this.root = resolve(root);
    this.#files = new Confinement([this.root], { what: 'the project folder', outsideGit: true, excluded: (policy.gitDirs ?? []).map((folder) => ({ folder, what: "the repository's git directory" })) });
    this.#policy = policy;
  }

  /** Looks up a normalised relative path (see {@link normaliseRelativePath}). */
  lookup(path: string): Promise<ArtifactLookup> {
    let pending = this.#cache.get(path);
    if (!pending) {
      pending = this.#lookup(path);
      this.#cache.set(path, pending);
    }
    return pending;
  }

  /**
   * Whether a folder of the project folder (a normalised relative path) holds any entry for
   * which `isClaim` is false, looking at most at `limit` entries; entries whose real path
   * leaves the folder are not looked at. Stops at the first such entry.
   */
  async folderHolds(path: string, isClaim: (rel: string) => boolean, limit: number): Promise<FolderHolds> {
    this.#folders.add(path);
    const claims: string[] = [];
    const stack = [path];
    let seen = 0;
    while (stack.length > 0) {
      const rel = stack.pop() as string;
      const names = await this.#files.readdir(resolve(this.root, rel)).catch(() => null);
      if (names === null) return { unknown: `${rel} cannot be listed` };
      for (const name of names.sort()) {
        if (++seen > limit) return { unknown: `${path} holds more than ${limit} entries, all claim records so far` };
        const child = rel === '' ? name : `${rel}/${name}`;
        const entry = await this.#files.stat(resolve(this.root, child)).catch(() => null);
        if (entry === null) continue;
        if (entry.isDirectory()) stack.push(child);
        else if (isClaim(child)) claims.push(child);
        else return { other: true };
      }
    }
    return { claims: claims.sort() };
  }

  /**
   * The names in a folder of the project folder (a normalised relative path, `''` the root), as
   * the confined file system lists them, or null when it cannot be listed. Used to find a cited
   * file the archive knows only by its redacted name (src/lib/secrets/redacted-names.ts); the
   * file is then looked up, and judged, as any other.
   */
  async names(path: string): Promise<string[] | null> {
    // What the folder holds decides which name a redacted one stands for: a verdict depends on it (consulted()).
    this.#folders.add(path);
    const target = resolve(this.root, path);
    if (!inside(this.root, target)) return null;
    return this.#files.readdir(target).catch(() => null);
  }

  /**
   * Every path of the folder a verdict read so far (sorted, normalised relative paths): the
   * files and folders looked up, and the folders whose entries were listed. A verdict on an
   * artifact depends on them as it depends on the records, so a stored model is reused only
   * while they are as they were (src/lib/archive/store-seal.ts, issue 28).
   */
  consulted(): ConsultedPaths {
    return { paths: [...this.#cache.keys()].sort(), folders: [...this.#folders].sort(), read: Object.fromEntries([...this.#read].sort(([a], [b]) => (a < b ? -1 : 1))) };
  }

  async #lookup(path: string): Promise<ArtifactLookup> {
    const target = resolve(this.root, path);
    if (!inside(this.root, target)) return { status: 'missing' };
    if (!(await lstat(target).then(() => true, () => false))) return { status: 'missing' };
    // Judged by where it really is, however it is written or linked.
    const where = await this.#files.locate(target);
    if (where === null) return { status: 'missing' };
    if ('refused' in where) return { status: 'refused', reason: `${path} ${where.refused}: not evidence` };
    if (this.#policy.ownRecords && !this.#policy.ownRecords.has(path)) return { status: 'refused', reason: `${path} is in the work tree but not committed at the landed head: an uncommitted file is not evidence`, uncommitted: true };
    const entry = await stat(where.real).catch(() => null);
    if (entry?.isDirectory()) return { status: 'folder' };
    // Only regular files are read (a FIFO or device would block or never end), and only
    // after their size is known to be within the limit; the opened file is judged again.
    if (!entry?.isFile()) return { status: 'missing' };
    // A file that is there but cannot be read is not a missing one (rel14: an artifact this user
    // may not read was "not found", real evidence called made up): it exists, its lines cannot be checked.
    const unreadable = (error: unknown): ArtifactLookup | null => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      return error instanceof RefusedRead || code === undefined || code === 'ENOENT' || code === 'ENOTDIR' ? null : { status: 'file', lines: null, text: null, note: `cannot be read (${code === 'EACCES' || code === 'EPERM' ? `${code}: this user may not read it` : code})` };
    };
    let opened;
    try {
      opened = await this.#files.open(target);
    } catch (error) {
      return error instanceof RefusedRead && error.code === 'EOUTSIDE' ? { status: 'refused', reason: `${path} ${error.why}: not evidence` } : (unreadable(error) ?? { status: 'missing' });
    }
    const { handle, info, real } = opened;
    try {
      if (this.#policy.isClaim?.(real.split(sep).join('/')) || this.#policy.claimInodes?.has(`${info.dev}:${info.ino}`)) {
        return { status: 'refused', selfCitation: true, reason: `${path} is a link to a trail, audit or handover file: a claim is not evidence` };
      }
      // In the words a file of the repository gets (src/lib/evidence/path-lookup.ts; rel14: "not text" for a 300 MB log).
      const tooLarge = (bytes: number): ArtifactLookup => ({ status: 'file', lines: null, text: null, note: `file too large to read (${bytes} bytes)` });
      if (info.size > MAX_TEXT_BLOB_BYTES) return tooLarge(info.size);
      let failure: unknown = null;
      const data = await readOpened(handle, info.size).catch((error: unknown) => {
        failure = error;
        return null;
      });
      if (data === null) return unreadable(failure) ?? { status: 'missing' };
      this.#read.set(path, { real, sha256: createHash('sha256').update(data).digest('hex') });
      if (data.length > MAX_TEXT_BLOB_BYTES) return tooLarge(data.length);
      if (data.subarray(0, 8000).includes(0)) return { status: 'file', lines: null, text: null, note: 'binary file' };
      const text = data.toString('utf8');
      return { status: 'file', lines: countLines(text), text };
    } finally {
      await handle.close();
    }
  }
}
