/**
 * Content collections, fed by Trailbook's loaders (thin: they call the core in src/lib).
 * Schemas are types only (`z.custom`): the core validated every record already.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { projectsLoader } from './loaders/projects-loader.ts';
import { commitsLoader, filesLoader, type ProjectCitation } from './loaders/evidence-loaders.ts';
import type { ProjectSummary } from './lib/archive/summary.ts';
import type { CommitDetails } from './lib/git/commit-details.ts';
import type { FileExcerpt } from './lib/git/file-excerpt.ts';

const projects = defineCollection({ loader: projectsLoader(), schema: z.custom<ProjectSummary>() });

const commits = defineCollection({
  loader: commitsLoader(),
  schema: z.custom<{ repoId: string; oid: string; details: CommitDetails | { problem: string }; citedBy: ProjectCitation[]; moreCitations: number }>(),
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
    citedBy: ProjectCitation[];
    moreCitations: number;
    excerpt: FileExcerpt | { problem: string };
  }>(),
});

export const collections = { projects, commits, files };
