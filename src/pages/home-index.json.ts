/**
 * `/home-index.json`: every project as the home lists it (src/lib/site/home-projects.ts), newest
 * first, for the home's filters over a paged archive (src/scripts/archive-home.ts, which loads
 * it only when a view needs more than the page it is on). Rendered on every build.
 */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { homeProjects } from '../lib/site/home-projects.ts';

export const GET: APIRoute = async () => {
  const projects = homeProjects((await getCollection('projects')).map((e) => e.data));
  return new Response(JSON.stringify({ version: 1, projects }), { headers: { 'content-type': 'application/json' } });
};
