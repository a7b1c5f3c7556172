/**
 * What the counts need of a project's lifecycle records (spec/input.md section 7): the models
 * and their record counts. Kept apart from the readers (lifecycle-records.ts, which reads
 * files) so that the projections that count, and the single-file recap built in the browser
 * (src/components/html/export-recap.ts), import no file-system code.
 */
import type { SourceFormat } from '../model/types.ts';
import type { BabysitModel } from '../model/babysit.ts';
import type { BeadsModel } from '../model/beads.ts';
import type { CoordinationModel } from '../model/coord.ts';

/** The models built from a project's lifecycle records; null where the project has none. */
export interface LifecycleModels {
  coordination: CoordinationModel | null;
  beads: BeadsModel | null;
  babysit: BabysitModel | null;
}

/** Records per lifecycle format, for the counts shown in the build summary and on the archive home: coord.v1 events, beads issues, babysit rows. */
export function lifecycleCounts(models: LifecycleModels): Partial<Record<SourceFormat, number>> {
  const out: Partial<Record<SourceFormat, number>> = {};
  if (models.coordination && models.coordination.events.length > 0) out.coord = models.coordination.events.length;
  if (models.beads && models.beads.issues.length > 0) out.beads = models.beads.issues.length;
  if (models.babysit) out['babysit-history'] = models.babysit.entries.length;
  return out;
}
