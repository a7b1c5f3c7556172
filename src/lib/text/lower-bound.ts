/**
 * The first index of ascending `sorted` whose element is not less than `x`, or
 * `sorted.length` when every element is: a binary search, O(log n). Numbers compare as
 * numbers, strings by UTF-16 code units (as `Array.prototype.sort` orders them). Used by the
 * search index's merge (a part's records of one facet code in a range) and the git object
 * index (SHAs beginning with a prefix).
 */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, x: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as T) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
