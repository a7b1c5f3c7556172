/**
 * Search records for pagefind, made from the model (spec/archive.md "Search across
 * projects"): every decision row and every flag is its own result, anchored on the recap.
 *
 * Pagefind filters apply to whole documents, not to headings inside them, so rows that share
 * every facet value are grouped into one document, and each row is a heading with the row's
 * anchor as its id (a pagefind sub-result). A filter then selects exactly the rows whose
 * values match, and each result lands on its row. Documents are generated HTML, never
 * written to the site; every text is escaped.
 */
import type { ProjectModel, TrailRow } from '../model/types.ts';
import { escapeHtml } from '../text/escape.ts';
import { urls } from '../site/urls.ts';
import { evidenceWord } from '../site/words.ts';

/** One generated document for pagefind's `addHTMLFile`. */
export interface SearchDocument {
  url: string;
  html: string;
}

/** The filter names, in the order the search page shows them. */
export const SEARCH_FILTERS = ['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'flag severity', 'actor', 'source format', 'year'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

type Facets = Partial<Record<SearchFilter, string[]>>;

const FORMAT: Record<string, string> = { 'bbs-trail': 'bbs decisions.jsonl', 'pstack-trail': 'pstack TSV' };

function rowFacets(model: ProjectModel, row: TrailRow, severities: ReadonlyMap<string, Set<string>>): Facets {
  const statuses = [...new Set(row.evidence.map((p) => evidenceWord(p.status).label))].sort();
  const kinds = [...new Set(row.evidence.map((p) => p.kind))].sort();
  const year = /^\d{4}/.exec(row.ts)?.[0];
  const facets: Facets = {
    type: [row.supersededBy.length > 0 ? 'superseded decision' : 'decision'],
    project: [model.root],
    phase: [row.phase],
    result: [row.resultClass],
    'evidence status': statuses.length > 0 ? statuses : ['no evidence'],
    'evidence kind': kinds,
    'flag severity': [...(severities.get(row.id) ?? new Set(['none']))].sort(),
    'source format': [FORMAT[row.format] ?? row.format],
  };
  if (row.actor !== '') facets.actor = [row.actor];
  if (year) facets.year = [year];
  return facets;
}

function filterTags(facets: Facets): string {
  return Object.entries(facets)
    .flatMap(([name, values]) => (values ?? []).map((v) => `<span data-pagefind-filter="${escapeHtml(name)}[data-value]" data-value="${escapeHtml(v)}"></span>`))
    .join('');
}

function rowHtml(row: TrailRow): string {
  const evidence = row.evidence.map((p) => `${escapeHtml(p.raw)} (${escapeHtml(evidenceWord(p.status).label)}: ${escapeHtml(p.reason)})`).join('; ');
  const meta = [`phase ${row.phase}`, `result ${row.result}`, row.actor && `actor ${row.actor}`, row.ticket && `ticket ${row.ticket}`, `row ${row.id}`, row.ts].filter(Boolean).map((t) => escapeHtml(t as string)).join(' · ');
  return `<h2 id="${escapeHtml(row.anchor)}">${escapeHtml(row.decision)}</h2><p>${escapeHtml(row.why)}</p><p>Evidence: ${evidence}</p><p>${meta}</p>`;
}

function documentHtml(title: string, projectUrl: string, facets: Facets, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>` +
    `<div data-pagefind-body><span data-pagefind-meta="project_url[data-value]" data-value="${escapeHtml(projectUrl)}"></span>` +
    `${filterTags(facets)}${body}</div></body></html>`
  );
}

/**
 * The search documents of one project: rows grouped by identical facet values, and the
 * project's flags grouped by severity. `base` is the site's base path.
 */
export function searchDocuments(model: ProjectModel, base: string): SearchDocument[] {
  const projectUrl = urls.project(base, model.id);
  const severities = new Map<string, Set<string>>();
  for (const f of model.flags) for (const id of f.rows) severities.set(id, (severities.get(id) ?? new Set()).add(f.severity));
  const groups = new Map<string, { facets: Facets; rows: TrailRow[] }>();
  for (const row of model.rows) {
    const facets = rowFacets(model, row, severities);
    const key = JSON.stringify(facets);
    const group = groups.get(key) ?? { facets, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const docs: SearchDocument[] = [];
  let n = 0;
  for (const group of groups.values()) {
    docs.push({ url: `${projectUrl}?g=${n++}`, html: documentHtml(model.title, projectUrl, group.facets, group.rows.map(rowHtml).join('')) });
  }
  const bySeverity = new Map<string, Array<{ index: number; flag: ProjectModel['flags'][number] }>>();
  model.flags.forEach((flag, index) => bySeverity.set(flag.severity, [...(bySeverity.get(flag.severity) ?? []), { index, flag }]));
  for (const [severity, flags] of bySeverity) {
    const facets: Facets = { type: ['flag'], project: [model.root], 'flag severity': [severity] };
    const body = flags.map(({ index, flag }) => `<h2 id="flag-${index + 1}">${escapeHtml(`${flag.kind}: ${flag.summary}`)}</h2><p>${escapeHtml(`${severity} flag, ${flag.layer} layer${flag.rows.length > 0 ? `, rows ${flag.rows.join(', ')}` : ''}`)}</p>`).join('');
    docs.push({ url: `${projectUrl}?g=${n++}`, html: documentHtml(model.title, projectUrl, facets, body) });
  }
  return docs;
}
