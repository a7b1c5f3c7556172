/**
 * Resolves a cited path (spec/input.md section 3, `path`): at the landed head or at a commit, a
 * glob, an absolute path read by its real path, a path written from the project folder, one the
 * committed `.gitignore` keeps out of git, one read as the row saw it (row-readings.ts), with the
 * lines it cites checked (path-lookup.ts). Never throws; the reason says how the path was read.
 */
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { isGlob, splitLineSuffix } from './path-shape.ts';
import { insideFolder, realPathOf } from '../fs/real-path.ts';
import { findByGlob } from './tree-paths.ts';
import { ignoredAt } from '../git/ignore-rules.ts';
import { countOf } from '../site/words.ts';
import { diffPrefixed } from './diff-prefix.ts';
import { type EvidenceContext } from './resolve-context.ts';
import { short, reworded, pointer, rangesOf, rangesText, rangeVerb, isPointer, where, listed, claimPointer } from './pointer-verdict.ts';
import { commitOf, notLandedWhy, landed, resolveTag } from './commit-resolution.ts';
import { asRecorded, recordedWhole, predated, datedInstead } from './row-readings.ts';
import { refInstead } from './committed-readings.ts';
import { fileVerdict, folderVerdict, inTree, locate, placed } from './path-lookup.ts';

async function resolveGlob(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (!ctx.repository || !ctx.head) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await findByGlob(ctx.repository, ctx.head, path);
  if ('problem' in found) return pointer(p, 'INCONCLUSIVE', found.problem);
  if (found.paths.length > 0) return pointer(p, 'VERIFIED', `${countOf(found.paths.length, 'file')} at landed head match: ${listed(found.paths)}`);
  if (found.truncated) return pointer(p, 'INCONCLUSIVE', `no file matches ${path} in the part of the tree searched (the tree is larger than the search limits)`);
  return pointer(p, 'NOT_VERIFIED', `no file at landed head ${short(ctx.head)} matches ${path}`, { fault: 'evidence/path-not-found' });
}

/** A path cited at a commit (`docs/DESIGN.md:294 in 9946590`, a forge URL at a revision). */
export async function resolveAt(p: ClassifiedPointer, path: string, commit: { oid: string }, ctx: EvidenceContext): Promise<EvidencePointer> {
  const resolved = await resolveAtCommit(p, path, commit, ctx);
  // Landed means landed everywhere (issue 26, item 7): a place at a commit the landed head does
  // not reach (a dangling `git commit-tree` commit) gets the notice that commit gets cited alone.
  if (resolved.status !== 'VERIFIED' || (await landed(commit.oid, ctx))) return resolved;
  return { ...reworded(resolved, `${resolved.reason}; commit ${short(commit.oid)} is not an ancestor of the landed head ${short(ctx.head as string)} ${await notLandedWhy([commit.oid], ctx)}`), notLanded: true };
}

async function resolveAtCommit(p: ClassifiedPointer, path: string, commit: { oid: string }, ctx: EvidenceContext): Promise<EvidencePointer> {
  const repository = ctx.repository as GitRepository;
  const at = `at commit ${short(commit.oid)}`;
  const found = (await inTree(repository, commit.oid, path)) ?? { status: 'missing' as const, reason: `${path} not found ${at}` };
  const target = { type: 'commit' as const, oid: commit.oid };
  if (found.status === 'missing') return pointer(p, 'NOT_VERIFIED', found.reason, { fault: 'evidence/path-not-found', target });
  if (found.status === 'outside') return pointer(p, 'NOT_VERIFIED', found.reason, { fault: 'evidence/path-outside-repository', target });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason, { target });
  // A claim record is no evidence at any commit, nor through a link.
  const self = claimPointer(p, path, ctx) ?? (found.real !== undefined ? claimPointer(p, found.real, ctx, found.links) : null);
  if (self) return self;
  const through = found.links ? ` as ${found.real} (${found.links})` : '';
  if (found.status === 'folder') return folderVerdict(p, found.real ?? path, found, `${at}${through}`, ctx, commit.oid);
  // The file at that commit, its cited lines marked (as a row's own commit is shown: issue 26, item 1), not the commit's page.
  const file = { type: 'file' as const, path: found.real ?? path, origin: 'repository' as const, at: commit.oid };
  return fileVerdict(p, found.real ?? path, found, rangesOf(p), `${at}${through}`, file, at);
}

/**
 * A path cited at a commit the repository does not hold (`side.ts:1 in 3f2a9c1`), whose file and
 * cited lines are at the landed head: the verdict stays the high `evidence/commit-not-found` (a
 * squashed-away commit cannot be told from a made-up SHA), and its reason says what the head
 * holds, so a person can tell a rewritten history from an invented one (trust15's left-alone
 * item). Any other case: `verdict` as it is.
 */
async function stillAtHead(verdict: EvidencePointer, p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (!ctx.repository || !ctx.head) return verdict;
  const found = await inTree(ctx.repository, ctx.head, path);
  if (found?.status !== 'file' || found.lines === null) return verdict;
  const ranges = rangesOf(p);
  if (ranges?.some((r) => r.from < 1 || r.to < r.from || r.to > (found.lines as number))) return verdict;
  const what = ranges === null ? `${path} is` : `${rangesText(ranges)} of ${path} ${rangeVerb(ranges) === 'is' ? 'is' : 'are'}`;
  const how = p.tag !== undefined ? 'the tag may have been deleted or not fetched (`git fetch --tags`), or its name mistyped' : 'the commit may have been squashed or rebased away, or the SHA mistyped';
  return reworded(verdict, `${verdict.reason}; ${what} at the landed head ${short(ctx.head)}: ${how}`);
}

/**
 * A path not found at the landed head that the repository's committed `.gitignore` rules ignore
 * there (issue 26, item 3: `artifacts/run.json`, `dist/app.js`): not kept in git, so its absence
 * says nothing; INCONCLUSIVE, with no flag. Any other verdict is returned as it is.
 */
async function ignoredInstead(verdict: EvidencePointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (verdict.fault !== 'evidence/path-not-found' || !ctx.repository || !ctx.head) return verdict;
  const by = await ignoredAt(ctx.repository, ctx.head, path);
  if (by === null) return verdict;
  const { fault: _, ...rest } = verdict;
  return { ...rest, status: 'INCONCLUSIVE', reason: `${path} is not kept in git (ignored by ${by.file} at the landed head ${short(ctx.head)}) and is not in the project folder` };
}

/**
 * A relative path that climbs above the repository's root as written (`../src/a.ts:3`), read from
 * the project folder when that folder lies inside the repository's work tree: an agent working
 * in `proj/` writes paths from there (spec/input.md section 3: a cited path must stay inside the
 * repository — this one does). The lexical join is checked as any path, and the reason says how it
 * was read; a path that still climbs out stays `evidence/path-outside-repository` (trust9:
 * `../src/a.ts:3` from `proj/` was that high flag). Null when it does not apply.
 */
async function fromProjectFolder(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const written = p.path as string;
  if (written.startsWith('/') || /^[A-Za-z]:[\\/]/.test(written) || !written.startsWith('..')) return null;
  const within = await projectFolderInTree(ctx);
  if (within === null) return null;
  const rel = normaliseRelativePath(`${within}/${written}`);
  if (rel === null || rel === '') return null;
  const resolved = await resolvePath({ ...p, path: rel }, ctx);
  return reworded(resolved, `written relative to the project folder ${within}, read as ${rel}: ${resolved.reason}`);
}

/** The project folder's path in the repository's work tree (`proj`), or null when it is not inside one or is its root. */
async function projectFolderInTree(ctx: EvidenceContext): Promise<string | null> {
  if (!ctx.workTrees || ctx.workTrees.length === 0) return null;
  const folder = await realPathOf(ctx.artifacts.root);
  for (const tree of ctx.workTrees) {
    const within = insideFolder(tree, folder);
    if (within !== null && within !== '') return within;
  }
  return null;
}

/**
 * A path whose cited lines are past the end of the file at the repository's root, read from the
 * project folder instead when it lies in a subfolder of the work tree and holds that path (trust9:
 * `src/a.ts:40` in a trail in `proj/`, where `proj/src/a.ts` has 50 lines and the root's
 * `src/a.ts` 30, was a high `evidence/line-out-of-range`). Only a VERIFIED reading there replaces
 * the verdict, and the reason says how it was read; null otherwise.
 */
async function linesBesideTrail(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  if (!ctx.repository || !ctx.head) return null;
  const within = await projectFolderInTree(ctx);
  if (within === null) return null;
  const rel = normaliseRelativePath(`${within}/${path}`);
  if (rel === null || rel === '') return null;
  const there = await ctx.repository.lookupPath(ctx.head, rel);
  if (there.status !== 'blob') return null;
  const resolved = await resolvePath({ ...p, path: rel }, ctx, { asRecorded: false });
  if (resolved.status !== 'VERIFIED') return null;
  return reworded(resolved, `${path} has fewer lines at the repository's root; read from the project folder ${within}, as ${rel}: ${resolved.reason}`);
}

export async function resolvePath(p: ClassifiedPointer, ctx: EvidenceContext, options: { asRecorded?: boolean } = {}): Promise<EvidencePointer> {
  if (p.archive) return pointer(p, 'INCONCLUSIVE', `${p.path} is a file inside an archive (a jar or zip), not a file of the repository`);
  const path = normaliseRelativePath(p.path as string);
  if (path === null || path === '') {
    const up = path === null ? await fromProjectFolder(p, ctx) : null;
    if (up !== null) return up;
    return pointer(p, 'NOT_VERIFIED', `${p.path} leaves the repository tree`, { fault: 'evidence/path-outside-repository' });
  }
  if (p.moving !== undefined) {
    // `src/a.ts:2 in HEAD~1`: which commit the revision named when the row was written is not known, as for `HEAD~1` alone.
    return pointer(p, 'INCONCLUSIVE', `${path} is cited at ${p.moving}, a revision relative to a ref that moves (HEAD or a branch): which commit it named when the row was written is not known; not checked`);
  }
  if (p.tag !== undefined && p.rev === undefined) {
    // At a tag the repository lacks (committed-readings.ts `missingTag`): that tag's verdict, as cited alone.
    const tag = await resolveTag(p, p.tag, ctx);
    return tag.fault === 'evidence/commit-not-found' ? await stillAtHead(tag, p, path, ctx) : tag;
  }
  if (p.rev !== undefined) {
    const commit = await commitOf(p, p.rev, ctx);
    if (isPointer(commit)) return commit.fault === 'evidence/commit-not-found' ? await stillAtHead(commit, p, path, ctx) : commit;
    return resolveAt(p, path, commit, ctx);
  }
  if (isGlob(path)) return predated(await ignoredInstead(await resolveGlob(p, path, ctx), path, ctx), ctx);
  if (options.asRecorded !== false) {
    const recorded = await asRecorded(p, path, ctx);
    if (recorded !== null) return recorded;
  }
  const located = await locate(p, path, ctx);
  if ('failed' in located) return located.failed;
  const { found } = located;
  if (found.status === 'missing') {
    // A path git can never hold (inside a `.git`) did not come later: never softened, and said
    // as what it is (fresh trial: ".git/config not found" read as a checker that cannot see a file that is there).
    const gitCannotHold = path.split('/').some((part) => part.toLowerCase() === '.git');
    const reason = gitCannotHold && !found.selfCitation && !found.refused ? `${path} is inside a .git folder, git's own bookkeeping: never a file of the repository's tree, not evidence` : found.reason;
    const missing = pointer(p, 'NOT_VERIFIED', reason, { fault: found.selfCitation ? 'evidence/self-citation' : 'evidence/path-not-found' });
    if (found.uncommitted && !gitCannotHold) {
      // An ignored file in the work tree (a run's output: `out/report.txt`) says no more than the
      // same file gone, which is INCONCLUSIVE (issue 26, item 3); it was a high flag for existing (trust8).
      const by = ctx.repository && ctx.head ? await ignoredAt(ctx.repository, ctx.head, path) : null;
      if (by !== null && ctx.head) return pointer(p, 'INCONCLUSIVE', `${path} is in the work tree, not kept in git (ignored by ${by.file} at the landed head ${short(ctx.head)}): a run's output, not checked`);
    }
    if (found.refused || found.selfCitation || gitCannotHold) return missing;
    // `b/src/a.ts`, copied from a diff (diff-prefix.ts): the path after the prefix, said so.
    const undiffed = await diffPrefixed(path, ctx.repository, ctx.head);
    if (undiffed !== null) {
      const resolved = await resolvePath({ ...p, path: undiffed }, ctx, options);
      return reworded(resolved, `written with git diff's ${path.slice(0, 2)} prefix, read as ${undiffed}: ${resolved.reason}`);
    }
    // A path cited whole, or a name in it (`src/sym.ts parseRow`), as the commit that recorded the row saw it.
    const recordedThere = await recordedWhole(p, path, ctx);
    if (recordedThere !== null) return recordedThere;
    const ref = p.from === undefined && p.lines === undefined ? await refInstead(p, path, ctx) : null;
    return ref ?? predated(await datedInstead(await ignoredInstead(missing, path, ctx), p, path, ctx), ctx);
  }
  if (found.status === 'outside') return pointer(p, 'NOT_VERIFIED', found.reason, { fault: 'evidence/path-outside-repository' });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason);
  // Through a link, the file is where the link leads; the reason says which links it went through.
  const full = found.real ?? located.path;
  if (found.real !== undefined && found.links !== undefined) {
    const self = claimPointer(p, found.real, ctx, found.links);
    if (self) return self;
  }
  const how = [located.how, found.links].filter((h) => h !== null && h !== undefined).join('; ') || null;
  if (found.status === 'file' && /\/\s*$/.test(p.path as string)) {
    return pointer(p, 'NOT_VERIFIED', `${p.path} names a folder, but ${full} is a file ${placed(found.origin, full, how)}`, { fault: 'evidence/path-not-found' });
  }
  if (found.status === 'folder') {
    if (p.from !== undefined) return pointer(p, 'NOT_VERIFIED', `${full} is a folder; it has no lines`, { fault: 'evidence/line-out-of-range' });
    return folderVerdict(p, full, found, placed(found.origin, full, how), ctx, null);
  }
  // At the landed head where written (not found by another name, beside another path, through a link): the generic reason.
  const atHead = found.origin === 'repository' && how === null;
  const verdict = fileVerdict(p, full, found, rangesOf(p), placed(found.origin, full, how), { type: 'file', path: full, origin: found.origin }, where(found.origin), atHead);
  // A range that is no range (`:0`, `:9-3`) is so at any commit: no later or earlier file makes it one.
  if (rangesOf(p)?.some((r) => r.from < 1 || r.to < r.from)) return verdict;
  if (verdict.fault === 'evidence/line-out-of-range' && how === null && found.origin === 'repository') {
    const beside = await linesBesideTrail(p, full, ctx);
    if (beside !== null) return beside;
  }
  return predated(await datedInstead(verdict, p, full, ctx), ctx);
}

/**
 * An absolute path (spec/input.md section 3: "absolute paths outside the repo" are ephemeral),
 * judged by its real path (src/lib/fs/real-path.ts): inside the repository's work tree it is
 * the repository path it names, checked at the landed head like any other (trial E, finding
 * 3); inside the project's own folder, an artifact there; anywhere else, gone after the run.
 * The reason says it was written as an absolute path.
 */
export async function resolveAbsolute(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  // A `file:` URL is the absolute path it names (src/lib/evidence/url-shape.ts, `fileUrlPath`), said as written.
  const as = p.fileUrl ? 'a file: URL' : 'an absolute path';
  const written = splitLineSuffix(p.path as string);
  const real = await realPathOf(written.path);
  const lines = { ...(written.from !== undefined ? { from: written.from, to: written.to ?? written.from } : {}), ...(written.lines ? { lines: written.lines } : {}) };
  for (const tree of ctx.workTrees ?? []) {
    const rel = insideFolder(tree, real);
    if (rel === null || rel === '') continue;
    const resolved = await resolvePath({ ...p, kind: 'path', path: rel, ...lines }, ctx);
    return reworded(resolved, `written as ${as} in the repository's work tree, read as ${rel}: ${resolved.reason}`);
  }
  const folder = await realPathOf(ctx.artifacts.root);
  const rel = insideFolder(folder, real);
  if (rel !== null && rel !== '') {
    const resolved = await resolveArtifact({ ...p, kind: 'path', path: rel, ...lines }, rel, ctx);
    return reworded(resolved, `written as ${as} in the project folder, read as ${rel}: ${resolved.reason}`);
  }
  return pointer(p, 'INCONCLUSIVE', p.fileUrl ? 'a file: URL of an absolute path outside the repository; gone after the run (never a link)' : 'absolute path outside the repository; gone after the run');
}

/** A path of the project's own folder, checked there only (an absolute path that leads into it). */
async function resolveArtifact(p: ClassifiedPointer, rel: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  const self = claimPointer(p, rel, ctx);
  if (self) return self;
  const found = await ctx.artifacts.lookup(rel);
  const at = where('artifact');
  if (found.status === 'file') return fileVerdict(p, rel, { status: 'file', lines: found.lines, text: found.text, origin: 'artifact' }, rangesOf(p), at, { type: 'file', path: rel, origin: 'artifact' }, at);
  if (found.status === 'folder') {
    if (p.from !== undefined) return pointer(p, 'NOT_VERIFIED', `${rel} is a folder; it has no lines`, { fault: 'evidence/line-out-of-range' });
    return folderVerdict(p, rel, { status: 'folder', origin: 'artifact' }, at, ctx, null);
  }
  if (found.status === 'refused') return pointer(p, 'NOT_VERIFIED', found.reason, { fault: found.selfCitation ? 'evidence/self-citation' : 'evidence/path-not-found' });
  return pointer(p, 'NOT_VERIFIED', `${rel} not found in the project folder`, { fault: 'evidence/path-not-found' });
}
