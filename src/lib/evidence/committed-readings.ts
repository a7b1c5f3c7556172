/**
 * Text the classifier leaves as prose or as a plain path that the repository shows to be a
 * pointer: a committed name with its lines (`gradlew:10`), a tag (`2.3.0`), git's
 * `<ref>:<path>`, `path@ref`, a path cited `in <tag>`; and a path that names a ref instead of a
 * file (`refs/tags/v1.0`, `origin/main`). Each reading is taken only when the repository holds
 * what it names, so a word never becomes a new missing pointer.
 */
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import type { ClassifiedPointer } from './classify.ts';
import { looksLikePath, splitLineSuffix } from './path-shape.ts';
import { remoteNames } from '../git/origin-remote.ts';
import { refWordShape, tagShape } from './tag-shape.ts';
import { type EvidenceContext } from './resolve-context.ts';
import { short, pointer } from './pointer-verdict.ts';
import { resolveTag } from './commit-resolution.ts';

/** `gradlew:10`, `link:1`: one name (no `/`, no known extension) and its lines. */
const NAME_WITH_LINES = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}_.+-]{0,254}:L?\d{1,9}(?:[-–‑‒—−]L?\d{1,9})?$/u;

/**
 * A prose item that is a name and its lines (`gradlew:10`, `link:1`) whose name is a file,
 * folder or link committed at the root of the repository, at the landed head or at the commit
 * that recorded the row: that path with its lines, checked as one (trial, 2026-12-02: such
 * files were a medium `evidence/prose`). Null otherwise, so `step:2` stays prose and never
 * becomes a missing path.
 */
export async function committedNameWithLines(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  if (!NAME_WITH_LINES.test(p.raw) || !ctx.repository || !ctx.head) return null;
  const { path, ...lines } = splitLineSuffix(p.raw);
  for (const commit of new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))) {
    const found = await ctx.repository.lookupPath(commit, path);
    if (found.status === 'blob' || found.status === 'tree') return { raw: p.raw, kind: 'path', path, ...lines };
  }
  return null;
}

/**
 * A prose item that is a bare version or a word and a version (`2.3.0`, `node-20.1.0`:
 * src/lib/evidence/tag-shape.ts, not `sure`) naming a tag the repository has: that tag, checked
 * as one. Null otherwise, so it stays prose and a version never becomes a missing tag.
 */
export async function committedTag(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  const shape = tagShape(p.raw) ?? refWordShape(p.raw);
  if (shape === null || !ctx.repository) return null;
  const found = await ctx.repository.tag(shape.name);
  return found.status === 'found' ? { raw: shape.name, kind: 'commit', tag: shape.name } : null;
}

/** A path that may be a ref's full or remote-tracking name: `refs/tags/v1.0`, `refs/heads/main`, `origin/main`. */
const REF_LIKE_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}(?:\/[A-Za-z0-9._-]{1,100}){1,8}$/;

/** The remote names of each repository object (one per build: src/lib/project/repository-registry.ts), read once; collected with it. */
const remoteSets = new WeakMap<GitRepository, Promise<ReadonlySet<string>>>();

/**
 * The names of the repository's remotes: its config's `[remote "<name>"]` sections and the first
 * segment of its remote-tracking refs. Read once per repository object, so once per build, not
 * once per not-found `<remote>/<x>` path (trust11: each read `.git/config` again). A new build
 * opens a new repository object and reads them afresh.
 */
export function remotesOf(repository: GitRepository): Promise<ReadonlySet<string>> {
  let remotes = remoteSets.get(repository);
  if (remotes === undefined) {
    remotes = (async () => new Set([...(await remoteNames(repository.gitdir)), ...(await repository.refNames('refs/remotes', 1000)).map((n) => n.split('/')[0] as string)]))();
    remoteSets.set(repository, remotes);
  }
  return remotes;
}

/**
 * A path not in the tree that names a ref of the repository (trust8: `refs/tags/v1.0` and
 * `origin/main`, both there, were a high `evidence/path-not-found`: real evidence called
 * missing). `refs/tags/<name>` is that tag, checked as a tag cited alone is (spec/input.md
 * section 3, `commit`: "commit object exists", of the commit the tag names; a missing one is
 * the tag's `evidence/commit-not-found`). A branch (`refs/heads/x`, `refs/remotes/origin/x`,
 * `origin/x`) is INCONCLUSIVE: it exists, but moves, so it names no fixed commit (decision
 * trail, Part 1: evidence is "a resolvable pointer"). Null when the path names no ref.
 */
export async function refInstead(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  if (!ctx.repository || p.rev !== undefined || !REF_LIKE_PATH.test(path)) return null;
  if (path.startsWith('refs/tags/')) return resolveTag({ raw: p.raw, kind: 'commit' }, path.slice('refs/tags/'.length), ctx);
  const names = path.startsWith('refs/') ? (/^refs\/(?:heads|remotes)\//.test(path) ? [path] : []) : [`refs/heads/${path}`, `refs/remotes/${path}`];
  for (const name of names) {
    const ref = await ctx.repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' }));
    if (!('oid' in ref)) continue;
    const commit = await ctx.repository.commit(ref.oid);
    const subject = 'problem' in commit ? '' : (commit.message.split('\n')[0] ?? '').trim();
    return pointer(p, 'INCONCLUSIVE', `${path} is a branch of ${ctx.repositoryName}, not a file (now at commit ${short(ref.oid)}${subject ? `: “${subject}”` : ''}): a branch moves, so it names no fixed commit`);
  }
  // `origin/feature-x` where the clone holds no ref of it (fetched without it, or deleted after
  // its merge): a branch of a remote the repository has is no file either (trust9: a high
  // `evidence/path-not-found`, real evidence called missing). Not when a folder of that name is in the tree.
  const slash = path.indexOf('/');
  const remote = path.slice(0, slash);
  if (path.startsWith('refs/') || !ctx.head) return null;
  const remotes = await remotesOf(ctx.repository);
  if (!remotes.has(remote) || (await ctx.repository.lookupPath(ctx.head, remote)).status !== 'missing') return null;
  return pointer(p, 'INCONCLUSIVE', `${path} names branch ${path.slice(slash + 1)} of the remote ${remote}, which this clone holds no ref of (fetched without it, or deleted after a merge), not a file: a branch moves, so it names no fixed commit; not checked`);
}

/** `main:src/a.ts:12`, `HEAD:docs/x.md`: a ref name (no space, no `:`), a colon, then a path and its lines. */
const REF_PATH = /^([A-Za-z_][\w./-]{0,199}):([^\s:]\S{0,1023})$/;

/**
 * A prose item that is git's `<ref>:<path>` with a ref name the repository has (`main:src/a.ts`,
 * `HEAD:docs/a.md:40`, `origin/main:README.md`; a SHA before the colon is read when the cell is
 * classified: src/lib/evidence/word-tokens.ts, `revisionPathPointer`): that path at the commit
 * the ref names, or at the landed head when it names that commit (trial7: such real evidence
 * was a medium `evidence/prose`). Null otherwise, so `step:2`, `phase:build` or `Note:a.md` whose
 * word names no ref stay prose.
 */
export async function committedRefPath(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  const m = REF_PATH.exec(p.raw);
  if (m === null || !ctx.repository || !looksLikePath(m[2] as string)) return null;
  const ref = await ctx.repository.resolveCommit(m[1] as string).catch(() => ({ problem: 'unreadable' }));
  const { path, ...lines } = splitLineSuffix(m[2] as string);
  if (!('oid' in ref)) return missingTag(m[1] as string) ? { raw: p.raw, kind: 'path', path, ...lines, tag: m[1] as string } : null;
  return { raw: p.raw, kind: 'path', path, ...lines, ...(ref.oid === ctx.head ? {} : { rev: ref.oid }) };
}

/** `src/a.ts@v1`, `src/a.ts@v1:3`, `src/a.ts:3@release-2`: a path, `@`, a ref name (no `:` or `#`), and its lines before or after the ref. */
const PATH_AT_REF = /^([^@\s]{1,1024})@([A-Za-z_][\w./-]{0,199})((?::|#L)\S{1,100})?$/;

/**
 * A path at a ref name the repository has, written `path@ref` as `path@sha` is (a tag or a
 * branch: `src/a.ts@v1`, `src/a.ts@v1:3`, `src/a.ts:3@v1`; trust12: each was one path named
 * `src/a.ts@v1`, a high `evidence/path-not-found`, or prose): that path at the commit the ref
 * names, or at the landed head when it names that commit. Null when the text is no such path or
 * the word after `@` names no ref of the repository (`logo@2x.png`, `pkg@1.2.3` stay as they were).
 */
export async function committedPathAtRef(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  const m = PATH_AT_REF.exec(p.raw);
  if (m === null || !ctx.repository) return null;
  const [, written, name, after] = m as unknown as [string, string, string, string | undefined];
  const before = splitLineSuffix(written);
  if (!looksLikePath(before.path) || (after !== undefined && before.from !== undefined)) return null;
  const { path, ...lines } = after === undefined ? before : splitLineSuffix(before.path + after);
  if (after !== undefined && lines.from === undefined) return null;
  const ref = await ctx.repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' }));
  if (!('oid' in ref)) return missingTag(name) ? { raw: p.raw, kind: 'path', path, ...lines, ...(p.within === undefined ? {} : { within: p.within }), tag: name } : null;
  return { raw: p.raw, kind: 'path', path, ...lines, ...(p.within === undefined ? {} : { within: p.within }), ...(ref.oid === ctx.head ? {} : { rev: ref.oid }) };
}

/** `in v1`, `at release-2`, `(v1)` opening a path's note: a word that may name the ref the path is cited at. */
const NOTE_REF = /^(?:(?:in|at)\s+([A-Za-z0-9][\w./-]{0,199}?)|\(([A-Za-z0-9][\w./-]{0,199}?)\))(?=[,;.:)]?(?:\s|$))/i;

/**
 * A path whose note opens with the tag or branch it is cited at (`src/a.ts:2 in v1`, `… at v1`,
 * `… (v1)`), as `in <sha>` is read when the cell is classified: that path at the commit the ref
 * names, or at the landed head when it names that commit (trust15: the ref was left in the note,
 * so the lines were checked and linked at the landed head — VERIFIED on lines the row never cited
 * once the file changed after the tag). A name cited in the path keeps its kind and is looked for
 * at that commit (`src/p.ts parseRow in v1`; trust16: it was looked for at the landed head). A
 * word in brackets read as a name (`src/a.ts:2 (v1)`: `bracketed`) is that ref when the repository
 * has it, and the path is cited there (trust16: it was the name “v1” looked for in the landed
 * head's file). Null when the word names no ref of the repository (`in the parser`, `(sha256)`
 * stays a name), or is hex or digits (a short SHA is the classifier's, a number no ref).
 */
export async function pathAtNamedRef(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  if (p.rev !== undefined || !ctx.repository) return null;
  if (p.bracketed && p.name !== undefined) {
    const oid = await refOid(p.name, ctx);
    if (oid === null) return null;
    const { name: _name, bracketed: _bracketed, ...rest } = p;
    return { ...rest, kind: 'path', ...(oid === ctx.head ? {} : { rev: oid }) };
  }
  if (p.note === undefined) return null;
  const m = NOTE_REF.exec(p.note);
  const name = m?.[1] ?? m?.[2];
  if (m === null || name === undefined) return null;
  const oid = await refOid(name, ctx);
  // In brackets, a version it does not have may be a remark on the lines (`package.json:3 (v1.2.0)`): only `in`/`at` cite a tag for sure.
  if (oid === null && (m[1] === undefined || !missingTag(name))) return null;
  const { note: _note, ...rest } = p;
  const left = p.note.slice(m[0].length).replace(/^[,;.:]?\s*/, '');
  return { ...rest, raw: `${p.raw} ${m[0]}`, ...(left === '' ? {} : { note: left }), ...(oid === null ? { tag: name } : oid === ctx.head ? {} : { rev: oid }) };
}

/**
 * Whether a ref name the repository lacks, written where a path's revision goes (`in v9.9`,
 * `(v9.9)`, `@v9.9`, `v9.9:`), is still the tag the row cites: its shape alone makes it one (a `v`
 * and a version, or a release word: tag-shape.ts `sure`), as `v9.9` cited alone is a missing tag,
 * the high `evidence/commit-not-found` (trust16: at a path it was left in the note and the path
 * checked at the landed head, VERIFIED; `src/a.ts@v9.9:2` was a path of that name not found;
 * `v9.9:src/a.ts:2` prose). A word of another shape (`in the parser`, `@2x`, `v2`) is not, nor a
 * version in brackets (`package.json:3 (v1.2.0)` may say what the line holds).
 */
function missingTag(name: string): boolean {
  return tagShape(name)?.sure === true && tagShape(name)?.name === name;
}

/** The commit a ref name of the repository names (a tag or branch: `v1`, `release-2`), or null: no such ref, or hex or digits (a short SHA is the classifier's, a number no ref). */
async function refOid(name: string, ctx: EvidenceContext): Promise<string | null> {
  if (!ctx.repository || /^[0-9a-f]+$/i.test(name)) return null;
  const ref = await ctx.repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' }));
  return 'oid' in ref ? ref.oid : null;
}
