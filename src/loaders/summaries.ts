/**
 * Every project's summary as the pages read it (issue 30, the rebuild's fixed part): the
 * `projects` collection holds only each project's id and the digest of its summary, and pages
 * read the summaries from the model store, checked against that digest. A summary is about
 * 30 KB at 1,000 rows (most of it the flags), and Astro serialises its whole content store
 * after every sync and deserialises it again for the pages: holding 1,000 summaries there cost
 * a one-row rebuild about 8 s whatever changed.
 */
import { buildContext } from '../lib/config/build-context.ts';
import { readSummary } from '../lib/archive/model-store.ts';
import type { ProjectSummary } from '../lib/archive/summary.ts';

/** What the `projects` collection keeps of a project: the digest of its stored summary. */
export interface ProjectEntryData {
  /** The summary's `digest` (the project's inputs); a summary read back must carry it. */
  summaryDigest: string;
}

/** The data a projects collection entry keeps of `summary`. */
export function projectEntryData(summary: Pick<ProjectSummary, 'digest'>): ProjectEntryData {
  return { summaryDigest: summary.digest };
}

/**
 * The stored summary of project `id`, checked: it must be there, be of `id` and carry the
 * digest the analysis of this build recorded (a summary altered since is never shown).
 */
export async function checkedSummary(cacheDir: string, id: string, summaryDigest: string): Promise<ProjectSummary> {
  const summary = await readSummary(cacheDir, id);
  if (summary === null || summary.id !== id || summary.digest !== summaryDigest) {
    const what = summary === null ? 'is missing or unreadable' : `is not the one this build analysed (digest ${String(summary.digest)}, expected ${summaryDigest})`;
    throw new Error(`Trailbook's model store: the summary of ${id} ${what}; it was changed during this build: run the build again, which finds the damaged entry and analyses the project again`);
  }
  return summary;
}

/** The summary of one projects collection entry (read from the model store, checked). */
export function summaryOf(entry: { id: string; data: ProjectEntryData }): Promise<ProjectSummary> {
  return checkedSummary(buildContext().cacheDir, entry.id, entry.data.summaryDigest);
}

let memo: { key: string; summaries: Promise<ProjectSummary[]> } | null = null;

/**
 * The summaries of every projects collection entry, in the entries' order, read once for the
 * pages that span projects (home, its list pages, report, feed, archive.json, compare): one
 * set is kept, for the entries last asked about.
 */
export function projectSummaries(entries: ReadonlyArray<{ id: string; data: ProjectEntryData }>): Promise<ProjectSummary[]> {
  const key = entries.map((e) => `${e.id}\u0000${e.data.summaryDigest}`).join('\u0001');
  if (memo?.key !== key) {
    const cacheDir = buildContext().cacheDir;
    memo = { key, summaries: Promise.all(entries.map((e) => checkedSummary(cacheDir, e.id, e.data.summaryDigest))) };
  }
  return memo.summaries;
}
