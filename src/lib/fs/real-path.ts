/**
 * Where an absolute path written in a record really is (docs/security.md: "every file is
 * judged by its real path"): the real path of the longest part of it that exists, with the
 * rest appended. A link anywhere in that part is followed as the kernel follows it, so a path
 * written through a link into the repository (`/tmp/link/src/a.ts`) is known to be in it, and
 * a file since deleted is still placed in its folder. Nothing is opened or read; only
 * `realpath` is asked.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep, isAbsolute } from 'node:path';

/** At most this many trailing segments are looked past before the path is taken as written. */
const MAX_MISSING_SEGMENTS = 64;

/**
 * The real path of the absolute path `written`. Returns the path resolved as written
 * (`path.resolve`) when no part of it exists.
 */
export async function realPathOf(written: string): Promise<string> {
  const rest: string[] = [];
  let current = written;
  for (let i = 0; i <= MAX_MISSING_SEGMENTS; i++) {
    const real = await realpath(current).catch(() => null);
    if (real !== null) return rest.length === 0 ? real : join(real, ...rest);
    const up = dirname(current);
    if (up === current) break;
    rest.unshift(basename(current));
    current = up;
  }
  return resolve(written);
}

/**
 * The path of `real` relative to the folder `root` (both real, absolute), with `/`
 * separators: `''` for the folder itself, null when `real` is not inside it.
 */
export function insideFolder(root: string, real: string): string | null {
  if (!isAbsolute(root) || !isAbsolute(real)) return null;
  if (real === root) return '';
  if (!real.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return relative(root, real).split(sep).join('/');
}

/**
 * The folder `path` names when it is a symbolic link: the folder the link leads to, through
 * any further links (at most 40), made absolute without links; it need not exist yet (a link
 * to a folder not made yet leads to it). `path` itself when it is no link. A link that leads
 * round in a loop is followed 40 times and that path returned: making or opening it raises
 * `ELOOP`.
 */
export async function folderLinkedTo(path: string): Promise<string> {
  let at = path;
  for (let hops = 0; hops < 40; hops++) {
    const isLink = await lstat(at).then((s) => s.isSymbolicLink(), () => false);
    if (!isLink) break;
    at = resolve(dirname(at), await readlink(at));
  }
  if (at === path) return path;
  const real = await realpath(at).catch(() => null);
  if (real !== null) return real;
  return join(await realpath(dirname(at)).catch(() => dirname(at)), basename(at));
}
