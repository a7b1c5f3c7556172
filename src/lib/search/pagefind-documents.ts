/**
 * Pagefind documents for word search: a project's records in parts of at most
 * {@link RECORDS_PER_DOCUMENT}, each record a heading whose id is its anchor, so pagefind
 * returns it as a sub-result landing on the recap (`/p/<id>/#row-…`). The `index` meta says
 * which word index (main or delta, see write-search-index.ts) a result came from. Parts keep each
 * fragment small (the browser loads one fragment per result page). The only pagefind filter
 * is `project`; every other filter is applied with Trailbook's facet index. All text is escaped.
 */
import type { SearchRecord } from './search-records.ts';
import { escapeHtml } from '../text/escape.ts';

/** Records per pagefind document. */
export const RECORDS_PER_DOCUMENT = 100;

/** One generated document for pagefind's `addHTMLFile`. */
export interface PagefindDocument {
  url: string;
  html: string;
}

/**
 * The documents of one project. `projectUrl` is the recap URL (with the base path);
 * `projectFilter` the project's filter value; `title` the project title.
 */
export function pagefindDocuments(records: readonly SearchRecord[], projectUrl: string, projectFilter: string, title: string, index: 'main' | 'delta' = 'main'): PagefindDocument[] {
  const docs: PagefindDocument[] = [];
  for (let start = 0, part = 0; start < records.length; start += RECORDS_PER_DOCUMENT, part++) {
    const body = records
      .slice(start, start + RECORDS_PER_DOCUMENT)
      .map((r) => `<h2 id="${escapeHtml(r.anchor)}">${escapeHtml(r.title)}</h2><p>${escapeHtml(r.text)}</p>`)
      .join('');
    docs.push({
      url: `${projectUrl}?part=${part}`,
      html:
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><div data-pagefind-body>` +
        `<span data-pagefind-filter="project[data-value]" data-value="${escapeHtml(projectFilter)}"></span>` +
        `<span data-pagefind-meta="index[data-value]" data-value="${index}"></span>${body}</div></body></html>`,
    });
  }
  return docs;
}
