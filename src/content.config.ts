/**
 * Content collections, fed by Trailbook's loaders (thin: they call the core in src/lib).
 * Schemas are types only (`z.custom`): the core validated every record already.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { projectsLoader } from './loaders/projects-loader.ts';
import { commitsLoader, filesLoader } from './loaders/evidence-loaders.ts';
import type { ProjectSummary } from './lib/archive/summary.ts';
import type { NotLandedIn } from './loaders/evidence-loaders.ts';

const projects = defineCollection({ loader: projectsLoader(), schema: z.custom<ProjectSummary>() });

const commits = defineCollection({
  loader: commitsLoader(),
  schema: z.custom<{ repoId: string; oid: string; subject: string; citations: number; moreCitations: number; notLandedIn: NotLandedIn[] }>(),
});

const files = defineCollection({
  loader: filesLoader(),
  schema: z.custom<{
    scope: 'repository' | 'artifact';
    owner: string;
    head: string | null;
    path: string;
    key: string;
    ranges: Array<{ from: number; to: number }>;
    citations: number;
    moreCitations: number;
  }>(),
});

export const collections = { projects, commits, files };
