/**
 * Paths as the published archive shows them: relative to the input folder's parent
 * (`corpus/team-a/link`), like project roots, so a report never reveals where the build
 * machine keeps its files.
 */
import { basename, dirname, relative, sep } from 'node:path';

/** `path` relative to the parent of the input root containing it; its last segment when none does. */
export function displayPath(roots: readonly string[], path: string): string {
  const root = roots.filter((r) => path === r || path.startsWith(r + sep)).sort((a, b) => b.length - a.length)[0];
  if (root === undefined) return basename(path);
  return relative(dirname(root), path).split(sep).join('/');
}
