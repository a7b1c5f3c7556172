/**
 * Incremental rendering (issue 5): which pages a build must render. After a successful
 * build the CLI records every rendered entry's digest (`<cacheDir>/rendered.json`); the
 * next build, when the output folder, base path and site code are unchanged, hands that
 * record to Astro as `<cacheDir>/render-plan.json` and pages render only entries whose
 * digest differs. The CLI then carries the unchanged pages over from the previous output.
 *
 * Keys: `project:<id>` (the recap and every page under /p/<id>/ except cited files; its
 * digest includes the recap's build-history view, src/lib/build-history/history-store.ts),
 * `exports:<id>` (the project's exports: its model digest alone), `commit:<repo>/<oid>`,
 * `file:<entry id>`.
 */
import { readFile } from 'node:fs/promises';
import { writeAtomic } from '../fs/cache-files.ts';
import { join } from 'node:path';

/** What was rendered: the site code fingerprint, the base path, and each entry's digest. */
export interface RenderRecord {
  site: string;
  base: string;
  pages: Record<string, string>;
}

/** The plan for one build: the previous record, or null to render everything. */
export interface RenderPlan {
  previous: RenderRecord | null;
  /**
   * Render only the pages that span projects (home, report, search, feed, archive.json) and
   * the site's assets, no project, commit or file page: the merge of a sharded build copies
   * those from the shards (src/lib/shard/).
   */
  spanningOnly?: boolean;
  /**
   * A shard build (`build --shard K/N`): its shard data is made from the evidence store after
   * rendering, so the loaders check every stored evidence entry, rendered or carried over.
   */
  shard?: boolean;
}

const planFile = (cacheDir: string): string => join(cacheDir, 'render-plan.json');
const routesDir = (cacheDir: string): string => join(cacheDir, 'routes');

/** Writes the plan for the next Astro build. */
export async function writeRenderPlan(cacheDir: string, plan: RenderPlan): Promise<void> {
  await writeAtomic(planFile(cacheDir), JSON.stringify(plan));
}

/** Reads the plan; a missing or unreadable plan renders everything. */
export async function readRenderPlan(cacheDir: string): Promise<RenderPlan> {
  try {
    return JSON.parse(await readFile(planFile(cacheDir), 'utf8')) as RenderPlan;
  } catch {
    return { previous: null };
  }
}

/** Whether an entry must be rendered under `plan`. */
export function mustRender(plan: RenderPlan, key: string, digest: string | undefined): boolean {
  if (plan.spanningOnly === true) return false;
  return plan.previous === null || digest === undefined || plan.previous.pages[key] !== digest;
}

/**
 * Whether the entry `key` of digest `digest` is carried over from the previous output under
 * `plan` (not rendered), and nothing else of this build reads its stored evidence: the
 * evidence loaders then do not read its stored entries back to check them (issue 30: 6,000
 * entries read and parsed by every rebuild). Its page was made from them by the build that
 * wrote it; an entry rendered again is checked, and made again when damaged.
 */
export function carriedOver(plan: RenderPlan, key: string, digest: string): boolean {
  return plan.previous !== null && plan.spanningOnly !== true && plan.shard !== true && plan.previous.pages[key] === digest;
}

/** Records the digests of one collection's entries as this build knows them (called by loaders). */
export async function writeRoutes(cacheDir: string, collection: string, pages: Record<string, string>): Promise<void> {
  await writeAtomic(join(routesDir(cacheDir), `${collection}.json`), JSON.stringify(pages));
}

/** Every entry digest recorded by this build's loaders. */
export async function readRoutes(cacheDir: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const collection of ['projects', 'commits', 'files']) {
    try {
      Object.assign(pages, JSON.parse(await readFile(join(routesDir(cacheDir), `${collection}.json`), 'utf8')) as Record<string, string>);
    } catch {
      // a collection that recorded nothing has no pages
    }
  }
  return pages;
}
