/**
 * File reads inside a git directory that never block (docs/security.md, "Untrusted
 * repositories"). A repository comes from the input, so any file in it (`HEAD`, a ref, a
 * loose object, a pack index) may be a FIFO or a device: reading one would wait forever for
 * a writer. Every read here first checks that the path is a regular file; anything else
 * fails at once with `EINVAL`, which callers turn into INCONCLUSIVE with the reason.
 */
import * as nodeFs from 'node:fs';
import { stat } from 'node:fs/promises';

/** An error for a path that is not a regular file. */
function notRegular(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is not a regular file (a FIFO or device is never read)`), { code: 'EINVAL', path });
}

/**
 * `fs.promises.readFile`, refusing anything but a regular file (after links are followed).
 *
 * @throws `EISDIR` for a folder (as `readFile` does; isomorphic-git probes ref folders),
 *   `EINVAL` for a FIFO, socket or device; the usual errors (`ENOENT`, ...) otherwise.
 */
export async function readRegularFile(path: string): Promise<Buffer>;
export async function readRegularFile(path: string, encoding: BufferEncoding): Promise<string>;
export async function readRegularFile(path: string, encoding?: BufferEncoding): Promise<Buffer | string> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), { code: 'EISDIR', path });
  if (!info.isFile()) throw notRegular(path);
  return encoding === undefined ? nodeFs.promises.readFile(path) : nodeFs.promises.readFile(path, encoding);
}

/**
 * The file system handed to isomorphic-git: Node's, with `readFile` refusing anything but
 * regular files (isomorphic-git reads refs, objects and packs with it).
 */
export const regularFileSystem = {
  promises: {
    ...nodeFs.promises,
    readFile: (path: string, options?: BufferEncoding | { encoding?: BufferEncoding | null } | null): Promise<Buffer | string> => {
      const encoding = typeof options === 'string' ? options : (options?.encoding ?? undefined);
      return encoding ? readRegularFile(path, encoding) : readRegularFile(path);
    },
  },
};
