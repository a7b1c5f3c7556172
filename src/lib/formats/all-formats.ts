/**
 * Every source format Trailbook reads, one line each, in the order a person reads them: in the
 * CLI's "looked for" list, a project's counts and the sources of a recap. A new format is a
 * descriptor file in this folder (source-format.ts says what it holds) and one line here; the
 * compiler then asks for its id in `SourceFormat` (src/lib/model/types.ts) and in the
 * published schema's list (src/lib/model/model-schema.ts).
 */
import type { SourceFormatDescriptor } from './source-format.ts';
import { bbsTrail } from './bbs-trail.ts';
import { pstackTrail } from './pstack-trail.ts';
import { babysitTelemetry } from './babysit-telemetry.ts';
import { audit } from './audit.ts';
import { projectConfig } from './project-config.ts';
import { coord } from './coord.ts';
import { beads } from './beads.ts';
import { babysitHistory } from './babysit-history.ts';
import { arena } from './arena.ts';
import { verdicts } from './verdicts.ts';
import { handover } from './handover.ts';

export const ALL_FORMATS: readonly SourceFormatDescriptor[] = [bbsTrail, pstackTrail, babysitTelemetry, audit, projectConfig, coord, beads, babysitHistory, arena, verdicts, handover];
