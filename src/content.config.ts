/**
 * Content collections, fed by Trailbook's loaders (thin: they call the core in src/lib).
 * Schemas are types only (`z.custom`): the core validated every record already.
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { projectsLoader } from './loaders/projects-loader.ts';
import { commitsLoader, filesLoader } from './loaders/evidence-loaders.ts';
import type { ProjectEntryData } from './loaders/summaries.ts';
import type { NotLandedIn } from './lib/archive/evidence-entries.ts';

/** Each project's id and summary digest only; pages read summaries from the model store (src/loaders/summaries.ts). */
const projects = defineCollection({ loader: projectsLoader(), schema: z.custom<ProjectEntryData>() });

const commits = defineCollection({
  loader: commitsLoader(),
  schema: z.custom<{
    repoId: string;
    /** The repository's display path (`content/repos/example.git`), or null. */
    repoPath: string | null;
    oid: string;
    subject: string;
    /** Every parent's full SHA. */
    parents: string[];
    /** The parents that have a page of their own (they are cited too). */
    parentPages: string[];
    citations: number;
    moreCitations: number;
    /** Projects whose landed head lacks this commit (it is not in the landed history). */
    notLandedIn: NotLandedIn[];
  }>(),
});

const files = defineCollection({
  loader: filesLoader(),
  schema: z.custom<{
    scope: 'repository' | 'artifact';
    owner: string;
    /** For a repository's file, the repository's display path (`content/repos/example.git`), else null. */
    ownerPath: string | null;
    head: string | null;
    /** The commit the file is shown at, when it is the one that recorded the citing rows (issue 26, item 1); absent: at the landed head. */
    at?: string;
    /** The other pages of the same file: null for the landed head's, a SHA for a row's own commit's. */
    alsoAt?: Array<string | null>;
    path: string;
    key: string;
    /** The cited line ranges, packed (`8-13,10-15,16`: src/lib/archive/evidence-entries.ts `unpackRanges` reads them). */
    ranges: string;
    citations: number;
    moreCitations: number;
  }>(),
});

export const collections = { projects, commits, files };
