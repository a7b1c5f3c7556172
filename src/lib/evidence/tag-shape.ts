/**
 * A git tag cited alone as evidence (`v1.0`, `release-2.3.0`, in backticks or quotes): a ref
 * pointer, checked against the repository's tags as a commit is (decision trail, Part 1:
 * evidence is "a resolvable pointer: commit SHA, …"; spec/input.md section 3, `commit`: "commit
 * object exists", asked of the commit the tag names). New-user trial, round 8: such cells were
 * prose, never checked.
 *
 * Only a whole list item is a tag, never a version written in a sentence or among a command's
 * words (`bumped node to v20.1.0`, `npm i x@1.2.3` stay what they were): a version in prose is
 * far likelier a dependency's than a tag of this repository. Two strengths:
 * - `sure`: a `v` before the version (`v1.0`, `V2.0.0-rc.13`) or a release word
 *   (`release-2.3.0`, `rel_1.2`, `version-3.1`, `app-v1.2.0`). A tag the repository lacks is a
 *   pointer that does not resolve.
 * - not sure: a bare version (`2.3.0`) or another word before it (`node-20.1.0`): that tag when
 *   the repository has it, else prose as before (never a new flag).
 * Pure; every pattern is linear (tests/unit/regex-linearity.test.ts).
 */

// A version, in each pattern below: digits, at least one `.digits`, an optional pre-release (`-rc.1`) and build (`+b7`).
/** `v1.0`, `V2.3.0-rc.1`. */
const V_TAG = /^[vV]\d{1,9}(?:\.\d{1,9}){1,4}(?:-[0-9A-Za-z]{1,32}(?:[.-][0-9A-Za-z]{1,32}){0,8})?(?:\+[0-9A-Za-z.-]{1,64})?$/;
/** `release-2.3.0`, `rel_1.2`, `version-3.1`, `app-v1.2.0` (words, then an optional `v` and the version). */
const WORD_TAG = /^[A-Za-z][A-Za-z0-9]{0,31}(?:[-_][A-Za-z][A-Za-z0-9]{0,31}){0,4}[-_]([vV]?)\d{1,9}(?:\.\d{1,9}){1,4}(?:-[0-9A-Za-z]{1,32}(?:[.-][0-9A-Za-z]{1,32}){0,8})?(?:\+[0-9A-Za-z.-]{1,64})?$/;
/** The words before a version that name a release. */
const RELEASE_WORD = /^(?:release|releases|rel|version|ver|tag)[-_]/i;
/** A bare version, `2.3.0`. */
const BARE = /^\d{1,9}(?:\.\d{1,9}){1,4}(?:-[0-9A-Za-z]{1,32}(?:[.-][0-9A-Za-z]{1,32}){0,8})?(?:\+[0-9A-Za-z.-]{1,64})?$/;

/** Marks around a cited tag that are not part of it: quotes, backticks, brackets, a sentence's last mark. */
const WRAPPED = /^[`'"(\[]?([^\s`'"()[\]]{1,128}?)[`'")\]]?[.,;:]?$/;

/** A tag the text names, and whether its shape alone makes it one (`sure`). */
export interface TagShape {
  /** The tag's name as written, without the marks around it (`v1.0` for `` `v1.0` ``). */
  name: string;
  /** A `v` or a release word before the version: a tag even when the repository lacks it. */
  sure: boolean;
}

/**
 * The tag a whole list item names (`v1.0`, `` `release-2.3.0` ``, `"2.3.0"`), or null when the
 * item is anything else (words around it, not version-shaped). `sure` as the module says.
 */
export function tagShape(item: string): TagShape | null {
  // A tag's name is short: a long item is never read whole here.
  if (item.length > 160) return null;
  const m = WRAPPED.exec(item.trim());
  if (!m) return null;
  const name = m[1] as string;
  if (V_TAG.test(name)) return { name, sure: true };
  const word = WORD_TAG.exec(name);
  if (word) return { name, sure: word[1] !== '' || RELEASE_WORD.test(name) };
  if (BARE.test(name)) return { name, sure: false };
  return null;
}

/** A ref name a tag may have that is not version-shaped (`p7-launch`, `checkpoint-3`, `v1`): a digit or a separator in it, so a plain word (`done`) is never one. */
const REF_WORD = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$/;

/**
 * The name a whole list item gives when it is one ref-name-shaped word holding a digit or a
 * `-`, `_`, `.` or `/` (`p7-launch`, `` `v1` ``), or null. Never `sure`: such a word is a tag only
 * when the repository has that tag (trust8: checkpoint tags of a real repository were a medium
 * `evidence/prose`).
 */
export function refWordShape(item: string): TagShape | null {
  if (item.length > 160) return null;
  const m = WRAPPED.exec(item.trim());
  if (!m) return null;
  const name = m[1] as string;
  if (!REF_WORD.test(name) || !/[0-9._/-]/.test(name) || name.endsWith('.') || name.endsWith('/')) return null;
  return { name, sure: false };
}
