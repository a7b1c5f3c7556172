/**
 * Following cited lines from the commit that recorded a row to the landed head: a line diff
 * (jsdiff's `diffArrays`) maps each line of the old version to its line in the new one, so
 * lines a row cited as they were when it was recorded are checked where they are now (decision
 * trail, Part 2, Layer 1: evidence resolves against the landed head; `asRecorded` in
 * resolve.ts is the caller). Each pair of versions is diffed once per repository, however many
 * rows cite lines of it; memory stays bounded (`MAX_LINE_MAPS` pairs, versions of at most
 * `MAX_FOLLOW_LINES` lines and `MAX_FOLLOW_EDITS` edits).
 */
import { diffArrays } from 'diff';
import type { GitRepository } from '../git/repository.ts';
import type { LineRange } from './path-shape.ts';
import { textLines } from '../text/line-breaks.ts';

/** Above this many lines in either version, lines are not followed (the pointer is checked at the head). */
const MAX_FOLLOW_LINES = 50_000;

/** Above this many edits between the two versions, lines are not followed. */
const MAX_FOLLOW_EDITS = 20_000;

/**
 * Where each cited range of `before` is in `after`: the first and last of its lines that are
 * unchanged in a line diff, and how many are; `now` null when none is. Null when a version is
 * too long or the diff gives up.
 */
export function followLines(before: string, after: string, ranges: readonly LineRange[], memo?: LineMapMemo): Array<{ then: LineRange; now: LineRange | null; kept: number }> | null {
  const map = memo ? (memo.map !== undefined ? memo.map : (memo.map = lineMap(before, after))) : lineMap(before, after);
  if (map === null) return null;
  return ranges.map((r) => {
    let lo = 0;
    let hi = 0;
    let kept = 0;
    for (let n = r.from; n <= r.to; n++) {
      const to = map[n - 1] ?? 0;
      if (to === 0) continue;
      kept++;
      if (lo === 0) lo = to;
      hi = to;
    }
    return { then: r, now: kept === 0 ? null : { from: lo, to: hi }, kept };
  });
}

/**
 * Where each line of `before` is in `after`: `map[i]` is the 1-based line in `after` of line
 * i+1 of `before`, 0 when it was changed or removed; null when a version is too long or the
 * diff gives up.
 */
function lineMap(before: string, after: string): Int32Array | null {
  const a = textLines(before);
  const b = textLines(after);
  if (a.length > MAX_FOLLOW_LINES || b.length > MAX_FOLLOW_LINES) return null;
  const parts = diffArrays(a, b, { maxEditLength: MAX_FOLLOW_EDITS });
  if (!parts) return null;
  const map = new Int32Array(a.length);
  let i = 0;
  let j = 0;
  for (const part of parts) {
    const n = part.count ?? part.value.length;
    if (part.added) j += n;
    else if (part.removed) i += n;
    else for (let k = 0; k < n; k++) map[i++] = ++j;
  }
  return map;
}

/** The line map of one pair of versions, computed once (`map` unset until then). */
export interface LineMapMemo {
  map?: Int32Array | null;
}

/** Pairs of versions whose line maps are kept at once. */
const MAX_LINE_MAPS = 256;

/** Each pair of blobs is diffed once per repository, however many rows cite lines of it. */
const lineMaps = new WeakMap<GitRepository, Map<string, LineMapMemo>>();

/** The memo of one pair of blob versions of `repository` (`from` → `to`, by object id), kept for up to `MAX_LINE_MAPS` pairs. */
export function lineMapOf(repository: GitRepository, from: string, to: string): LineMapMemo {
  let byPair = lineMaps.get(repository);
  if (!byPair) lineMaps.set(repository, (byPair = new Map()));
  const key = `${from}:${to}`;
  let memo = byPair.get(key);
  if (!memo) {
    // Memory stays bounded: past this many pairs the memo starts again.
    if (byPair.size >= MAX_LINE_MAPS) byPair.clear();
    byPair.set(key, (memo = {}));
  }
  return memo;
}
