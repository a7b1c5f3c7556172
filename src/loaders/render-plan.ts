/**
 * The render plan as pages see it (see src/lib/archive/render-plan.ts): read once per build.
 * Pages filter their getStaticPaths entries with {@link shouldRender}.
 */
import { buildContext } from '../lib/config/build-context.ts';
import { mustRender, readRenderPlan, type RenderPlan } from '../lib/archive/render-plan.ts';

let plan: Promise<RenderPlan> | null = null;

/** Whether the entry `key` with `digest` must be rendered in this build. */
export async function shouldRender(key: string, digest: string | undefined): Promise<boolean> {
  plan ??= readRenderPlan(buildContext().cacheDir);
  return mustRender(await plan, key, digest);
}

/** The entries of a collection that this build renders. */
export async function toRender<T extends { id: string; digest?: string | number | undefined }>(entries: readonly T[], keyOf: (entry: T) => string): Promise<T[]> {
  const out: T[] = [];
  for (const entry of entries) if (await shouldRender(keyOf(entry), entry.digest === undefined ? undefined : String(entry.digest))) out.push(entry);
  return out;
}
