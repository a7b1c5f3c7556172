/**
 * Search records for coordination and lifecycle history (spec/archive.md "Search across
 * projects": "Also searchable: ... coordination events"; issue 4, scope 5): every coord.v1
 * event lands on its timeline anchor in the recap; every beads issue lands on its own page.
 * Facets: `type` (`coord event`, `beads issue`), `event type`, `agent` (sender, recipient or
 * assignee) and `status` (the issue's exported status, else its replayed one).
 */
import type { ProjectModel } from '../model/types.ts';
import type { SearchRecord } from './search-records.ts';
import { eventSummary } from '../coord/words.ts';

const TEXT_LIMIT = 2000;
const cap = (s: string): string => (s.length > TEXT_LIMIT ? `${s.slice(0, TEXT_LIMIT)}…` : s);
const yearOf = (ts: string): string[] => {
  const y = /^\d{4}/.exec(ts)?.[0];
  return y ? [y] : [];
};

/** Every coordination and beads search record of one project, in recap order (empty when none). */
export function lifecycleSearchRecords(model: ProjectModel): SearchRecord[] {
  const project = [model.root];
  const out: SearchRecord[] = [];
  for (const e of model.coordination?.events ?? []) {
    const agents = [...new Set([e.actor, e.toAgent].filter((a) => a !== ''))].sort();
    const facets: Record<string, string[]> = { type: ['coord event'], project, 'event type': [e.eventType || '(none)'], 'source format': ['coord.v1'], year: yearOf(e.timestamp) };
    if (agents.length > 0) facets['agent'] = agents;
    out.push({
      anchor: e.anchor,
      title: `${e.eventType || 'event'} ${e.actor}${e.toAgent ? ` → ${e.toAgent}` : ''}: ${eventSummary(e)}`.slice(0, 300),
      text: cap([e.eventId && `event ${e.eventId}`, e.issueId && `issue ${e.issueId}`, e.scope && `scope ${e.scope}`, e.reason, JSON.stringify(e.payload), e.timestamp, `${e.file}:${e.line}`].filter(Boolean).join(' · ')),
      facets,
    });
  }
  for (const issue of model.beads?.issues ?? []) {
    const status = issue.status !== '' ? issue.status : (issue.replayedStatus ?? 'unknown');
    const facets: Record<string, string[]> = { type: ['beads issue'], project, status: [status], 'source format': ['beads'], year: yearOf(issue.createdAt) };
    if (issue.assignee !== '') facets['agent'] = [issue.assignee];
    out.push({
      anchor: issue.anchor,
      title: `${issue.id}: ${issue.title || '(no title)'}`.slice(0, 300),
      text: cap([`status ${status}`, issue.closeReason && `closed: ${issue.closeReason}`, issue.labels.join(', '), issue.description, issue.notes].filter(Boolean).join(' · ')),
      facets,
      page: `issue/${issue.key}/`,
    });
  }
  return out;
}
