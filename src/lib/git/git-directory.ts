/**
 * Reads inside one repository's git directory (docs/security.md, "Untrusted repositories"
 * and "Nothing escapes the root"). Git data (objects, packs, refs, packed refs, `HEAD`) is
 * read only where its real path stays inside that repository's git directory: a
 * `.git/objects` or `.git/refs/heads/main` that is a symbolic link into another repository
 * of the machine is refused, so its commits never verify evidence and its files are never
 * published. The repository may be anywhere (`repo` is configuration); what it holds may
 * not lead out of it. Every read opens the file and then checks the opened file
 * (src/lib/fs/confined.ts), so a file swapped for a link mid-build is refused too, and
 * only regular files are read (a FIFO or device would block).
 */
import type { Stats } from 'node:fs';
import type { PromiseFsClient } from 'isomorphic-git';
import { Confinement } from '../fs/confined.ts';

/** What a git directory's confinement calls its folders in a refusal. */
const WHAT = "the repository's git directory";

/** A confinement to a repository's git directories: the common one (objects, refs) and, for a linked worktree, its own (HEAD). */
export function gitDirectoryConfinement(gitdirs: readonly string[]): Confinement {
  return new Confinement([...new Set(gitdirs)], { what: WHAT });
}

const readOnly = async (): Promise<never> => {
  throw Object.assign(new Error('the repository is read only'), { code: 'EROFS' });
};

/**
 * The file system handed to isomorphic-git: reads confined to the git directory, writes
 * refused. A refused read rejects with `EOUTSIDE` (isomorphic-git passes it on, so the
 * reason reaches the evidence); a refused `stat` is "missing".
 *
 * isomorphic-git stats the git directory on every object it reads (`discoverGitdir`) and lists
 * `objects/pack` for every packed object: a confined `stat` and listing each resolve a real
 * path (issue 30: `realpath` was 7 s of a 20-project build's profile, with the listings'
 * opens). So a folder found inside once is remembered as a folder, and a folder's listing is
 * remembered; refusals and errors are not. Every file read still opens and checks the file
 * itself, so a file listed earlier and swapped for a link later is refused as before.
 */
export function confinedGitFs(confinement: Confinement): PromiseFsClient {
  const folders = new Map<string, Promise<Stats>>();
  const listings = new Map<string, Promise<string[]>>();
  const stat = (path: string): Promise<Stats> => {
    const known = folders.get(path);
    if (known) return known;
    return confinement.stat(path).then((info) => {
      if (info.isDirectory()) folders.set(path, Promise.resolve(info));
      return info;
    });
  };
  const readdir = (path: string): Promise<string[]> => {
    let pending = listings.get(path);
    if (!pending) {
      pending = confinement.readdir(path);
      listings.set(path, pending);
      pending.catch(() => listings.delete(path));
    }
    // A copy: isomorphic-git filters the list it gets, and the next caller needs it whole.
    return pending.then((names) => [...names]);
  };
  return {
    promises: {
      readFile: (path: string, options?: BufferEncoding | { encoding?: BufferEncoding | null } | null) => {
        const encoding = typeof options === 'string' ? options : (options?.encoding ?? undefined);
        return encoding ? confinement.readFile(path, encoding) : confinement.readFile(path);
      },
      readdir,
      stat,
      lstat: stat,
      readlink: readOnly,
      writeFile: readOnly,
      mkdir: readOnly,
      rmdir: readOnly,
      unlink: readOnly,
      symlink: readOnly,
    },
  };
}
