/**
 * A project's handover report as the model holds it (spec/archive.md, recap item 5); read and
 * rendered by src/lib/handover/read-handover.ts.
 */

/** A project's handover report, rendered. */
export interface HandoverReport {
  /** Path relative to the project root. */
  file: string;
  /** Sanitised HTML of the whole report; headings moved down two levels to sit under the recap's h2. */
  html: string;
  lines: number;
}
