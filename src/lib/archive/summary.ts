/**
 * The small per-project record the archive home, the loaders and the build report use; the
 * rows stay in the project's model file (rows are kept out of Astro's content store so the
 * store stays small at a million rows).
 */
import type { ProjectModel } from '../model/types.ts';

/** A project without its citations (kept in `<id>.cited.json`), rows, telemetry, invalid records, lifecycle records (coordination, beads, babysit), quality records (arena, verdicts) and the handover report. */
export type ProjectSummary = Omit<ProjectModel, 'rows' | 'telemetry' | 'invalid' | 'coordination' | 'beads' | 'babysit' | 'arena' | 'verdicts' | 'cited' | 'handover'> & {
  /** Digest of the project's inputs; equal digests mean equal models. */
  digest: string;
};

/** Drops the bulky parts of a model. */
export function summarise(model: ProjectModel, digest: string): ProjectSummary {
  const { rows: _rows, telemetry: _telemetry, invalid: _invalid, coordination: _coordination, beads: _beads, babysit: _babysit, arena: _arena, verdicts: _verdicts, cited: _cited, handover: _handover, ...rest } = model;
  return { ...rest, digest };
}
