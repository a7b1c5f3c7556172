/** `/archive.json`: the archive index (src/lib/export/archive-index.ts); rendered on every build. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { projectSummaries } from '../loaders/summaries.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { readArchiveIndex } from '../lib/archive/model-store.ts';
import { archiveContext } from '../lib/export/archive-context.ts';
import { archiveIndex } from '../lib/export/archive-index.ts';

export const GET: APIRoute = async () => {
  const projects = await projectSummaries(await getCollection('projects'));
  const { problems = [] } = await readArchiveIndex(buildContext().cacheDir);
  const index = archiveIndex(projects, problems, archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE));
  return new Response(`${JSON.stringify(index, null, 2)}\n`, { headers: { 'content-type': 'application/json' } });
};
