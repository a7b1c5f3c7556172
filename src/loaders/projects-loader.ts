/**
 * The `projects` collection: one entry per project holding only the digest of its summary
 * (src/loaders/summaries.ts: pages read summaries, and rows, from the model store). Entries whose digest is unchanged are left alone.
 */
import type { Loader } from 'astro/loaders';
import { loadArchive } from './archive.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { writeRoutes } from '../lib/archive/render-plan.ts';
import { projectEntryData } from './summaries.ts';
import { recapDigest } from '../lib/build-history/history-store.ts';

export function projectsLoader(): Loader {
  return {
    name: 'trailbook-projects',
    async load({ store, logger }) {
      const archive = await loadArchive();
      const keep = new Set<string>();
      let updated = 0;
      const cacheDir = buildContext().cacheDir;
      const routes: Record<string, string> = {};
      for (const summary of archive.projects) {
        keep.add(summary.id);
        // The recap shows the build history too (src/lib/build-history/); its exports do not.
        const digest = await recapDigest(cacheDir, summary.id, summary.digest);
        routes[`project:${summary.id}`] = digest;
        routes[`exports:${summary.id}`] = summary.digest;
        if (store.get(summary.id)?.digest === digest) continue;
        store.set({ id: summary.id, data: projectEntryData(summary) as unknown as Record<string, unknown>, digest });
        updated++;
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      await writeRoutes(cacheDir, 'projects', routes);
      logger.info(`${archive.projects.length} projects (${updated} updated, ${archive.changed.length} re-analysed)`);
    },
  };
}
