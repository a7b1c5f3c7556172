/** `/feed.xml`: an Atom feed of the archive's projects (src/lib/export/atom-feed.ts); rendered on every build. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { projectSummaries } from '../loaders/summaries.ts';
import { archiveContext } from '../lib/export/archive-context.ts';
import { atomFeed } from '../lib/export/atom-feed.ts';
import { buildContext } from '../lib/config/build-context.ts';
import { readArchiveAccepted } from '../lib/archive/accepted-counts.ts';

export const GET: APIRoute = async () => {
  const projects = await projectSummaries(await getCollection('projects'));
  // A feed with no timed record is stamped with SOURCE_DATE_EPOCH (reproducible builds) or the epoch, never the clock.
  const epoch = Number(process.env['SOURCE_DATE_EPOCH']);
  const fallback = (): Date => new Date(Number.isFinite(epoch) && epoch > 0 ? epoch * 1000 : 0);
  // Flags the baseline accepts (trailbook.baseline.json) are said in each entry's summary, as the build says them.
  const accepted = await readArchiveAccepted(buildContext().cacheDir);
  return new Response(atomFeed(projects, archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE), fallback, accepted), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
