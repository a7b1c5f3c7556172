/**
 * Tells the build's progress line how many pages Astro will render (issue 30, scope 5;
 * src/lib/progress/render-counter.ts): it wraps Astro's default prerenderer, whose
 * `getStaticPaths` lists every route's paths before the first page is rendered, and counts
 * them. Everything else is the default prerenderer's own.
 */
import type { AstroIntegration } from 'astro';
import { planRender, type PlannedPath } from '../lib/progress/render-counter.ts';

/** The part of Astro's prerenderer this integration touches. */
interface Prerenderer {
  getStaticPaths(): Promise<readonly PlannedPath[]>;
}

export default function renderProgress(): AstroIntegration {
  return {
    name: 'trailbook-render-progress',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer(<T extends Prerenderer>(prerenderer: T): T => ({
          ...prerenderer,
          getStaticPaths: async () => {
            const paths = await prerenderer.getStaticPaths();
            planRender(paths);
            return paths;
          },
        }));
      },
    },
  };
}
