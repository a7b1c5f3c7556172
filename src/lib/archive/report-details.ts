/**
 * What the build report needs from a project beyond its summary: its invalid records by
 * place (file:line, kind, error; no raw text). Written to the model store beside the model
 * (`<cacheDir>/projects/<id>.report.json`) whenever a project is analysed, so the report,
 * rendered on every build, never reads whole models.
 */
import { invalidCount } from '../bounds/kind-bounds.ts';
import { readFileSync } from 'node:fs';
import { writeAtomic } from '../fs/cache-files.ts';
import { join } from 'node:path';
import type { ProjectModel } from '../model/types.ts';

/** Invalid records listed per project in the report; the rest are counted (all are in recap.json). */
export const REPORT_INVALID_LIMIT = 1000;

/** One invalid record by place. */
export interface ReportInvalid {
  file: string;
  line: number;
  kind: string;
  error: string;
}

/** A project's report details. */
export interface ReportDetails {
  /** The first {@link REPORT_INVALID_LIMIT} invalid records, in the model's order. */
  invalid: ReportInvalid[];
  /** How many invalid records the project has in all. */
  invalidTotal: number;
}

const detailsPath = (cacheDir: string, id: string): string => join(cacheDir, 'projects', `${id}.report.json`);

/** The report details of a model. */
export function reportDetails(model: Pick<ProjectModel, 'invalid'>): ReportDetails {
  return {
    invalid: model.invalid.slice(0, REPORT_INVALID_LIMIT).map((i) => ({ file: i.file, line: i.line, kind: i.kind, error: i.error })),
    invalidTotal: invalidCount(model.invalid),
  };
}

/** Writes a project's report details (atomically) into the model store. */
export async function writeReportDetails(cacheDir: string, model: ProjectModel): Promise<void> {
  const path = detailsPath(cacheDir, model.id);
  await writeAtomic(path, JSON.stringify(reportDetails(model)));
}

/**
 * Reads a project's report details, or null when the store has none (an older cache). The read
 * is synchronous (issue 30): the report pages read every project's file, one after another, and
 * each awaited read waited its turn on the thread pool (about 1,000 round trips, twice, in a
 * one-row rebuild whose render has nothing else to do meanwhile).
 */
export async function readReportDetails(cacheDir: string, id: string): Promise<ReportDetails | null> {
  try {
    return JSON.parse(readFileSync(detailsPath(cacheDir, id), 'utf8')) as ReportDetails;
  } catch {
    return null;
  }
}
