/** `/report.json`: the build report (src/lib/export/build-report.ts); rendered on every build. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { projectSummaries } from '../loaders/summaries.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { archiveContext } from '../lib/export/archive-context.ts';
import { readBuildReport } from '../lib/export/read-build-report.ts';
import { readArchiveAccepted } from '../lib/archive/accepted-counts.ts';

export const GET: APIRoute = async () => {
  const projects = await projectSummaries(await getCollection('projects'));
  const report = await readBuildReport(buildContext().cacheDir, projects, archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE), await readArchiveAccepted(buildContext().cacheDir));
  return new Response(`${JSON.stringify(report, null, 2)}\n`, { headers: { 'content-type': 'application/json' } });
};
