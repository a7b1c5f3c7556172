/**
 * Runs many small I/O-bound tasks a few at a time: a merge writes thousands of pages and
 * index parts, and awaiting each file operation in turn leaves the process idle while the
 * disk answers (docs/performance.md, "Sharded builds").
 */

/**
 * Runs `task(0)` … `task(count - 1)` with at most `limit` running at once, starting them in
 * index order; resolves with their results in index order. When tasks fail, it waits for the
 * started ones to settle, starts no more, and rejects with the error of the lowest failing
 * index (every lower index had started, so the error is the same on every run).
 */
export async function runBounded<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const failure: { index: number; error: unknown }[] = [];
  const lane = async (): Promise<void> => {
    while (failure.length === 0 && next < count) {
      const index = next++;
      try {
        results[index] = await task(index);
      } catch (error) {
        failure.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, lane));
  if (failure.length > 0) throw failure.reduce((a, b) => (b.index < a.index ? b : a)).error;
  return results;
}
