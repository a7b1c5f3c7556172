/**
 * The `projects` collection: one entry per project holding its summary (no rows; rows are
 * read per page from the model store). Entries whose digest is unchanged are left alone.
 */
import type { Loader } from 'astro/loaders';
import { loadArchive } from './archive.ts';
import { buildEnv } from '../lib/archive/build-env.ts';
import { writeRoutes } from '../lib/archive/render-plan.ts';

export function projectsLoader(): Loader {
  return {
    name: 'trailbook-projects',
    async load({ store, logger }) {
      const archive = await loadArchive();
      const keep = new Set<string>();
      let updated = 0;
      for (const summary of archive.projects) {
        keep.add(summary.id);
        if (store.get(summary.id)?.digest === summary.digest) continue;
        store.set({ id: summary.id, data: summary as unknown as Record<string, unknown>, digest: summary.digest });
        updated++;
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      await writeRoutes(buildEnv().cacheDir, 'projects', Object.fromEntries(archive.projects.map((p) => [`project:${p.id}`, p.digest])));
      logger.info(`${archive.projects.length} projects (${updated} updated, ${archive.changed.length} re-analysed)`);
    },
  };
}
