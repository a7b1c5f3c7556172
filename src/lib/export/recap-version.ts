/** The versions of `recap.json` (src/lib/export/recap-export.ts), apart so that readers in the browser do not bundle its schema. */

/** The version string of the recap export. */
export const RECAP_VERSION = 'trailbook.recap/4';

/** The versions of `recap.json` this Trailbook reads (recap.html and decisions.csv in the browser, `trailbook diff`). */
export const RECAP_VERSIONS_READ: readonly string[] = ['trailbook.recap/1', 'trailbook.recap/2', 'trailbook.recap/3', RECAP_VERSION];
