/**
 * What resolving a cell's pointers reads (src/lib/evidence/resolve.ts): the project's repository,
 * landed head and records (`EvidenceContext`), where the row stands against the repository's
 * history (`RowPlace`: issue 26), and the words of the whole cell (`CellWords`). Types and one
 * pure reading; no I/O.
 */
import type { GitRepository } from '../git/repository.ts';
import type { ArtifactFolder } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import type { ForgeRepository } from './forge-url.ts';

/** Everything resolution needs for one project. */
export interface EvidenceContext {
  /** The canonical repository, or null. */
  repository: GitRepository | null;
  /** Display name of the repository for reasons ("example.git"). */
  repositoryName: string;
  /** Full SHA of the landed head, or null. */
  head: string | null;
  /** Why git checks cannot run ("no repository"), or null when they can. */
  problem: string | null;
  /** The project's own folder, for artifacts. */
  artifacts: ArtifactFolder;
  /**
   * Paths of the records making the claims being checked (the project's trails, audit.json,
   * handover.md and config; for a QA criterion, also its own verdict file), relative to the
   * project folder and, when it lies in the work tree, to the repository: a pointer to one is
   * `evidence/self-citation`. Any other trail, audit or handover anywhere is refused by name
   * (`isClaimPath`).
   */
  claims?: ReadonlySet<string>;
  /**
   * The project's own trails among `claims`: each path a pointer may cite one by (as `claims`
   * holds them) → the trail's path relative to the project folder. A pointer to one links to
   * its row (`target` `row`); src/lib/evidence/trail-references.ts decides, per row, whether it
   * is a self-citation or a reference to another row.
   */
  trails?: ReadonlyMap<string, string>;
  /**
   * The canonical repository as forges name it (the configuration's forge `url`, the
   * repository's `origin` remote): a URL of one of these is checked locally.
   */
  forges?: readonly ForgeRepository[];
  /**
   * The repository's work trees (absolute real paths, src/lib/project/canonical-repository.ts):
   * an absolute path whose real path is inside one is the repository path it names.
   */
  workTrees?: readonly string[];
  /** The row being checked, as the trail's git history and the landed head place it (issue 26, items 1 and 2). */
  row?: RowPlace;
}

/**
 * Where a row stands against the repository (issue 26). `recordedIn`: the commit that recorded
 * the row's line, from the trail's own git history (src/lib/trail/record-history.ts), when that
 * commit is another than the landed head: a `path:line` is shown as the row saw it there.
 * `headPredates`: the row is not committed with the repository and is dated after the landed
 * head's commit (the repository is older than the trail): what is missing at that head is
 * INCONCLUSIVE, not a fault.
 */
export interface RowPlace {
  recordedIn?: string;
  headPredates?: { headTs: string };
  /**
   * The repository is a shallow clone and the row is first seen at a commit its history stops
   * at (or its trail's history could not be read past the cut): the row may have been written
   * earlier, when what it cites was there (trial7: a file moved since was a high
   * `evidence/path-not-found` in a depth-1 clone, VERIFIED at its new path in the full one).
   * The commit the history stops at, full SHA.
   */
  historyCut?: string;
  /**
   * A row of a trail never committed with the repository, dated at or before the landed head's
   * commit: the commit of the head's first-parent line current at the row's time (`oid`, full SHA;
   * `ts`, its committer time; `rowTime`, the row's own time in ms), when that is not the head.
   * What is missing at the head and was there is INCONCLUSIVE ({@link datedInstead}; trust9);
   * cited lines of a file changed since only after the row are followed to the head
   * (`asRecorded`; trust14).
   */
  dated?: { oid: string; ts: string; rowTime: number };
  /**
   * A row committed with the repository after its own time (a trail committed in a batch, at the
   * end of a session or at handover): the commit of the landed head's first-parent line current at
   * the row's time (`oid`, full SHA; `ts`, its committer time; `rowTime`, the row's time in ms),
   * when that is neither the commit that recorded the row (`committedIn`, full SHA, committed at
   * `committedTs`) nor the landed head. A path or lines missing at the head and at that recording
   * commit that were there at `oid` were there when the row was written: INCONCLUSIVE with that
   * reason ({@link datedInstead}), or VERIFIED at the path a file was moved to unchanged, as for
   * `dated` (lead16: `src/cli/incremental.ts:38-41`, cited the morning the file existed and
   * committed with the trail days after it moved, was a high `evidence/path-not-found`).
   */
  writtenAt?: { oid: string; ts: string; rowTime: number; committedIn: string; committedTs: string };
}

/** The words of a whole evidence cell (every pointer's text and note), for a pointer that the words around it explain. */
export interface CellWords {
  words: readonly string[];
}

export const NO_WORDS: CellWords = { words: [] };

/** The words of a cell's pointers and notes: `worktree src 83cc286 vs main 60d60f7` gives worktree, src, 83cc286, vs, main, 60d60f7. */
export function cellWordsOf(pointers: readonly ClassifiedPointer[]): CellWords {
  const words = new Set<string>();
  for (const p of pointers) for (const w of `${p.raw} ${p.note ?? ''}`.split(/[\s,;()[\]"'`]+/)) if (w !== '') words.add(w);
  return { words: [...words] };
}
