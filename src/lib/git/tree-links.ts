/**
 * Looking a path up in a commit's tree the way a checkout of that commit would read it:
 * through the symbolic links committed in it (spec/input.md section 3: a cited path must
 * exist "at the landed head"; docs/checks.md, the severity rule). Git stores a link as a blob
 * of mode 120000 whose content is the link's target. A link is followed only inside the tree:
 * its target must be relative, must not climb above the root and must not lead into `.git`
 * (git's own data, never the repository's content), and at most {@link MAX_LINK_HOPS} links
 * are followed for one path (the kernel's own limit; more means a loop). Every link followed
 * is reported, so a reason can say the path went through one. Pure reads of the repository;
 * never throws.
 */
import type { GitRepository } from './repository.ts';
import { agree } from '../text/agree.ts';

/** Most symbolic links followed while looking up one path (Linux's MAXSYMLINKS). */
export const MAX_LINK_HOPS = 40;
/** A link's target longer than this is not a path (`PATH_MAX`). */
const MAX_TARGET_BYTES = 4096;

/** One link followed: where it is in the tree and what it points at, as committed. */
export interface LinkHop {
  link: string;
  target: string;
}

/**
 * What a path is at a commit, after its links. `path` is where the lookup ended (the real path
 * in the tree); `links` lists each link followed, in order.
 * - `blob`, `tree`, `submodule`: found (a submodule: the path enters another repository).
 * - `missing`: nothing there; `missingAt` is the first part of `path` that is not in the tree.
 * - `refused`: a link leads out of the tree or into `.git`, or there are too many (`reason`).
 * - `error`: the repository could not be read.
 */
export type FollowedPath =
  | { status: 'blob'; oid: string; mode: string; path: string; links: LinkHop[] }
  | { status: 'tree'; oid: string; path: string; links: LinkHop[] }
  | { status: 'submodule'; oid: string; path: string; links: LinkHop[] }
  | { status: 'missing'; path: string; missingAt: string; links: LinkHop[] }
  | { status: 'refused'; reason: string; loop: boolean; links: LinkHop[] }
  | { status: 'error'; problem: string };

/** `a/b/../c` → `a/c`; null when the parts climb above the root. */
function normalise(parts: readonly string[]): string[] | null {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out;
}

/**
 * Looks `path` (`/`-separated, relative, normalised) up in the tree of `commitOid`, following
 * committed symbolic links, the last part's included (`src/alias.ts` → `src/real.ts`).
 */
export async function followPath(repository: GitRepository, commitOid: string, path: string): Promise<FollowedPath> {
  const commit = await repository.commit(commitOid);
  if ('problem' in commit) return { status: 'error', problem: commit.problem };
  const links: LinkHop[] = [];
  let parts = path.split('/').filter((p) => p !== '');
  restart: for (;;) {
    let tree = commit.tree;
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i] as string;
      const entries = await repository.tree(tree);
      if ('problem' in entries) return { status: 'error', problem: entries.problem };
      const entry = entries.find((e) => e.name === name);
      const here = parts.slice(0, i + 1).join('/');
      const last = i === parts.length - 1;
      if (!entry) return { status: 'missing', path: parts.join('/'), missingAt: here, links };
      if (entry.type === 'tree') {
        if (last) return { status: 'tree', oid: entry.oid, path: here, links };
        tree = entry.oid;
        continue;
      }
      if (entry.type === 'commit') return { status: 'submodule', oid: entry.oid, path: here, links };
      if (entry.mode !== '120000') {
        if (last) return { status: 'blob', oid: entry.oid, mode: entry.mode, path: here, links };
        // A file used as a folder: nothing below it.
        return { status: 'missing', path: parts.join('/'), missingAt: parts.slice(0, i + 2).join('/'), links };
      }
      // A symbolic link: its blob holds the target.
      if (links.length >= MAX_LINK_HOPS) return { status: 'refused', loop: true, reason: `${path} goes through more than ${MAX_LINK_HOPS} symbolic links (they loop): it names nothing`, links };
      const blob = await repository.blobText(entry.oid);
      if (blob.status === 'error') return { status: 'error', problem: blob.problem };
      if (blob.status !== 'text' || blob.text.length > MAX_TARGET_BYTES || blob.text.includes('\0')) {
        return { status: 'refused', loop: false, reason: `${here} is a symbolic link whose target is not a path`, links };
      }
      const target = blob.text;
      const hop = { link: here, target };
      if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target)) {
        return { status: 'refused', loop: false, reason: `${here} is a symbolic link to ${target}, an absolute path: it leads out of the repository tree; not followed`, links: [...links, hop] };
      }
      const next = normalise([...parts.slice(0, i), ...target.split('/'), ...parts.slice(i + 1)]);
      if (next === null) return { status: 'refused', loop: false, reason: `${here} is a symbolic link to ${target}: it leads out of the repository tree; not followed`, links: [...links, hop] };
      if (next.some((p) => p.toLowerCase() === '.git')) {
        return { status: 'refused', loop: false, reason: `${here} is a symbolic link to ${target}: it leads into .git, git's own data, not the repository's content; not followed`, links: [...links, hop] };
      }
      links.push(hop);
      parts = next;
      continue restart;
    }
    // The empty path: the root.
    return { status: 'tree', oid: tree, path: '', links };
  }
}

/** `through the symbolic link lib → src`, `through the symbolic links a → b, b/c → d`. */
export function linksText(links: readonly LinkHop[]): string {
  return `through the ${agree(links.length, 'symbolic link', 'symbolic links')} ${links.map((l) => `${l.link} → ${l.target}`).join(', ')}`;
}
