/** `/feed.xml`: an Atom feed of the archive's projects (src/lib/export/atom-feed.ts); rendered on every build. */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { archiveContext } from '../lib/export/archive-context.ts';
import { atomFeed } from '../lib/export/atom-feed.ts';

export const GET: APIRoute = async () => {
  const projects = (await getCollection('projects')).map((e) => e.data);
  return new Response(atomFeed(projects, archiveContext(import.meta.env.BASE_URL, import.meta.env.SITE)), { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
