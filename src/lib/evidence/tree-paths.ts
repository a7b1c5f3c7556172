/**
 * Finding a file named the way people abbreviate paths (issue 13, item 2): a bare name
 * (`route.ts`), a partial path (`components/Foo.tsx` for `apps/web/src/components/Foo.tsx`),
 * a name without its extension (`convert.test` for `test/unit/convert.test.js`) or a glob
 * (`docs/spec/*.md`), against the tree at a commit. The tree's paths are listed once per
 * repository and commit (within {@link SEARCH_MAX_FILES}) and indexed by file name, so each
 * lookup costs the files of that name, not the tree.
 */
import type { GitRepository } from '../git/repository.ts';
import { globMatches } from '../text/glob-match.ts';
import { SEARCH_MAX_FILES } from './tree-search.ts';

/** Every file and folder of a tree, by name. */
interface TreeIndex {
  /** File paths by their last segment. */
  files: Map<string, string[]>;
  /** Folder paths by their last segment. */
  folders: Map<string, string[]>;
  /** Every file path, in tree order. */
  all: string[];
  /** File paths by their blob's id. */
  byBlob: Map<string, string[]>;
  /** The tree has more files than were listed: "none found" is not certain. */
  truncated: boolean;
}

/** What a search by name found: the matching paths (sorted), and whether the search saw the whole tree. */
export interface NameMatches {
  paths: string[];
  folder: boolean;
  truncated: boolean;
}

const indexes = new WeakMap<GitRepository, Map<string, Promise<TreeIndex | { problem: string }>>>();

async function buildIndex(repo: GitRepository, commit: string): Promise<TreeIndex | { problem: string }> {
  const list = await repo.listFiles(commit, SEARCH_MAX_FILES + 1);
  if ('problem' in list) return list;
  const truncated = list.length > SEARCH_MAX_FILES;
  const listed = list.slice(0, SEARCH_MAX_FILES);
  const all = listed.map((e) => e.path);
  const byBlob = new Map<string, string[]>();
  for (const e of listed) {
    const same = byBlob.get(e.oid);
    if (same) same.push(e.path);
    else byBlob.set(e.oid, [e.path]);
  }
  const files = new Map<string, string[]>();
  const folders = new Map<string, string[]>();
  const seenFolders = new Set<string>();
  const add = (map: Map<string, string[]>, name: string, path: string): void => {
    const list = map.get(name);
    if (list) list.push(path);
    else map.set(name, [path]);
  };
  for (const path of all) {
    const parts = path.split('/');
    add(files, parts[parts.length - 1] as string, path);
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (seenFolders.has(folder)) continue;
      seenFolders.add(folder);
      add(folders, parts[i - 1] as string, folder);
    }
  }
  return { files, folders, all, byBlob, truncated };
}

function indexOf(repo: GitRepository, commit: string): Promise<TreeIndex | { problem: string }> {
  let byCommit = indexes.get(repo);
  if (!byCommit) {
    byCommit = new Map();
    indexes.set(repo, byCommit);
  }
  let pending = byCommit.get(commit);
  if (!pending) {
    pending = buildIndex(repo, commit);
    byCommit.set(commit, pending);
  }
  return pending;
}

/**
 * Files (or, when none, folders) whose path is `name` or ends with `/name`: the places a bare
 * name or a partial path may mean. `stem`: `name` lacks its extension (`convert.test` matches
 * `convert.test.js`).
 */
export async function findByName(repo: GitRepository, commit: string, name: string, stem = false): Promise<NameMatches | { problem: string }> {
  const index = await indexOf(repo, commit);
  if ('problem' in index) return index;
  const parts = name.split('/').filter((p) => p !== '');
  const last = parts[parts.length - 1] as string;
  const suffix = `/${parts.join('/')}`;
  const ends = (path: string, tail: string): boolean => path === tail.slice(1) || path.endsWith(tail);
  let files: string[];
  if (stem) {
    files = [];
    for (const [file, paths] of index.files) {
      if (!file.startsWith(`${last}.`) || file.slice(last.length + 1).includes('/')) continue;
      const dir = parts.slice(0, -1).join('/');
      for (const p of paths) if (dir === '' || ends(p.slice(0, p.lastIndexOf('/')), `/${dir}`)) files.push(p);
    }
  } else files = (index.files.get(last) ?? []).filter((p) => ends(p, suffix));
  if (files.length > 0) return { paths: files.sort(), folder: false, truncated: index.truncated };
  const folders = (index.folders.get(last) ?? []).filter((p) => ends(p, suffix));
  return { paths: folders.sort(), folder: folders.length > 0, truncated: index.truncated };
}

/**
 * Files (or, when none, folders) of `commit`'s tree whose path differs from `path` only in
 * letter case (sorted): what `src/upper.ts` opens on a case-insensitive file system (macOS's and
 * Windows' default) when the tree holds `src/Upper.ts` (trust9). Searches the tree's first
 * SEARCH_MAX_FILES files.
 */
export async function findByCase(repo: GitRepository, commit: string, path: string): Promise<NameMatches | { problem: string }> {
  const index = await indexOf(repo, commit);
  if ('problem' in index) return index;
  const want = path.toLowerCase();
  const files = index.all.filter((p) => p.length === path.length && p.toLowerCase() === want);
  if (files.length > 0) return { paths: files.sort(), folder: false, truncated: index.truncated };
  const folders = [...index.folders.values()].flat().filter((p) => p.length === path.length && p.toLowerCase() === want);
  return { paths: folders.sort(), folder: folders.length > 0, truncated: index.truncated };
}

/**
 * The files of `commit`'s tree whose content is the blob `oid` (sorted): where a file moved
 * without a change (`git mv`) is found. Searches the tree's first SEARCH_MAX_FILES files.
 */
export async function findByBlob(repo: GitRepository, commit: string, oid: string): Promise<string[] | { problem: string }> {
  const index = await indexOf(repo, commit);
  if ('problem' in index) return index;
  return [...(index.byBlob.get(oid) ?? [])].sort();
}

/** Files matching a glob (`*` and `?` within a segment, `**` across), in tree order. */
export async function findByGlob(repo: GitRepository, commit: string, glob: string): Promise<NameMatches | { problem: string }> {
  const index = await indexOf(repo, commit);
  if ('problem' in index) return index;
  const pattern = glob.replace(/^\.\//, '');
  // A glob longer than a path can be has no match worth the work.
  if (pattern.length > 1024) return { paths: [], folder: false, truncated: index.truncated };
  const paths = index.all.filter((p) => globMatches(pattern, p));
  return { paths, folder: false, truncated: index.truncated };
}
