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
 */
export function confinedGitFs(confinement: Confinement): PromiseFsClient {
  return {
    promises: {
      readFile: (path: string, options?: BufferEncoding | { encoding?: BufferEncoding | null } | null) => {
        const encoding = typeof options === 'string' ? options : (options?.encoding ?? undefined);
        return encoding ? confinement.readFile(path, encoding) : confinement.readFile(path);
      },
      readdir: (path: string) => confinement.readdir(path),
      stat: (path: string) => confinement.stat(path),
      lstat: (path: string) => confinement.stat(path),
      readlink: readOnly,
      writeFile: readOnly,
      mkdir: readOnly,
      rmdir: readOnly,
      unlink: readOnly,
      symlink: readOnly,
    },
  };
}
