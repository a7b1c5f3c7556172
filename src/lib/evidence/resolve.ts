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
 * Its neighbours hold the rest: resolve-context.ts (what resolution reads), pointer-verdict.ts
 * (making and wording a resolved pointer), commit-resolution.ts (commits, tags, ranges,
 * revisions), row-readings.ts (a pointer read where its row stands in the history) and
 * forge-resolution.ts (URLs). This module keeps paths, names, rubric rows and the cell as a whole.
 */
import { isClaimPath } from '../formats/format-lookup.ts';
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { normaliseRelativePath, type FolderHolds } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { isGlob, looksLikePath, splitLineSuffix, type LineRange } from './path-shape.ts';
import { insideFolder, realPathOf } from '../fs/real-path.ts';
import { searchTree } from './tree-search.ts';
import { followPath, linksText } from '../git/tree-links.ts';
import { indexOfName, indexOfTitle } from './name-match.ts';
import { findByCase, findByGlob, findByName } from './tree-paths.ts';
import { countRubricCriteria } from './rubric-criteria.ts';
import { ignoredAt } from '../git/ignore-rules.ts';
import { remoteNames } from '../git/origin-remote.ts';
import { definitionAround, definitionLine, endOf, memberLine } from './definition-span.ts';
import { countOf } from '../site/words.ts';
import { PROSE_REASON } from './cell-reading.ts';
import { refWordShape, tagShape } from './tag-shape.ts';
import { lineAtIndex, textLines } from '../text/line-breaks.ts';
import { pytestNames, pytestNodePlace } from './python-scope.ts';
import { commentSpans, inComment } from './comment-spans.ts';
import { bareFolder } from './bare-folder.ts';
import { diffPrefixed } from './diff-prefix.ts';
import { type EvidenceContext, type CellWords, NO_WORDS, cellWordsOf } from './resolve-context.ts';
import { short, reworded, pointer, rangesText, rangeVerb, rangesOf, isPointer, where, listed, claimPointer, trailTarget } from './pointer-verdict.ts';
import { commitOf, committedRefRange, resolveCommit, resolveTag, notLandedWhy, landed } from './commit-resolution.ts';
import { thereThen, asRecorded, recordedWhole, predated, datedInstead, followedRanges } from './row-readings.ts';
import { resolveUrl, type FilePaths } from './forge-resolution.ts';
export type { CellWords, EvidenceContext, RowPlace } from './resolve-context.ts';
export { cellWordsOf } from './resolve-context.ts';

/**
 * What a cited path is. `real` and `links`: the path in the tree after the committed symbolic
 * links it went through, and those links in words (src/lib/git/tree-links.ts).
 */
type FileCheck =
  | { status: 'file'; lines: number | null; text: string | null; origin: 'repository' | 'artifact'; note?: string; real?: string; links?: string }
  | { status: 'folder'; origin: 'repository' | 'artifact'; oid?: string; real?: string; links?: string }
  | { status: 'missing'; reason: string; selfCitation?: boolean; refused?: true; uncommitted?: true }
  | { status: 'outside'; reason: string }
  | { status: 'inconclusive'; reason: string };

/**
 * What a path is in the tree of `commit`, through the symbolic links committed in it. Null
 * when it is simply not there; `missing` (with why) when it is not there after a link.
 */
async function inTree(repository: GitRepository, commit: string, path: string): Promise<FileCheck | null> {
  const found = await followPath(repository, commit, path);
  if (found.status === 'error') return { status: 'inconclusive', reason: found.problem };
  if (found.status === 'refused') return found.loop ? { status: 'missing', reason: found.reason, refused: true } : { status: 'outside', reason: found.reason };
  const via = found.links.length > 0 ? { real: found.path, links: linksText(found.links) } : {};
  if (found.status === 'missing') {
    if (found.links.length === 0) return null;
    return { status: 'missing', reason: `${path} is not in the tree at ${short(commit)}: it goes ${linksText(found.links)}, and ${found.missingAt} does not exist` };
  }
  if (found.status === 'tree') return { status: 'folder', origin: 'repository', oid: found.oid, ...via };
  if (found.status === 'submodule') return { status: 'inconclusive', reason: `${path} is inside a submodule; its content is in another repository` };
  const blob = await repository.blobText(found.oid);
  switch (blob.status) {
    case 'text':
      return { status: 'file', lines: blob.lines, text: blob.text, origin: 'repository', ...via };
    case 'binary':
      return { status: 'file', lines: null, text: null, origin: 'repository', note: 'binary file', ...via };
    case 'lfs-pointer':
      return { status: 'file', lines: null, text: null, origin: 'repository', note: 'Git LFS pointer: the content is not in the repository', ...via };
    case 'too-large':
      return { status: 'file', lines: null, text: null, origin: 'repository', note: `file too large to read (${blob.bytes} bytes)`, ...via };
    case 'error':
      return { status: 'inconclusive', reason: blob.problem };
  }
}

/**
 * A path holding letters that Unicode writes two ways (`é` as one code point, NFC, or as `e` and
 * a combining accent, NFD) looked up in its other form, when it is not in the tree as written:
 * a tree committed on macOS may name `docs/résumé.md` in NFD while an agent writes NFC, the same
 * name to a person (trial7: a high `evidence/path-not-found` for a file that is there). The
 * check names the path as the tree holds it (`real`), so the link opens its page. Null when
 * neither form is there, or the path is ASCII.
 */
async function inOtherUnicodeForm(repository: GitRepository, commit: string, path: string): Promise<FileCheck | null> {
  if (/^[\x00-\x7f]*$/.test(path)) return null;
  for (const form of ['NFC', 'NFD'] as const) {
    const other = path.normalize(form);
    if (other === path) continue;
    const there = await inTree(repository, commit, other);
    if (there !== null && (there.status === 'file' || there.status === 'folder')) return { ...there, real: there.real ?? other };
  }
  return null;
}

/** Whether a tree lookup found something (a file, a folder, a refusal or a problem), not nothing. */
const isThere = (check: FileCheck | null): check is FileCheck => check !== null && check.status !== 'missing';

/** Finds a path at the landed head, then among the project's artifacts. */
async function findFile(path: string, ctx: EvidenceContext): Promise<FileCheck> {
  let afterLinks: FileCheck | null = null;
  if (ctx.repository && ctx.head) {
    const there = (await inTree(ctx.repository, ctx.head, path)) ?? (await inOtherUnicodeForm(ctx.repository, ctx.head, path));
    if (isThere(there)) return there;
    afterLinks = there;
  }
  const artifact = await ctx.artifacts.lookup(path);
  if (artifact.status === 'file') return { status: 'file', lines: artifact.lines, text: artifact.text, origin: 'artifact', ...(artifact.note ? { note: artifact.note } : {}) };
  if (artifact.status === 'folder') return { status: 'folder', origin: 'artifact' };
  // A link to a claim record is refused whatever the repository says.
  if (artifact.status === 'refused' && artifact.selfCitation) return { status: 'missing', reason: artifact.reason, selfCitation: true };
  // Without a readable landed head nothing can be said to be missing from it.
  if (!ctx.repository || !ctx.head) return { status: 'inconclusive', reason: ctx.problem ?? 'no repository' };
  if (artifact.status === 'refused') return { status: 'missing', reason: artifact.reason, refused: true, ...(artifact.uncommitted ? { uncommitted: true as const } : {}) };
  if (afterLinks) return afterLinks;
  return { status: 'missing', reason: `${path} not found at landed head ${short(ctx.head)} nor in the project folder` };
}

/** Most entries of a folder looked at to tell whether it holds anything beyond claim records. */
const FOLDER_LOOK_LIMIT = 10_000;

/**
 * Whether a folder of the tree holds any file that is not a claim record (spec/input.md
 * section 3: a folder is evidence only for what it holds beyond the records that make claims).
 * Stops at the first such file; a submodule or a link counts as content.
 */
async function treeHolds(repository: GitRepository, oid: string, prefix: string, ctx: EvidenceContext): Promise<FolderHolds> {
  const claims: string[] = [];
  const stack: Array<{ oid: string; prefix: string }> = [{ oid, prefix }];
  let seen = 0;
  while (stack.length > 0) {
    const next = stack.pop() as { oid: string; prefix: string };
    const entries = await repository.tree(next.oid);
    if ('problem' in entries) return { unknown: entries.problem };
    for (const e of entries) {
      if (++seen > FOLDER_LOOK_LIMIT) return { unknown: `${prefix} holds more than ${FOLDER_LOOK_LIMIT} entries, all claim records so far` };
      const full = next.prefix === '' ? e.name : `${next.prefix}/${e.name}`;
      if (e.type === 'tree') stack.push({ oid: e.oid, prefix: full });
      else if (e.type === 'blob' && (ctx.claims?.has(full) || isClaimPath(full))) claims.push(full);
      else return { other: true };
    }
  }
  return { claims: claims.sort() };
}

/**
 * The verdict on a cited folder: evidence only for what it holds beyond claim records. A
 * folder of trails, audits and handovers alone (`tickets/a` holding only its trail) is the
 * trail: a self-citation, linked to the trail when it is the project's own.
 */
async function folderVerdict(p: ClassifiedPointer, full: string, found: Extract<FileCheck, { status: 'folder' }>, at: string, ctx: EvidenceContext, commit: string | null): Promise<EvidencePointer> {
  const holds: FolderHolds =
    found.origin === 'repository' && found.oid !== undefined && ctx.repository
      ? await treeHolds(ctx.repository, found.oid, full, ctx)
      : found.origin === 'artifact'
        ? await ctx.artifacts.folderHolds(full, (rel) => ctx.claims?.has(rel) === true || isClaimPath(rel), FOLDER_LOOK_LIMIT)
        : { other: true };
  if ('unknown' in holds) return pointer(p, 'INCONCLUSIVE', `folder exists ${at}, but what it holds could not be told: ${holds.unknown}`);
  if ('other' in holds) return pointer(p, 'VERIFIED', `folder exists ${at}`, commit ? { target: { type: 'commit', oid: commit } } : {});
  // An empty folder (only a project folder can hold one: git keeps none) points at nothing.
  if (holds.claims.length === 0) return pointer(p, 'NOT_VERIFIED', `${full} is an empty folder ${at}: it holds nothing to check`, { fault: 'evidence/path-not-found' });
  const trail = holds.claims.find((c) => ctx.trails?.has(c));
  return pointer(p, 'NOT_VERIFIED', `${full} holds only claim records (${listed(holds.claims)}): a folder is evidence only for what it holds beyond the records that make claims`, {
    fault: 'evidence/self-citation',
    ...(trail !== undefined ? trailTarget(trail, ctx) : {}),
  });
}

/** How a path written in another letter case than the tree holds it was found (trust9). */
const CASE_HOW = 'the only path that differs from it only in letter case: the same file on a case-insensitive file system, as macOS and Windows have by default';

/** Where a path was found, when not where it was written: a note for the reason. */
type Located = { path: string; found: FileCheck; how: string | null } | { failed: EvidencePointer };

/**
 * Locates a cited path: as written (at the landed head, then in the project folder); else
 * beside the path cited before it in the cell (and the folders above that); else by its unique
 * match in the tree (a bare name, a partial path, a name without its extension). Several
 * matches are INCONCLUSIVE, listing them; none is the path not found.
 */
async function locate(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<Located> {
  const claim = (full: string): EvidencePointer | null => claimPointer(p, full, ctx);
  const self = claim(path);
  if (self) return { failed: self };
  // A name without its extension is only found in the tree.
  const found: FileCheck = p.stem ? (ctx.repository && ctx.head ? { status: 'missing', reason: `no file named ${path}.*` } : { status: 'inconclusive', reason: ctx.problem ?? 'no repository' }) : await findFile(path, ctx);
  if (found.status !== 'missing' || found.selfCitation || !ctx.repository || !ctx.head) return { path, found, how: null };
  // The very path, there when the row was written (at the commit that recorded it, or the head's commit of its time):
  // what the row cited, deleted or moved since — never another file found by its name (trust9: `src/util.ts`,
  // deleted since, was VERIFIED as `pkg/src/util.ts`, another file). resolvePath says what became of it.
  if (!p.stem && !found.refused && (await thereThen(p, path, ctx))) return { path, found, how: null };
  const repository = ctx.repository;
  const head = ctx.head;
  // `docs/a.md; b.md`: the name beside the path before it, or in a folder above that one.
  if (p.near !== undefined && !p.stem) {
    const parts = p.near.split('/');
    for (let n = parts.length; n > 0; n--) {
      const candidate = `${parts.slice(0, n).join('/')}/${path}`;
      const there = await inTree(repository, head, candidate);
      if (isThere(there)) return claim(candidate) ? { failed: claim(candidate) as EvidencePointer } : { path: candidate, found: there, how: 'beside the path cited before it' };
    }
  }
  const matches = await findByName(repository, head, path, p.stem === true);
  if ('problem' in matches) return { path, found: { status: 'inconclusive', reason: matches.problem }, how: null };
  const usable = matches.paths.filter((m) => !isClaimPath(m) && !ctx.claims?.has(m));
  if (usable.length === 1) {
    const only = usable[0] as string;
    const there = await inTree(repository, head, only);
    const what = p.stem ? `the only file named ${path}.*` : `the only ${matches.folder ? 'folder' : 'file'} named ${path.split('/').pop()}${path.includes('/') ? ` under ${path.split('/').slice(0, -1).join('/')}` : ''}`;
    // Found by name, but a link on its way leads nowhere: that is the reason.
    if (there !== null) return { path: only, found: there, how: isThere(there) ? what : null };
  }
  if (usable.length > 1) {
    return { failed: pointer(p, 'INCONCLUSIVE', `${usable.length} ${matches.folder ? 'folders' : 'files'} at landed head ${short(head)} match ${p.stem ? `${path}.*` : path}: ${listed(usable)}`) };
  }
  if (matches.paths.length === 0 && !p.stem) {
    // `src/upper.ts` for `src/Upper.ts`: the same file where the agent worked, on a case-insensitive file system (trust9).
    const cased = await findByCase(repository, head, path);
    const one = 'problem' in cased ? [] : cased.paths.filter((m) => !isClaimPath(m) && !ctx.claims?.has(m));
    if (one.length === 1) {
      const there = await inTree(repository, head, one[0] as string);
      if (isThere(there)) return { path: one[0] as string, found: there, how: CASE_HOW };
    }
  }
  // Every match is a claim record.
  const onlyClaims = matches.paths.length > 0 ? claim(matches.paths[0] as string) : null;
  if (onlyClaims) return { failed: onlyClaims };
  if (matches.truncated) return { path, found: { status: 'inconclusive', reason: `${path} not found in the part of the tree searched (the tree is larger than the search limits)` }, how: null };
  return { path, found: p.stem ? { status: 'missing', reason: `no file named ${path}.* at landed head ${short(head)}` } : found, how: null };
}

/** `at landed head`, with where the path was found when it was not where it was written. */
const placed = (origin: 'repository' | 'artifact', path: string, how: string | null): string => (how ? `${where(origin)} as ${path} (${how})` : where(origin));

async function resolveGlob(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (!ctx.repository || !ctx.head) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await findByGlob(ctx.repository, ctx.head, path);
  if ('problem' in found) return pointer(p, 'INCONCLUSIVE', found.problem);
  if (found.paths.length > 0) return pointer(p, 'VERIFIED', `${countOf(found.paths.length, 'file')} at landed head match: ${listed(found.paths)}`);
  if (found.truncated) return pointer(p, 'INCONCLUSIVE', `no file matches ${path} in the part of the tree searched (the tree is larger than the search limits)`);
  return pointer(p, 'NOT_VERIFIED', `no file at landed head ${short(ctx.head)} matches ${path}`, { fault: 'evidence/path-not-found' });
}

/** A path cited at a commit (`docs/DESIGN.md:294 in 9946590`, a forge URL at a revision). */
async function resolveAt(p: ClassifiedPointer, path: string, commit: { oid: string }, ctx: EvidenceContext): Promise<EvidencePointer> {
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
 * The verdict on a file that exists: its size, or whether the cited lines are in it. `atHead`:
 * the file is where the pointer names it at the landed head (`at` is then `at landed head`),
 * so a VERIFIED reason of a text file is the generic one, and says so (`reasonKind`
 * `file-at-head`, `lines-at-head`).
 */
function fileVerdict(p: ClassifiedPointer, path: string, found: Extract<FileCheck, { status: 'file' }>, ranges: LineRange[] | null, at: string, target: EvidencePointer['target'], plainAt = at, atHead = false): EvidencePointer {
  const t = target ? { target } : {};
  if (ranges === null) {
    const kind = atHead && found.lines !== null ? { reasonKind: { kind: 'file-at-head' as const } } : {};
    return pointer(p, 'VERIFIED', `file exists ${at}; ${found.lines === null ? (found.note ?? 'not text') : countOf(found.lines, 'line')}`, { ...t, ...kind });
  }
  if (found.lines === null) return pointer(p, 'INCONCLUSIVE', `${path} exists but its lines cannot be checked: ${found.note ?? 'not text'}`, t);
  const bad = ranges.find((r) => r.from < 1 || r.to < r.from);
  if (bad) return pointer(p, 'NOT_VERIFIED', `${rangesText([bad])} ${rangeVerb([bad])} not a valid line range`, { fault: 'evidence/line-out-of-range' });
  const past = ranges.filter((r) => r.to > (found.lines as number));
  if (past.length > 0) {
    const end = `${path} (${countOf(found.lines, 'line')} ${plainAt})`;
    const one = past[0] as LineRange;
    // A range that starts inside the file and runs past its end (`:1-11` of 10 lines): the lines that are not there are named,
    // never the whole range called past the end (trust9: "lines 1–11 are past the end" read as if none of them were there).
    if (past.length === 1 && one.written === undefined && one.from <= found.lines) {
      const missing = one.to === found.lines + 1 ? `line ${one.to} is` : `lines ${found.lines + 1}–${one.to} are`;
      return pointer(p, 'NOT_VERIFIED', `${rangesText(past)} run past the end of ${end}: ${missing} not there`, { fault: 'evidence/line-out-of-range', ...t });
    }
    return pointer(p, 'NOT_VERIFIED', `${rangesText(past)} ${rangeVerb(past)} past the end of ${end}`, { fault: 'evidence/line-out-of-range', ...t });
  }
  // `:10-`, from line 10 on: read to the end of the file, and said so (trust10).
  const read = ranges.map((r) => (r.open ? { from: r.from, to: found.lines as number } : r));
  const open = ranges.some((r) => r.open) ? `; cited as ${p.raw.slice(p.raw.lastIndexOf(':') + 1)}, from line ${(ranges[0] as LineRange).from} on: read to the end of the file` : '';
  const first = read[0] as LineRange;
  // Every cited range is marked on the file's page (trust11: `lines 12 and 40` marked line 12 alone).
  const more = read.length > 1 ? { more: read.slice(1).map((r) => ({ from: r.from, to: r.to })) } : {};
  const lined = target?.type === 'file' ? { target: { ...target, from: first.from, to: first.to, ...more } } : t;
  return pointer(p, 'VERIFIED', `${rangesText(read)} of ${found.lines} ${rangeVerb(read) === 'is' ? 'exists' : 'exist'} ${at}${open}`, { ...lined, ...(atHead && open === '' ? { reasonKind: { kind: 'lines-at-head' as const } } : {}) });
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

async function resolvePath(p: ClassifiedPointer, ctx: EvidenceContext, options: { asRecorded?: boolean } = {}): Promise<EvidencePointer> {
  if (p.archive) return pointer(p, 'INCONCLUSIVE', `${p.path} is a file inside an archive (a jar or zip), not a file of the repository`);
  const path = normaliseRelativePath(p.path as string);
  if (path === null || path === '') {
    const up = path === null ? await fromProjectFolder(p, ctx) : null;
    if (up !== null) return up;
    return pointer(p, 'NOT_VERIFIED', `${p.path} leaves the repository tree`, { fault: 'evidence/path-outside-repository' });
  }
  if (p.rev !== undefined) {
    const commit = await commitOf(p, p.rev, ctx);
    if (isPointer(commit)) return commit;
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

async function resolveName(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const name = p.name as string;
  const what = p.kind === 'test' ? 'test' : 'name';
  if (p.path !== undefined) {
    // Lines that moved, unchanged, since the row was recorded: the name is looked for where they are now.
    const rel = rangesOf(p) !== null ? normaliseRelativePath(p.path) : null;
    const moved = rel ? await followedRanges(p, rel, ctx) : null;
    if (moved !== null) {
      const first = moved.now[0] as LineRange;
      const there = await resolveName({ ...p, from: first.from, to: first.to, ...(p.lines ? { lines: moved.now } : {}) }, { ...ctx, row: {} });
      const cited = `cited ${rangesText(rangesOf(p) as LineRange[]).replace(/^lines /, '')} at ${short(moved.commit)}; now ${rangesText(moved.now).replace(/^lines /, '')} at the landed head ${short(ctx.head as string)}, as ${rel} changed since`;
      return reworded(there, `${cited}: ${there.reason}`);
    }
    // The file (and the cited lines, when a line is given) must hold first.
    const file = await resolvePath({ ...p, kind: 'path' }, ctx, { asRecorded: false });
    if (file.status !== 'VERIFIED') return { ...file, kind: p.kind };
    const target = file.target;
    const path = target?.type === 'file' ? target.path : (normaliseRelativePath(p.path) as string);
    const found = target?.type === 'file' ? await findFile(path, ctx) : null;
    if (found?.status === 'file' && found.text !== null) {
      // A pytest node id: each name defined inside the one before, by indentation (python-scope.ts).
      const node = pytestNames(p);
      if (node !== null) return await pytestVerdict(p, node, path, found.text, found.origin, ctx);
      // A title is found where it opens a string, never in a comment (name-match.ts `indexOfTitle`); a name
      // is found in the file's code, not only in its comments (trust11: `// parseRow was removed` was VERIFIED).
      const find = p.titled ? indexOfTitle : indexOfName;
      const comments = commentSpans(path, found.text);
      const inCode = (at: number): number => {
        let i = at;
        while (i !== -1 && inComment(comments, i)) i = find(found.text as string, name, i + 1);
        return i;
      };
      const anywhere = find(found.text, name);
      // A cited line is checked as cited: the name on it counts wherever on it it is.
      let index = rangesOf(p) === null ? inCode(anywhere) : anywhere;
      if (index === -1 && p.titled) index = nestedTitle(found.text, name);
      if (index === -1 && p.titled) index = fullNameTitle(found.text, name);
      // `Parser.parse`: a member named by its owner, found inside the owner's definition (trust11: it was "not found").
      const dotted = index === -1 && rangesOf(p) === null ? /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(name) : null;
      // In Python, by scope (python-scope.ts), as a pytest id's names are.
      const scoped = dotted && path.endsWith('.py') ? pytestNodePlace(found.text, [dotted[1] as string, dotted[2] as string]) : null;
      if (scoped?.status === 'found') {
        return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${scoped.line}, ${scoped.where}`, { target: { type: 'file', path, origin: found.origin, from: scoped.line, to: scoped.line } });
      }
      const member = dotted && scoped === null ? memberLine(found.text, dotted[1] as string, dotted[2] as string) : null;
      if (member !== null) {
        return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${member.line}: ${(dotted as RegExpExecArray)[2]} inside the definition of ${(dotted as RegExpExecArray)[1]} (lines ${member.from}–${member.to})`, {
          target: { type: 'file', path, origin: found.origin, from: member.line, to: member.line },
        });
      }
      if (index === -1) {
        if (p.kind === 'test' && p.titled) return await titleNotFound(p, name, path, found.text, found.origin, ctx);
        if (anywhere !== -1) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” is in ${path} only in a comment (line ${lineAtIndex(found.text, anywhere)}), not in its code`, target ? { target } : {});
        return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in ${path}`, target ? { target } : {});
      }
      const ranges = rangesOf(p);
      if (ranges !== null) {
        // A cited line: the name must be on it (or within the cited ranges).
        const lines = textLines(found.text);
        for (const r of ranges) {
          for (let n = r.from; n <= r.to; n++) {
            if (find(lines[n - 1] ?? '', name) !== -1) return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${n}`, { target: { type: 'file', path, origin: found.origin, from: n, to: n } });
          }
        }
        // The cited lines inside the name's definition (`src/state.ts:170-176 parseItem`: lines of its body): the name is cited there.
        const first = ranges[0] as LineRange;
        const last = ranges[ranges.length - 1] as LineRange;
        const body = p.kind === 'symbol' ? definitionAround(found.text, name, first.from, last.to) : null;
        if (body !== null) {
          return pointer(p, 'VERIFIED', `${rangesText(ranges)} of ${path} ${rangeVerb(ranges) === 'is' ? 'lies' : 'lie'} inside the definition of “${name}” (lines ${body.from}–${body.to})`, { target: { type: 'file', path, origin: found.origin, from: first.from, to: first.to } });
        }
        const elsewhere = lineAtIndex(found.text, index);
        return pointer(p, 'INCONCLUSIVE', `${what} “${name}” is not on ${rangesText(ranges)} of ${path} (first found at line ${elsewhere})`, target ? { target } : {});
      }
      // A name (or a one-word title) is shown where it is defined, when it is: not its first mention (a comment, an import).
      const line = (!p.titled || !/\s/.test(name) ? definitionLine(found.text, name) : null) ?? lineAtIndex(found.text, index);
      return pointer(p, 'VERIFIED', `${what} found in ${path} at line ${line}`, {
        target: { type: 'file', path, origin: found.origin, from: line, to: line },
      });
    }
    return pointer(p, 'INCONCLUSIVE', `${path} cannot be searched for “${name}”`, target ? { target } : {});
  }
  if (!ctx.repository || !ctx.head) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const hit = await searchTree(ctx.repository, ctx.head, name);
  if ('problem' in hit) return pointer(p, 'INCONCLUSIVE', hit.problem);
  if (hit.path === null) return pointer(p, 'INCONCLUSIVE', `${what} “${name}” not found in the tree at landed head ${short(ctx.head)}`);
  // A test only named somewhere (a plan, a note) is no test: not shown found (trust10).
  if (p.kind === 'test' && !hit.defined) return pointer(p, 'INCONCLUSIVE', `test “${name}” is named in ${hit.path} at line ${hit.line}, but defined nowhere in the tree at landed head ${short(ctx.head)}`, { target: { type: 'file', path: hit.path, origin: 'repository', from: hit.line, to: hit.line } });
  return pointer(p, 'VERIFIED', `${what} found in ${hit.path} at line ${hit.line}`, {
    target: { type: 'file', path: hit.path, origin: 'repository', from: hit.line, to: hit.line },
  });
}

/** Most places tried for the parts of one nested title (each part may be written more than once). */
const MAX_NESTED_TRIES = 256;

/**
 * The index just past the block whose title is at `at` in `text` (from the title to where the
 * braces opened on its line close: definition-span.ts `endOf`), or null when its end cannot be told.
 */
function blockEnd(text: string, at: number): number | null {
  const end = endOf(textLines(text), lineAtIndex(text, at));
  if (end === null) return null;
  const brk = !text.includes('\n') && text.includes('\r') ? '\r' : '\n';
  let i = -1;
  for (let n = 0; n < end; n++) {
    i = text.indexOf(brk, i + 1);
    if (i === -1) return text.length;
  }
  return i;
}

/**
 * Where a nested title (`parse > keeps order`: a describe block's title, then its test's, as
 * test reporters join them) is in a file: each part as a whole name, inside the block of the part
 * before it ({@link blockEnd}; in order alone when it cannot be told) — trust15: `rows > keeps
 * order` was found for a `keeps order` beside the `rows` block, a test no runner names so. The
 * index of the last part, or -1. A title of one part: -1 (it was looked for whole).
 */
function nestedTitle(text: string, name: string): number {
  const parts = name.split(' > ').map((t) => t.trim());
  if (parts.length < 2 || parts.some((t) => t === '')) return -1;
  let tries = 0;
  const within = (k: number, from: number, until: number): number => {
    for (let at = indexOfTitle(text, parts[k] as string, from); at !== -1 && at < until && tries++ < MAX_NESTED_TRIES; at = indexOfTitle(text, parts[k] as string, at + 1)) {
      if (k === parts.length - 1) return at;
      const end = blockEnd(text, at);
      const inner = within(k + 1, at + (parts[k] as string).length, end === null ? until : Math.min(end, until));
      if (inner !== -1) return inner;
    }
    return -1;
  };
  return within(0, 0, text.length);
}

/** A title a test call opens (`describe('rows', …`, `it.only("reads a row"`): the call, its quote, the title. */
const TITLE_CALL = /\b(?:describe|context|suite|it|test|specify)(?:\.[A-Za-z]{1,16}){0,3}\s{0,8}\(\s{0,8}(['"`])([^'"`\\\n]{1,300})\1/g;
/** Most test and describe titles of one file read for a full name. */
const MAX_TITLES = 2000;

/**
 * Where a test cited by the full name Jest and Vitest give it (`parser rows reads a row`: its
 * describe titles and its own, joined by spaces, as `--json` reports and `-t` matches) is in a
 * file: a chain of titles, each opening a test call inside the block of the one before ({@link
 * blockEnd}), that joined by spaces is the name; the index of the last title, or -1 (trust15: such
 * a name was the medium `evidence/test-not-found` for a test the file holds).
 */
function fullNameTitle(text: string, name: string): number {
  if (!/ /.test(name) || name.length > 2000) return -1;
  const titles: Array<{ title: string; at: number }> = [];
  for (const m of text.matchAll(TITLE_CALL)) {
    if (titles.length >= MAX_TITLES) break;
    titles.push({ title: m[2] as string, at: m.index + m[0].length - 1 - (m[2] as string).length });
  }
  let tries = 0;
  const chain = (rest: string, from: number, until: number): number => {
    for (const t of titles) {
      if (t.at < from || t.at >= until) continue;
      if (rest === t.title) return t.at;
      if (!rest.startsWith(`${t.title} `) || tries++ >= MAX_NESTED_TRIES) continue;
      const end = blockEnd(text, t.at);
      const found = chain(rest.slice(t.title.length + 1), t.at + t.title.length, end === null ? until : Math.min(end, until));
      if (found !== -1) return found;
    }
    return -1;
  };
  return chain(name, 0, text.length);
}

/** A test call's name (`it`, `test.only`, `describe.skip`), as read back from before its `(`. */
const TEST_CALL = /^(?:it|test|describe)(?:\.[A-Za-z]{1,16}){0,3}$/;
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isCallChar = (c: string | undefined): boolean => c !== undefined && /[\w$.]/.test(c);

/**
 * Whether a file names some of its tests at run time: `it.each`, `test.each(...)`, or a title
 * written as a template (`` it(`adds ${a}`) ``). One pass over the backticks, each looking back
 * at most a few characters.
 */
function namesTestsAtRunTime(text: string): boolean {
  if (text.includes('.each(') || text.includes('.each`') || text.includes('.each ')) return true;
  for (let at = text.indexOf('`'); at !== -1; at = text.indexOf('`', at + 1)) {
    let k = at - 1;
    while (k >= 0 && at - k < 16 && isSpace(text[k])) k--;
    if (text[k] !== '(') continue;
    k--;
    while (k >= 0 && at - k < 32 && isSpace(text[k])) k--;
    let start = k;
    while (start >= 0 && k - start < 48 && isCallChar(text[start])) start--;
    if (isCallChar(text[start])) continue;
    if (TEST_CALL.test(text.slice(start + 1, k + 1))) return true;
  }
  return false;
}

/**
 * A pytest node id (`tests/test_x.py::TestA::test_b`) checked by scope: VERIFIED where its last
 * name is defined inside the ones before (the reason says in which class); INCONCLUSIVE when its
 * class inherits from a class this file does not define (the test may be inherited); else the
 * medium `evidence/test-not-found` a test title missing from its file is, saying where the name
 * is defined instead (trust10: a `def test_b` in another class `TestB` was VERIFIED).
 */
async function pytestVerdict(p: ClassifiedPointer, names: string[], path: string, text: string, origin: 'repository' | 'artifact', ctx: EvidenceContext): Promise<EvidencePointer> {
  const place = pytestNodePlace(text, names);
  const last = names[names.length - 1] as string;
  if (place.status === 'found') return pointer(p, 'VERIFIED', `test found in ${path} at line ${place.line}, ${place.where}`, { target: { type: 'file', path, origin, from: place.line, to: place.line } });
  const cls = names[names.length - 2] as string;
  if (place.status === 'inherited') {
    const other = place.line !== undefined ? ` (a ${last} is defined at line ${place.line})` : '';
    return pointer(p, 'INCONCLUSIVE', `${last} is not defined in class ${cls} of ${path}, which inherits from ${place.bases.join(', ')}, not defined in this file: the test may be inherited${other}; not checked`, { target: { type: 'file', path, origin } });
  }
  const holds = (t: string): boolean => pytestNodePlace(t, names).status === 'found';
  return titleNotFound(p, p.name as string, path, text, origin, ctx, { holds, ...(place.elsewhere ? { detail: `${last} is defined at ${place.elsewhere}, not where the id names it` } : {}) });
}

/**
 * A test cited by its title in a named file that holds no such title (new-user trial, round 8:
 * it was INCONCLUSIVE and counted "not checkable", though it was looked for). The file is there
 * and was read, so the pointer resolves to something, but not to what it claims: NOT_VERIFIED,
 * the medium `evidence/test-not-found` (docs/checks.md, "The severity rule": commit-ambiguous and
 * self-citation are of that kind), counted as evidence that did not resolve. It stays
 * INCONCLUSIVE where the absence proves nothing (spec/input.md section 3: a test name is "found
 * in the tree at head (grep) or INCONCLUSIVE"): a file that names tests at run time, a title
 * that the commit which recorded the row held (renamed since), a head that predates the row.
 * `scoped`: a pytest node id's own test of a text (by scope) and what to add to the reason.
 */
async function titleNotFound(p: ClassifiedPointer, name: string, path: string, text: string, origin: 'repository' | 'artifact', ctx: EvidenceContext, scoped?: { holds: (text: string) => boolean; detail?: string }): Promise<EvidencePointer> {
  if (scoped === undefined && namesTestsAtRunTime(text)) return pointer(p, 'INCONCLUSIVE', `test “${name}” not found as written in ${path}, which names some of its tests at run time (\`.each\`, a template title)`);
  // The commit that recorded the row, or for a trail never committed the head's commit of the
  // row's time (trust14: a title renamed after such a row was a medium flag, INCONCLUSIVE for a committed row).
  const dated = ctx.row?.recordedIn === undefined ? ctx.row?.dated : undefined;
  const commit = ctx.row?.recordedIn ?? dated?.oid;
  if (origin === 'repository' && ctx.repository && ctx.head && commit !== undefined && commit !== ctx.head) {
    const then = await ctx.repository.lookupPath(commit, path);
    const thenText = then.status === 'blob' ? await ctx.repository.blobText(then.oid) : null;
    if (thenText?.status === 'text' && (scoped ? scoped.holds(thenText.text) : indexOfTitle(thenText.text, name) !== -1 || nestedTitle(thenText.text, name) !== -1 || fullNameTitle(thenText.text, name) !== -1)) {
      const which = dated !== undefined ? `the landed head's line when this row was written (committed ${dated.ts}; the trail is not committed with the repository, so its time tells)` : 'the commit that recorded this row';
      return pointer(p, 'INCONCLUSIVE', `test “${name}” was in ${path} at ${short(commit)}, ${which}; it is not there at the landed head ${short(ctx.head)} (renamed or removed since)`);
    }
  }
  return predated(pointer(p, 'NOT_VERIFIED', `test “${name}” not found in ${path} ${where(origin)}${scoped?.detail ? `: ${scoped.detail}` : ''}`, { fault: 'evidence/test-not-found' }), ctx);
}

/** Words of a text, lower-cased (`-` and `_` separate words). */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * Whether a rubric criterion is the one a pointer names (`rubric#memory-use`): the name's
 * words appear in the criterion as whole words, in order, side by side. A name with no word
 * (`rubric#-`) or of one or two letters (`rubric#e`) names nothing.
 */
export function criterionNamed(criterion: string, name: string): boolean {
  const want = wordsOf(name);
  if (want.length === 0 || want.join('').length < 3) return false;
  const have = wordsOf(criterion);
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, j) => have[i + j] === w)) return true;
  return false;
}

async function resolveRubric(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const found = await findFile('design/rubric.md', ctx);
  if (found.status === 'missing') return pointer(p, 'NOT_VERIFIED', 'design/rubric.md not found', { fault: 'evidence/path-not-found' });
  if (found.status === 'inconclusive') return pointer(p, 'INCONCLUSIVE', found.reason);
  if (found.status !== 'file' || found.text === null) return pointer(p, 'INCONCLUSIVE', 'design/rubric.md cannot be read');
  const criterion = p.criterion as string;
  const target = { type: 'file' as const, path: 'design/rubric.md', origin: found.origin };
  const criteria = countRubricCriteria(found.text);
  if (/^\d+$/.test(criterion)) {
    const n = Number(criterion);
    if (n >= 1 && n <= criteria.length) return pointer(p, 'VERIFIED', `criterion ${n} of ${criteria.length}: ${criteria[n - 1]}`, { target });
    return pointer(p, 'NOT_VERIFIED', `the rubric has ${criteria.length} criteria; there is no criterion ${n}`, { fault: 'evidence/rubric-criterion-missing', target });
  }
  const hit = criteria.findIndex((c) => criterionNamed(c, criterion));
  if (hit >= 0) return pointer(p, 'VERIFIED', `criterion ${hit + 1}: ${criteria[hit]}`, { target });
  return pointer(p, 'NOT_VERIFIED', `no rubric criterion matches “${criterion}”`, { fault: 'evidence/rubric-criterion-missing', target });
}

/**
 * An absolute path (spec/input.md section 3: "absolute paths outside the repo" are ephemeral),
 * judged by its real path (src/lib/fs/real-path.ts): inside the repository's work tree it is
 * the repository path it names, checked at the landed head like any other (trial E, finding
 * 3); inside the project's own folder, an artifact there; anywhere else, gone after the run.
 * The reason says it was written as an absolute path.
 */
async function resolveAbsolute(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
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

/**
 * Resolves one classified pointer. Never throws: repository failures become INCONCLUSIVE
 * with the problem as the reason.
 */
export async function resolvePointer(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<EvidencePointer> {
  return resolveOne(p, ctx, cell);
}

/** `gradlew:10`, `link:1`: one name (no `/`, no known extension) and its lines. */
const NAME_WITH_LINES = /^[\p{L}\p{N}_][\p{L}\p{N}_.+-]{0,254}:L?\d{1,9}(?:[-–‑‒—−]L?\d{1,9})?$/u;

/**
 * A prose item that is a name and its lines (`gradlew:10`, `link:1`) whose name is a file,
 * folder or link committed at the root of the repository, at the landed head or at the commit
 * that recorded the row: that path with its lines, checked as one (trial, 2026-12-02: such
 * files were a medium `evidence/prose`). Null otherwise, so `step:2` stays prose and never
 * becomes a missing path.
 */
async function committedNameWithLines(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
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
async function committedTag(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
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
async function refInstead(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
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
async function committedRefPath(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  const m = REF_PATH.exec(p.raw);
  if (m === null || !ctx.repository || !looksLikePath(m[2] as string)) return null;
  const ref = await ctx.repository.resolveCommit(m[1] as string).catch(() => ({ problem: 'unreadable' }));
  if (!('oid' in ref)) return null;
  const { path, ...lines } = splitLineSuffix(m[2] as string);
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
async function committedPathAtRef(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  const m = PATH_AT_REF.exec(p.raw);
  if (m === null || !ctx.repository) return null;
  const [, written, name, after] = m as unknown as [string, string, string, string | undefined];
  const before = splitLineSuffix(written);
  if (!looksLikePath(before.path) || (after !== undefined && before.from !== undefined)) return null;
  const { path, ...lines } = after === undefined ? before : splitLineSuffix(before.path + after);
  if (after !== undefined && lines.from === undefined) return null;
  const ref = await ctx.repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' }));
  if (!('oid' in ref)) return null;
  return { raw: p.raw, kind: 'path', path, ...lines, ...(p.within === undefined ? {} : { within: p.within }), ...(ref.oid === ctx.head ? {} : { rev: ref.oid }) };
}

/** `in v1`, `at release-2`, `(v1)` opening a path's note: a word that may name the ref the path is cited at. */
const NOTE_REF = /^(?:(?:in|at)\s+([A-Za-z0-9][\w./-]{0,199}?)|\(([A-Za-z0-9][\w./-]{0,199}?)\))(?=[,;.:)]?(?:\s|$))/i;

/**
 * A path whose note opens with the tag or branch it is cited at (`src/a.ts:2 in v1`, `… at v1`,
 * `… (v1)`), as `in <sha>` is read when the cell is classified: that path at the commit the ref
 * names, or at the landed head when it names that commit (trust15: the ref was left in the note,
 * so the lines were checked and linked at the landed head — VERIFIED on lines the row never cited
 * once the file changed after the tag). Null when the word names no ref of the repository
 * (`in the parser`), or is hex or digits (a short SHA is the classifier's, a number no ref).
 */
async function pathAtNamedRef(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  if (p.rev !== undefined || p.note === undefined || !ctx.repository) return null;
  const m = NOTE_REF.exec(p.note);
  const name = m?.[1] ?? m?.[2];
  if (m === null || name === undefined || /^[0-9a-f]+$/i.test(name)) return null;
  const ref = await ctx.repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' }));
  if (!('oid' in ref)) return null;
  const { note: _note, ...rest } = p;
  const left = p.note.slice(m[0].length).replace(/^[,;.:]?\s*/, '');
  return { ...rest, raw: `${p.raw} ${m[0]}`, ...(left === '' ? {} : { note: left }), ...(ref.oid === ctx.head ? {} : { rev: ref.oid }) };
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
        const resolved = await resolvePath(p, ctx);
        // `src\a.ts` is read as `src/a.ts`; the reason says so (trial E, finding 3).
        return p.backslashes ? reworded(resolved, `written with \\ separators, read as ${p.path}: ${resolved.reason}`) : resolved;
      }
      case 'test':
      case 'symbol':
        return await resolveName(p, ctx);
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

/** `` `docs/with space.md` ``: a text in backticks holding white space (read as a command). */
const isBacktickedSpace = (raw: string): boolean =>
  raw.length > 4 && raw.startsWith('`') && raw.endsWith('`') && raw.indexOf('`', 1) === raw.length - 1 && raw.slice(1, -1).trim() === raw.slice(1, -1) && /\s/.test(raw);

/** `"docs/Design Notes.md"`: the text inside one pair of quotes around it, else the text. */
const unquoted = (raw: string): string => /^(["'\u201c\u2018])([^"'\u201c\u201d\u2018\u2019]+)(["'\u201d\u2019])$/.exec(raw)?.[2] ?? raw;

/**
 * A quoted text holding a space, with the lines written after its closing quote, as one text
 * (`` `docs/My Notes.md`:3 ``, `"docs/My Notes.md":3-4.` → `docs/My Notes.md:3`, `…:3-4`), or
 * null. `text` starts at the opening quote; what follows the lines (a mark, then white space or
 * the end) is not read. The quotes must pair (a backtick with a backtick, `“` with `”`).
 */
function quotedWithLines(text: string): string | null {
  const m = /^([`"'\u201c\u2018])([^`"'\u201c\u201d\u2018\u2019\t\n\r]{1,400})([`"'\u201d\u2019])(:L?\d{1,24}(?:[-\u2013]L?\d{1,24})?)(?=[.,;:)]?(?:\s|$))/.exec(text);
  if (!m) return null;
  const [, open, body, close, lines] = m as unknown as [string, string, string, string, string];
  const pairs = open === close || (open === '\u201c' && close === '\u201d') || (open === '\u2018' && close === '\u2019');
  return pairs && / /.test(body) && body.trim() === body ? body + lines : null;
}

/**
 * The quoted text with its lines ({@link quotedWithLines}) that opens just before pointer `raw`
 * in `cell` (`` `docs/My Notes.md`:3 `` read word by word is the path `docs/My` and a note), or null.
 */
function quotedAround(cell: string, raw: string): string | null {
  for (const quote of ['`', '"', "'", '\u201c', '\u2018']) {
    let at = cell.indexOf(quote + raw);
    while (at !== -1) {
      const text = quotedWithLines(cell.slice(at));
      if (text !== null) return text;
      at = cell.indexOf(quote + raw, at + 1);
    }
  }
  return null;
}

/** A text that may be a path holding white space: one line of spaces between words, with a `/` or an extension. */
const mayBeSpacedPath = (text: string): boolean =>
  text.length <= 400 && / /.test(text) && !/[\t\n\r"`]|\s\s/.test(text) && text.trim() === text && (text.includes('/') || /\.\w{1,10}(?::[\d,\u2013-]+)?$/.test(text));

/** A pointer that may be a word of a spaced path: a path cited as the cell, not at a commit. */
const joinable = (p: ClassifiedPointer): boolean => p.kind === 'path' && p.within === undefined && p.rev === undefined;

/** A path that may go on after a space: its last name has no extension, lines or anchor (`docs/Design`, `Recipe`). */
const midway = (p: ClassifiedPointer): boolean => !p.raw.endsWith('/') && !/[.:#]/.test(p.raw.slice(p.raw.lastIndexOf('/') + 1));

/** Adjacent pointers read as one spaced path at most (a folder and file name of several words). */
const MAX_SPACED_RUN = 6;

/**
 * Texts of a cell that, spaces and all, are a path committed in the repository (at the landed
 * head or the commit that recorded the row), with any lines after it: each is that one path.
 * They are a command written in backticks (trial, 2026-12-02: `` `docs/with space.md` `` was a
 * command naming a missing `space.md`), a prose item, quoted or not (tryout, round 7: `Fuji
 * Recipes/App.swift:3` in an Xcode project was prose, flagged), and adjacent paths the cell
 * writes one space apart (`docs/Design Notes.md` was `docs/Design` and `Notes.md`, two high
 * flags). The names read inside such a text go; the rest keep their owners. A quoted text with
 * lines after its closing quote (`"docs/Other Notes.md":3`) is that one path even when it is not
 * committed, or with no repository, so a missing one is named whole (trust13: it was "docs/Other
 * not found"). `cell` is the evidence text as written (without it, adjacent paths are not joined).
 */
async function spacedPaths(pointers: readonly ClassifiedPointer[], ctx: EvidenceContext, cell?: string): Promise<ClassifiedPointer[]> {
  // Candidates: [first index, last index, text, quoted with lines after the quote: a path as written even when not committed].
  const candidates: Array<[number, number, string, boolean]> = [];
  for (const [i, p] of pointers.entries()) {
    if (p.within !== undefined) continue;
    // `` `docs/My Notes.md`:3 ``: the lines after the closing quote are the quoted path's (trust12: the
    // path was `docs/My`, a high `evidence/path-not-found`, or the whole was prose or a command).
    const withLines = p.kind === 'command' || p.kind === 'prose' ? quotedWithLines(p.raw) : null;
    if (withLines !== null && mayBeSpacedPath(withLines)) candidates.push([i, i, withLines, true]);
    else if (p.kind === 'command' && isBacktickedSpace(p.raw)) candidates.push([i, i, p.raw.slice(1, -1), false]);
    else if (p.kind === 'prose' && mayBeSpacedPath(unquoted(p.raw))) candidates.push([i, i, unquoted(p.raw), false]);
    else if (cell !== undefined && joinable(p) && midway(p)) {
      const quoted = quotedAround(cell, p.raw);
      if (quoted !== null && mayBeSpacedPath(quoted)) candidates.push([i, i, quoted, true]);
      // The longest run of adjacent paths written one space apart, then shorter ones; every
      // one but the last ends in a word (no extension, lines or folder slash): `docs/Design`.
      let last = i;
      while (last + 1 < pointers.length && last + 1 - i < MAX_SPACED_RUN && joinable(pointers[last + 1] as ClassifiedPointer) && midway(pointers[last] as ClassifiedPointer)) last++;
      for (let j = last; j > i; j--) {
        const text = pointers.slice(i, j + 1).map((q) => q.raw).join(' ');
        if (mayBeSpacedPath(text) && cell.includes(text)) candidates.push([i, j, text, false]);
      }
    }
  }
  if (candidates.length === 0) return [...pointers];
  const repository = ctx.head ? ctx.repository : undefined;
  const commits = [...new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))];
  const replaced = new Map<number, ClassifiedPointer>();
  const dropped = new Set<number>();
  for (const [first, last, body, quotedWithLines] of candidates) {
    if (replaced.has(first) || dropped.has(first)) continue;
    const { path, ...lines } = splitLineSuffix(body);
    // `dir with space\f.ts:2`: Windows separators, read with `/` as `src\a.ts` is (trust15: it was prose).
    const slashed = !path.includes('/') && /\\[^\\]/.test(path) && !path.includes('\\\\') ? path.replaceAll('\\', '/') : null;
    let found: string | null = null;
    if (repository) {
      for (const written of slashed === null ? [path] : [path, slashed]) {
        const relative = normaliseRelativePath(written);
        if (relative === null || relative === '') continue;
        for (const commit of commits) {
          const at = await repository.lookupPath(commit, relative);
          if (at.status === 'blob' || at.status === 'tree') {
            found = written;
            break;
          }
        }
        if (found !== null) break;
      }
    }
    const relative = normaliseRelativePath(path);
    if (found === null && (relative === null || relative === '')) continue;
    // `"docs/Other Notes.md":3`, lines after the closing quote: the quoted text is the path cited,
    // committed or not, so a missing one is named whole (trust13: "docs/Other not found").
    if (found !== null || quotedWithLines) {
      replaced.set(first, { raw: body, kind: 'path', path: found ?? path, ...lines, ...(found !== null && found !== path ? { backslashes: true as const } : {}) });
      for (let k = first + 1; k <= last; k++) dropped.add(k);
    }
  }
  if (replaced.size === 0) return [...pointers];
  const index: number[] = [];
  const out: ClassifiedPointer[] = [];
  for (const [i, p] of pointers.entries()) {
    if (dropped.has(i) || (p.within !== undefined && (replaced.has(p.within) || dropped.has(p.within)))) continue;
    index[i] = out.length;
    const kept = replaced.get(i) ?? p;
    out.push(kept.within !== undefined ? { ...kept, within: index[kept.within] as number } : kept);
  }
  return out;
}

/**
 * Resolves every pointer of a cell, in order (a committed path with a space as one path;
 * `text`, the cell as written, lets adjacent paths written one space apart be one).
 */
export async function resolveEvidence(pointers: ClassifiedPointer[], ctx: EvidenceContext, text?: string): Promise<EvidencePointer[]> {
  const read = await spacedPaths(pointers, ctx, text);
  const cell = cellWordsOf(read);
  return Promise.all(read.map((p) => resolvePointer(p, ctx, cell)));
}
