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
 */
import { isClaimPath } from '../formats/format-lookup.ts';
import type { EvidencePointer, RangeEnd } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { ArtifactFolder, normaliseRelativePath, type FolderHolds } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { parseForgeUrl, parseRemoteUrl, sameRepository, type ForgeRepository } from './forge-url.ts';
import { isGlob, looksLikePath, splitLineSuffix, type LineRange } from './path-shape.ts';
import { insideFolder, realPathOf } from '../fs/real-path.ts';
import { searchTree } from './tree-search.ts';
import { followPath, linksText } from '../git/tree-links.ts';
import { indexOfName, indexOfTitle } from './name-match.ts';
import { findByBlob, findByCase, findByGlob, findByName } from './tree-paths.ts';
import { countRubricCriteria } from './rubric-criteria.ts';
import { ancestryOf } from '../git/ancestry.ts';
import { ignoredAt } from '../git/ignore-rules.ts';
import { remoteNames } from '../git/origin-remote.ts';
import { definitionAround, definitionLine } from './definition-span.ts';
import { trimEndChars } from '../text/trim-chars.ts';
import { agree } from '../text/agree.ts';
import { countOf } from '../site/words.ts';
import { PROSE_REASON } from './cell-reading.ts';
import { refWordShape, tagShape } from './tag-shape.ts';
import { followLines, lineMapOf } from './line-follow.ts';
import { lineAtIndex, textLines } from '../text/line-breaks.ts';
import { pytestNames, pytestNodePlace } from './python-scope.ts';
import { bareFolder } from './bare-folder.ts';

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
   * `ts`, its committer time), when that is not the head. What is missing at the head and was
   * there is INCONCLUSIVE ({@link datedInstead}; trust9).
   */
  dated?: { oid: string; ts: string };
}

const short = (oid: string): string => oid.slice(0, 7);

/**
 * `resolved` with its reason rewritten to `reason` (a prefix saying how the pointer was
 * written, a suffix saying more): its `reasonKind` said which reason the old one was, not this
 * one, so it goes, and a row card shows the new reason whole (src/lib/site/card-reason.ts).
 * The other fields keep their order.
 */
function reworded(resolved: EvidencePointer, reason: string): EvidencePointer {
  const { reasonKind: _, ...rest } = { ...resolved, reason };
  return rest;
}

/**
 * A resolved pointer. A NOT_VERIFIED one carries no file or commit target: it links to no
 * evidence page and no page is ever written for it (docs/security.md, "Nothing escapes the
 * root": a refused or failed pointer must not publish the file it names, `mirror.git/config:7`).
 */
function pointer(p: ClassifiedPointer, status: EvidencePointer['status'], reason: string, extra: Partial<EvidencePointer> = {}): EvidencePointer {
  const { target, ...rest } = extra;
  // A row target names a row of the project's own trail, never a file page: kept, so a row about the
  // trail can link to the row it cites (trail-references.ts); a self-citation still links to nothing.
  const kept = target !== undefined && (status !== 'NOT_VERIFIED' || target.type === 'url' || target.type === 'row') ? { target } : {};
  // A file that is there, cited at lines that are not: no link, but its page lists the row as not resolved.
  const citedFile = status === 'NOT_VERIFIED' && rest.fault === 'evidence/line-out-of-range' && target?.type === 'file' ? { citedFile: { path: target.path, origin: target.origin, ...(target.at !== undefined ? { at: target.at } : {}) } } : {};
  return { raw: p.raw, kind: p.kind, status, reason, ...rest, ...kept, ...citedFile, ...(p.note ? { note: p.note } : {}), ...(p.within !== undefined ? { within: p.within } : {}) };
}

/** A range's numbers as the row wrote them (`12345678901234567890`, never a rounded value), or as numbers. */
const numbersOf = (r: LineRange): string => r.written ?? (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`);

/** Whether a range is one line (`written` says, for numbers past exact). */
const oneLine = (r: LineRange): boolean => (r.written !== undefined ? !r.written.includes('–') : r.from === r.to);

/** `lines 34, 47`, `lines 34–61, 230–238`, or one range's words (`line 12345678901234567890` as written). */
function rangesText(ranges: readonly LineRange[]): string {
  if (ranges.length === 1) {
    const r = ranges[0] as LineRange;
    return `${oneLine(r) ? 'line' : 'lines'} ${numbersOf(r)}`;
  }
  return `lines ${ranges.map(numbersOf).join(', ')}`;
}

/** "is" for one line, "are" for a range. */
function rangeVerb(ranges: readonly LineRange[]): string {
  return ranges.length === 1 && oneLine(ranges[0] as LineRange) ? 'is' : 'are';
}

/** The ranges a pointer cites, or null. */
function rangesOf(p: ClassifiedPointer): LineRange[] | null {
  if (p.lines) return p.lines;
  if (p.from === undefined) return null;
  return [{ from: p.from, to: p.to ?? p.from }];
}

/** A commit by id in the repository, or the pointer that says why not. `cell`: the words of the cell, for a tree or blob the row names. */
async function commitOf(p: ClassifiedPointer, hex: string, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<{ oid: string; subject: string; via: string; among?: string } | EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await ctx.repository.lookup(hex);
  switch (found.status) {
    case 'missing': {
      // Only an incompleteness that can hide a commit (a shallow boundary, objects kept
      // elsewhere, an unreadable pack) makes a missing commit uncertain; a partial clone
      // lacks blobs, never commits (issue 13, item 3).
      const incomplete = await ctx.repository.incompleteness(true);
      if (incomplete) return pointer(p, 'INCONCLUSIVE', `no commit ${hex} in ${ctx.repositoryName}, but ${incomplete}`);
      const pinned = await submodulePinning(hex, ctx);
      if (pinned !== null) return pointer(p, 'INCONCLUSIVE', `commit ${short(pinned.oid)} is the commit the submodule ${pinned.path} is pinned at, at ${pinned.where}; its content is in another repository`);
      return predated(pointer(p, 'NOT_VERIFIED', `no commit ${hex} in ${ctx.repositoryName}`, { fault: 'evidence/commit-not-found' }), ctx);
    }
    case 'ambiguous': {
      // `git cat-file -e <sha>^{commit}` (decision trail, Part 2 layer 1) reads a prefix as the
      // one commit-ish object among those it names (trust8: a blob sharing a commit's prefix made
      // the commit "ambiguous"); two commits (or tags) sharing it are ambiguous to git too.
      const commitish: string[] = [];
      for (const match of found.matches.slice(0, 16)) {
        const one = await ctx.repository.lookup(match);
        if (one.status !== 'found' || one.type === 'commit' || one.type === 'tag') commitish.push(match);
      }
      if (commitish.length === 1 && found.matches.length <= 16) {
        const only = await commitOf(p, commitish[0] as string, ctx, cell);
        if (!isPointer(only)) return { ...only, among: `the only commit of ${found.matches.length} objects whose ids start with ${hex}` };
      }
      return pointer(p, 'NOT_VERIFIED', `short SHA ${hex} is ambiguous: ${found.matches.length} objects in ${ctx.repositoryName} start with it (${found.matches.map((m) => m.slice(0, 12)).join(', ')})`, {
        fault: 'evidence/commit-ambiguous',
      });
    }
    case 'error':
      return pointer(p, 'INCONCLUSIVE', found.problem);
    case 'found': {
      let oid = found.oid;
      let via = '';
      if (found.type === 'tag') {
        // `git cat-file -e <sha>^{commit}` (decision trail, Part 2 layer 1) peels tags.
        const peeled = await ctx.repository.resolveCommit(found.oid);
        if ('problem' in peeled) return pointer(p, 'INCONCLUSIVE', `${hex} is a tag in ${ctx.repositoryName} that does not point at a commit`, { fault: 'evidence/not-a-commit' });
        oid = peeled.oid;
        via = `tag ${short(found.oid)} → `;
      } else if (found.type === 'tree' || found.type === 'blob') {
        return objectVerdict(p, hex, found.oid, found.type, ctx, cell);
      }
      const commit = await ctx.repository.commit(oid);
      // The header says commit but the object cannot be read (a corrupt pack): not verified.
      if ('problem' in commit) return pointer(p, 'INCONCLUSIVE', commit.problem);
      return { oid, subject: (commit.message.split('\n')[0] ?? '').trim(), via };
    }
  }
}

/** The start of a `path = …` line of a `.gitmodules` file (the line trimmed first). */
const GITMODULES_PATH = /^path\s*=/;

/** The value of a `.gitmodules` line `path = <value>`, trimmed, or undefined for another line (read in linear time). */
const gitmodulesPath = (line: string): string | undefined => {
  const trimmed = line.trim();
  const key = GITMODULES_PATH.exec(trimmed);
  const value = key ? trimmed.slice(key[0].length).trim() : '';
  return value === '' || value.length > 1000 ? undefined : value;
};

/**
 * The submodule a SHA the repository lacks is pinned at (trust8): a gitlink, named in
 * `.gitmodules`, of the landed head's tree or of the commit that recorded the row, whose commit
 * id starts with `hex`. Such a commit is in the submodule's own repository, as a path inside
 * a submodule is (spec/input.md section 3: a pointer Trailbook cannot check is INCONCLUSIVE,
 * never a failure); it was a high `evidence/commit-not-found`. Null when none pins it.
 */
async function submodulePinning(hex: string, ctx: EvidenceContext): Promise<{ oid: string; path: string; where: string } | null> {
  const repository = ctx.repository;
  if (!repository || !ctx.head) return null;
  for (const rev of new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))) {
    const modules = await repository.lookupPath(rev, '.gitmodules');
    if (modules.status !== 'blob') continue;
    const text = await repository.blobText(modules.oid);
    if (text.status !== 'text') continue;
    // At most 1,000 submodules are looked at: a .gitmodules is written by hand or by git, never long.
    const paths = text.text.split('\n').slice(0, 20_000).map(gitmodulesPath).filter((x): x is string => x !== undefined).slice(0, 1000);
    for (const written of paths) {
      const path = normaliseRelativePath(written);
      if (path === null || path === '') continue;
      const at = await repository.lookupPath(rev, path);
      if (at.status === 'submodule' && at.oid.startsWith(hex)) {
        return { oid: at.oid, path, where: rev === ctx.head ? `the landed head ${short(rev)}` : `the commit that recorded this row, ${short(rev)}` };
      }
    }
  }
  return null;
}

const isPointer = (x: unknown): x is EvidencePointer => typeof x === 'object' && x !== null && 'status' in x;

/** The words of a whole evidence cell (every pointer's text and note), for a pointer that the words around it explain. */
export interface CellWords {
  words: readonly string[];
}

const NO_WORDS: CellWords = { words: [] };

/** The words of a cell's pointers and notes: `worktree src 83cc286 vs main 60d60f7` gives worktree, src, 83cc286, vs, main, 60d60f7. */
export function cellWordsOf(pointers: readonly ClassifiedPointer[]): CellWords {
  const words = new Set<string>();
  for (const p of pointers) for (const w of `${p.raw} ${p.note ?? ''}`.split(/[\s,;()[\]"'`]+/)) if (w !== '') words.add(w);
  return { words: [...words] };
}

/** Most words of a cell tried as the path a tree or blob is, or as the revision it is at. */
const MAX_OBJECT_WORDS = 12;

/**
 * A tree or blob cited where a commit is expected (issue 26, item 6). It is that object when the
 * row calls it so: a path the cell names is that object at the landed head (or at a revision
 * the cell names: `worktree src 83cc286 vs main 60d60f7`, where 60d60f7 is `main:src`), or the
 * cell says `tree`/`blob`. Otherwise it is INCONCLUSIVE with a low `evidence/not-a-commit`.
 */
async function objectVerdict(p: ClassifiedPointer, hex: string, oid: string, type: 'tree' | 'blob', ctx: EvidenceContext, cell: CellWords): Promise<EvidencePointer> {
  const repository = ctx.repository as GitRepository;
  const words = cell.words.filter((w) => w !== p.raw && w !== hex && /^[\w./@~^-]+$/.test(w)).slice(0, MAX_OBJECT_WORDS);
  const revisions: Array<{ name: string; oid: string }> = ctx.head ? [{ name: 'the landed head', oid: ctx.head }] : [];
  for (const w of words) {
    if (/^[0-9a-f]{4,40}$/i.test(w) || normaliseRelativePath(w) === null) continue;
    const rev = await repository.resolveCommit(w).catch(() => ({ problem: 'unreadable' }));
    if ('oid' in rev && !revisions.some((r) => r.oid === rev.oid)) revisions.push({ name: w, oid: rev.oid });
  }
  for (const rev of revisions) {
    for (const w of words) {
      const path = normaliseRelativePath(trimEndChars(w, '/'));
      if (path === null || path === '') continue;
      const at = await repository.lookupPath(rev.oid, path);
      if ((at.status === 'tree' || at.status === 'blob') && at.oid === oid) {
        const where = rev.name === 'the landed head' ? `the landed head ${short(rev.oid)}` : `${rev.name} (${short(rev.oid)})`;
        return pointer(p, 'VERIFIED', `${type} ${short(oid)} is ${path}${type === 'tree' ? '/' : ''} at ${where}, as the row says`, type === 'blob' && rev.oid === ctx.head ? { target: { type: 'file', path, origin: 'repository' } } : {});
      }
    }
  }
  if (cell.words.some((w) => w.toLowerCase() === type)) return pointer(p, 'VERIFIED', `${hex} is a ${type} in ${ctx.repositoryName}, as the row says`);
  return pointer(p, 'INCONCLUSIVE', `${hex} is a ${type} in ${ctx.repositoryName}, not a commit`, { fault: 'evidence/not-a-commit' });
}

async function resolveCommit(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<EvidencePointer> {
  if (p.tag !== undefined) return resolveTag(p, p.tag, ctx);
  if (p.moving !== undefined) {
    // trust9: `HEAD~2` was prose (medium); resolving it at today's HEAD would land on a commit the row never meant.
    return pointer(p, 'INCONCLUSIVE', `${p.moving} names a commit by a ref that moves (HEAD or a branch): which commit it named when the row was written is not known; not checked`);
  }
  if (p.hexTo !== undefined || p.refTo !== undefined || p.refFrom !== undefined) return resolveRange(p, ctx);
  const found = await commitOf(p, p.hex as string, ctx, cell);
  if (isPointer(found)) return found;
  const from = p.walk === undefined ? found : await walked(p, found, p.walk, ctx);
  if (isPointer(from)) return from;
  const exists = (from.subject ? `${from.via}commit ${short(from.oid)} exists: “${from.subject}”` : `${from.via}commit ${short(from.oid)} exists`) + (from.among ? ` (${from.among})` : '');
  // Evidence, but not of what landed (issue 15): a low notice, `evidence/commit-not-landed`.
  if (!(await landed(from.oid, ctx))) {
    return pointer(p, 'VERIFIED', `${exists}; it is not an ancestor of the landed head ${short(ctx.head as string)} ${NOT_LANDED_WHY}`, { target: { type: 'commit', oid: from.oid }, notLanded: true });
  }
  // The generic reason of a commit named by its SHA (not through a tag): a row card shows only its subject.
  const kind = from.via === '' && !from.among ? { reasonKind: { kind: 'commit-exists' as const, ...(from.subject ? { subject: from.subject } : {}) } } : {};
  return pointer(p, 'VERIFIED', exists, { target: { type: 'commit', oid: from.oid }, ...kind });
}

/**
 * The commit `175a435^2~1` names: from the commit found, `~n` takes the first parent n times and
 * `^n` the nth parent (`^0` the commit itself), as git reads them (trust9: these were prose). A
 * step past the root is a commit that does not exist (`evidence/commit-not-found`).
 */
async function walked(p: ClassifiedPointer, start: { oid: string; subject: string; via: string; among?: string }, walk: string, ctx: EvidenceContext): Promise<{ oid: string; subject: string; via: string; among?: string } | EvidencePointer> {
  const repository = ctx.repository as GitRepository;
  let oid = start.oid;
  for (const step of walk.match(/[~^]\d*/g) ?? []) {
    const n = step.length > 1 ? Number(step.slice(1)) : 1;
    const times = step[0] === '~' ? n : n === 0 ? 0 : 1;
    for (let i = 0; i < times; i++) {
      const commit = await repository.commit(oid);
      if ('problem' in commit) return pointer(p, 'INCONCLUSIVE', commit.problem);
      const parent = step[0] === '~' ? commit.parents[0] : commit.parents[n - 1];
      if (parent === undefined) return pointer(p, 'NOT_VERIFIED', `${p.raw} names no commit: ${short(oid)} has ${commit.parents.length === 0 ? 'no parent' : `${commit.parents.length} parent${commit.parents.length === 1 ? '' : 's'}`}`, { fault: 'evidence/commit-not-found' });
      oid = parent;
    }
  }
  const commit = await repository.commit(oid);
  const subject = 'problem' in commit ? '' : (commit.message.split('\n')[0] ?? '').trim();
  return { oid, subject, via: `${p.raw} → ` };
}

/**
 * A tag cited alone (`v1.0`: src/lib/evidence/tag-shape.ts): the commit it names must exist, as
 * a cited commit must (decision trail, Part 2 layer 1; spec/input.md section 3). VERIFIED links
 * to that commit (with the low `evidence/commit-not-landed` notice when the landed head does not
 * reach it). A tag the repository lacks is the high `evidence/commit-not-found` a missing commit
 * is, unless the repository may simply not hold its tags: objects kept elsewhere or a shallow
 * history (as for a commit), or no tag at all in a clone (remote-tracking branches, no tags:
 * `git clone --no-tags`, CI checkouts) — then INCONCLUSIVE, saying so.
 */
async function resolveTag(p: ClassifiedPointer, name: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await ctx.repository.tag(name);
  if (found.status === 'error') return pointer(p, 'INCONCLUSIVE', `tag ${name} is in ${ctx.repositoryName}, but ${found.problem}`);
  if (found.status === 'missing') {
    const incomplete = await ctx.repository.incompleteness(true);
    if (incomplete) return pointer(p, 'INCONCLUSIVE', `no tag ${name} in ${ctx.repositoryName}, but ${incomplete}`);
    if (found.tags === 0 && found.remotes) return pointer(p, 'INCONCLUSIVE', `no tag ${name} in ${ctx.repositoryName}; it is a clone holding no tags at all (cloned without them?), so a missing tag proves nothing: \`git fetch --tags\` would tell`);
    return predated(pointer(p, 'NOT_VERIFIED', `no tag ${name} in ${ctx.repositoryName}`, { fault: 'evidence/commit-not-found' }), ctx);
  }
  const commit = await ctx.repository.commit(found.oid);
  const subject = 'problem' in commit ? '' : (commit.message.split('\n')[0] ?? '').trim();
  const exists = `tag ${name} names commit ${short(found.oid)}${subject ? `: “${subject}”` : ''}`;
  if (!(await landed(found.oid, ctx))) {
    return pointer(p, 'VERIFIED', `${exists}; it is not an ancestor of the landed head ${short(ctx.head as string)} ${NOT_LANDED_WHY}`, { target: { type: 'commit', oid: found.oid }, notLanded: true });
  }
  return pointer(p, 'VERIFIED', exists, { target: { type: 'commit', oid: found.oid } });
}

/**
 * A range `a..b`: both ends must be commits of the repository. An end may be a ref name
 * (`85fdac6e..HEAD`: issue 26, item 6), resolved in the repository. Every end that fails is
 * named (both, when both are missing), with the worst status of the two.
 */
async function resolveRange(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const written = [p.refFrom ?? (p.hex as string), p.refTo ?? p.hexTo ?? (p.hex as string)];
  const ends = await Promise.all(written.map((rev, i) => ((i === 0 ? p.refFrom : p.refTo) !== undefined ? revisionOf(p, rev, ctx) : commitOf(p, rev, ctx))));
  const failed = ends.filter(isPointer);
  if (failed.length > 0) {
    const worst = failed.find((f) => f.status === 'NOT_VERIFIED') ?? (failed[0] as EvidencePointer);
    if (failed.length === 1) return worst;
    // Both ends fail: each named, the reasons joined, the worse status and its fault kept.
    const [a, b] = failed as [EvidencePointer, EvidencePointer];
    const bothMissing = a.fault === 'evidence/commit-not-found' && b.fault === 'evidence/commit-not-found';
    const reason = bothMissing ? `no commit ${written[0]} or ${written[1]} in ${ctx.repositoryName}` : a.reason === b.reason ? a.reason : `${a.reason}; ${b.reason}`;
    return pointer(p, worst.status, reason, worst.fault !== undefined ? { fault: worst.fault } : {});
  }
  const [from, to] = ends as [{ oid: string; subject: string }, { oid: string; subject: string }];
  const named = (rev: string, end: { oid: string }): string => (/^[0-9a-f]+$/i.test(rev) ? short(end.oid) : `${rev} (${short(end.oid)})`);
  const both = `commits ${named(written[0] as string, from)} and ${named(written[1] as string, to)} exist: “${from.subject}” … “${to.subject}”`;
  const landedEnds = await rangeEnds([from.oid, to.oid], ctx);
  const off = landedEnds.filter((e) => e.notLanded).map((e) => short(e.oid));
  if (off.length > 0) return pointer(p, 'VERIFIED', `${both}; ${off.join(' and ')} ${agree(off.length, 'is not an ancestor', 'are not ancestors')} of the landed head ${short(ctx.head as string)} ${NOT_LANDED_WHY}`, { target: { type: 'commit', oid: to.oid }, notLanded: true, ends: landedEnds });
  return pointer(p, 'VERIFIED', both, { target: { type: 'commit', oid: to.oid }, ends: landedEnds });
}

const NOT_LANDED_WHY = '(an abandoned branch, or an original rewritten away by a squash or rebase)';

/** Both ends of a range, each a citation of its commit, with whether it landed. */
async function rangeEnds(oids: readonly string[], ctx: EvidenceContext): Promise<RangeEnd[]> {
  const out: RangeEnd[] = [];
  for (const oid of oids) out.push((await landed(oid, ctx)) ? { oid } : { oid, notLanded: true });
  return out;
}

/** False only when the landed head is known and `oid` is certainly not among its ancestors (src/lib/git/ancestry.ts). */
async function landed(oid: string, ctx: EvidenceContext): Promise<boolean> {
  if (!ctx.repository || !ctx.head) return true;
  return (await ancestryOf(ctx.repository, ctx.head).contains(oid)) !== false;
}

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
  if (artifact.status === 'file') return { status: 'file', lines: artifact.lines, text: artifact.text, origin: 'artifact' };
  if (artifact.status === 'folder') return { status: 'folder', origin: 'artifact' };
  // A link to a claim record is refused whatever the repository says.
  if (artifact.status === 'refused' && artifact.selfCitation) return { status: 'missing', reason: artifact.reason, selfCitation: true };
  // Without a readable landed head nothing can be said to be missing from it.
  if (!ctx.repository || !ctx.head) return { status: 'inconclusive', reason: ctx.problem ?? 'no repository' };
  if (artifact.status === 'refused') return { status: 'missing', reason: artifact.reason, refused: true, ...(artifact.uncommitted ? { uncommitted: true as const } : {}) };
  if (afterLinks) return afterLinks;
  return { status: 'missing', reason: `${path} not found at landed head ${short(ctx.head)} nor in the project folder` };
}

function where(origin: 'repository' | 'artifact'): string {
  return origin === 'repository' ? 'at landed head' : 'in the project folder, as an artifact';
}

/** A list of paths for a reason: the first ten, then how many more. */
function listed(paths: readonly string[]): string {
  return paths.length <= 10 ? paths.join(', ') : `${paths.slice(0, 10).join(', ')} and ${paths.length - 10} more`;
}

/**
 * The self-citation a pointer to a claim record is (spec/input.md section 3: a claim never
 * verifies itself), or null. `through`: the links the path went through to reach it.
 */
function claimPointer(p: ClassifiedPointer, full: string, ctx: EvidenceContext, through = ''): EvidencePointer | null {
  const via = through === '' ? full : `${p.path} goes ${through} to ${full}, which`;
  if (ctx.claims?.has(full)) return pointer(p, 'NOT_VERIFIED', `${via} is the record that makes the claim: a claim cannot be its own evidence`, { fault: 'evidence/self-citation', ...trailTarget(full, ctx, p.from) });
  if (isClaimPath(full)) return pointer(p, 'NOT_VERIFIED', `${via} is a trail, audit or handover file: it states claims, it is not evidence for one`, { fault: 'evidence/self-citation' });
  return null;
}

/** The row target of a pointer to one of the project's own trails (at a line, when one is cited), or nothing. */
function trailTarget(full: string, ctx: EvidenceContext, from?: number): Pick<EvidencePointer, 'target'> {
  const file = ctx.trails?.get(full);
  return file === undefined ? {} : { target: { type: 'row', file, ...(from !== undefined ? { from } : {}) } };
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

/**
 * Whether a path (and its cited lines, when any) was there when the row was written: at the commit
 * that recorded the row, or at the landed head's commit of the row's time (`RowPlace.dated`).
 */
async function thereThen(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<boolean> {
  const commit = ctx.row?.recordedIn ?? ctx.row?.dated?.oid;
  if (commit === undefined || !ctx.repository || commit === ctx.head) return false;
  const then = await ctx.repository.lookupPath(commit, path);
  const ranges = rangesOf(p);
  if (then.status === 'tree') return ranges === null;
  if (then.status !== 'blob' || then.mode === '120000') return false;
  if (ranges === null) return true;
  const text = await ctx.repository.blobText(then.oid);
  return text.status === 'text' && ranges.every((r) => r.from >= 1 && r.to >= r.from && r.to <= text.lines);
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
  return { ...reworded(resolved, `${resolved.reason}; commit ${short(commit.oid)} is not an ancestor of the landed head ${short(ctx.head as string)} ${NOT_LANDED_WHY}`), notLanded: true };
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
 * A `path:line` as the row saw it (issue 26, item 1): when the trail's history says which commit
 * recorded the row and the file differs there from the landed head, the cited lines are shown
 * at that commit and followed to the head with a line diff (`diffArrays`, Myers' algorithm, as
 * `git diff` runs by default). Lines that survive are VERIFIED at their place at the head ("cited
 * 141–162 at f3d10ee; now 152–173 at the landed head"); lines all changed or deleted since, or a
 * file deleted since, are INCONCLUSIVE with that reason. Null when the rule does not apply (no
 * recording commit, no lines, the file not a text file there, the same file at the head, the
 * lines not in the file even at that commit): the pointer is then checked at the head alone.
 */
async function asRecorded(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const ranges = rangesOf(p);
  const commit = ctx.row?.recordedIn;
  if (ranges === null || commit === undefined || !ctx.repository || !ctx.head || commit === ctx.head) return null;
  if (claimPointer(p, path, ctx)) return null;
  const then = await ctx.repository.lookupPath(commit, path);
  if (then.status !== 'blob' || then.mode === '120000') return null;
  const now = await ctx.repository.lookupPath(ctx.head, path);
  if (now.status === 'error') return null;
  if (now.status === 'blob' && now.oid === then.oid) return null;
  const thenText = await ctx.repository.blobText(then.oid);
  if (thenText.status !== 'text') return null;
  if (ranges.some((r) => r.from < 1 || r.to < r.from || r.to > thenText.lines)) return null;
  const first = ranges[0] as LineRange;
  const target = { target: { type: 'file' as const, path, origin: 'repository' as const, from: first.from, to: first.to, at: commit } };
  const cited = `cited ${rangesText(ranges).replace(/^lines /, '')} at ${short(commit)}`;
  if (now.status !== 'blob') {
    // Moved unchanged since (`git mv`): the same blob at one other path of the landed head.
    const to = await movedTo(ctx.repository, commit, ctx.head, then.oid);
    if (to !== null) {
      return pointer(p, 'VERIFIED', `${cited}; now the same ${rangesText(ranges)} of ${to} at the landed head ${short(ctx.head)}, as ${path} was moved there unchanged`, target);
    }
    return pointer(p, 'INCONCLUSIVE', `${rangesText(ranges)} of ${path} ${rangeVerb(ranges) === 'is' ? 'was' : 'were'} there at ${short(commit)}, the commit that recorded this row; ${path} is not a file at the landed head ${short(ctx.head)} (deleted or moved since)`, target);
  }
  const nowText = await ctx.repository.blobText(now.oid);
  if (nowText.status !== 'text') return null;
  const moved = followLines(thenText.text, nowText.text, ranges, lineMapOf(ctx.repository, then.oid, now.oid));
  if (moved === null) return null;
  const kept = moved.filter((m) => m.now !== null) as Array<{ then: LineRange; now: LineRange; kept: number }>;
  const lost = moved.reduce((n, m) => n + (m.then.to - m.then.from + 1) - m.kept, 0);
  if (kept.length === 0) {
    return pointer(p, 'INCONCLUSIVE', `${cited}, the commit that recorded this row; ${rangeVerb(ranges) === 'is' ? 'it was' : 'they were'} changed or deleted since: none is at the landed head ${short(ctx.head)}`, target);
  }
  const nowRanges = kept.map((m) => m.now);
  const changed = lost > 0 ? ` (${lost} of ${moved.reduce((n, m) => n + m.then.to - m.then.from + 1, 0)} cited lines changed or deleted since)` : '';
  return pointer(p, 'VERIFIED', `${cited}; now ${rangesText(nowRanges).replace(/^lines /, '')} at the landed head ${short(ctx.head)}, as ${path} changed since${changed}`, target);
}

/**
 * The one path of the landed head a file was moved to unchanged (`git mv`) since `commit`: the
 * paths that hold its blob at the head, less those that held it already at `commit`. A copy that
 * was there all along is no move (trust9: `docs/gone.md:2`, deleted, was VERIFIED as "moved
 * there unchanged" to `docs/copy.md`, which always held the same text — the link landed on a
 * file the row never cited). Null unless exactly one path is left.
 */
async function movedTo(repository: GitRepository, commit: string, head: string, blob: string): Promise<string | null> {
  const now = await findByBlob(repository, head, blob);
  if ('problem' in now) return null;
  const then = await findByBlob(repository, commit, blob);
  if ('problem' in then) return null;
  const before = new Set(then);
  const fresh = now.filter((path) => !before.has(path));
  return fresh.length === 1 ? (fresh[0] as string) : null;
}

/**
 * A path cited whole (no lines) that is not at the landed head, as the commit that recorded the
 * row saw it (issue 26, item 1, as {@link asRecorded} does for lines): a file moved there
 * unchanged since is VERIFIED at its new path; a file or folder there at that commit and deleted
 * (or moved with an edit) since is INCONCLUSIVE with that reason, never a fault (trust9: `src/old.ts`
 * was a high `evidence/path-not-found` while `src/old.ts:2` in the same row was VERIFIED). Null
 * when the rule does not apply (no recording commit, or the path was not there either).
 */
async function recordedWhole(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const commit = ctx.row?.recordedIn;
  if (rangesOf(p) !== null || commit === undefined || !ctx.repository || !ctx.head || commit === ctx.head) return null;
  const then = await ctx.repository.lookupPath(commit, path);
  const since = `the commit that recorded this row; it is not at the landed head ${short(ctx.head)} (deleted or moved since)`;
  if (then.status === 'tree') {
    return pointer(p, 'INCONCLUSIVE', `folder ${path} was there at ${short(commit)}, ${since}`, { target: { type: 'commit', oid: commit } });
  }
  if (then.status !== 'blob' || then.mode === '120000') return null;
  const to = await movedTo(ctx.repository, commit, ctx.head, then.oid);
  if (to !== null) {
    return pointer(p, 'VERIFIED', `cited at ${short(commit)}; now the same file ${to} at the landed head ${short(ctx.head)}, as ${path} was moved there unchanged`, {
      target: { type: 'file', path: to, origin: 'repository' },
    });
  }
  return pointer(p, 'INCONCLUSIVE', `${path} was there at ${short(commit)}, ${since}`, { target: { type: 'file', path, origin: 'repository', at: commit } });
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
  const lined = target?.type === 'file' ? { target: { ...target, from: first.from, to: first.to } } : t;
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
      // A title is found where it opens a string, never in a comment (name-match.ts `indexOfTitle`).
      const find = p.titled ? indexOfTitle : indexOfName;
      let index = find(found.text, name);
      if (index === -1 && p.titled) index = nestedTitle(found.text, name);
      if (index === -1) {
        if (p.kind === 'test' && p.titled) return await titleNotFound(p, name, path, found.text, found.origin, ctx);
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

/**
 * Where a nested title (`parse > keeps order`: a describe block's title, then its test's, as
 * test reporters join them) is in a file: each part as a whole name, in order; the index of the
 * last part, or -1. A title of one part: -1 (it was looked for whole).
 */
function nestedTitle(text: string, name: string): number {
  const parts = name.split(' > ').map((t) => t.trim());
  if (parts.length < 2 || parts.some((t) => t === '')) return -1;
  let at = 0;
  for (const part of parts) {
    at = indexOfTitle(text, part, at);
    if (at === -1) return -1;
  }
  return at;
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
  const commit = ctx.row?.recordedIn;
  if (origin === 'repository' && ctx.repository && ctx.head && commit !== undefined && commit !== ctx.head) {
    const then = await ctx.repository.lookupPath(commit, path);
    const thenText = then.status === 'blob' ? await ctx.repository.blobText(then.oid) : null;
    if (thenText?.status === 'text' && (scoped ? scoped.holds(thenText.text) : indexOfTitle(thenText.text, name) !== -1 || nestedTitle(thenText.text, name) !== -1)) {
      return pointer(p, 'INCONCLUSIVE', `test “${name}” was in ${path} at ${short(commit)}, the commit that recorded this row; it is not there at the landed head ${short(ctx.head)} (renamed or removed since)`);
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
 * A URL (spec/input.md section 3: recorded, never fetched). A script or data URL is refused;
 * a forge URL of the project's own repository is checked against it.
 */
async function resolveUrl(p: ClassifiedPointer, ctx: EvidenceContext): Promise<EvidencePointer> {
  const href = p.href as string;
  if (p.unsafe !== undefined) return pointer(p, 'NOT_VERIFIED', `a ${p.unsafe}: URL runs or embeds content instead of pointing at evidence; it is never a pointer (not linked, not fetched)`, { fault: 'evidence/unsafe-url' });
  if (p.schemeless) return pointer(p, 'INCONCLUSIVE', 'URL written without a scheme: recorded, not fetched');
  if (p.remote) {
    // A git remote names a repository as a URL does: recorded, never fetched, never a link (only http(s) links out).
    const named = parseRemoteUrl(href);
    const own = named !== null && (ctx.forges?.some((r) => sameRepository(r, named)) ?? false);
    return pointer(p, 'INCONCLUSIVE', own ? `git remote of this project's repository (${named.host}/${named.path}): recorded, not fetched` : 'git remote: recorded as text, not fetched; only http(s) URLs are links');
  }
  const safe = /^https?:\/\//i.test(href);
  const recorded = pointer(p, 'INCONCLUSIVE', safe ? 'URL recorded, not fetched' : 'only http(s) URLs are links; recorded as text', safe ? { target: { type: 'url', href } } : {});
  const forge = safe ? parseForgeUrl(href) : null;
  if (forge === null || forge.target.type === 'other') return recorded;
  const own = ctx.forges?.some((r) => sameRepository(r, forge.repository)) ?? false;
  if (!own) return pointer(p, 'INCONCLUSIVE', `a URL of ${forge.repository.host}/${forge.repository.path}, not this project's repository: recorded, not fetched`, { target: { type: 'url', href } });
  const link = { href };
  const t = forge.target;
  let resolved: EvidencePointer;
  if (t.type === 'commit') resolved = await resolveCommit({ ...p, kind: 'commit', hex: t.rev }, ctx);
  else if (t.type === 'compare') resolved = await resolveCompare(p, t.from, t.to, ctx);
  else resolved = await resolveForgeFile(p, t.rest, t.lines ?? null, ctx);
  // The URL stays a URL: linked to where it points when it resolves to nothing in the archive.
  return { ...reworded(resolved, `${forge.repository.host}/${forge.repository.path} is this project's repository: ${resolved.reason}`), kind: 'url', ...(resolved.target ? {} : { target: { type: 'url', ...link } }) };
}

/** A forge comparison `a...b`: both revisions must be commits of the repository. */
async function resolveCompare(p: ClassifiedPointer, from: string, to: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  const ends: Array<{ oid: string; subject: string }> = [];
  for (const rev of [from, to]) {
    const commit = await revisionOf(p, rev, ctx);
    if (isPointer(commit)) return commit;
    ends.push(commit);
  }
  const [a, b] = ends as [{ oid: string; subject: string }, { oid: string; subject: string }];
  return pointer(p, 'VERIFIED', `commits ${short(a.oid)} and ${short(b.oid)} exist: “${a.subject}” … “${b.subject}”`, { target: { type: 'commit', oid: b.oid }, ends: await rangeEnds([a.oid, b.oid], ctx) });
}

/** A revision named in a URL: a SHA (looked up as a commit) or a ref name. */
async function revisionOf(p: ClassifiedPointer, rev: string, ctx: EvidenceContext): Promise<{ oid: string; subject: string } | EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  if (/^[0-9a-f]{7,40}$/i.test(rev)) {
    const commit = await commitOf(p, rev.toLowerCase(), ctx);
    return isPointer(commit) ? commit : { oid: commit.oid, subject: commit.subject };
  }
  const resolved = await ctx.repository.resolveCommit(rev);
  if ('problem' in resolved) return pointer(p, 'INCONCLUSIVE', `revision ${rev} is not in ${ctx.repositoryName} (${resolved.problem})`);
  const commit = await ctx.repository.commit(resolved.oid);
  return { oid: resolved.oid, subject: 'problem' in commit ? '' : (commit.message.split('\n')[0] ?? '').trim() };
}

/**
 * A forge file or folder URL (`blob/<rev>/<path>#L10-L20`): the revision may hold `/` (a branch
 * name), so each split of the segments is tried, the shortest revision first, as forges do.
 */
async function resolveForgeFile(p: ClassifiedPointer, rest: readonly string[], lines: LineRange | null, ctx: EvidenceContext): Promise<EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  for (let n = 1; n < rest.length; n++) {
    const rev = rest.slice(0, n).join('/');
    const path = normaliseRelativePath(rest.slice(n).join('/'));
    if (path === null || path === '') continue;
    // A ref name that does not resolve may be the first part of a longer one (`feature/x`); a SHA is what it is.
    const sha = /^[0-9a-f]{7,40}$/i.test(rev);
    if (!sha && 'problem' in (await ctx.repository.resolveCommit(rev))) continue;
    const commit = await revisionOf(p, rev, ctx);
    if (isPointer(commit)) return commit;
    const at: ClassifiedPointer = { ...p, kind: 'path', path, ...(lines ? { from: lines.from, to: lines.to, ...(lines.written !== undefined ? { lines: [lines] } : {}) } : {}) };
    // At the landed head the file is checked as any path is (and links to its page); at another revision, in that commit's tree.
    return commit.oid === ctx.head ? resolvePath(at, ctx) : resolveAt(at, path, commit, ctx);
  }
  // A revision and no path (`tree/1793735`, `tree/release/2.0`): the repository's root at that
  // commit, checked as the commit (spec/input.md section 3, `commit`; trust8: a commit that is
  // there was said "not in" the repository).
  const whole = rest.join('/');
  if (whole !== '' && lines === null) {
    const sha = /^[0-9a-f]{7,40}$/i.test(whole);
    if (sha) return resolveCommit({ ...p, kind: 'commit', hex: whole.toLowerCase() }, ctx);
    const ref = await ctx.repository.resolveCommit(whole);
    if ('oid' in ref) return resolveCommit({ ...p, kind: 'commit', hex: ref.oid }, ctx);
  }
  return pointer(p, 'INCONCLUSIVE', `the revision this URL names (${rest[0] ?? ''}) is not in ${ctx.repositoryName}`);
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

/** What a missing path, line or commit is when the landed head predates the row. */
const PREDATED: ReadonlySet<string> = new Set(['evidence/path-not-found', 'evidence/line-out-of-range', 'evidence/commit-not-found', 'evidence/test-not-found']);

/**
 * A repository older than the trail (issue 26, item 2): for a row not committed with the
 * repository and dated after the landed head's commit, a path, line or commit missing at that
 * head may simply have come later. INCONCLUSIVE with that reason, not a fault. Likewise for a
 * row first seen where a shallow clone's history stops (`RowPlace.historyCut`): what it cites
 * may have been there when it was written, before the cut. Applied where a
 * path, line or commit is found missing at the head, never to a refusal (a path inside `.git`,
 * an uncommitted file of the work tree) nor to a path cited at an explicit commit.
 */
function predated(resolved: EvidencePointer, ctx: EvidenceContext): EvidencePointer {
  if ((!ctx.row?.headPredates && ctx.row?.historyCut === undefined) || resolved.status !== 'NOT_VERIFIED' || resolved.fault === undefined || !PREDATED.has(resolved.fault)) return resolved;
  const { fault: _, ...rest } = resolved;
  if (ctx.row?.headPredates) {
    const when = ctx.row.headPredates;
    return { ...rest, status: 'INCONCLUSIVE', reason: `${resolved.reason}; the landed head ${short(ctx.head as string)} (committed ${when.headTs}) predates this row, which is not committed with the repository` };
  }
  // A shallow clone (trial7): the row is first seen where the history stops, so it may have been written before, when what it cites was there.
  // Said once for the project by repository/shallow-history, which counts these (reasonKind).
  const at = ctx.row?.historyCut as string;
  return {
    ...rest,
    status: 'INCONCLUSIVE',
    reason: `${resolved.reason}; the repository is a shallow clone whose history stops at ${short(at)}, where this row is first seen: it may have been written earlier, when that was there (\`git fetch --unshallow\` would tell)`,
    reasonKind: { kind: 'history-cut', at },
  };
}

/**
 * A row of a trail never committed with the repository, placed by its time on the landed head's
 * first-parent line (`RowPlace.dated`): a path or lines missing at the head that were there at
 * that commit were there when the row was written, so their absence now says nothing of the
 * claim — INCONCLUSIVE with that reason, linked to the file at that commit, as a row dated after
 * the head is (issue 26, item 2, the same reading of a row's time; trust9: a file deleted the
 * day after the row was a high `evidence/path-not-found`). What was not there then either keeps
 * its fault. Any other verdict is returned as it is.
 */
async function datedInstead(verdict: EvidencePointer, p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  const dated = ctx.row?.dated;
  if (dated === undefined || !ctx.repository || verdict.status !== 'NOT_VERIFIED') return verdict;
  if (verdict.fault !== 'evidence/path-not-found' && verdict.fault !== 'evidence/line-out-of-range') return verdict;
  const then = await ctx.repository.lookupPath(dated.oid, path);
  const ranges = rangesOf(p);
  let target: EvidencePointer['target'];
  if (then.status === 'tree' && ranges === null) target = { type: 'commit', oid: dated.oid };
  else if (then.status === 'blob' && then.mode !== '120000') {
    if (ranges !== null) {
      const text = await ctx.repository.blobText(then.oid);
      if (text.status !== 'text' || ranges.some((r) => r.from < 1 || r.to < r.from || r.to > text.lines)) return verdict;
    }
    const first = ranges?.[0];
    const lined = first ? { from: first.from, to: first.to } : {};
    // Moved unchanged since (`git mv`): the same file, and the same lines, at its new path of the head.
    const to = verdict.fault === 'evidence/path-not-found' && ctx.head ? await movedTo(ctx.repository, dated.oid, ctx.head, then.oid) : null;
    if (to !== null) {
      const what = ranges === null ? 'file' : rangesText(ranges);
      return pointer(p, 'VERIFIED', `${path} was at ${short(dated.oid)}, the landed head's line when this row was written (committed ${dated.ts}); now the same ${what} of ${to} at the landed head ${short(ctx.head as string)}, as ${path} was moved there unchanged`, {
        target: { type: 'file', path: to, origin: 'repository', ...lined },
      });
    }
    target = { type: 'file', path, origin: 'repository', at: dated.oid, ...lined };
  } else return verdict;
  const { fault: _, ...rest } = verdict;
  return {
    ...rest,
    status: 'INCONCLUSIVE',
    reason: `${verdict.reason}; it was there at ${short(dated.oid)}, the landed head's line when this row was written (committed ${dated.ts}; the trail is not committed with the repository, so its time tells)`,
    target,
  };
}

/** `gradlew:10`, `link:1`: one name (no `/`, no known extension) and its lines. */
const NAME_WITH_LINES = /^[\p{L}\p{N}_][\p{L}\p{N}_.+-]{0,254}:L?\d{1,9}(?:[-–]L?\d{1,9})?$/u;

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
  const remotes = new Set([...(await remoteNames(ctx.repository.gitdir)), ...(await ctx.repository.refNames('refs/remotes', 1000)).map((n) => n.split('/')[0] as string)]);
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

async function resolveOne(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords): Promise<EvidencePointer> {
  try {
    switch (p.kind) {
      case 'commit':
        return await resolveCommit(p, ctx, cell);
      case 'path': {
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
        return await resolveUrl(p, ctx);
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
        const named = (await committedNameWithLines(p, ctx)) ?? (await committedTag(p, ctx)) ?? (await committedRefPath(p, ctx));
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
 * flags). The names read inside such a text go; the rest keep their owners. `cell` is the
 * evidence text as written (without it, adjacent paths are not joined).
 */
async function spacedPaths(pointers: readonly ClassifiedPointer[], ctx: EvidenceContext, cell?: string): Promise<ClassifiedPointer[]> {
  if (!ctx.repository || !ctx.head) return [...pointers];
  // Candidates: [first index, last index, text].
  const candidates: Array<[number, number, string]> = [];
  for (const [i, p] of pointers.entries()) {
    if (p.within !== undefined) continue;
    if (p.kind === 'command' && isBacktickedSpace(p.raw)) candidates.push([i, i, p.raw.slice(1, -1)]);
    else if (p.kind === 'prose' && mayBeSpacedPath(unquoted(p.raw))) candidates.push([i, i, unquoted(p.raw)]);
    else if (cell !== undefined && joinable(p) && midway(p)) {
      // The longest run of adjacent paths written one space apart, then shorter ones; every
      // one but the last ends in a word (no extension, lines or folder slash): `docs/Design`.
      let last = i;
      while (last + 1 < pointers.length && last + 1 - i < MAX_SPACED_RUN && joinable(pointers[last + 1] as ClassifiedPointer) && midway(pointers[last] as ClassifiedPointer)) last++;
      for (let j = last; j > i; j--) {
        const text = pointers.slice(i, j + 1).map((q) => q.raw).join(' ');
        if (mayBeSpacedPath(text) && cell.includes(text)) candidates.push([i, j, text]);
      }
    }
  }
  if (candidates.length === 0) return [...pointers];
  const commits = [...new Set([ctx.head, ctx.row?.recordedIn].filter((c): c is string => c !== undefined))];
  const replaced = new Map<number, ClassifiedPointer>();
  const dropped = new Set<number>();
  for (const [first, last, body] of candidates) {
    if (replaced.has(first) || dropped.has(first)) continue;
    const { path, ...lines } = splitLineSuffix(body);
    const relative = normaliseRelativePath(path);
    if (relative === null || relative === '') continue;
    for (const commit of commits) {
      const found = await ctx.repository.lookupPath(commit, relative);
      if (found.status === 'blob' || found.status === 'tree') {
        replaced.set(first, { raw: body, kind: 'path', path, ...lines });
        for (let k = first + 1; k <= last; k++) dropped.add(k);
        break;
      }
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
