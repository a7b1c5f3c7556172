/**
 * How far Astro's render has got (issue 30, scope 5): the pages Astro will render and
 * the pages rendered so far (and before them, the cited commits and files the loaders read):
 * the paths Astro's prerenderer lists, every route's at once before the first page renders
 * (src/integrations/render-progress.ts), and each page src/layouts/Base.astro frames; read by
 * the CLI's progress line (src/cli/progress.ts). The counts live on `globalThis`: Astro runs
 * its own bundled copy of this module in the CLI's process, so a module variable would be two.
 */

/** Pages planned and rendered, since the last reset. */
export interface RenderCounts {
  /** The pages Astro will render (its page routes' paths, endpoints left out); 0 until it has listed them. */
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

/** A path Astro's prerenderer lists (its `PathWithRoute`, as much as counting needs). */
export interface PlannedPath {
  pathname: string;
  route: { type: string };
}

/**
 * Records the pages Astro will render: the distinct paths (with or without a trailing slash)
 * of its page routes; endpoints (`archive.json`, `feed.xml`) are not pages and are left out.
 * Astro lists every route's paths before rendering the first page, so the progress line's
 * total is the real one from its first line (a trial's "rendered 6 of 21 pages" of 646 had
 * counted entries, one a project, as they were listed).
 */
export function planRender(paths: Iterable<PlannedPath>): void {
  const seen = new Set<string>();
  // As Astro keys them (its removeTrailingForwardSlash): `/p/x/` and `/p/x` are one page.
  for (const { pathname, route } of paths) if (route.type === 'page') seen.add(pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);
  counts().planned = seen.size;
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
}
