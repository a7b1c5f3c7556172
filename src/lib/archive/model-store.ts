/**
 * The model store: one JSON file per project under `<cacheDir>/projects/`, holding the full
 * {@link ProjectModel} (`<id>.model.json`), its summary (`<id>.summary.json`) and the commits and
 * files its evidence cites (`<id>.cited.json`, each citing row with its page of rows). Pages read a project's rows from here; loaders
 * and the CLI read summaries and citations. Writes are atomic (rename).
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectModel } from '../model/types.ts';
import { writeAtomic } from '../fs/cache-files.ts';
import type { ProjectSummary } from './summary.ts';
import { writeReportDetails } from './report-details.ts';
import { citedWithRowPages, withCommitSubjects, type StoredCited } from './evidence-entries.ts';

/** Paths of one project's files in the store. */
export function storePaths(cacheDir: string, id: string): { model: string; summary: string; cited: string } {
  const dir = join(cacheDir, 'projects');
  return { model: join(dir, `${id}.model.json`), summary: join(dir, `${id}.summary.json`), cited: join(dir, `${id}.cited.json`) };
}

/** Writes a project's model and summary. */
export async function writeProject(cacheDir: string, model: ProjectModel, summary: ProjectSummary): Promise<void> {
  const paths = storePaths(cacheDir, model.id);
  await mkdir(join(cacheDir, 'projects'), { recursive: true });
  await writeAtomic(paths.model, JSON.stringify(model));
  // Each citation of a row on a row page carries that page: the Cited by lists link it there.
  await writeAtomic(paths.cited, JSON.stringify(withCommitSubjects(citedWithRowPages(model.cited, model.rows), model.rows)));
  await writeAtomic(paths.summary, JSON.stringify(summary));
  await writeReportDetails(cacheDir, model);
}

/**
 * Reads the commits and files a project's evidence cites, with the rows citing them. One
 * synchronous read: its callers read every project's list in turn (the evidence loaders, the
 * search index's repository parts), and an awaited read was four calls waited on the thread
 * pool for each of 1,000 projects (issue 30).
 */
export async function readCited(cacheDir: string, id: string): Promise<StoredCited> {
  const path = storePaths(cacheDir, id).cited;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as StoredCited;
  } catch (error) {
    throw new Error(`Trailbook's model store has no readable ${path} (${(error as Error).message}); it was damaged during this build: run the build again, which finds the damaged entry and analyses the project again`);
  }
}

/** Reads a stored summary, or null when absent or unreadable. */
export async function readSummary(cacheDir: string, id: string): Promise<ProjectSummary | null> {
  try {
    return JSON.parse(await readFile(storePaths(cacheDir, id).summary, 'utf8')) as ProjectSummary;
  } catch {
    return null;
  }
}

/** Reads a stored model. Throws (naming the file) when it is missing: the store is out of date. */
export async function readModel(cacheDir: string, id: string): Promise<ProjectModel> {
  const path = storePaths(cacheDir, id).model;
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ProjectModel;
  } catch (error) {
    throw new Error(`Trailbook's model store has no readable ${path} (${(error as Error).message}); it was damaged during this build: run the build again, which finds the damaged entry and analyses the project again`);
  }
}

/** The current archive: which projects the last analysis found, in order. */
export interface ArchiveIndex {
  projects: Array<{ id: string; digest: string }>;
  /**
   * The analysis run that wrote this index, when the CLI ran it: Astro's loaders then take
   * the analysis as done (see src/loaders/archive.ts) instead of digesting every input again.
   */
  run?: string;
  /** Where each repository of the run lives (machine paths: the cache only, never the site). */
  repositories?: Record<string, { dir: string | null; gitdir: string; headGitdir: string }>;
  /** Each project's folder (machine paths: the cache only). */
  projectDirs?: Record<string, string>;
  /** Discovery problems, paths relative to the input folder's parent (for the build report). */
  problems?: Array<{ path: string; problem: string }>;
}

/** Writes the archive index (replaced on every analysis). */
export async function writeArchiveIndex(cacheDir: string, index: ArchiveIndex): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await writeAtomic(join(cacheDir, 'archive.json'), JSON.stringify(index));
}

/** Reads the archive index; throws naming the file when there is none. */
export async function readArchiveIndex(cacheDir: string): Promise<ArchiveIndex> {
  const path = join(cacheDir, 'archive.json');
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ArchiveIndex;
  } catch (error) {
    throw new Error(`no archive index at ${path} (${(error as Error).message}); the analysis step did not run`);
  }
}
