/**
 * Search records (spec/archive.md "Search across projects"; issue 11): every decision row and
 * every flag of a project becomes one record that lands on its anchor in the recap, with its
 * words in fields (title above body above evidence above meta, issue 11 scope 1), its facet
 * values, its exact tokens (row id, cited SHAs and paths, flag kinds, tickets) and its
 * severity and time (tie-breaks). Records become a project's part of the search index
 * (index/part.ts).
 *
 * To make a new kind of record searchable (an arena pick, a coord event, a beads issue), add
 * a function that returns SearchRecord[] for it and call it from {@link searchRecords}. Give
 * it a `type` facet, and `project` when it belongs to a project.
 */
import { rowPagePath, rowPagesByAnchor } from '../site/row-pages.ts';
import type { ProjectModel, Severity, TrailRow } from '../model/types.ts';
import { POINTER_OUTCOME_LABELS, pointerOutcome } from '../projections/counts.ts';
import { withPointers } from './stored-pointers.ts';
import { classifyResult, RESULT_LABELS } from '../results/classify-result.ts';
import { flagsByRow } from '../projections/flags.ts';
import { CHECK_FIRST_FACET, checkFirst, checkFirstPlace } from '../projections/check-first.ts';
import { EVIDENCE_STATUS_WORDS } from '../projections/row-evidence.ts';
import { phaseName } from '../projections/phases.ts';
import { searchProjectValue } from './search-project.ts';
import { qualitySearchRecords } from './quality-records.ts';
import { lifecycleSearchRecords } from './lifecycle-records.ts';
import { hexKey, idKey, kindKeys, pointerKeys, type ExactKey } from './exact-keys.ts';
import type { SearchRecord } from './search-record.ts';
import type { Acceptance } from '../baseline/accepted-flags.ts';
import { hexTokens } from './tokenize.ts';
import { invalidAnchor } from '../site/invalid-anchor.ts';

/** Filter names in the order the search page shows them (kept for the spec's list; see facets.ts). */
export const FILTER_ORDER = ['type', 'project', 'phase', 'result', 'evidence status', 'evidence kind', 'check first', 'flag severity', 'flag kind', 'flag state', 'actor', 'event type', 'agent', 'status', 'source format', 'year'];

const FORMAT: Record<string, string> = { 'bbs-trail': 'bbs decisions.jsonl', 'pstack-trail': 'pstack TSV' };
const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** The highest of some severities, or null. */
function highest(severities: Iterable<Severity>): Severity | null {
  let best: Severity | null = null;
  for (const s of severities) if (best === null || RANK[s] < RANK[best]) best = s;
  return best;
}

/**
 * The `flag state` of a record carrying `carried` flags: `open` when one of them is open,
 * `accepted` when `trailbook.baseline.json` accepts them all, none when it carries no flag.
 */
function flagState(carried: ReadonlyArray<{ accepted?: string }>): string[] {
  if (carried.length === 0) return [];
  return carried.some((f) => f.accepted === undefined) ? [FLAG_STATES.open] : [FLAG_STATES.accepted];
}

/** The values of the `flag state` filter. */
export const FLAG_STATES = { open: 'open', accepted: 'accepted' } as const;

/** The `type` of a flag's record: an accepted one is counted apart (`18 flags, 5 accepted flags`), as the archive home counts it. */
export const ACCEPTED_FLAG_TYPE = 'accepted flag';

function rowRecord(model: ProjectModel, row: TrailRow, carried: ReadonlyArray<{ severity: Severity; kind: string; accepted?: string }>, place: string | undefined, states: boolean): SearchRecord {
  // Evidence by outcome, one definition (src/lib/projections/counts.ts `pointerOutcome`): a
  // pointer that did not resolve and a cell of prose are filtered apart (issue 27, scope 2).
  const statuses = [...new Set(row.evidence.map((p) => POINTER_OUTCOME_LABELS[pointerOutcome(p)]))].sort();
  const severities = [...new Set(carried.map((f) => f.severity))].sort();
  const facets: Record<string, string[]> = {
    type: [row.supersededBy.length > 0 ? 'superseded decision' : 'decision'],
    project: [searchProjectValue(model)],
    // A row written without a phase is `(no phase)`, as the recap's Phases names it (an empty value was an option of no name, read as "any").
    phase: [phaseName(row.phase)],
    result: [RESULT_LABELS[row.resultClass]],
    'evidence status': statuses.length > 0 ? statuses : [EVIDENCE_STATUS_WORDS.none],
    'evidence kind': [...new Set(row.evidence.map((p) => p.kind))].sort(),
    'flag severity': severities.length > 0 ? severities : ['none'],
    'source format': [FORMAT[row.format] ?? row.format],
  };
  const state = states ? flagState(carried) : [];
  if (state.length > 0) facets['flag state'] = state;
  if (row.actor !== '') facets['actor'] = [row.actor];
  // Its place under Check first (`needs a look`, `agent's words: note`): a recap's folded group
  // links to exactly its rows (use10). A row not under Check first has none: no bytes.
  if (place !== undefined) facets[CHECK_FIRST_FACET] = [place];
  const year = /^\d{4}/.exec(row.ts)?.[0];
  if (year) facets['year'] = [year];
  const exact: ExactKey[] = [idKey(row.id, 3)];
  if (row.computedId !== row.id) exact.push(idKey(row.computedId, 3));
  if (row.ticket !== '') exact.push(idKey(row.ticket, 2));
  for (const p of row.evidence) exact.push(...pointerKeys(p));
  // SHAs written in the row's text, its result cell too (`b6c62ea, 3950f2e, 4d18f00`), and in its
  // evidence cell: a SHA read there as a reference, not a commit (`see the review thread 0edc03f0d`),
  // is still written in the row, and a search for that commit lists it (audit aud9).
  for (const hex of new Set(hexTokens(`${row.decision} ${row.why} ${row.result} ${row.evidenceText}`))) exact.push(hexKey(hex, 2));
  for (const kind of new Set(carried.map((f) => f.kind))) exact.push(...kindKeys(kind, 2));
  return {
    anchor: row.anchor,
    title: row.decision,
    body: row.why,
    evidence: row.evidenceText,
    ...withPointers(row.evidence),
    meta: [row.result, row.phase, row.actor, row.ticket].filter((t) => t !== '').join(' · '),
    facets,
    exact,
    severity: highest(carried.map((f) => f.severity)),
    time: row.time === null ? null : row.ts,
  };
}

function flagRecords(model: ProjectModel, accepted: readonly Acceptance[] | null): SearchRecord[] {
  return model.flags.map((flag, index) => {
    const exact: ExactKey[] = [...kindKeys(flag.kind, 3), ...flag.rows.map((id) => idKey(id, 2))];
    if (flag.evidence) for (const hex of hexTokens(flag.evidence)) exact.push(hexKey(hex, 2));
    const reason = accepted?.[index] ?? null;
    const facets: Record<string, string[]> = { type: [reason === null ? 'flag' : ACCEPTED_FLAG_TYPE], project: [searchProjectValue(model)], 'flag severity': [flag.severity], 'flag kind': [flag.kind] };
    if (accepted !== null) facets['flag state'] = [reason === null ? FLAG_STATES.open : FLAG_STATES.accepted];
    return {
      anchor: `flag-${index + 1}`,
      title: `${flag.kind}: ${flag.summary}`,
      body: flag.evidence ? `evidence ${flag.evidence}` : '',
      meta: `${flag.severity} flag, ${flag.layer} layer${flag.rows.length > 0 ? `, rows ${flag.rows.join(', ')}` : ''}${reason === null ? '' : `, accepted: ${reason}`}`,
      facets,
      exact,
      severity: flag.severity,
      time: null,
    };
  });
}

/**
 * The invalid records of a project (issue 27, scope 4: every record findable): each is a
 * result of type `invalid record` at its card (`invalid-<file>-L<line>`, src/lib/site/invalid-anchor.ts), its raw text in the body so
 * a word found only in it is found, the fields its header still told apart (decision, result,
 * evidence) in their fields, and its result read like a row's, so `result=failed` finds a
 * malformed row whose result says it failed.
 */
function invalidRecords(model: ProjectModel): SearchRecord[] {
  const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
  const severity = new Map<string, Severity>();
  for (const f of model.flags) for (const at of f.at) if (!severity.has(`${at.file}:${at.line}`)) severity.set(`${at.file}:${at.line}`, f.severity);
  return model.invalid.map((r) => {
    const fields = r.fields ?? {};
    const facets: Record<string, string[]> = { type: ['invalid record'], project: [searchProjectValue(model)], 'flag kind': [r.kind] };
    if (fields['result'] !== undefined) facets['result'] = [RESULT_LABELS[classifyResult(fields['result'])]];
    if (fields['phase'] !== undefined && fields['phase'] !== '') facets['phase'] = [fields['phase']];
    // Its flag's severity orders it among the results; the `flag severity` filter keeps counting rows and flags only.
    const sev = severity.get(`${r.file}:${r.line}`) ?? null;
    const exact: ExactKey[] = [...kindKeys(r.kind, 2)];
    for (const p of r.evidence ?? []) exact.push(...pointerKeys(p));
    return {
      anchor: invalidAnchor(r.file, r.line),
      // The row as written is its title when the header could not place its decision (cells apart by ` · `).
      title: fields['decision'] ?? clip(r.raw.replace(/\t/g, ' · '), 200),
      body: r.raw,
      evidence: fields['evidence'] ?? '',
      ...withPointers(r.evidence ?? []),
      meta: [`invalid record ${r.file}:${r.line}`, r.error, fields['result'] ?? ''].filter((t) => t !== '').join(' · '),
      facets,
      exact,
      severity: sev,
      time: null,
    };
  });
}

/**
 * Every search record of one project, in recap order. `accepted`, when the build has a baseline:
 * per flag of `model.flags` (same order), the reason `trailbook.baseline.json` accepts it, or
 * null (src/lib/baseline/accepted-flags.ts `acceptedFlags`). An accepted flag is a result of
 * type `accepted flag` and `flag state` `accepted`, so search counts it apart from the open
 * flags as the archive home, the report and `trailbook build` do (count15: the filter said
 * `high (9 rows, 23 flags)` beside the home's `18 high … + 5 accepted`); the others, and the
 * rows they flag, are `open`. Without a baseline (null, the default) no record has a
 * `flag state`: every flag is open, and a filter of one value would only repeat it.
 */
export function searchRecords(model: ProjectModel, accepted: readonly Acceptance[] | null = null): SearchRecord[] {
  const byRow = flagsByRow(model.flags, model.rows, accepted ?? []);
  // A row past the recap's first page is on a row page (src/lib/site/row-pages.ts): its result links there.
  const pages = rowPagesByAnchor(model.rows);
  const places = new Map(checkFirst(model.rows).map((e) => [e.row.anchor, checkFirstPlace(e)]));
  return [
    ...model.rows.map((row) => {
      const page = pages.get(row.anchor);
      return { ...rowRecord(model, row, byRow.get(row.anchor) ?? [], places.get(row.anchor), accepted !== null), ...(page !== undefined ? { page: rowPagePath(page) } : {}) };
    }),
    ...invalidRecords(model),
    ...flagRecords(model, accepted),
    ...qualitySearchRecords(model),
    ...lifecycleSearchRecords(model),
  ];
}
