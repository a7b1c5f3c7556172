/**
 * A project's handover report as the model holds it (spec/archive.md, recap item 5); read and
 * rendered by src/lib/handover/read-handover.ts. Its type is inferred from its schema, which
 * the recap export uses too (src/lib/export/recap-export.ts).
 */
import { z } from 'zod';

/** A project's handover report, rendered. */
export const handoverReportSchema = z.object({
  /** Path relative to the project root. */
  file: z.string(),
  /** Sanitised HTML of the whole report; headings moved down two levels to sit under the recap's h2. */
  html: z.string(),
  lines: z.number().int().nonnegative(),
});

/** A project's handover report, rendered. */
export type HandoverReport = z.infer<typeof handoverReportSchema>;
