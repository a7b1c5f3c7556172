/**
 * Read-only access to one canonical repository through isomorphic-git, with one shared
 * object cache per repository and memoised tree, blob and commit reads
 * (spec/input.md section 1; decision trail, Part 2 layer 1).
 *
 * Every method answers with data; none throws for a missing object. Repository-level
 * problems (a corrupt pack, an unreadable file) surface as `problem` strings.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, resolve, dirname, isAbsolute, sep } from 'node:path';
import git from 'isomorphic-git';
import { Confinement } from '../fs/confined.ts';
import { confinedGitFs, gitDirectoryConfinement } from './git-directory.ts';
import { objectId, ObjectTypes, readObjectIndex, type ObjectHeader, type ObjectIndex } from './object-index.ts';
import { agree } from '../text/agree.ts';
import { countLines } from '../text/line-breaks.ts';

/** A git object type. */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

/** One entry of a tree. */
export interface TreeEntry {
  name: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  mode: string;
}

/** The result of looking up a hex prefix or full SHA. */
export type ObjectLookup =
  | { status: 'found'; oid: string; type: ObjectType }
  | { status: 'missing' }
  | { status: 'ambiguous'; matches: string[] }
  | { status: 'error'; problem: string };

/** What a path is at a commit. */
export type PathLookup =
  | { status: 'blob'; oid: string; mode: string }
  | { status: 'tree'; oid: string }
  | { status: 'submodule'; oid: string }
  | { status: 'missing'; missingAt: string }
  | { status: 'error'; problem: string };

/** A person line of a commit. `timestamp` is seconds since the epoch; offset in minutes. */
export interface GitPerson {
  name: string;
  email: string;
  timestamp: number;
  timezoneOffset: number;
}

/** A parsed commit. */
export interface CommitData {
  oid: string;
  message: string;
  tree: string;
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
}

/** Text of a blob with its line count, or why it has none. */
export type BlobText =
  | { status: 'text'; text: string; lines: number; bytes: number }
  | { status: 'binary'; bytes: number }
  | { status: 'lfs-pointer'; bytes: number }
  | { status: 'too-large'; bytes: number }
  | { status: 'error'; problem: string };

/** Blobs over this many bytes are not read as text (excerpts are capped). */
export const MAX_TEXT_BLOB_BYTES = 2 * 1024 * 1024;

/**
 * No object whose read would inflate more than this many bytes is read (a tree or commit, or
 * a delta whose base chain is larger): sizes come from the object headers first, so a pack
 * built to inflate (a few megabytes holding a gigabyte) is refused, not loaded.
 */
export const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

/** Counts lines the way an editor numbers them (src/lib/text/line-breaks.ts: `\r\n`, `\n` or a lone `\r`). */
export { countLines } from '../text/line-breaks.ts';

/**
 * The first line of an error's message, with the git directories' paths taken out (isomorphic-git
 * names files by absolute path: output must not hold a machine path).
 */
function errorText(error: unknown, gitdirs: readonly string[]): string {
  const e = error as { code?: string; message?: string };
  let text = e?.message ? (String(e.message).split('\n')[0] as string) : String(error);
  for (const dir of gitdirs) text = text.split(dir + sep).join('').split(dir).join('.');
  return text;
}

/**
 * The same repositories (by id) as new handles with nothing read yet: what a stage keeps, or
 * reads through, so that what an earlier stage read (memoised commits, trees and blobs,
 * isomorphic-git's packs) is not held past it (issue 30, the build's peak memory).
 */
export function freshHandles(repositories: ReadonlyMap<string, GitRepository>): Map<string, GitRepository> {
  return new Map([...repositories].map(([id, r]) => [id, new GitRepository(r.dir, r.gitdir, r.headGitdir)]));
}

/**
 * One repository. Construct with {@link openRepository}. All reads share `cache`, the single
 * isomorphic-git cache object for this repository (packs are read and hashed once).
 */
/** What a loose-object read of an object that is only packed is answered (isomorphic-git takes any rejection as "not loose"). */
const NOT_LOOSE = Object.assign(new Error('ENOENT: the object is packed, not loose'), { code: 'ENOENT' });

/** The tree entry modes isomorphic-git knows, and the type of each (as its `readTree` gives them). */
const TREE_MODES: Readonly<Record<string, TreeEntry['type']>> = { '040000': 'tree', '100644': 'blob', '100755': 'blob', '120000': 'blob', '160000': 'commit' };

/** A tree entry name read here rather than by isomorphic-git: ASCII letters, digits, `_`, `-`, `.`, not first a dot. */
const PLAIN_TREE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class GitRepository {
  /** Absolute work tree (null for a bare repository). */
  readonly dir: string | null;
  /** Absolute git directory holding objects and refs (a worktree's common directory). */
  readonly gitdir: string;
  /** Git directory holding this checkout's own HEAD (differs from `gitdir` in a linked worktree). */
  readonly headGitdir: string;
  readonly cache: object = {};
  /** Every read of this repository's files, confined to its git directories (src/lib/git/git-directory.ts). */
  readonly files: Confinement;
  readonly #fs: ReturnType<typeof confinedGitFs>;
  #index: Promise<ObjectIndex> | null = null;
  #typeReader: ObjectTypes | null = null;
  #types = new Map<string, Promise<ObjectLookup>>();
  #trees = new Map<string, Promise<TreeEntry[] | { problem: string }>>();
  #commits = new Map<string, Promise<CommitData | { problem: string }>>();
  #blobs = new Map<string, Promise<BlobText>>();

  constructor(dir: string | null, gitdir: string, headGitdir: string = gitdir) {
    this.dir = dir;
    this.gitdir = gitdir;
    this.headGitdir = headGitdir;
    this.files = gitDirectoryConfinement([gitdir, headGitdir]);
    this.#fs = confinedGitFs(this.files);
    // isomorphic-git looks for every object it reads as a loose file first (\`objects/ab/cdef…\`),
    // and finds it packed: a failed open, its error built, for each of the thousands of objects a
    // cold repository's first reads inflate (issue 30: a second of a one-row rebuild's resolve).
    // An object the index read says is packed, and not loose, is answered "not there" at once;
    // isomorphic-git then reads it from its pack, as it would have. Any other path is opened.
    const promises = this.#fs.promises as unknown as { readFile: (path: string, options?: unknown) => Promise<unknown> };
    const readFile = promises.readFile;
    const objects = `${gitdir}/objects/`;
    promises.readFile = (path: string, options?: unknown) => {
      if (typeof path === 'string' && path.startsWith(objects) && this.#packedOnly(path.slice(objects.length))) return Promise.reject(NOT_LOOSE);
      return readFile(path, options);
    };
  }

  /** The object index once read (see {@link objectIndex}), or null before. */
  #indexRead: ObjectIndex | null = null;

  /** Whether `rel` (\`ab/cdef…\` under objects/) names an object the index read has in a pack and not loose. */
  #packedOnly(rel: string): boolean {
    if (this.#indexRead === null || rel.length !== 41 || rel[2] !== '/') return false;
    const oid = rel.slice(0, 2) + rel.slice(3);
    if (!/^[0-9a-f]{40}$/.test(oid)) return false;
    const at = this.#indexRead.locate(oid);
    return at !== null && 'pack' in at;
  }

  #error(error: unknown): string {
    return errorText(error, [this.gitdir, this.headGitdir]);
  }

  /**
   * Why what isomorphic-git read of `oid` is not the object, or null: only for a packed object
   * not read soundly here (src/lib/git/object-index.ts `unverified`: isomorphic-git checks no
   * packed object's SHA-1), and then only when its read hashes to another id too, so a fault of
   * this reader never calls real evidence fake.
   */
  #altered(oid: string, type: string, content: Uint8Array): string | null {
    if (this.#typeReader?.unverified(oid) !== true || objectId(type, content) === oid) return null;
    return 'its content does not match its id (the pack is damaged or altered)';
  }

  /** {@link #altered} of isomorphic-git's read of `oid`. Throws what isomorphic-git throws. */
  async #alteredRead(oid: string): Promise<string | null> {
    const object = await git.readObject({ fs: this.#fs, gitdir: this.gitdir, oid, format: 'content', cache: this.cache });
    return this.#altered(oid, object.type, object.object as Uint8Array);
  }

  /**
   * Which of `paths` (relative to the git directory, in order) lead out of it, in words, or ''.
   * A path under one already named is not named again. Judged afresh on each call from the
   * repository alone, so the words never depend on what other projects read before.
   */
  async #linksOut(paths: readonly string[]): Promise<string> {
    const out: string[] = [];
    for (const rel of paths) {
      if (out.some((p) => rel.startsWith(`${p}/`))) continue;
      const where = await this.files.locate(join(rel === 'HEAD' ? this.headGitdir : this.gitdir, rel));
      if (where !== null && 'refused' in where) out.push(rel);
    }
    if (out.length === 0) return '';
    return `${out.join(', ')} ${agree(out.length, 'leads', 'lead')} outside the repository's git directory; not read`;
  }

  /**
   * Type and size from the object's header; null when the object is not in the index (the full
   * read then says why, or finds git's built-in empty tree); `problem` when its header is not
   * sound (a delta chain that loops or runs out of the pack): such an object is never read.
   */
  async #header(oid: string): Promise<ObjectHeader | { problem: string } | null> {
    try {
      const index = await this.objectIndex();
      if (index.locate(oid) === null) return null;
      this.#typeReader ??= new ObjectTypes(index, this.files);
      return await this.#typeReader.header(oid);
    } catch (error) {
      return { problem: this.#error(error) };
    }
  }

  /** Why an object is not read (its header is not sound, or says it is over {@link MAX_OBJECT_BYTES}), or null. */
  async #unreadable(oid: string, what: string): Promise<string | null> {
    const header = await this.#header(oid);
    if (header === null) return null;
    if ('problem' in header) return `cannot read ${what} ${oid.slice(0, 12)}: ${header.problem}`;
    if (header.inflated <= MAX_OBJECT_BYTES) return null;
    return `cannot read ${what} ${oid.slice(0, 12)}: reading it would inflate ${header.inflated} bytes, over the ${MAX_OBJECT_BYTES}-byte limit`;
  }

  /** Sorted index of every object id; read once. */
  objectIndex(): Promise<ObjectIndex> {
    this.#index ??= readObjectIndex(this.gitdir, this.files).then((index) => (this.#indexRead = index));
    return this.#index;
  }

  #incomplete: Promise<Array<{ cause: 'shallow' | 'alternates' | 'partial' | 'unreadable'; text: string }>> | null = null;

  #shallow: Promise<ReadonlySet<string>> | null = null;

  /**
   * The commits a shallow clone's history stops at (`<gitdir>/shallow`: their parents are not
   * in the repository), full SHAs; empty when the history is whole or the file cannot be read.
   * A row first seen in one of them may have been written earlier (trial7).
   */
  shallowCommits(): Promise<ReadonlySet<string>> {
    this.#shallow ??= this.files
      .readFile(join(this.gitdir, 'shallow'), 'utf8')
      .then((text) => new Set(String(text).split('\n').map((l) => l.trim().toLowerCase()).filter((l) => /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(l))))
      .catch(() => new Set<string>());
    return this.#shallow;
  }

  /** Each way the object store is incomplete, with its words (see {@link incompleteness}). */
  #incompleteCauses(): Promise<Array<{ cause: 'shallow' | 'alternates' | 'partial' | 'unreadable'; text: string }>> {
    this.#incomplete ??= (async () => {
      const causes: Array<{ cause: 'shallow' | 'alternates' | 'partial' | 'unreadable'; text: string }> = [];
      const files = this.files;
      if (await files.stat(join(this.gitdir, 'shallow')).then((s) => s.size > 0, () => false)) causes.push({ cause: 'shallow', text: 'the repository is a shallow clone (older history is not in it)' });
      if (await files.stat(join(this.gitdir, 'objects', 'info', 'alternates')).then((s) => s.size > 0, () => false)) causes.push({ cause: 'alternates', text: 'the repository keeps objects in alternates, which are not read' });
      const packs = await files.readdir(join(this.gitdir, 'objects', 'pack')).catch(() => [] as string[]);
      if (packs.some((f) => f.endsWith('.promisor'))) causes.push({ cause: 'partial', text: 'the repository is a partial clone (some objects were never fetched)' });
      const problems = (await this.objectIndex()).problems;
      if (problems.length > 0) causes.push({ cause: 'unreadable', text: `part of the object store cannot be read (${problems.join('; ')})` });
      return causes;
    })();
    return this.#incomplete;
  }

  /**
   * Why an object this repository does not have may still exist (so "missing" cannot be
   * asserted): a shallow or partial clone, alternates (objects kept elsewhere, which
   * isomorphic-git does not read), or a pack index that could not be read. Null when the
   * object set is complete as far as can be told.
   *
   * @param commits - Ask about a commit: a partial clone lacks blobs (and trees) but never
   *   commits, so it does not count; history cut by a shallow boundary, objects kept
   *   elsewhere and an unreadable pack still do (issue 13, item 3).
   */
  async incompleteness(commits = false): Promise<string | null> {
    const causes = (await this.#incompleteCauses()).filter((c) => !commits || c.cause !== 'partial');
    return causes.length > 0 ? causes.map((c) => c.text).join('; ') : null;
  }

  /**
   * Looks up a full SHA or a hex prefix (at least 4 digits). A prefix matching several
   * objects is `ambiguous`, as `git cat-file -e` reports it.
   */
  lookup(hex: string): Promise<ObjectLookup> {
    const key = hex.toLowerCase();
    let pending = this.#types.get(key);
    if (!pending) {
      pending = this.#lookup(key);
      this.#types.set(key, pending);
    }
    return pending;
  }

  async #lookup(prefix: string): Promise<ObjectLookup> {
    const index = await this.objectIndex();
    const matches = index.find(prefix, 10);
    if (matches.length === 0) return { status: 'missing' };
    if (matches.length > 1) return { status: 'ambiguous', matches };
    const oid = matches[0] as string;
    try {
      // The type from the object's header only, as `git cat-file --batch-check` reads it. A
      // commit is read in full by whoever uses it; any other type is confirmed by reading the
      // object, so corrupt bytes are never taken for "not a commit" — unless reading it would
      // inflate more than MAX_OBJECT_BYTES (a blob built to inflate): then the header says.
      this.#typeReader ??= new ObjectTypes(index, this.files);
      const header = await this.#typeReader.header(oid);
      const type = header.type as ObjectType;
      if (type === 'commit' || header.inflated > MAX_OBJECT_BYTES) return { status: 'found', oid, type };
      const packed = await this.#typeReader.packedObject(oid);
      if (packed !== null) return { status: 'found', oid, type: packed.type as ObjectType };
      const object = await git.readObject({ fs: this.#fs, gitdir: this.gitdir, oid, format: 'content', cache: this.cache });
      const altered = this.#altered(oid, object.type, object.object as Uint8Array);
      if (altered !== null) return { status: 'error', problem: `cannot read object ${oid.slice(0, 12)}: ${altered}` };
      return { status: 'found', oid, type: object.type as ObjectType };
    } catch (error) {
      return { status: 'error', problem: `cannot read object ${oid.slice(0, 12)}: ${this.#error(error)}` };
    }
  }

  /** Resolves a ref name, full SHA or short SHA to a commit id (annotated tags peeled). */
  /**
   * The commits the repository's branches, tags and remote-tracking branches point at (tags
   * peeled), at most `limit` refs read, in a stable order; refs that cannot be read are left out.
   * `truncated` when the repository has more refs than that. Where "landed" can be asked: a
   * commit no ref reaches is on no branch (`git commit-tree`).
   */
  async refTips(limit: number): Promise<{ tips: string[]; truncated: boolean }> {
    const tips = new Set<string>();
    let read = 0;
    for (const space of ['refs/heads', 'refs/tags', 'refs/remotes']) {
      const names = await git.listRefs({ fs: this.#fs, gitdir: this.gitdir, filepath: space }).catch(() => [] as string[]);
      for (const name of [...names].sort()) {
        if (read++ >= limit) return { tips: [...tips], truncated: true };
        const tip = await this.resolveCommit(`${space}/${name}`);
        if ('oid' in tip) tips.add(tip.oid);
      }
    }
    return { tips: [...tips], truncated: false };
  }

  /**
   * The names of the refs under `space` (`refs/remotes`: `origin/main`, `origin/HEAD`), loose
   * and packed, sorted; at most `limit`. Never throws (an unreadable space has none).
   */
  async refNames(space: string, limit: number): Promise<string[]> {
    const names = await git.listRefs({ fs: this.#fs, gitdir: this.gitdir, filepath: space }).catch(() => [] as string[]);
    return [...names].sort().slice(0, limit);
  }

  /**
   * The tag `name` (`refs/tags/<name>`, loose or packed) and the commit it names, annotated tags
   * peeled (a cited tag is a ref pointer: spec/input.md section 3, "commit object exists", asked
   * of the commit the tag names). `missing` when there is no such tag, with how many tags the
   * repository holds and whether it has remote-tracking branches (a clone made without its tags
   * holds none); `error` when the tag is there but names no readable commit (the problem in words).
   * Never throws.
   */
  async tag(name: string): Promise<{ status: 'found'; oid: string } | { status: 'missing'; tags: number; remotes: boolean } | { status: 'error'; problem: string }> {
    const ref = `refs/tags/${name}`;
    let target: string | null = null;
    if (isValidRefName(ref)) {
      try {
        target = (await git.resolveRef({ fs: this.#fs, gitdir: this.gitdir, ref, depth: 1 })).trim();
      } catch {
        target = null;
      }
    }
    if (target === null || !/^[0-9a-f]{40}$/.test(target)) {
      const list = (space: string): Promise<string[]> => git.listRefs({ fs: this.#fs, gitdir: this.gitdir, filepath: space }).catch(() => [] as string[]);
      const [tags, remotes] = await Promise.all([list('refs/tags'), list('refs/remotes')]);
      return { status: 'missing', tags: tags.length, remotes: remotes.length > 0 };
    }
    const peeled = await this.resolveCommit(target);
    return 'oid' in peeled ? { status: 'found', oid: peeled.oid } : { status: 'error', problem: peeled.problem };
  }

  async resolveCommit(ref: string): Promise<{ oid: string } | { problem: string }> {
    let oid: string;
    if (/^[0-9a-f]{4,40}$/i.test(ref)) {
      const found = await this.lookup(ref);
      if (found.status === 'missing') return { problem: `no object ${ref}` };
      if (found.status === 'ambiguous') return { problem: `${ref} is ambiguous` };
      if (found.status === 'error') return { problem: found.problem };
      oid = found.oid;
    } else if (ref === 'HEAD' && this.headGitdir !== this.gitdir) {
      const head = (await this.files.readFile(join(this.headGitdir, 'HEAD'), 'utf8').catch(() => '')).trim();
      const target = /^ref:\s*(\S+)$/.exec(head)?.[1];
      if (target) return this.#resolveRef(target, 'HEAD');
      if (/^[0-9a-f]{40}$/.test(head)) return this.resolveCommit(head);
      return { problem: `cannot read HEAD of the worktree at ${this.headGitdir}` };
    } else {
      const resolved = await this.#resolveRef(ref);
      if ('problem' in resolved) return resolved;
      oid = resolved.oid;
    }
    for (let depth = 0; depth < 10; depth++) {
      const found = await this.lookup(oid);
      if (found.status === 'missing') {
        const incomplete = await this.incompleteness();
        return { problem: `no object ${oid.slice(0, 12)} in the repository${incomplete ? ` (${incomplete})` : ''}` };
      }
      if (found.status !== 'found') return { problem: found.status === 'error' ? found.problem : `cannot read ${oid.slice(0, 12)}` };
      if (found.type === 'commit') {
        // The type came from the object's header; reading the commit proves the bytes are sound.
        const commit = await this.commit(oid);
        return 'problem' in commit ? { problem: commit.problem } : { oid };
      }
      if (found.type !== 'tag') return { problem: `${ref} is a ${found.type}, not a commit` };
      const unreadable = await this.#unreadable(oid, 'tag');
      if (unreadable !== null) return { problem: unreadable };
      try {
        const tag = await git.readTag({ fs: this.#fs, gitdir: this.gitdir, oid, cache: this.cache });
        oid = tag.tag.object;
      } catch (error) {
        return { problem: `cannot read tag ${oid.slice(0, 12)}: ${this.#error(error)}` };
      }
    }
    return { problem: `${ref}: tag chain too deep` };
  }

  /**
   * Whether the repository has no ref at all, as after `git init`: no packed-refs file and no
   * file under refs/ (a ref there that cannot be read still counts as one).
   */
  async #noRefs(): Promise<boolean> {
    if ((await this.files.locate(join(this.gitdir, 'packed-refs'))) !== null) return false;
    const loose = await git.listRefs({ fs: this.#fs, gitdir: this.gitdir, filepath: 'refs' }).catch(() => null);
    return loose !== null && loose.length === 0;
  }

  /**
   * Resolves a ref name one hop at a time, checking every name met (the configured head, and
   * each symbolic ref the repository's own files point at) with {@link isValidRefName}, so a
   * name like `../../etc/passwd` is never looked up as a file, and a file's content is never
   * echoed in a problem.
   */
  async #resolveRef(ref: string, via: string | null = null): Promise<{ oid: string } | { problem: string }> {
    let current = ref;
    for (let hop = 0; hop < 10; hop++) {
      if (/^[0-9a-f]{40}$/.test(current)) return { oid: current };
      if (!isValidRefName(current)) {
        return { problem: hop === 0 ? `cannot resolve ${ref}: not a valid ref name` : `cannot resolve ${ref}: it points at a name that is not a valid ref` };
      }
      const candidates = /^[A-Z_]+$/.test(current) || current.startsWith('refs/') ? [current] : [`refs/${current}`, `refs/tags/${current}`, `refs/heads/${current}`, `refs/remotes/${current}`, `refs/remotes/${current}/HEAD`];
      let next: string | null = null;
      for (const candidate of candidates) {
        try {
          next = await git.resolveRef({ fs: this.#fs, gitdir: this.gitdir, ref: candidate, depth: 2 });
          break;
        } catch {
          // not this one; try the next name git would try
        }
      }
      if (next === null) {
        const refused = await this.#linksOut(['HEAD', 'refs', 'packed-refs', ...candidates]);
        // A fresh `git init` (new-user trial): HEAD names a branch no commit has made yet.
        const named = via ?? (hop > 0 ? ref : null);
        const branch = named !== null && current.startsWith('refs/heads/') ? current.slice('refs/heads/'.length) : null;
        if (refused === '' && (await this.#noRefs())) {
          return { problem: `the repository has no commit yet (${branch === null ? `${ref} names no commit` : `${named} names the branch ${branch}, which has none`})` };
        }
        // An orphan branch (`git checkout --orphan`) while other branches have commits (trust14:
        // it said "cannot resolve HEAD: no such ref", naming no branch).
        if (refused === '' && branch !== null) return { problem: await this.#unbornBranch(named as string, branch) };
        return { problem: `cannot resolve ${ref}: no such ref${refused === '' ? '' : ` (${refused})`}` };
      }
      current = next.trim();
      if (current.startsWith('ref: ')) current = current.slice('ref: '.length).trim();
    }
    return { problem: `cannot resolve ${ref}: symbolic refs nest too deep` };
  }

  /**
   * What a person is told when `via` (HEAD, or a symbolic ref naming a branch) names `branch`,
   * which has no commit, while the repository has other refs: an orphan branch just started
   * (`git checkout --orphan`), with the local branches that do have commits (at most 5 named).
   */
  async #unbornBranch(via: string, branch: string): Promise<string> {
    const names = (await this.refNames('refs/heads', 1000)).filter((name) => name !== branch);
    const listed = names.length === 0 ? '' : `; the repository's branches: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''} — check one out, or name the landed head as "head" in trailbook.json`;
    return `${via} names the branch ${branch}, which has no commit yet (an orphan branch, as \`git checkout --orphan\` starts one${listed})`;
  }

  /** Reads and memoises a commit (refused unread when its header says it is over {@link MAX_OBJECT_BYTES}, or when its packed bytes do not hash to its id). */
  commit(oid: string): Promise<CommitData | { problem: string }> {
    let pending = this.#commits.get(oid);
    if (!pending) {
      pending = this.#unreadable(oid, 'object').then((problem) => (problem !== null ? { problem } : this.#readCommit(oid)));
      this.#commits.set(oid, pending);
    }
    return pending;
  }

  async #readCommit(oid: string): Promise<CommitData | { problem: string }> {
    // A packed commit's bytes are checked against its id first (isomorphic-git checks no packed
    // object's SHA-1): one whose bytes were altered in the pack is not read as the commit.
    if (this.#typeReader && (await this.#typeReader.packedObject(oid)) === null && this.#typeReader.unverified(oid)) {
      const checked = await this.#alteredRead(oid).catch(() => null);
      if (checked !== null) return { problem: `cannot read object ${oid.slice(0, 12)}: ${checked}` };
    }
    return git
      .readCommit({ fs: this.#fs, gitdir: this.gitdir, oid, cache: this.cache })
      .then((c): CommitData => ({
        oid: c.oid,
        message: c.commit.message,
        tree: c.commit.tree,
        parents: c.commit.parent,
        author: c.commit.author,
        committer: c.commit.committer,
      }))
      .catch((error: unknown) => ({ problem: `cannot read object ${oid.slice(0, 12)}: ${this.#error(error)}` }));
  }

  /** Reads and memoises a tree's entries. */
  tree(oid: string): Promise<TreeEntry[] | { problem: string }> {
    let pending = this.#trees.get(oid);
    if (!pending) {
      pending = this.#unreadable(oid, 'tree').then((problem) =>
        problem !== null
          ? { problem }
          : this.#packedTree(oid).then(
              (entries) =>
                entries ?? this.#readTree(oid).catch((error: unknown) => ({ problem: `cannot read tree ${oid.slice(0, 12)}: ${this.#error(error)}` })),
            ),
      );
      this.#trees.set(oid, pending);
    }
    return pending;
  }

  /**
   * A tree read by isomorphic-git; for one whose packed bytes hash to another id ({@link #altered}),
   * its problem when isomorphic-git's read of it does too. Throws what isomorphic-git throws.
   */
  async #readTree(oid: string): Promise<TreeEntry[] | { problem: string }> {
    if (this.#typeReader?.unverified(oid) === true) {
      const altered = await this.#alteredRead(oid);
      if (altered !== null) return { problem: `cannot read tree ${oid.slice(0, 12)}: ${altered}` };
    }
    const t = await git.readTree({ fs: this.#fs, gitdir: this.gitdir, oid, cache: this.cache });
    return t.tree.map((e) => ({ name: e.path, type: e.type, oid: e.oid, mode: e.mode }));
  }

  /**
   * A packed tree's entries read by node:zlib (src/lib/git/object-index.ts `packedObject`), as
   * isomorphic-git's `readTree` gives them (mode `40000` written `040000`, sorted by name), when
   * every entry is plain: a known mode and a name of letters, digits, `_`, `-` and `.` not
   * starting with a dot (never one isomorphic-git refuses: `.git`, `..`, `git~1`, a slash).
   * Null otherwise (a loose object, a commit or tag named as a tree, any other name or mode):
   * isomorphic-git reads it, and its words say what is wrong (issue 30: it inflates in JavaScript).
   */
  async #packedTree(oid: string): Promise<TreeEntry[] | null> {
    const object = this.#typeReader ? await this.#typeReader.packedObject(oid) : null;
    if (object === null || object.type !== 'tree') return null;
    const data = object.data;
    const entries: TreeEntry[] = [];
    for (let at = 0; at < data.length; ) {
      const space = data.indexOf(0x20, at);
      const nul = data.indexOf(0, at);
      if (space < 0 || nul < space || nul + 21 > data.length) return null;
      const raw = data.toString('latin1', at, space);
      const mode = raw === '40000' ? '040000' : raw;
      const type = TREE_MODES[mode];
      const name = data.toString('latin1', space + 1, nul);
      if (type === undefined || !PLAIN_TREE_NAME.test(name)) return null;
      entries.push({ name, type, oid: data.toString('hex', nul + 1, nul + 21), mode });
      at = nul + 21;
    }
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * What `path` (`/`-separated, relative, already normalised: no `..`, no leading `/`) is in
   * the tree of commit `commitOid`. The empty path is the root tree.
   */
  async lookupPath(commitOid: string, path: string): Promise<PathLookup> {
    const commit = await this.commit(commitOid);
    if ('problem' in commit) return { status: 'error', problem: commit.problem };
    let current: PathLookup = { status: 'tree', oid: commit.tree };
    const parts = path.split('/').filter((p) => p !== '');
    for (let i = 0; i < parts.length; i++) {
      if (current.status !== 'tree') {
        return { status: 'missing', missingAt: parts.slice(0, i).join('/') };
      }
      const entries = await this.tree(current.oid);
      if ('problem' in entries) return { status: 'error', problem: entries.problem };
      const entry = entries.find((e) => e.name === parts[i]);
      if (!entry) return { status: 'missing', missingAt: parts.slice(0, i + 1).join('/') };
      if (entry.type === 'tree') current = { status: 'tree', oid: entry.oid };
      else if (entry.type === 'commit') current = { status: 'submodule', oid: entry.oid };
      else current = { status: 'blob', oid: entry.oid, mode: entry.mode };
      if (current.status === 'submodule' && i < parts.length - 1) return current;
    }
    return current;
  }

  /** Reads a blob as text (memoised). Binary, LFS pointer and oversized blobs are reported as such. */
  blobText(oid: string): Promise<BlobText> {
    let pending = this.#blobs.get(oid);
    if (!pending) {
      pending = this.#blobText(oid);
      this.#blobs.set(oid, pending);
    }
    return pending;
  }

  async #blobText(oid: string): Promise<BlobText> {
    // Sized from the header first: an oversized blob is never inflated (a zip bomb in a pack).
    const header = await this.#header(oid);
    if (header !== null && !('problem' in header) && header.size > MAX_TEXT_BLOB_BYTES) return { status: 'too-large', bytes: header.size };
    const problem = await this.#unreadable(oid, 'blob');
    if (problem !== null) return { status: 'error', problem };
    let bytes: Uint8Array;
    try {
      // A packed blob is inflated by node:zlib and checked against its id (src/lib/git/object-index.ts
      // `packedObject`); a loose one, or one that is not sound, is read by isomorphic-git.
      const packed = this.#typeReader ? await this.#typeReader.packedObject(oid) : null;
      bytes = packed !== null && packed.type === 'blob' ? packed.data : (await git.readBlob({ fs: this.#fs, gitdir: this.gitdir, oid, cache: this.cache })).blob;
    } catch (error) {
      return { status: 'error', problem: `cannot read blob ${oid.slice(0, 12)}: ${this.#error(error)}` };
    }
    const altered = this.#altered(oid, 'blob', bytes);
    if (altered !== null) return { status: 'error', problem: `cannot read blob ${oid.slice(0, 12)}: ${altered}` };
    if (bytes.length > MAX_TEXT_BLOB_BYTES) return { status: 'too-large', bytes: bytes.length };
    const head = bytes.subarray(0, 8000);
    if (head.includes(0)) return { status: 'binary', bytes: bytes.length };
    const text = new TextDecoder('utf-8').decode(bytes);
    if (text.startsWith('version https://git-lfs.github.com/spec/')) return { status: 'lfs-pointer', bytes: bytes.length };
    return { status: 'text', text, lines: countLines(text), bytes: bytes.length };
  }

  /**
   * Every blob path at `commitOid` (depth-first, sorted as git sorts), at most `limit`.
   * Used by test-name search. Submodules are skipped.
   */
  async listFiles(commitOid: string, limit: number): Promise<Array<{ path: string; oid: string }> | { problem: string }> {
    const commit = await this.commit(commitOid);
    if ('problem' in commit) return commit;
    const out: Array<{ path: string; oid: string }> = [];
    const stack: Array<{ prefix: string; oid: string }> = [{ prefix: '', oid: commit.tree }];
    while (stack.length > 0 && out.length < limit) {
      const { prefix, oid } = stack.pop() as { prefix: string; oid: string };
      const entries = await this.tree(oid);
      if ('problem' in entries) return entries;
      for (let i = entries.length - 1; i >= 0; i--) {
        const e = entries[i] as TreeEntry;
        if (e.type === 'tree') stack.push({ prefix: `${prefix}${e.name}/`, oid: e.oid });
      }
      for (const e of entries) if (e.type === 'blob' && out.length < limit) out.push({ path: prefix + e.name, oid: e.oid });
    }
    return out;
  }
}

/**
 * Whether `ref` is a well-formed ref name (the rules of `git check-ref-format`, one-level
 * names allowed): no `..`, no control characters, space, `~^:?*[\`, no `@{`, no component
 * starting with `.` or ending with `.lock`, no leading, trailing or double `/`.
 */
export function isValidRefName(ref: string): boolean {
  if (ref === '' || ref === '@' || ref.length > 255) return false;
  if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(ref)) return false;
  if (ref.includes('..') || ref.includes('@{') || ref.endsWith('.')) return false;
  return ref.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}

/** A repository that could be opened, or why not. */
export type OpenResult = { repository: GitRepository } | { problem: string };

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

async function isGitDir(path: string): Promise<boolean> {
  return (await isDirectory(join(path, 'objects'))) && (await stat(join(path, 'HEAD')).then((s) => s.isFile(), () => false));
}

/**
 * Opens the repository at `path`: a work tree with a `.git` directory, a work tree whose
 * `.git` is a file (`gitdir: ...`: linked worktrees, whose objects live in the `commondir`,
 * and submodules), or a bare repository. `label` names the repository in problems (never a
 * machine path: output must not hold one).
 */
export async function openRepository(path: string, label: string = path): Promise<OpenResult> {
  const abs = resolve(path);
  if (!(await isDirectory(abs))) return { problem: `${label} is not a folder` };
  const dotgit = join(abs, '.git');
  const dotgitStat = await stat(dotgit).catch(() => null);
  if (dotgitStat?.isDirectory()) {
    if (!(await isGitDir(dotgit))) return { problem: `${label}/.git is not a git directory` };
    return { repository: new GitRepository(abs, dotgit) };
  }
  if (dotgitStat?.isFile()) {
    // The `.git` file is the work tree's; the `commondir` file is the linked worktree's own.
    const text = await new Confinement([abs], { what: 'the work tree' }).readFile(dotgit, 'utf8').catch(() => '');
    // Read line by line, not with one pattern: `\s*(.+?)\s*$` is quadratic in a long line of spaces.
    const named = text.split('\n').find((l) => l.startsWith('gitdir:'))?.slice('gitdir:'.length).trim() ?? '';
    if (named === '') return { problem: `${label}/.git is a file without a gitdir line` };
    const target = isAbsolute(named) ? named : resolve(dirname(dotgit), named);
    const common = (await gitDirectoryConfinement([target]).readFile(join(target, 'commondir'), 'utf8').catch(() => '')).trim();
    if (common !== '') {
      const commonDir = isAbsolute(common) ? common : resolve(target, common);
      if (!(await isGitDir(commonDir))) return { problem: `${label}/.git points at a worktree whose common git directory is missing` };
      return { repository: new GitRepository(abs, commonDir, target) };
    }
    if (!(await isGitDir(target))) return { problem: `${label}/.git points at ${named}, which is not a git directory` };
    return { repository: new GitRepository(abs, target) };
  }
  if (await isGitDir(abs)) return { repository: new GitRepository(null, abs) };
  return { problem: `${label} is not a git repository` };
}

/**
 * A cheap key that changes when the repository's object set or refs may have changed: the pack
 * files, the number of loose objects per fan-out folder, and the sha256 of its refs as written
 * (`HEAD`, `packed-refs`, every loose ref under `refs/` by name and content, and `config`, which
 * names the remotes). Used in cache digests: a verdict's reason names the branch, tag or stash
 * that reaches a commit not landed, so a branch deleted or moved, a tag removed or a packed-refs
 * rewrite must analyse the project again (rel16: with a kept cache, a commit whose branch
 * `feature` was deleted still read "on branch feature, not merged into the landed head" while a
 * clean build said "an abandoned branch, or an original rewritten away"; no object changes, so
 * the object set alone did not say it).
 */
export function repositoryStateKey(repository: GitRepository): Promise<string> {
  let pending = stateKeys.get(repository);
  if (!pending) {
    pending = readStateKey(repository);
    stateKeys.set(repository, pending);
  }
  return pending;
}

/** One state key per repository object: read once however many projects share it. */
const stateKeys = new WeakMap<GitRepository, Promise<string>>();

async function readStateKey(repository: GitRepository): Promise<string> {
  const readdir = (path: string): Promise<string[]> => repository.files.readdir(path);
  const objects = join(repository.gitdir, 'objects');
  const packs = (await readdir(join(objects, 'pack')).catch(() => [] as string[])).filter((f) => f.endsWith('.idx')).sort();
  const fanout = (await readdir(objects).catch(() => [] as string[])).filter((d) => /^[0-9a-f]{2}$/.test(d)).sort();
  const counts = await Promise.all(fanout.map(async (d) => `${d}:${(await readdir(join(objects, d)).catch(() => [])).length}`));
  return `${packs.join(',')}|${counts.join(',')}|${await refsDigest(repository)}`;
}

/**
 * The sha256 (hex) of a repository's refs as written: its `HEAD` (the work tree's, for a linked
 * worktree), `packed-refs`, `config`, and each loose ref under `refs/` (name and content, in name
 * order). A file that cannot be read counts as its error code. Never throws.
 */
async function refsDigest(repository: GitRepository): Promise<string> {
  const hash = createHash('sha256');
  const read = async (path: string): Promise<string> => repository.files.readFile(path, 'utf8').catch((error: unknown) => `!${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  for (const [name, path] of [['HEAD', join(repository.headGitdir, 'HEAD')], ['packed-refs', join(repository.gitdir, 'packed-refs')], ['config', join(repository.gitdir, 'config')]] as const) hash.update(`${name}\0${await read(path)}\0`);
  // Refs nest a few folders deep; a folder linked back into itself (refs/x -> ..) ends at 32.
  const walk = async (rel: string, depth = 0): Promise<void> => {
    const names = depth > 32 ? null : ((await repository.files.readdir(join(repository.gitdir, rel)).catch(() => null))?.sort() ?? null);
    if (names === null) {
      // Not a folder: a loose ref.
      hash.update(`${rel}\0${await read(join(repository.gitdir, rel))}\0`);
      return;
    }
    for (const name of names) await walk(`${rel}/${name}`, depth + 1);
  };
  await walk('refs');
  return hash.digest('hex').slice(0, 16);
}
