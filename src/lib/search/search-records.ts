/**
 * Search records (spec/archive.md "Search across projects"): every decision row and every
 * flag of a project becomes one record that lands on its anchor in the recap, with its facet
 * values. Records feed two indexes (see src/integrations/search-index.ts): pagefind for words
 * (pagefind-documents.ts) and Trailbook's facet index for filters (facet-index.ts).
 *
 * To make a new kind of record searchable (an arena pick, a coord event, a beads issue),
 * add a function that returns SearchRecord[] for it and call it from {@link searchRecords}.
 * Give it `type` and `project` facets and any facets of its own.
 */
import type { ProjectModel, TrailRow } from '../model/types.ts';
import { evidenceWord } from '../site/words.ts';
import { qualitySearchRecords } from './quality-records.ts';
import { lifecycleSearchRecords } from './lifecycle-records.ts';

/** One search result: an anchor on the project's recap, its words and its facet values. */
export interface SearchRecord {
  /** Element id on the recap page (`row-3f2a9c10`, `flag-2`); unique within the project. */
  anchor: string;
  /** The result's title (a decision, a flag summary). */
  title: string;
  /** Further words to search (why, evidence, result, ...). */
  text: string;
  /** Filter name → values. Every record has `type` and `project`. */
  facets: Record<string, string[]>;
  /** Page the anchor is on, relative to the project recap (`''` for the recap itself, `issue/x/`). */
  page?: string;
}

/** Filter names in the order the search page shows them; unknown names follow, sorted. */
export const FILTER_ORDER = ['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'flag severity', 'flag kind', 'actor', 'event type', 'agent', 'status', 'source format', 'year'];

const FORMAT: Record<string, string> = { 'bbs-trail': 'bbs decisions.jsonl', 'pstack-trail': 'pstack TSV' };

function rowRecord(model: ProjectModel, row: TrailRow, severities: ReadonlyMap<string, Set<string>>): SearchRecord {
  const statuses = [...new Set(row.evidence.map((p) => evidenceWord(p.status).label))].sort();
  const facets: Record<string, string[]> = {
    type: [row.supersededBy.length > 0 ? 'superseded decision' : 'decision'],
    project: [model.root],
    phase: [row.phase],
    result: [row.resultClass],
    'evidence status': statuses.length > 0 ? statuses : ['no evidence'],
    'evidence kind': [...new Set(row.evidence.map((p) => p.kind))].sort(),
    'flag severity': [...(severities.get(row.id) ?? new Set(['none']))].sort(),
    'source format': [FORMAT[row.format] ?? row.format],
  };
  if (row.actor !== '') facets['actor'] = [row.actor];
  const year = /^\d{4}/.exec(row.ts)?.[0];
  if (year) facets['year'] = [year];
  // Indexed words: why, the evidence as written, and the short fields. Reasons, ids and times
  // are left out: they are mostly unique tokens, which multiply the index's size and build
  // time at a million rows (docs/performance.md); the recap shows them.
  const meta = [row.result, row.phase, row.actor, row.ticket].filter((t) => t !== '').join(' · ');
  return { anchor: row.anchor, title: row.decision, text: `${row.why} — ${row.evidenceText} — ${meta}`, facets };
}

function flagRecords(model: ProjectModel): SearchRecord[] {
  return model.flags.map((flag, index) => ({
    anchor: `flag-${index + 1}`,
    title: `${flag.kind}: ${flag.summary}`,
    text: `${flag.severity} flag, ${flag.layer} layer${flag.rows.length > 0 ? `, rows ${flag.rows.join(', ')}` : ''}${flag.evidence ? `, evidence ${flag.evidence}` : ''}`,
    facets: { type: ['flag'], project: [model.root], 'flag severity': [flag.severity], 'flag kind': [flag.kind] },
  }));
}

/** Every search record of one project, in recap order. */
export function searchRecords(model: ProjectModel): SearchRecord[] {
  const severities = new Map<string, Set<string>>();
  for (const f of model.flags) for (const id of f.rows) severities.set(id, (severities.get(id) ?? new Set()).add(f.severity));
  return [...model.rows.map((row) => rowRecord(model, row, severities)), ...flagRecords(model), ...qualitySearchRecords(model), ...lifecycleSearchRecords(model)];
}
