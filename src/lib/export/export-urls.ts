/**
 * URLs of the exports, beside the page URLs of src/lib/site/urls.ts. `base` ends with `/`.
 * Per project files live beside the recap (`<base>p/<id>/…`) so incremental builds carry
 * them over with the project's pages.
 */
import { gzipSync } from 'node:zlib';

/**
/** The id of the recap page's recap.html download (src/components/ExportLinks.astro). */
export const RECAP_HTML_CONTROL = 'recap-html';

/** The id of the recap page's decisions.csv download (src/components/ExportLinks.astro). */
export const DECISIONS_CSV_CONTROL = 'decisions-csv';

/**
 * The file names of a project's exports. `recap.json` and `decisions.csv` are published gzip
 * compressed (issue 17: a tenth of their size; hosts that cap a site count stored bytes);
 * `decisions.csv.gz` is written with `--decisions-csv` only (issue 30: otherwise the Download
 * lists make the CSV from `recap.json.gz`). The single-file recap, written with `--recap-html`
 * only, stays plain HTML, so it opens from disk as it is.
 */
export const EXPORT_FILES = { recapJson: 'recap.json.gz', decisionsCsv: 'decisions.csv.gz', recapHtml: 'recap.html' } as const;

/** An export's text, gzip compressed (level 9; no file name or time in the header, so the same text gives the same bytes). */
export function gzipExport(text: string): Buffer {
  return gzipSync(text, { level: 9 });
}

export const exportUrls = {
  /** The project's `recap.json.gz` (gzip). */
  recapJson: (base: string, id: string): string => `${base}p/${id}/${EXPORT_FILES.recapJson}`,
  /** The project's `decisions.csv.gz` (gzip; written with `--decisions-csv` only). */
  decisionsCsv: (base: string, id: string): string => `${base}p/${id}/${EXPORT_FILES.decisionsCsv}`,
  /** The project's single-file `recap.html` (written with `--recap-html` only). */
  recapHtml: (base: string, id: string): string => `${base}p/${id}/${EXPORT_FILES.recapHtml}`,
  /** The recap page's download that builds `recap.html` in the browser (src/components/ExportLinks.astro), for builds without `--recap-html`. */
  recapHtmlMaker: (base: string, id: string): string => `${base}p/${id}/#${RECAP_HTML_CONTROL}`,
  /** The recap page's download that makes `decisions.csv` in the browser from `recap.json.gz`, for builds without `--decisions-csv`. */
  decisionsCsvMaker: (base: string, id: string): string => `${base}p/${id}/#${DECISIONS_CSV_CONTROL}`,
  /** A published JSON Schema (`recap.v4`, `archive.v1`, `report.v1`). */
  schema: (base: string, name: string): string => `${base}schema/${name}.json`,
  /** The archive index. */
  archiveJson: (base: string): string => `${base}archive.json`,
  /** The Atom feed of projects. */
  feed: (base: string): string => `${base}feed.xml`,
  /** The build report page. */
  report: (base: string): string => `${base}report/`,
  /** The build report as JSON. */
  reportJson: (base: string): string => `${base}report.json`,
};
