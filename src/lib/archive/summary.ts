/**
 * The small per-project record the archive home, the loaders and the build report use; the
 * rows stay in the project's model file (rows are kept out of Astro's content store so the
 * store stays small at a million rows).
 */
import type { ProjectModel } from '../model/types.ts';
import { datesOnly, type DatesOnly } from '../site/dates-only.ts';

/** A project without its citations (kept in `<id>.cited.json`), rows, telemetry, invalid records, lifecycle records (coordination, beads, babysit), quality records (arena, verdicts) and the handover report. */
export type ProjectSummary = Omit<ProjectModel, 'rows' | 'telemetry' | 'invalid' | 'coordination' | 'beads' | 'babysit' | 'arena' | 'verdicts' | 'cited' | 'handover'> & {
  /** Digest of the project's inputs; equal digests mean equal models. */
  digest: string;
  /** When no row has a time with a zone (`span` is null): the dates the rows carry without a time of day (the home's Time span: src/lib/site/dates-only.ts); absent otherwise. */
  datesOnly?: DatesOnly;
};

/** Drops the bulky parts of a model, keeping of its rows only the dates they carry when none is timed ({@link ProjectSummary.datesOnly}). */
export function summarise(model: ProjectModel, digest: string): ProjectSummary {
  const { rows, telemetry: _telemetry, invalid: _invalid, coordination: _coordination, beads: _beads, babysit: _babysit, arena: _arena, verdicts: _verdicts, cited: _cited, handover: _handover, ...rest } = model;
  const dates = rest.span === null ? datesOnly(rows) : null;
  return { ...rest, digest, ...(dates ? { datesOnly: dates } : {}) };
}
