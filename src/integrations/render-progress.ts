/**
 * Tells the build's progress line how many pages Astro will render (issue 30, scope 5;
 * src/lib/progress/render-counter.ts): it wraps Astro's default prerenderer, whose
 * `getStaticPaths` lists every route's paths before the first page is rendered, and counts
 * them. Everything else is the default prerenderer's own.
 */
import type { AstroIntegration } from 'astro';
import { planRender, type PlannedPath } from '../lib/progress/render-counter.ts';

/**
 * The part of Astro's prerenderer this integration touches. Astro 7.3 lists the paths as an
 * array; 7.4 as `{ paths, metadata }` (its generate.js takes either), and an installed
 * Trailbook gets whichever 7.x npm resolves.
 */
interface Prerenderer {
  getStaticPaths(): Promise<unknown>;
}

/** The paths in what a prerenderer's `getStaticPaths` gave, or null when its shape is not one Astro 7 gives. */
export function listedPaths(listed: unknown): Iterable<PlannedPath> | null {
  const paths = Array.isArray(listed) ? listed : (listed as { paths?: unknown } | null)?.paths;
  return Array.isArray(paths) ? (paths as PlannedPath[]) : null;
}

export default function renderProgress(): AstroIntegration {
  return {
    name: 'trailbook-render-progress',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer(<T extends Prerenderer>(prerenderer: T): T => ({
          ...prerenderer,
          getStaticPaths: async () => {
            const listed = await prerenderer.getStaticPaths();
            // Counting is only for the progress line: a shape it does not know leaves the total
            // unknown ("rendered N pages"), never the build stopped (CI: an install that
            // resolved Astro 7.4 failed with "paths is not iterable").
            const paths = listedPaths(listed);
            if (paths) {
              try {
                planRender(paths);
              } catch {
                // A path of a shape not counted: no total.
              }
            }
            return listed;
          },
        }));
      },
    },
  };
}
