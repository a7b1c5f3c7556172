/**
 * A pointer read where its row stands in the repository's history (issue 26, items 1 and 2;
 * trust9): lines as the commit that recorded the row saw them, followed to the landed head; a
 * path cited whole and deleted or moved since; what a head that predates the row, a shallow
 * clone's cut, or the head's commit of the row's time says of what is missing now. Moved from
 * resolve.ts as it was.
 */
import type { EvidencePointer } from '../model/types.ts';
import type { GitRepository } from '../git/repository.ts';
import type { ClassifiedPointer } from './classify.ts';
import type { LineRange } from './path-shape.ts';
import { findByBlob } from './tree-paths.ts';
import { followLines, lineMapOf } from './line-follow.ts';
import type { EvidenceContext } from './resolve-context.ts';
import { short, pointer, rangesText, rangeVerb, rangesOf, claimPointer, reworded } from './pointer-verdict.ts';
import { followPath, linksText } from '../git/tree-links.ts';

/** A row's place by its own time: an uncommitted trail's (`RowPlace.dated`) or a batch-committed row's (`RowPlace.writtenAt`). */
type Dated = { oid: string; ts: string; rowTime: number; committedIn?: string; committedTs?: string };

/**
 * The commit a row's cited lines of `path` are read at, and the time placement that chose it
 * (absent for the commit that recorded the row): a batch-committed row (`RowPlace.writtenAt`) is
 * read at the head's commit of its time when every change to the file since came after the row
 * (lead16: lines cited at 09:00, five lines added on top at 11:00 and the trail committed at
 * 13:00 were VERIFIED at the head's lines as written, three lines the row never cited); else at
 * the commit that recorded it; a row of a trail never committed, at `RowPlace.dated`.
 */
async function readAt(path: string, ctx: EvidenceContext): Promise<{ commit: string; dated?: Dated } | null> {
  const written = ctx.row?.writtenAt;
  if (written !== undefined && ctx.repository && ctx.head) {
    // Only a file there then and now, changed between the row's time and its commit: else the commit that recorded it reads the same.
    const then = await ctx.repository.lookupPath(written.oid, path);
    const recorded = await ctx.repository.lookupPath(ctx.row?.recordedIn ?? ctx.head, path);
    const now = await ctx.repository.lookupPath(ctx.head, path);
    const changed = then.status === 'blob' && now.status === 'blob' && !(recorded.status === 'blob' && recorded.oid === then.oid);
    if (changed && (await changedOnlyAfter(ctx.repository, written.oid, ctx.head, path, written.rowTime))) return { commit: written.oid, dated: written };
  }
  if (ctx.row?.recordedIn !== undefined) return { commit: ctx.row.recordedIn };
  const dated = ctx.row?.dated;
  return dated === undefined ? null : { commit: dated.oid, dated };
}

/**
 * Whether a path (and its cited lines, when any) was there when the row was written: at the commit
 * that recorded the row, or at the landed head's commit of the row's time (`RowPlace.dated`).
 */
export async function thereThen(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<boolean> {
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
export async function asRecorded(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const commit = ctx.row?.recordedIn ?? ctx.row?.dated?.oid;
  if (commit !== undefined && ctx.repository && ctx.head && commit !== ctx.head && rangesOf(p) !== null) {
    // A file cited through a committed symbolic link (`link.ts:3`, `lib/a.ts:5` with lib → src):
    // its lines are the file's the link led to then, followed while the link still leads there
    // (trust14: the head's lines 3–4 were marked VERIFIED after two lines were added at the top).
    const then = await followPath(ctx.repository, commit, path);
    if (then.status === 'blob' && then.links.length > 0) {
      const now = await followPath(ctx.repository, ctx.head, path);
      if (now.status === 'blob' && now.path === then.path) {
        const followed = await recordedLines(p, then.path, ctx);
        return followed === null ? null : reworded(followed, `${followed.reason} (${linksText(then.links)})`);
      }
      if (now.status === 'error') return null;
      return retargeted(p, path, then.path, linksText(then.links), commit, now.status === 'blob' || now.status === 'tree' ? now.path : null, ctx);
    }
  }
  return recordedLines(p, path, ctx);
}

/**
 * Lines cited through a symbolic link that led to `real` when the row was recorded and leads
 * elsewhere (`now`, or nowhere: null) at the landed head: the row cited `real`'s lines, so they
 * are read there, never in the file the link leads to now (trust14: `moved.ts:2`, moved.ts →
 * src/b.ts then and → other/b.ts now, was VERIFIED as line 2 of other/b.ts, a file the row never
 * cited). Followed when `real` changed since; VERIFIED where it is unchanged; else INCONCLUSIVE
 * with that reason, linked to the lines at that commit.
 */
async function retargeted(p: ClassifiedPointer, path: string, real: string, links: string, commit: string, now: string | null, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const repository = ctx.repository as GitRepository;
  const head = ctx.head as string;
  const ranges = rangesOf(p) as LineRange[];
  const dated = ctx.row?.recordedIn === undefined ? ctx.row?.dated : undefined;
  const recorder = dated !== undefined ? `the landed head's line when this row was written (committed ${dated.ts})` : 'the commit that recorded this row';
  const note = `${path} led to ${real} at ${short(commit)}, ${recorder} (${links}); it ${now === null ? 'leads to nothing' : `leads to ${now}`} at the landed head ${short(head)}`;
  const followed = await recordedLines(p, real, ctx);
  if (followed !== null) return reworded(followed, `${followed.reason}; ${note}`);
  const then = await repository.lookupPath(commit, real);
  const thenText = then.status === 'blob' ? await repository.blobText(then.oid) : null;
  if (thenText?.status !== 'text' || ranges.some((r) => r.from < 1 || r.to < r.from || r.to > thenText.lines)) return null;
  const first = ranges[0] as LineRange;
  const more = ranges.length > 1 ? { more: ranges.slice(1).map((r) => ({ from: r.from, to: r.to })) } : {};
  const at = await repository.lookupPath(head, real);
  if (at.status === 'blob' && then.status === 'blob' && at.oid === then.oid) {
    return pointer(p, 'VERIFIED', `${rangesText(ranges)} of ${real} ${rangeVerb(ranges) === 'is' ? 'is' : 'are'} unchanged at the landed head; ${note}`, {
      target: { type: 'file', path: real, origin: 'repository', from: first.from, to: first.to, ...more },
    });
  }
  const gone = at.status === 'blob' ? `${real} changed since, and its lines are not followed there` : `${real} is not a file there`;
  return pointer(p, 'INCONCLUSIVE', `${rangesText(ranges)} of ${real} ${rangeVerb(ranges) === 'is' ? 'was' : 'were'} there; ${note}, and ${gone}`, {
    target: { type: 'file', path: real, origin: 'repository', from: first.from, to: first.to, at: commit, ...more },
  });
}

/** {@link asRecorded} for a path as the tree holds it (no symbolic link on the way). */
async function recordedLines(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
  const ranges = rangesOf(p);
  // A row of a trail not committed with the repository, or committed after it, placed by its time (trust14, lead16).
  const at = ranges === null ? null : await readAt(path, ctx);
  const dated = at?.dated;
  const commit = at?.commit;
  if (ranges === null || commit === undefined || !ctx.repository || !ctx.head || commit === ctx.head) return null;
  if (claimPointer(p, path, ctx)) return null;
  const then = await ctx.repository.lookupPath(commit, path);
  if (then.status !== 'blob' || then.mode === '120000') return null;
  const now = await ctx.repository.lookupPath(ctx.head, path);
  if (now.status === 'error') return null;
  if (now.status === 'blob' && now.oid === then.oid) return null;
  // A file gone from the head is datedInstead's to read; one changed by a commit the row may
  // have seen (a merge, or a commit authored before the row) is checked at the head as written.
  if (dated !== undefined && (now.status !== 'blob' || !(await changedOnlyAfter(ctx.repository, dated.oid, ctx.head, path, dated.rowTime)))) return null;
  const thenText = await ctx.repository.blobText(then.oid);
  if (thenText.status !== 'text') return null;
  if (ranges.some((r) => r.from < 1 || r.to < r.from || r.to > thenText.lines)) return null;
  const first = ranges[0] as LineRange;
  const more = ranges.length > 1 ? { more: ranges.slice(1).map((r) => ({ from: r.from, to: r.to })) } : {};
  const target = { target: { type: 'file' as const, path, origin: 'repository' as const, from: first.from, to: first.to, at: commit, ...more } };
  const cited = `cited ${rangesText(ranges).replace(/^lines /, '')} at ${short(commit)}${dated !== undefined ? `, the landed head's line when this row was written (committed ${dated.ts}; ${timeTells(dated)})` : ''}`;
  const recorder = dated !== undefined ? '' : ', the commit that recorded this row';
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
  // A row placed by its time whose lines are all where they were, unchanged: the head's lines are
  // the ones it cited, checked there as before (the example corpus's src/parser.ts:10-20).
  if (dated !== undefined && lost === 0 && kept.length === moved.length && kept.every((m) => m.now.from === m.then.from && m.now.to === m.then.to)) return null;
  if (kept.length === 0) {
    return pointer(p, 'INCONCLUSIVE', `${cited}${recorder}; ${rangeVerb(ranges) === 'is' ? 'it was' : 'they were'} changed or deleted since: none is at the landed head ${short(ctx.head)}`, target);
  }
  const nowRanges = kept.map((m) => m.now);
  const changed = lost > 0 ? ` (${lost} of ${moved.reduce((n, m) => n + m.then.to - m.then.from + 1, 0)} cited lines changed or deleted since)` : '';
  return pointer(p, 'VERIFIED', `${cited}; now ${rangesText(nowRanges).replace(/^lines /, '')} at the landed head ${short(ctx.head)}, as ${path} changed since${changed}`, target);
}

/** Most commits of the head's first-parent line read to tell when a file changed since a row placed by its time. */
const MAX_CHANGE_WALK = 2_000;

/**
 * Whether every change to `path` on the landed head's first-parent line since `from` (the commit
 * a row of an uncommitted trail is placed at by its time) came after the row: made by a commit
 * that is no merge and was authored and committed after `rowTime` (ms). Then the file the row
 * saw is the one at `from`, and its cited lines are followed to the head (trust14: `src/a.ts:3-4`
 * of a file that gained two lines at its top the day after the row was VERIFIED as the head's
 * lines 3–4, two other lines). A merge that changed it may have brought a branch the row was
 * written on, and a commit authored before the row (rebased, cherry-picked) may have been in its
 * work tree: false, and the lines are checked at the head as written. False too when `from` is
 * not found within {@link MAX_CHANGE_WALK} commits, or a commit or tree cannot be read.
 */
async function changedOnlyAfter(repository: GitRepository, from: string, head: string, path: string, rowTime: number): Promise<boolean> {
  let byKey = changesSince.get(repository);
  if (!byKey) changesSince.set(repository, (byKey = new Map()));
  const key = `${from}:${head}:${path}`;
  let changes = byKey.get(key);
  if (!changes) {
    // Memory stays bounded: past this many files the memo starts again.
    if (byKey.size >= MAX_CHANGE_MEMO) byKey.clear();
    byKey.set(key, (changes = changesOf(repository, from, head, path)));
  }
  const found = await changes;
  return found !== null && found.every((c) => !c.merge && c.time > rowTime);
}

/** Files whose changes since a row's commit are kept at once, per repository. */
const MAX_CHANGE_MEMO = 4096;

/** The changes of a file on the head's first-parent line since a commit, read once however many rows ask (rows between two commits share them). */
const changesSince = new WeakMap<GitRepository, Map<string, Promise<Array<{ merge: boolean; time: number }> | null>>>();

/**
 * The commits of the landed head's first-parent line after `from` that changed `path`: whether
 * each is a merge, and the earlier of its author and committer times (ms). Null when `from` is
 * not found within {@link MAX_CHANGE_WALK} commits, or a commit or tree cannot be read.
 */
async function changesOf(repository: GitRepository, from: string, head: string, path: string): Promise<Array<{ merge: boolean; time: number }> | null> {
  const blobAt = async (commit: string): Promise<string | null | undefined> => {
    const found = await repository.lookupPath(commit, path);
    return found.status === 'error' ? undefined : found.status === 'blob' ? found.oid : null;
  };
  const out: Array<{ merge: boolean; time: number }> = [];
  let oid = head;
  let blob = await blobAt(oid);
  for (let read = 0; read < MAX_CHANGE_WALK; read++) {
    if (oid === from) return out;
    const commit = await repository.commit(oid);
    if ('problem' in commit || blob === undefined) return null;
    const parent = commit.parents[0];
    if (parent === undefined) return null;
    const before = await blobAt(parent);
    if (before === undefined) return null;
    if (before !== blob) out.push({ merge: commit.parents.length > 1, time: Math.min(commit.author.timestamp, commit.committer.timestamp) * 1000 });
    oid = parent;
    blob = before;
  }
  return null;
}

/**
 * Where the lines a row cites are at the landed head, when every one of them is there unchanged
 * since the commit that recorded the row (or, for a trail never committed, the head's commit of
 * the row's time when every change since came after the row): the same number of lines each,
 * moved by lines added or removed above them. Null when that is not so, or when they did not move.
 * For a name cited at lines (`src/p.ts:2 parseRow`), looked for where those lines are now
 * (trust14: it was looked for at line 2 of the head, two lines added above since, and said "not
 * on line 2").
 */
export async function followedRanges(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<{ commit: string; now: LineRange[] } | null> {
  const ranges = rangesOf(p);
  const at = ranges === null ? null : await readAt(path, ctx);
  const dated = at?.dated;
  const commit = at?.commit;
  if (ranges === null || commit === undefined || !ctx.repository || !ctx.head || commit === ctx.head) return null;
  const then = await ctx.repository.lookupPath(commit, path);
  const now = await ctx.repository.lookupPath(ctx.head, path);
  if (then.status !== 'blob' || now.status !== 'blob' || then.mode === '120000' || now.mode === '120000' || then.oid === now.oid) return null;
  if (dated !== undefined && !(await changedOnlyAfter(ctx.repository, dated.oid, ctx.head, path, dated.rowTime))) return null;
  const [thenText, nowText] = [await ctx.repository.blobText(then.oid), await ctx.repository.blobText(now.oid)];
  if (thenText.status !== 'text' || nowText.status !== 'text') return null;
  if (ranges.some((r) => r.from < 1 || r.to < r.from || r.to > thenText.lines)) return null;
  const moved = followLines(thenText.text, nowText.text, ranges, lineMapOf(ctx.repository, then.oid, now.oid));
  if (moved === null || moved.some((m) => m.now === null || m.kept !== m.then.to - m.then.from + 1 || m.now.to - m.now.from !== m.then.to - m.then.from)) return null;
  const nowRanges = moved.map((m) => m.now as LineRange);
  if (nowRanges.every((r, i) => r.from === ranges[i]?.from && r.to === ranges[i]?.to)) return null;
  return { commit, now: nowRanges };
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
export async function recordedWhole(p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer | null> {
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
export function predated(resolved: EvidencePointer, ctx: EvidenceContext): EvidencePointer {
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
 * its fault. Any other verdict is returned as it is. A row committed with the repository after
 * its own time (`RowPlace.writtenAt`: a trail committed in a batch) is read the same way at the
 * head's commit of its time, the reason saying when it was committed.
 */
export async function datedInstead(verdict: EvidencePointer, p: ClassifiedPointer, path: string, ctx: EvidenceContext): Promise<EvidencePointer> {
  const dated: Dated | undefined = ctx.row?.dated ?? ctx.row?.writtenAt;
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
      return pointer(p, 'VERIFIED', `${path} was at ${short(dated.oid)}, the landed head's line when this row was written (committed ${dated.ts}${dated.committedIn !== undefined ? `; ${timeTells(dated)}` : ''}); now the same ${what} of ${to} at the landed head ${short(ctx.head as string)}, as ${path} was moved there unchanged`, {
        target: { type: 'file', path: to, origin: 'repository', ...lined },
      });
    }
    target = { type: 'file', path, origin: 'repository', at: dated.oid, ...lined };
  } else return verdict;
  const { fault: _, ...rest } = verdict;
  return {
    ...rest,
    status: 'INCONCLUSIVE',
    reason: `${verdict.reason}; it was there at ${short(dated.oid)}, the landed head's line when this row was written (committed ${dated.ts}; ${timeTells(dated)})`,
    target,
  };
}

/** Why a row's own time places it: its trail is not committed, or the row was committed after it. */
function timeTells(dated: { committedIn?: string; committedTs?: string }): string {
  if (dated.committedIn === undefined) return 'the trail is not committed with the repository, so its time tells';
  return `this row was committed only later, at ${short(dated.committedIn)} (${dated.committedTs ?? ''}), so its own time tells`;
}
