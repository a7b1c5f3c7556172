/**
 * A cell that is one bare word naming a folder at the repository's root (`src`, `docs`): that
 * folder, as `src/` is (trust10: it was a medium `evidence/prose` though the row points at a
 * folder the tree holds). Only when the word is the whole cell — the cell offers nothing else —
 * and exactly names a folder (same letter case) at the landed head or at the commit that recorded
 * the row: a word in a sentence (`updated docs`, `see test`) stays prose, and a word naming no
 * folder never becomes a missing path.
 */
import type { GitRepository } from '../git/repository.ts';
import type { ClassifiedPointer } from './classified-pointer.ts';

/** One word as folder names are written: letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. */
const BARE_WORD = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.-]{0,99}$/u;

/**
 * The folder a prose cell of one bare word names (`{ kind: 'path', path: 'src/' }`), or null.
 * `cellWords`: every word of the cell (src/lib/evidence/resolve.ts `cellWordsOf`); `commits`:
 * where to look (the landed head, the commit that recorded the row).
 */
export async function bareFolder(p: ClassifiedPointer, cellWords: readonly string[], repository: GitRepository | null, commits: readonly string[]): Promise<ClassifiedPointer | null> {
  if (repository === null || p.kind !== 'prose' || p.within !== undefined || !BARE_WORD.test(p.raw)) return null;
  if (cellWords.length !== 1 || cellWords[0] !== p.raw) return null;
  for (const commit of commits) {
    const found = await repository.lookupPath(commit, p.raw);
    if (found.status === 'tree') return { raw: p.raw, kind: 'path', path: `${p.raw}/` };
  }
  return null;
}
