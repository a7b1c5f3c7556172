/**
 * One pointer found in an evidence cell, before resolution (spec/input.md section 3; issue 13).
 * Made by src/lib/evidence/classify.ts, resolved by resolve.ts.
 */
import type { EvidenceKind } from '../model/types.ts';
import type { LineRange } from './path-shape.ts';

export interface ClassifiedPointer {
  /** The pointer's own text, as written (for a brace path, `a_{x,y}.md`, each expansion: `a_x.md`, `a_y.md`). */
  raw: string;
  kind: EvidenceKind;
  /** `commit`: the lower-case hex as written (7–40 digits, or 4+ after the word `commit`); the start of a range. */
  hex?: string;
  /** `commit`: the end of a range `hex..hexTo`. */
  hexTo?: string;
  /** `commit`: a range's end written as a ref name (`85fdac6e..HEAD`: `refTo` is `HEAD`); `hex` is then the other end. */
  refFrom?: string;
  refTo?: string;
  /**
   * `commit`: a revision named relative to a ref that moves, as written (`HEAD~2`, `HEAD^`,
   * `main~1`, `HEAD~2..HEAD`: src/lib/evidence/hex-shape.ts `movingRevision`): which commit it
   * named when the row was written is not known, so it is INCONCLUSIVE (no `hex`).
   */
  moving?: string;
  /* `path`, `symbol`, `test` with `moving`: the path is cited at that revision (`src/a.ts:2 in HEAD~1`, `src/a.ts@HEAD~1`, `HEAD~1:src/a.ts`), so INCONCLUSIVE too. */
  /**
   * `commit`: the ancestry written after the hex (`175a435^`, `175a435~2`: git's revision suffixes),
   * walked from the commit `hex` names (src/lib/evidence/hex-shape.ts `shaAncestry`).
   */
  walk?: string;
  /**
   * `commit`: a tag cited alone (`v1.0`, `release-2.3.0`: src/lib/evidence/tag-shape.ts), its name; checked as the commit it names (no `hex`).
   * `path`, `symbol`, `test`: the tag the path is cited at, by a name only a tag has (`src/a.ts:2 in v9.9`,
   * `src/a.ts@v9.9:2`, `v9.9:src/a.ts`), which the repository lacks (a tag it has is read as `rev`): that tag's fault.
   */
  tag?: string;
  /** `path`, `symbol`, `test` (when tied to a file), `rubric`, `ephemeral`: the path. */
  path?: string;
  /** 1-based first and last line cited (the first range when there are several). */
  from?: number;
  to?: number;
  /** Every cited range, when there are several (`route.ts:34,47`), or when one keeps its digits as written (`LineRange.written`: a 20-digit line). */
  lines?: LineRange[];
  /** `path`: the commit the path is cited at (`docs/DESIGN.md:294 in 9946590`), instead of the landed head. */
  rev?: string;
  /**
   * `path`: the folder of the path written last before it in the cell. A bare or partial name
   * (`docs/a.md; b.md`) not found as written is looked for there (and in the folders above it)
   * before the rest of the tree.
   */
  near?: string;
  /** `path`: written without its extension (`convert.test` for `convert.test.js`). */
  stem?: true;
  /** `path`: a file inside an archive (`jar META-INF/…`), not a repository path. */
  archive?: true;
  /** `url`: the URL as written. */
  href?: string;
  /** `url`: written without a scheme (`careertech.org/career-clusters`). */
  schemeless?: true;
  /** `url`: a git remote in scp form (`git@github.com:acme/proj.git`): recorded as text, never a link. */
  remote?: true;
  /** `path`: written with Windows separators (`src\a.ts`); `path` holds it with `/`. */
  backslashes?: true;
  /**
   * `ephemeral`: written as a `file:` URL (`file:///tmp/report.html`: src/lib/evidence/url-shape.ts,
   * `fileUrlPath`); `path` holds the absolute path it names, judged as one.
   */
  fileUrl?: true;
  /** `url`: the scheme of a script or data URL (`javascript`): never a pointer. */
  unsafe?: string;
  /** `test` / `symbol`: the name to look for. */
  name?: string;
  /**
   * `symbol`: the name was written in brackets after the path (`src/a.ts:2 (v1)`, `src/h.ts
   * (sha256)`): it may be the tag or branch the path is cited at, as `src/a.ts:2 in v1` names
   * one, which only the repository tells (src/lib/evidence/committed-readings.ts `pathAtNamedRef`).
   */
  bracketed?: true;
  /**
   * `test`: a test cited by its title in a named file (`tests/a.test.ts > rejects empty rows`,
   * `excel.test 'SINGLE_COLUMN only when…'`), not an identifier read after a path: a title the
   * file does not hold is a pointer that does not resolve (src/lib/evidence/name-resolution.ts, `resolveName`).
   */
  titled?: true;
  /** `rubric`: the criterion cited (number or words). */
  criterion?: string;
  /** Words of the same segment that are not a pointer ("challenger run" in "challenger run #13"). */
  note?: string;
  /**
   * Index, in the cell's list, of the item this one was found inside: a command, a pointer's
   * note, or a prose item. Such a pointer is only named in that text, not cited as the cell
   * or a list item (issue 26, scope 5): when it does not resolve it is shown INCONCLUSIVE with
   * at most a low notice (src/lib/evidence/cell-reading.ts).
   */
  within?: number;
  /**
   * Set by the word reader (segment-words.ts) on a pointer read after words of prose or inside
   * a quoted phrase; classify.ts turns it into `within` (the item it was named in) and drops it.
   */
  mention?: true;
  /** The cell holds more pointers than are read: this one stands for the rest. */
  truncated?: true;
}
