/**
 * Search records for coordination and lifecycle history (spec/archive.md "Search across
 * projects": "Also searchable: ... coordination events"; issue 4, scope 5): every coord.v1
 * event lands on its timeline anchor in the recap; every beads issue lands on its own page.
 * Facets: `type` (`coord event`, `beads issue`), `event type`, `agent` (sender, recipient or
 * assignee) and `status` (the issue's exported status, else its replayed one).
 */
import type { ProjectModel } from '../model/types.ts';
import type { SearchRecord } from './search-record.ts';
import { eventSummary } from '../coord/words.ts';
import { hexKey, idKey, type ExactKey } from './exact-keys.ts';
import { hexTokens } from './tokenize.ts';
import { searchProjectValue } from './search-project.ts';

const TEXT_LIMIT = 2000;
const cap = (s: string): string => (s.length > TEXT_LIMIT ? `${s.slice(0, TEXT_LIMIT)}…` : s);
/** A payload's JSON, or '' when it holds nothing. */
const payloadText = (payload: unknown): string => {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'object' && Object.keys(payload).length === 0) return '';
  return JSON.stringify(payload);
};
/** The SHAs written in `text`, each once, as keys of a record that cites them: the tokenizer leaves hex ids out of the words, so only these find them. */
const shaKeys = (text: string): ExactKey[] => [...new Set(hexTokens(text))].map((hex) => hexKey(hex, 2));
const yearOf = (ts: string): string[] => {
  const y = /^\d{4}/.exec(ts)?.[0];
  return y ? [y] : [];
};

/** Every coordination and beads search record of one project, in recap order (empty when none). */
export function lifecycleSearchRecords(model: ProjectModel): SearchRecord[] {
  const project = [searchProjectValue(model)];
  const out: SearchRecord[] = [];
  for (const e of model.coordination?.events ?? []) {
    const agents = [...new Set([e.actor, e.toAgent].filter((a) => a !== ''))].sort();
    const body = cap([e.reason, payloadText(e.payload)].filter(Boolean).join(' · '));
    const facets: Record<string, string[]> = { type: ['coord event'], project, 'event type': [e.eventType || '(none)'], 'source format': ['coord.v1'], year: yearOf(e.timestamp) };
    if (agents.length > 0) facets['agent'] = agents;
    out.push({
      anchor: e.anchor,
      title: `${e.eventType || 'event'} ${e.actor}${e.toAgent ? ` → ${e.toAgent}` : ''}: ${eventSummary(e)}`.slice(0, 300),
      body,
      meta: [e.eventId && `event ${e.eventId}`, e.issueId && `issue ${e.issueId}`, e.scope && `scope ${e.scope}`, e.timestamp, `${e.file}:${e.line}`].filter(Boolean).join(' · '),
      facets,
      exact: [...(e.eventId ? [idKey(e.eventId, 3)] : []), ...(e.issueId ? [idKey(e.issueId, 2)] : []), ...shaKeys(`${eventSummary(e)} ${body}`)] satisfies ExactKey[],
      time: e.timestamp || null,
    });
  }
  for (const issue of model.beads?.issues ?? []) {
    const status = issue.status !== '' ? issue.status : (issue.replayedStatus ?? 'unknown');
    const facets: Record<string, string[]> = { type: ['beads issue'], project, status: [status], 'source format': ['beads'], year: yearOf(issue.createdAt) };
    if (issue.assignee !== '') facets['agent'] = [issue.assignee];
    const body = cap([issue.closeReason && `closed: ${issue.closeReason}`, issue.description, issue.notes].filter(Boolean).join(' · '));
    out.push({
      anchor: issue.anchor,
      title: `${issue.id}: ${issue.title || '(no title)'}`.slice(0, 300),
      body,
      meta: [`status ${status}`, issue.labels.join(', ')].filter(Boolean).join(' · '),
      facets,
      page: `issue/${issue.key}/`,
      exact: [idKey(issue.id, 3), ...shaKeys(`${issue.title} ${body}`)],
      time: issue.createdAt || null,
    });
  }
  return out;
}
