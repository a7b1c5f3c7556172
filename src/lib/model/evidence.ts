/**
 * An evidence pointer of a row and what it resolved to (spec/input.md section 3), apart from
 * src/lib/model/types.ts so the verdicts' and arena's models can cite pointers without
 * importing the project model that holds them.
 */

/** Three-state verdict of one evidence pointer (quality-and-design-controls.md, section 3). */
export type EvidenceStatus = 'VERIFIED' | 'NOT_VERIFIED' | 'INCONCLUSIVE';

/**
 * What an evidence pointer looks like (spec/input.md section 3; decision trail, Part 2 layer 1).
 * - `commit`: 7–40 hex digits, optionally after the word `commit`.
 * - `path`: a relative path, optionally `:line` or `:from-to` (or `#Lfrom-Lto`).
 * - `url`: an http(s) URL; recorded, never fetched.
 * - `rubric`: a pointer into `design/rubric.md` (`design/rubric.md#2`, `rubric#2`).
 * - `test`: a test name (`mod::tests::name`, `file.test.ts > name`).
 * - `symbol`: an identifier cited after a path (`src/a.ts parseRow`); searched in that file.
 * - `command`: a shell command (`cargo test -p x`); not evidence of its result.
 * - `ephemeral`: an absolute path (`/tmp/...`); gone after the run.
 * - `reference`: an issue or PR number (`PR 225`, `#13`); recorded, not checked.
 * - `prose`: anything else; never evidence.
 */
export type EvidenceKind =
  | 'commit'
  | 'path'
  | 'url'
  | 'rubric'
  | 'test'
  | 'symbol'
  | 'command'
  | 'ephemeral'
  | 'reference'
  | 'prose';

/**
 * Where a resolved pointer leads in the archive. `row`: a row of one of the project's own
 * trails (`file`, relative to the project folder; the line cited, when one is), shown as a link
 * to that row in the recap (`anchor`), or to its Decisions when no row is named.
 */
export type EvidenceTarget =
  | { type: 'commit'; oid: string }
  | { type: 'file'; path: string; from?: number; to?: number; origin: 'repository' | 'artifact' }
  | { type: 'url'; href: string }
  | { type: 'row'; file: string; from?: number; anchor?: string };

/** One end of a cited range of commits: its full SHA, and whether it is not an ancestor of the landed head. */
export interface RangeEnd {
  oid: string;
  notLanded?: true;
}

/** One evidence pointer of a row, classified and resolved (spec/input.md section 3). */
export interface EvidencePointer {
  /** The pointer's own text, exactly as written in the cell (after splitting). */
  raw: string;
  kind: EvidenceKind;
  status: EvidenceStatus;
  /** Why the status is what it is, in plain words ("commit not found in example.git"). */
  reason: string;
  /** Present when the pointer resolves to something the archive can link to. */
  target?: EvidenceTarget;
  /** For NOT_VERIFIED pointers: the id of the check that failed (`evidence/commit-not-found`). */
  fault?: string;
  /** Words the agent wrote beside the pointer in the same segment, kept as its note. */
  note?: string;
  /** For a VERIFIED commit: set when it is not an ancestor of the landed head (`evidence/commit-not-landed`, a low notice). */
  notLanded?: true;
  /**
   * For a VERIFIED range of commits (`82c680b..58ed6b9`, a forge compare URL `a...b`): both
   * ends, in the order written, as full SHAs. Each end is a citation of its commit (its page's
   * Cited by, its exact SHA in search); `target` is the last end.
   */
  ends?: RangeEnd[];
  /**
   * Index, in the same list, of the command (or pointer) this pointer was found inside: a SHA
   * in `git show b732012`, a file in `sed -n 62,66p docs/BRIEF.md`. Shown under it.
   */
  within?: number;
}
