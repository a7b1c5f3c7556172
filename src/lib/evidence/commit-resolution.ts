/**
 * Commits and revisions cited as evidence (decision trail, Part 2 layer 1: `git cat-file -e
 * <sha>^{commit}`; spec/input.md section 3): a SHA (a tag peeled; a tree or blob only when the row
 * calls it so), a SHA's ancestry (`175a435~2`), a tag, a range `a..b`, a revision named in a URL,
 * and whether a commit landed (an ancestor of the landed head). Moved from resolve.ts as it was.
 */
import type { EvidencePointer, RangeEnd } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import { normaliseRelativePath } from './artifacts.ts';
import type { ClassifiedPointer } from './classify.ts';
import { ancestryOf } from '../git/ancestry.ts';
import { trimEndChars } from '../text/trim-chars.ts';
import { agree } from '../text/agree.ts';
import { type EvidenceContext, type CellWords, NO_WORDS } from './resolve-context.ts';
import { short, pointer, isPointer } from './pointer-verdict.ts';
import { predated } from './row-readings.ts';
import { looksLikeSha, reflogEntry } from './hex-shape.ts';
import { tagShape } from './tag-shape.ts';

/** A commit by id in the repository, or the pointer that says why not. `cell`: the words of the cell, for a tree or blob the row names. */
export async function commitOf(p: ClassifiedPointer, hex: string, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<{ oid: string; subject: string; via: string; among?: string } | EvidencePointer> {
  if (!ctx.repository) return pointer(p, 'INCONCLUSIVE', ctx.problem ?? 'no repository');
  const found = await ctx.repository.lookup(hex);
  switch (found.status) {
    case 'missing': {
      // Only an incompleteness that can hide a commit (a shallow boundary, objects kept
      // elsewhere, an unreadable pack) makes a missing commit uncertain; a partial clone
      // lacks blobs, never commits (issue 13, item 3).
      const incomplete = await ctx.repository.incompleteness(true);
      // On a row first seen where a shallow clone's history stops, marked so, as a path missing there is
      // (row-readings.ts `predated`): repository/shallow-history counts it (trust12: a made-up commit there
      // was INCONCLUSIVE with no flag at all, the shallow clone never named).
      if (incomplete) {
        const cut = ctx.row?.historyCut;
        return pointer(p, 'INCONCLUSIVE', `no commit ${hex} in ${ctx.repositoryName}, but ${incomplete}`, cut !== undefined ? { reasonKind: { kind: 'history-cut', at: cut } } : {});
      }
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

export async function resolveCommit(p: ClassifiedPointer, ctx: EvidenceContext, cell: CellWords = NO_WORDS): Promise<EvidencePointer> {
  if (p.tag !== undefined) return resolveTag(p, p.tag, ctx);
  if (p.moving !== undefined) {
    // trust9: `HEAD~2` was prose (medium); resolving it at today's HEAD would land on a commit the row never meant.
    if (reflogEntry(p.moving)) return pointer(p, 'INCONCLUSIVE', `${p.moving} names a commit by a reflog entry (\`@{…}\`), which moves with its ref and is kept by one clone only: which commit it named when the row was written is not known; not checked`);
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
    return pointer(p, 'VERIFIED', `${exists}; it is not an ancestor of the landed head ${short(ctx.head as string)} ${await notLandedWhy([from.oid], ctx)}`, { target: { type: 'commit', oid: from.oid }, notLanded: true });
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
export async function resolveTag(p: ClassifiedPointer, name: string, ctx: EvidenceContext): Promise<EvidencePointer> {
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
    return pointer(p, 'VERIFIED', `${exists}; it is not an ancestor of the landed head ${short(ctx.head as string)} ${await notLandedWhy([found.oid], ctx)}`, { target: { type: 'commit', oid: found.oid }, notLanded: true });
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
    // Both missing for one cause (a head older than the row, a shallow clone): `no commit a or b in
    // repo`, then the cause once (trust12: it was said twice, and the range lost the shallow clone's mark).
    const missingA = `no commit ${written[0]} in ${ctx.repositoryName}`;
    const missingB = `no commit ${written[1]} in ${ctx.repositoryName}`;
    const cause = a.reason.startsWith(missingA) && b.reason.startsWith(missingB) && a.reason.slice(missingA.length) === b.reason.slice(missingB.length) ? a.reason.slice(missingA.length) : null;
    const reason = cause !== null ? `no commit ${written[0]} or ${written[1]} in ${ctx.repositoryName}${cause}` : a.reason === b.reason ? a.reason : `${a.reason}; ${b.reason}`;
    return pointer(p, worst.status, reason, { ...(worst.fault !== undefined ? { fault: worst.fault } : {}), ...(worst.reasonKind !== undefined ? { reasonKind: worst.reasonKind } : {}) });
  }
  const [from, to] = ends as [{ oid: string; subject: string }, { oid: string; subject: string }];
  const named = (rev: string, end: { oid: string }): string => (/^[0-9a-f]+$/i.test(rev) ? short(end.oid) : `${rev} (${short(end.oid)})`);
  const both = `commits ${named(written[0] as string, from)} and ${named(written[1] as string, to)} exist: “${from.subject}” … “${to.subject}”`;
  const landedEnds = await rangeEnds([from.oid, to.oid], ctx);
  const offEnds = landedEnds.filter((e) => e.notLanded).map((e) => e.oid);
  const off = offEnds.map(short);
  if (off.length > 0) return pointer(p, 'VERIFIED', `${both}; ${off.join(' and ')} ${agree(off.length, 'is not an ancestor', 'are not ancestors')} of the landed head ${short(ctx.head as string)} ${await notLandedWhy(offEnds, ctx)}`, { target: { type: 'commit', oid: to.oid }, notLanded: true, ends: landedEnds });
  return pointer(p, 'VERIFIED', both, { target: { type: 'commit', oid: to.oid }, ends: landedEnds });
}

export const NOT_LANDED_WHY = '(an abandoned branch, or an original rewritten away by a squash or rebase)';

/** Refs (branches, remote-tracking branches, tags) read to say which reach a commit the landed head does not; with more, the reason stays the guess NOT_LANDED_WHY. */
const MAX_WHERE_REFS = 24;

/** What was said of each commit, per repository and landed head. */
const whereSaid = new WeakMap<GitRepository, Map<string, Promise<string>>>();

/**
 * Why commits the landed head does not reach are not landed, in parentheses: the branches (else
 * the remote-tracking branches, else the tags) that reach every one of them, at most 3 named —
 * `(on branch side, not merged into the landed head)`, `(reached by tag v0.9-side alone, on no
 * branch)` — so a commit of a branch still open is
 * not said to be abandoned or rewritten (trust14: a commit reachable only from another branch got
 * NOT_LANDED_WHY, a guess). The stash when only it reaches them (`refs/stash`, work set aside: trust15). That guess when no ref reaches them (an amended or rebased original
 * kept by the reflog, a deleted branch), or when the repository has more than
 * {@link MAX_WHERE_REFS} refs or a history that cannot be walked.
 */
export async function notLandedWhy(oids: readonly string[], ctx: EvidenceContext): Promise<string> {
  const repository = ctx.repository;
  if (!repository || !ctx.head || oids.length === 0) return NOT_LANDED_WHY;
  let said = whereSaid.get(repository);
  if (!said) whereSaid.set(repository, (said = new Map()));
  const key = `${ctx.head}:${oids.join(',')}`;
  let pending = said.get(key);
  if (!pending) {
    pending = reachedBy(repository, ctx.head, oids);
    said.set(key, pending);
  }
  return pending;
}

async function reachedBy(repository: GitRepository, head: string, oids: readonly string[]): Promise<string> {
  const spaces = [
    { space: 'refs/heads', one: 'branch', many: 'branches' },
    { space: 'refs/remotes', one: 'remote-tracking branch', many: 'remote-tracking branches' },
    { space: 'refs/tags', one: 'tag', many: 'tags' },
  ];
  const names = await Promise.all(spaces.map((s) => repository.refNames(s.space, MAX_WHERE_REFS + 1)));
  if (names.reduce((n, list) => n + list.length, 0) > MAX_WHERE_REFS) return NOT_LANDED_WHY;
  for (const [i, s] of spaces.entries()) {
    const reaching: string[] = [];
    for (const name of names[i] as string[]) {
      if (s.space === 'refs/remotes' && name.endsWith('/HEAD')) continue;
      const tip = await repository.resolveCommit(`${s.space}/${name}`);
      if (!('oid' in tip) || tip.oid === head) continue;
      const walk = ancestryOf(repository, tip.oid);
      let all = true;
      for (const oid of oids) if ((await walk.contains(oid)) !== true) all = false;
      if (all) reaching.push(name);
    }
    if (reaching.length === 0) continue;
    const listed = reaching.length > 3 ? `${reaching.slice(0, 3).join(', ')} and ${reaching.length - 3} more` : reaching.length === 1 ? (reaching[0] as string) : `${reaching.slice(0, -1).join(', ')} and ${reaching[reaching.length - 1]}`;
    if (s.space === 'refs/tags') return `(reached by ${agree(reaching.length, s.one, s.many)} ${listed} alone, on no branch)`;
    return `(on ${agree(reaching.length, s.one, s.many)} ${listed}, not merged into the landed head)`;
  }
  // Work set aside with `git stash` (trust15: it got the guess, "an abandoned branch, or an original rewritten away").
  const stash = await repository.resolveCommit('refs/stash').catch(() => ({ problem: 'unreadable' }));
  if ('oid' in stash) {
    const walk = ancestryOf(repository, stash.oid);
    let all = true;
    for (const oid of oids) if ((await walk.contains(oid)) !== true) all = false;
    if (all) return '(kept only by the stash, refs/stash: work set aside, never committed to a branch)';
  }
  return NOT_LANDED_WHY;
}

/** Both ends of a range, each a citation of its commit, with whether it landed. */
async function rangeEnds(oids: readonly string[], ctx: EvidenceContext): Promise<RangeEnd[]> {
  const out: RangeEnd[] = [];
  for (const oid of oids) out.push((await landed(oid, ctx)) ? { oid } : { oid, notLanded: true });
  return out;
}

/** False only when the landed head is known and `oid` is certainly not among its ancestors (src/lib/git/ancestry.ts). */
export async function landed(oid: string, ctx: EvidenceContext): Promise<boolean> {
  if (!ctx.repository || !ctx.head) return true;
  return (await ancestryOf(ctx.repository, ctx.head).contains(oid)) !== false;
}

/** A forge comparison `a...b`: both revisions must be commits of the repository. */
export async function resolveCompare(p: ClassifiedPointer, from: string, to: string, ctx: EvidenceContext): Promise<EvidencePointer> {
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
export async function revisionOf(p: ClassifiedPointer, rev: string, ctx: EvidenceContext): Promise<{ oid: string; subject: string } | EvidencePointer> {
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

/** A ref name as one end of a range: `HEAD`, `v1.0`, `main`, `origin/main` (no `..`, not ending in `.` or `/`). */
const RANGE_REF = /^(?:HEAD|[A-Za-z0-9][\w.-]{0,99}(?:\/[\w.-]{1,100}){0,8})$/;

/** What one end of a range written with refs names in the repository, or null when it names nothing known. */
async function rangeEndKind(end: string, repository: GitRepository): Promise<'sha' | 'tag' | 'branch' | 'missing-tag' | null> {
  if (/^[0-9a-f]{7,40}$/i.test(end) && looksLikeSha(end, true)) return 'sha';
  if (!RANGE_REF.test(end) || end.includes('..') || end.endsWith('.')) return null;
  if (end !== 'HEAD' && (await repository.tag(end)).status === 'found') return 'tag';
  const names = end === 'HEAD' ? ['HEAD'] : [`refs/heads/${end}`, `refs/remotes/${end}`];
  for (const name of names) if ('oid' in (await repository.resolveCommit(name).catch(() => ({ problem: 'unreadable' })))) return 'branch';
  return tagShape(end)?.sure ? 'missing-tag' : null;
}

/**
 * A prose item that is a range written with refs the classifier cannot tell from words without
 * the repository (trust15: `v1.0..v2.0`, `v1.0...v2.0`, `v1.0..<sha>`, `main..feat` were prose,
 * a medium `evidence/prose`, on real evidence): each end a SHA, a tag, a branch (or `HEAD`) of the
 * repository, or a name shaped as a tag (`v9.9`). A range with a tag or a SHA end is that range,
 * its ref ends read in the repository as `<sha>..HEAD`'s are; a missing tag end is that tag, the
 * `evidence/commit-not-found` a missing tag is; two branch ends move, as `origin/main..HEAD` does
 * (INCONCLUSIVE). Null when an end names nothing (`step..done` stays prose).
 */
export async function committedRefRange(p: ClassifiedPointer, ctx: EvidenceContext): Promise<ClassifiedPointer | null> {
  if (!ctx.repository || p.raw.length > 400) return null;
  const at = p.raw.indexOf('..');
  if (at < 1) return null;
  const a = p.raw.slice(0, at);
  const b = p.raw.slice(p.raw[at + 2] === '.' ? at + 3 : at + 2);
  if (b === '' || reflogEntry(a) || reflogEntry(b)) return null;
  const kinds = [await rangeEndKind(a, ctx.repository), await rangeEndKind(b, ctx.repository)];
  if (kinds.includes(null) || kinds.every((k) => k === 'sha')) return null;
  const missing = [a, b].find((_, i) => kinds[i] === 'missing-tag');
  if (missing !== undefined) return { raw: p.raw, kind: 'commit', tag: missing };
  if (kinds.every((k) => k === 'branch')) return { raw: p.raw, kind: 'commit', moving: p.raw };
  const [from, to] = kinds[0] === 'sha' ? [{ hex: a.toLowerCase() }, { refTo: b }] : kinds[1] === 'sha' ? [{ refFrom: a }, { hex: b.toLowerCase() }] : [{ refFrom: a }, { refTo: b }];
  return { raw: p.raw, kind: 'commit', ...from, ...to };
}
