/**
 * Reads ahead: runs `read` over `items` with at most `ahead` reads in flight and yields the
 * results in the order of `items`. Reading many small files one after another waits on the
 * file system for each in turn (40,000 empty `qa/*.json` took most of a build waiting); a few
 * in flight keep the thread pool busy while memory stays bounded by `ahead` results.
 */
export async function* readAhead<T, R>(items: readonly T[], read: (item: T) => Promise<R>, ahead = 16): AsyncGenerator<{ item: T; result: R }> {
  const pending: Array<Promise<R>> = [];
  let next = 0;
  const fill = (): void => {
    while (pending.length < ahead && next < items.length) {
      const p = read(items[next++] as T);
      // Rejections are seen when the result is awaited, in order; never unhandled meanwhile.
      p.catch(() => undefined);
      pending.push(p);
    }
  };
  for (let i = 0; i < items.length; i++) {
    fill();
    const result = await (pending.shift() as Promise<R>);
    yield { item: items[i] as T, result };
  }
}
