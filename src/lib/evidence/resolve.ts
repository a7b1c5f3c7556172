/**
 * Resolves classified evidence pointers against the canonical repository at the landed head
 * (decision trail, Part 2, Layer 1; spec/input.md section 3). Each pointer gets a three-state
 * status (quality-and-design-controls.md, section 3) and a reason in plain words; a
 * NOT_VERIFIED pointer also names the check that failed (`fault`), which becomes a flag.
 *
 * URLs are recorded, never fetched; a forge URL of the project's own repository is checked
 * against it (issue 13, item 3). A script or data URL is never a pointer. Without a repository
 * every git-backed check is INCONCLUSIVE "no repository", never VERIFIED and never a crash.
 * Paths written as people abbreviate them — a bare name, a partial path, a name without its
 * extension, a glob — are looked for in the tree (issue 13, item 2; src/lib/evidence/tree-paths.ts).
 *
 * This module sends each pointer to the resolver of its kind and resolves a cell as a whole. Its
 * neighbours hold the rest: resolve-context.ts (what resolution reads), pointer-verdict.ts
 * (making and wording a resolved pointer), commit-resolution.ts (commits, tags, ranges,
 * revisions), path-resolution.ts (paths and their lines) on path-lookup.ts (what a path is, and
 * where), name-resolution.ts (names and tests) on test-titles.ts (where a test's title is),
 * rubric-resolution.ts (rubric rows), committed-readings.ts (prose the repository shows to be a
 * pointer), spaced-paths.ts (paths holding spaces), row-readings.ts (a pointer read where its row
 * stands in the history) and forge-resolution.ts (URLs).
 */
import type { EvidencePointer } from '../model/types.ts';
import type { ClassifiedPointer } from './classify.ts';
import { PROSE_REASON } from './cell-reading.ts';
import { bareFolder } from './bare-folder.ts';
import { type EvidenceContext, type CellWords, NO_WORDS, cellWordsOf } from './resolve-context.ts';
import { reworded, pointer, rangesOf, rangesText } from './pointer-verdict.ts';
import type { LineRange } from './path-shape.ts';
import { committedRefRange, resolveCommit } from './commit-resolution.ts';
import { resolveUrl, type FilePaths } from './forge-resolution.ts';
import { committedNameWithLines, committedPathAtRef, committedRefPath, committedTag, pathAtNamedRef } from './committed-readings.ts';
import { resolveName } from './name-resolution.ts';
import { resolveAbsolute, resolveAt, resolvePath } from './path-resolution.ts';
import { resolveRubric } from './rubric-resolution.ts';
import { spacedPaths } from './spaced-paths.ts';
import { distinctPointers } from './distinct-pointers.ts';
export type { CellWords, EvidenceContext, RowPlace } from './resolve-context.ts';
export { cellWordsOf } from './resolve-context.ts';

/**
 * Resolves one classified pointer. Never throws: repository failures become INCONCLUSIVE
 * with the problem as the reason.
 */
export async function resolvePointer(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<EvidencePointer> {
  return resolveOne(p, ctx, cell);
}

/** The path checks a forge file URL is checked with (forge-resolution.ts). */
const FILE_PATHS: FilePaths = { resolvePath: (p, ctx) => resolvePath(p, ctx), resolveAt };

async function resolveOne(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords): Promise<EvidencePointer> {
  try {
    switch (p.kind) {
      case 'commit':
        return await resolveCommit(p, ctx, cell);
      case 'path': {
        const atRef = await pathAtNamedRef(p, ctx);
        if (atRef !== null) return await resolveOne(atRef, ctx, cell);
        if (p.rev === undefined && p.path?.includes('@')) {
          const atRef = await committedPathAtRef(p, ctx);
          if (atRef !== null) return await resolveOne(atRef, ctx, cell);
        }
        const forwards = backwardsRead(p);
        if (forwards !== null) {
          const resolved = await resolveOne(forwards, ctx, cell);
          return reworded(resolved, `${rangesText(rangesOf(p) as LineRange[])} written backwards, read as ${rangesText(rangesOf(forwards) as LineRange[]).replace(/^lines? /, '')}: ${resolved.reason}`);
        }
        const resolved = await resolvePath(p, ctx);
        // `src\a.ts` is read as `src/a.ts`; the reason says so (trial E, finding 3).
        return p.backslashes ? reworded(resolved, `written with \\ separators, read as ${p.path}: ${resolved.reason}`) : resolved;
      }
      case 'test':
      case 'symbol': {
        const atRef = await pathAtNamedRef(p, ctx);
        if (atRef !== null) return await resolveOne(atRef, ctx, cell);
        return await resolveName(p, ctx);
      }
      case 'rubric':
        return await resolveRubric(p, ctx);
      case 'url':
        return await resolveUrl(p, ctx, FILE_PATHS);
      case 'command':
        return pointer(p, 'INCONCLUSIVE', 'a command is not evidence of its result');
      case 'ephemeral':
        if ((p.path ?? '').startsWith('/')) return await resolveAbsolute(p, ctx);
        if (/^[/~]/.test(p.path ?? '')) return pointer(p, 'INCONCLUSIVE', 'absolute path outside the repository; gone after the run');
        if ((p.path ?? '').startsWith('$')) return pointer(p, 'INCONCLUSIVE', `a path under the shell variable ${(p.path as string).split('/')[0]}: outside the repository`);
        return pointer(p, 'INCONCLUSIVE', "an agent's session file, named by its id: outside the repository");
      case 'reference':
        return pointer(p, 'INCONCLUSIVE', 'reference recorded, not checked');
      case 'prose': {
        if (p.truncated) return pointer(p, 'INCONCLUSIVE', 'the cell holds more pointers than are read; the rest is shown as written, not checked');
        const named = (await committedNameWithLines(p, ctx)) ?? (await committedTag(p, ctx)) ?? (await committedRefPath(p, ctx)) ?? (await committedPathAtRef(p, ctx)) ?? (await committedRefRange(p, ctx));
        if (named !== null) return await resolveOne(named, ctx, cell);
        // `src` alone: the folder the word names at the root (bare-folder.ts), said so.
        const folder = ctx.head ? await bareFolder(p, cell.words, ctx.repository, [...new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))]) : null;
        if (folder !== null) {
          const resolved = await resolveOne(folder, ctx, cell);
          return reworded(resolved, `a bare word naming a folder at the repository's root, read as ${folder.path}: ${resolved.reason}`);
        }
        return pointer(p, 'NOT_VERIFIED', PROSE_REASON, { fault: 'evidence/prose' });
      }
    }
  } catch (error) {
    return pointer(p, 'INCONCLUSIVE', `could not be checked: ${(error as Error).message ?? String(error)}`);
  }
}

/**
 * Resolves every pointer of a cell, in order (a committed path with a space as one path;
 * `text`, the cell as written, lets adjacent paths written one space apart be one; a pointer
 * written twice, once).
 */
export async function resolveEvidence(pointers: ClassifiedPointer[], ctx: EvidenceContext, text?: string): Promise<EvidencePointer[]> {
  // The same pointer written twice in the cell is read once (distinct-pointers.ts).
  const read = [...distinctPointers(await spacedPaths(pointers, ctx, text))];
  const cell = cellWordsOf(read);
  return Promise.all(read.map((p) => resolvePointer(p, ctx, cell)));
}

/**
 * A path whose cited range runs backwards (`src/a.ts:20-10`, `#L20-L10`), read forwards: the
 * same lines, 10 to 20, as a forge's line anchor selects them. Null when no range runs
 * backwards, or one holds line 0 or a number past what is read exactly (`:0`, `:20-0` stay
 * "not a valid line range", a high `evidence/line-out-of-range`, at any commit). Before
 * (trust15, left alone), `:20-10` was that high flag on lines the file holds: a slip of
 * writing outranking a fabricated commit.
 */
function backwardsRead(p: ClassifiedPointer): ClassifiedPointer | null {
  const ranges = rangesOf(p);
  if (ranges === null || !ranges.some((r) => r.to < r.from)) return null;
  if (ranges.some((r) => r.from < 1 || r.to < 1 || r.written !== undefined)) return null;
  const forwards = ranges.map((r) => (r.to < r.from ? { ...r, from: r.to, to: r.from } : r));
  const first = forwards[0] as LineRange;
  return { ...p, from: first.from, to: first.to, ...(p.lines ? { lines: forwards } : {}) };
}
