/**
 * What a cited path is, and where: in the tree of the landed head (or of a commit) through the
 * symbolic links committed in it, in its other Unicode form, in the project folder as an
 * artifact, beside the path cited before it, or by its unique name, letter case or extension in
 * the tree (issue 13, item 2; src/lib/evidence/tree-paths.ts) — and the verdict on a file or a
 * folder once found: its lines, or what a folder holds beyond claim records (spec/input.md
 * section 3). Used by path-resolution.ts, name-resolution.ts and rubric-resolution.ts.
 */
import { isClaimPath } from '../formats/format-lookup.ts';
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { type FolderHolds } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { type LineRange } from './path-shape.ts';
import { followPath, linksText } from '../git/tree-links.ts';
import { findByCase, findByName } from './tree-paths.ts';
import { countOf } from '../site/words.ts';
import { type EvidenceContext } from './resolve-context.ts';
import { short, pointer, rangesText, rangeVerb, where, listed, claimPointer, trailTarget } from './pointer-verdict.ts';
import { thereThen } from './row-readings.ts';

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
export async function inTree(repository: GitRepository, commit: string, path: string): Promise<FileCheck | null> {
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
export async function findFile(path: string, ctx: EvidenceContext): Promise<FileCheck> {
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
export async function folderVerdict(p: ClassifiedPointer, full: string, found: Extract<FileCheck, { status: 'folder' }>, at: string, ctx: EvidenceContext, commit: string | null): Promise<EvidencePointer> {
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
export async function locate(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<Located> {
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
export const placed = (origin: 'repository' | 'artifact', path: string, how: string | null): string => (how ? `${where(origin)} as ${path} (${how})` : where(origin));

/**
 * The verdict on a file that exists: its size, or whether the cited lines are in it. `atHead`:
 * the file is where the pointer names it at the landed head (`at` is then `at landed head`),
 * so a VERIFIED reason of a text file is the generic one, and says so (`reasonKind`
 * `file-at-head`, `lines-at-head`).
 */
export function fileVerdict(p: ClassifiedPointer, path: string, found: Extract<FileCheck, { status: 'file' }>, ranges: LineRange[] | null, at: string, target: EvidencePointer['target'], plainAt = at, atHead = false): EvidencePointer {
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
