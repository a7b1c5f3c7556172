/**
 * One-line notices about damaged cache entries found and made again (issue 28, scope 4), from
 * code the CLI runs directly and code Astro runs (loaders, through Vite: another module
 * instance), so the listener is kept on `globalThis`. Without a listener nothing is said.
 */
const KEY = Symbol.for('trailbook.cacheNotice');

type Listener = (line: string) => void;

/** Sets (or, with null, removes) where notices go. */
export function onCacheNotice(listener: Listener | null): void {
  (globalThis as Record<symbol, Listener | null>)[KEY] = listener;
}

/** Says that cache file `file` (relative to the cache folder) was damaged (`problem`) and made again. */
export function cacheNotice(file: string, problem: string): void {
  (globalThis as Record<symbol, Listener | null | undefined>)[KEY]?.(`  notice: the cache's ${file} is damaged (${problem}); made again from the input`);
}

/**
 * `print`, saying each line once: a damaged entry is found by the analysis and again by the
 * page that reads it when the analysis had no cause to make it again (a commit its secret scan
 * knew clean), and the build printed the same notice twice (rel12). For a run's listener.
 */
export function onceEach(print: Listener): Listener {
  const said = new Set<string>();
  return (line) => {
    if (said.has(line)) return;
    said.add(line);
    print(line);
  };
}
