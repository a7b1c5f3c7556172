/**
 * The models built from a project's lifecycle records (spec/input.md section 7), apart from
 * the readers (lifecycle-records.ts, which reads files). Each format counts its own records
 * (src/lib/formats/coord.ts, beads.ts, babysit-history.ts).
 */
import type { BabysitModel } from '../model/babysit.ts';
import type { BeadsModel } from '../model/beads.ts';
import type { CoordinationModel } from '../model/coord.ts';

/** The models built from a project's lifecycle records; null where the project has none. */
export interface LifecycleModels {
  coordination: CoordinationModel | null;
  beads: BeadsModel | null;
  babysit: BabysitModel | null;
}
