/**
 * Hex words in evidence: commit SHAs, SHA ranges and the ids agents give their own sessions
 * (decision trail, Part 1: "commit SHA" is a pointer; issue 13, item 1: `7 commits
 * fd4f3f4..331919e`). A hex word is a commit when it has both digits and letters, or is 40
 * long, or stands alone; a number inside prose (`review 4969103341`) is not. A hex word next
 * to a word naming an agent's own record (`delegate 66fda898`, `e8a6404a transcript`,
 * `judge report 766d24f7`) is that record's id, not a commit. Pure.
 */

const HEX = /^[0-9a-f]{7,40}$/i;

/**
 * Whether a hex token is a commit pointer: 40 digits, or 7–39 with a digit and a letter.
 * A token of only digits or only letters (`8879725`, `defaced`) counts when it stands alone
 * as the whole segment, since a number or a word inside prose is far likelier than a SHA.
 */
export function looksLikeSha(token: string, alone = false): boolean {
  if (!HEX.test(token)) return false;
  if (token.length === 40 || alone) return true;
  return /[0-9]/.test(token) && /[a-f]/i.test(token);
}

/** A ref name as a range end: `HEAD`, `HEAD~3`, `main`, `origin/main`, `v1.2` (a letter first; no `..`). */
const REF_END = /^(?:HEAD|[A-Za-z][\w.-]*(?:\/[\w.-]+)*)(?:[~^]\d*)*$/;

/**
 * A range of commits, `a..b` or `a...b` (each end 4–40 hex digits), or with one end a ref name
 * (`85fdac6e..HEAD`, `main..3f2a9c1`: issue 26, item 6): the ref end is `fromRef`/`toRef`, its
 * name as written, and `from`/`to` is the hex end (both ends hex otherwise).
 */
export function shaRange(token: string): { from: string; to: string; fromRef?: string; toRef?: string } | null {
  const m = /^([^.]+)\.{2,3}([^.]+(?:\.[^.]+)*)$/.exec(token);
  if (!m) return null;
  const [a, b] = [m[1] as string, m[2] as string];
  const hex = (end: string): boolean => /^[0-9a-f]{4,40}$/i.test(end) && (looksLikeSha(end) || end.length >= 7);
  if (hex(a) && hex(b)) return { from: a.toLowerCase(), to: b.toLowerCase() };
  // One hex end that is clearly a SHA (digits and letters, or 7 digits and more), the other a ref.
  if (hex(a) && !/^[0-9a-f]+$/i.test(b) && REF_END.test(b) && !b.includes('..')) return { from: a.toLowerCase(), to: a.toLowerCase(), toRef: b };
  if (hex(b) && !/^[0-9a-f]+$/i.test(a) && REF_END.test(a)) return { from: b.toLowerCase(), to: b.toLowerCase(), fromRef: a };
  return null;
}

/** The pointer fields of a range (src/lib/evidence/classified-pointer.ts): `hex`, and `hexTo` or the ref end. */
export function rangeFields(range: NonNullable<ReturnType<typeof shaRange>>): { hex: string; hexTo?: string; refFrom?: string; refTo?: string } {
  if (range.toRef !== undefined) return { hex: range.from, refTo: range.toRef };
  if (range.fromRef !== undefined) return { hex: range.to, refFrom: range.fromRef };
  return { hex: range.from, hexTo: range.to };
}

/**
 * `175a435^`, `175a435~2`, `175a435^2~1`: a commit named by its ancestry from a SHA, which does not
 * move (trust9: it was prose, a medium `evidence/prose`). The hex (lower case) and the suffix, or null.
 */
export function shaAncestry(token: string): { hex: string; walk: string } | null {
  const m = /^([0-9a-f]{7,40})((?:[~^]\d{0,4}){1,8})$/i.exec(token);
  if (!m || !looksLikeSha(m[1] as string, true)) return null;
  return { hex: (m[1] as string).toLowerCase(), walk: m[2] as string };
}

/** A ref that moves as it is written in a revision: `HEAD`, `@`, a default branch, a remote-tracking branch. */
const MOVING_REF = /^(?:HEAD|@|main|master|trunk|develop|(?:origin|upstream)\/[A-Za-z0-9][\w.-]{0,99})$/;
/** A revision after its ref: `~`, `~2`, `^`, `^2`, repeated. */
const MOVING_SUFFIX = /^(?:[~^]\d{0,4}){0,8}$/;

/** Whether one end is a moving ref and its suffix; `HEAD` needs none, a branch one (`main` alone is a word). */
function movingEnd(end: string, bareBranch: boolean): boolean {
  const at = end.search(/[~^]/);
  const [ref, suffix] = at < 0 ? [end, ''] : [end.slice(0, at), end.slice(at)];
  if (!MOVING_REF.test(ref) || !MOVING_SUFFIX.test(suffix)) return false;
  return suffix !== '' || ref === 'HEAD' || bareBranch;
}

/**
 * A reflog entry: `stash@{0}`, `HEAD@{1}`, `main@{2}`, `@{-1}`, `main@{yesterday}` (git's
 * `<ref>@{<n>}` and `@{<date>}`), with an optional `~n`/`^n` after it. Not `@{u}`/`@{push}` (a
 * ref's upstream, no reflog).
 */
const REFLOG_ENTRY = /^(?:HEAD|stash|[A-Za-z][\w.-]{0,99}(?:\/[\w.-]{1,100}){0,8})?@\{(?!(?:u|upstream|push)\})[\w.:,+-]{1,64}\}(?:[~^]\d{0,4}){0,8}$/i;

/**
 * Whether a word names a commit by a reflog entry (`stash@{0}`, `HEAD@{1}`: trust15, they were
 * prose, a medium `evidence/prose`): an entry moves as its ref moves, and only the clone that
 * wrote it holds it, so which commit it named when the row was written is not known.
 */
export function reflogEntry(token: string): boolean {
  return token.length <= 220 && REFLOG_ENTRY.test(token);
}

/**
 * Whether a word is a revision named relative to a ref that moves (trust9: `HEAD~2`, `HEAD^`,
 * `main~1`, `origin/main..HEAD`, `HEAD~2..HEAD` were prose, a medium `evidence/prose`): `HEAD`
 * or a default or remote-tracking branch with `~n`/`^n` after it (`HEAD` alone too, as the whole
 * item: `alone`), or a range of two such ends, one of them `HEAD` or with a suffix. These name
 * commits, but which ones the row meant moved on with the ref: no `hex` to check.
 */
export function movingRevision(token: string, alone = false): boolean {
  if (token.length > 220) return false;
  if (reflogEntry(token)) return true;
  const range = /^([^.]+)\.{2,3}([^.]+)$/.exec(token);
  if (range) {
    const [a, b] = [range[1] as string, range[2] as string];
    return movingEnd(a, true) && movingEnd(b, true) && [a, b].some((e) => e.startsWith('HEAD') || /[~^]/.test(e));
  }
  if (token === 'HEAD') return alone;
  return movingEnd(token, false);
}

/**
 * Words that name an agent's own records; a hex word beside one is that record's id
 * (`subagent digest 8476774e`, `53c93d23 subagent output`, `delegates 12578e1d 3bd279fa`).
 */
export const ID_NOUNS: ReadonlySet<string> = new Set(
  'agent agents subagent subagents delegate delegates session sessions transcript transcripts judge judges reviewer reviewers report reports digest digests worker workers thread threads chat chats conversation conversations job jobs task tasks trace traces run runs'.split(' '),
);

/** Words that make the hex word after them a commit whatever its digits, from 4 digits on (`commit 294c114`, `sha 1b48`). */
export const COMMIT_WORDS: ReadonlySet<string> = new Set(['commit', 'commits', 'sha']);
