/**
 * The small per-project record the archive home, the loaders and the build report use; the
 * rows stay in the project's model file (rows are kept out of Astro's content store so the
 * store stays small at a million rows).
 */
import type { ProjectModel } from '../model/types.ts';

/** A project without its rows, telemetry and invalid records. */
export type ProjectSummary = Omit<ProjectModel, 'rows' | 'telemetry' | 'invalid'> & {
  /** Digest of the project's inputs; equal digests mean equal models. */
  digest: string;
};

/** Drops the bulky parts of a model. */
export function summarise(model: ProjectModel, digest: string): ProjectSummary {
  const { rows: _rows, telemetry: _telemetry, invalid: _invalid, ...rest } = model;
  return { ...rest, digest };
}
