/** `/archive.json`: the archive index (src/lib/export/archive-index.ts); rendered on every build. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { projectSummaries } from '../loaders/summaries.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { readArchiveIndex } from '../lib/archive/model-store.ts';
import { archiveContext } from '../lib/export/archive-context.ts';
import { archiveIndex } from '../lib/export/archive-index.ts';
import { readArchiveAccepted } from '../lib/archive/accepted-counts.ts';

export const GET: APIRoute = async () => {
  const projects = await projectSummaries(await getCollection('projects'));
  const { problems = [] } = await readArchiveIndex(buildContext().cacheDir);
  // Each project's flags the baseline accepts (counted in its `counts.flags` too), as the home says them.
  const accepted = (await readArchiveAccepted(buildContext().cacheDir))?.counts ?? new Map();
  const index = archiveIndex(projects, problems, archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE), accepted);
  return new Response(`${JSON.stringify(index, null, 2)}\n`, { headers: { 'content-type': 'application/json' } });
};
