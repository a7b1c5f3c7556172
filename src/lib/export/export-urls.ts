/**
 * URLs of the exports, beside the page URLs of src/lib/site/urls.ts. `base` ends with `/`.
 * Per project files live beside the recap (`<base>p/<id>/…`) so incremental builds carry
 * them over with the project's pages.
 */
export const exportUrls = {
  /** The project's `recap.json`. */
  recapJson: (base: string, id: string): string => `${base}p/${id}/recap.json`,
  /** The project's `decisions.csv`. */
  decisionsCsv: (base: string, id: string): string => `${base}p/${id}/decisions.csv`,
  /** The project's single-file `recap.html`. */
  recapHtml: (base: string, id: string): string => `${base}p/${id}/recap.html`,
  /** A published JSON Schema (`recap.v1`, `archive.v1`, `report.v1`). */
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
