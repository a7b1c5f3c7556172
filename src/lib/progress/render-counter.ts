/**
 * How far Astro's render has got (issue 30, scope 5): the pages the routes plan to render and
 * the pages rendered so far (and before them, the cited commits and files the loaders read),
 * counted by the pages themselves (src/loaders/render-plan.ts counts
 * the entries a route's getStaticPaths keeps, src/layouts/Base.astro each page it frames) and read by
 * the CLI's progress line (src/cli/progress.ts). The counts live on `globalThis`: Astro runs
 * its own bundled copy of this module in the CLI's process, so a module variable would be two.
 */

/** Pages planned (getStaticPaths entries kept by the render plan) and rendered, since the last reset. */
export interface RenderCounts {
  planned: number;
  rendered: number;
  /** Before any page is planned: what the collections' loaders have read so far (`cited commits`, 1,200 of 2,000). */
  preparing?: { what: string; done: number; total: number };
}

const KEY = Symbol.for('trailbook.render-counts');

function counts(): RenderCounts {
  const holder = globalThis as unknown as Record<symbol, RenderCounts | undefined>;
  return (holder[KEY] ??= { planned: 0, rendered: 0 });
}

const PLANNED = Symbol.for('trailbook.render-planned');

/**
 * Counts the entries a route will render, each key once (a project's recap and its issue pages
 * share `project:<id>`, and two routes read the files collection): about one page per key.
 */
export function planPages(keys: Iterable<string>): void {
  const holder = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  const seen = (holder[PLANNED] ??= new Set());
  const c = counts();
  for (const key of keys)
    if (!seen.has(key)) {
      seen.add(key);
      c.planned++;
    }
}

/** Says how far a collection's loader is (the cited commits or files read for their pages). */
export function preparing(what: string, done: number, total: number): void {
  counts().preparing = { what, done, total };
}

/** Counts one page rendered. */
export function pageRendered(): void {
  counts().rendered++;
}

/** The counts so far (a copy). */
export function renderCounts(): RenderCounts {
  const c = counts();
  return { planned: c.planned, rendered: c.rendered, ...(c.preparing ? { preparing: { ...c.preparing } } : {}) };
}

/** Starts counting again (before a render). */
export function resetRenderCounts(): void {
  const c = counts();
  c.planned = 0;
  c.rendered = 0;
  delete c.preparing;
  (globalThis as unknown as Record<symbol, Set<string> | undefined>)[PLANNED]?.clear();
}
