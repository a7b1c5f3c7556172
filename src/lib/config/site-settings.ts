/**
 * What the configuration changes on rendered pages, as the CLI hands it to Astro (in the build
 * context's `site`, src/lib/config/build-context.ts): the archive's title, the URL it is
 * published at, forge link templates per archive repository id, and whether recap.html and
 * decisions.csv.gz files are written.
 */
import type { ForgeTemplates } from './forge-styles.ts';

/** Settings the pages read. */
export interface SiteSettings {
  /** The archive's title: the header's brand and the end of every page title. */
  title: string;
  /** The absolute URL the archive is published at, or null when unknown. */
  url: string | null;
  /** Forge link templates by archive repository id (`content-repos-example.git`). */
  forges: Record<string, ForgeTemplates>;
  /**
   * Whether the build writes each project's `p/<id>/recap.html` (`--recap-html`): the recap
   * page then links the file; otherwise its download builds the file in the browser.
   */
  recapHtml: boolean;
  /**
   * Whether the build writes each project's `p/<id>/decisions.csv.gz` (`--decisions-csv`): the
   * Download lists then read it; otherwise they make decisions.csv in the browser from
   * `recap.json.gz`, which holds every field of it (issue 30: the CSV was a tenth of the output).
   */
  decisionsCsv: boolean;
}

/** Settings of a build without configuration. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = { title: 'Trailbook', url: null, forges: {}, recapHtml: false, decisionsCsv: false };
