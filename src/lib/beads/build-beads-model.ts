/**
 * Builds the {@link BeadsModel} from the rows of a project's `.beads/` files: issues from the
 * export (the first of `issues.jsonl`, `beads.jsonl`, `beads.base.jsonl`, or bd's own export
 * when Trailbook ran it), else from `backup/issues.jsonl`, else known only from events;
 * labels, dependencies and comments from the rows and the backup tables; each issue's status
 * replayed from `backup/events.jsonl` and `interactions.jsonl` field changes, and its
 * `created_at` compared with the log (`created-times.ts`). Pure.
 */
import { dict } from '../text/dict.ts';
import { parseInstant, isoOf } from '../text/time.ts';
import { slugify } from '../text/slug.ts';
import { sha256Hex } from '../text/hash.ts';
import { eventEntry, interactionEntry, interactionSummary, type LifecycleEntry } from './lifecycle-entry.ts';
import { replayAll } from './replay.ts';
import type { BeadsRows } from './read-beads-file.ts';
import { ISSUE_FIELDS, type BeadsDependencyRow, type BeadsIssueRow } from './schemas.ts';
import { createdTimeDisagreement } from './created-times.ts';
import { KNOWN_BEADS_STATUSES, type BeadsComment, type BeadsDependency, type BeadsIssue, type BeadsModel, type BeadsStore } from '../model/beads.ts';

const LONG_TEXT = 20000;
const EXTRA_VALUE = 500;
const capText = (s: string | null | undefined, limit = LONG_TEXT): string => {
  const t = s ?? '';
  return t.length > limit ? `${t.slice(0, limit)}… [${t.length - limit} more characters]` : t;
};
const shown = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const known: readonly string[] = KNOWN_BEADS_STATUSES;

function extraOf(row: Record<string, unknown>): Record<string, unknown> {
  const extra: Record<string, unknown> = dict();
  for (const [k, v] of Object.entries(row)) {
    if (ISSUE_FIELDS.has(k) || v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    const text = JSON.stringify(v);
    extra[k] = text.length > EXTRA_VALUE ? `${text.slice(0, EXTRA_VALUE)}…` : v;
  }
  return extra;
}

/** The `gate` of a `waits-for` edge's metadata (JSON text or an object); `''` when none. */
function gateOf(metadata: unknown): string {
  let value = metadata;
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      value = JSON.parse(value);
    } catch {
      return '';
    }
  }
  const gate = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['gate'] : undefined;
  return typeof gate === 'string' ? gate : '';
}

function dependencyOf(d: BeadsDependencyRow): BeadsDependency {
  const type = d.type ?? '';
  return { dependsOn: d.depends_on_id, type, gate: type === 'waits-for' ? gateOf(d.metadata) || 'all-children' : '' };
}

/** Names declared by `status.custom` (`review,qa:wip`: the part before a colon). */
function customStatusesOf(config: BeadsRows['config']): string[] {
  const names: string[] = [];
  for (const c of config) {
    if (c.key !== 'status.custom' || typeof c.value !== 'string') continue;
    for (const part of c.value.split(',')) {
      const name = part.split(':')[0]?.trim() ?? '';
      if (name !== '' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

function issueFrom(row: BeadsIssueRow, at: { file: string; line: number }, origin: BeadsIssue['origin']): BeadsIssue {
  const status = row.status ?? '';
  return {
    id: row.id,
    key: '',
    anchor: '',
    title: row.title ?? '',
    status,
    statusKnown: known.includes(status),
    priority: row.priority === null || row.priority === undefined ? '' : String(row.priority),
    issueType: row.issue_type ?? '',
    assignee: row.assignee ?? '',
    owner: row.owner ?? '',
    createdBy: row.created_by ?? '',
    createdAt: row.created_at ?? '',
    updatedAt: row.updated_at ?? '',
    startedAt: row.started_at ?? '',
    closedAt: row.closed_at ?? '',
    closeReason: capText(row.close_reason, 4000),
    recordType: row._type ?? 'issue',
    wisp: row.ephemeral === true || row.ephemeral === 1,
    wispType: row.wisp_type ?? '',
    template: row.is_template === true || row.is_template === 1,
    agentState: row.agent_state ?? '',
    labels: [...(row.labels ?? [])],
    dependencies: (row.dependencies ?? []).map(dependencyOf),
    comments: (row.comments ?? []).map((c) => ({ id: shown(c.id), author: c.author ?? '', createdAt: c.created_at ?? '', text: capText(c.text, 8000) })),
    description: capText(row.description),
    notes: capText(row.notes),
    acceptance: capText(row.acceptance_criteria),
    design: capText(row.design),
    origin,
    at,
    extra: extraOf(row as Record<string, unknown>),
    history: [],
    replayedStatus: null,
    gaps: 0,
    timeDisagreement: null,
  };
}

function eventOnlyIssue(id: string, title: string): BeadsIssue {
  return { ...issueFrom({ id, title }, { file: '', line: 0 }, 'events'), at: null, statusKnown: false, recordType: 'issue' };
}

/** The top-level fields whose values are not the same in every one of `rows` (in first-seen order). */
function differingFields(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  return keys.filter((k) => {
    const first = JSON.stringify((rows[0] as Record<string, unknown>)[k] ?? null);
    return rows.some((r) => JSON.stringify(r[k] ?? null) !== first);
  });
}

/** Gives every issue a unique URL key and anchor. */
function assignKeys(issues: BeadsIssue[]): void {
  const used = new Set<string>();
  for (const issue of issues) {
    const base = SAFE_KEY.test(issue.id) && issue.id.length <= 120 ? issue.id : `x-${sha256Hex(issue.id).slice(0, 16)}`;
    let key = base;
    for (let n = 2; used.has(key.toLowerCase()); n++) key = `${base}-${n}`;
    used.add(key.toLowerCase());
    issue.key = key;
    issue.anchor = `beads-${slugify(key)}`;
  }
}

/**
 * Builds the beads model. `rows` are in file order (files in discovery order); `store` is what
 * the `.beads/` folder keeps when it has no JSONL export (null when it has one).
 */
export function buildBeadsModel(rows: BeadsRows, store: BeadsStore | null = null): BeadsModel {
  const byId = new Map<string, BeadsIssue>();
  let repeatedRows = 0;
  /** Rows of each id within one file (`file\0id`), to say which ids are written more than once and how their rows differ. */
  const rowsOf = new Map<string, Array<{ file: string; line: number; row: Record<string, unknown> }>>();
  for (const origin of ['export', 'backup'] as const) {
    const seen = new Set<string>();
    for (const r of rows.issues) {
      if (r.origin !== origin) continue;
      if (seen.has(r.row.id)) repeatedRows++;
      seen.add(r.row.id);
      const key = `${r.file}\u0000${r.row.id}`;
      const same = rowsOf.get(key);
      if (same) same.push({ file: r.file, line: r.line, row: r.row as Record<string, unknown> });
      else rowsOf.set(key, [{ file: r.file, line: r.line, row: r.row as Record<string, unknown> }]);
      if (origin === 'backup' && byId.get(r.row.id)?.origin === 'export') continue;
      byId.set(r.row.id, issueFrom(r.row, { file: r.file, line: r.line }, origin));
    }
  }
  const entries: LifecycleEntry[] = [];
  for (const e of rows.events) entries.push(eventEntry(e.row, e.file, e.line));
  for (const i of rows.interactions) {
    const entry = interactionEntry(i.row, i.file, i.line);
    if (entry) entries.push(entry);
  }
  const titles = new Map<string, string>();
  for (const e of entries) if (e.title !== undefined) titles.set(e.issueId, e.title);
  for (const e of entries) if (!byId.has(e.issueId)) byId.set(e.issueId, eventOnlyIssue(e.issueId, titles.get(e.issueId) ?? ''));
  const issueOf = (id: string): BeadsIssue | undefined => byId.get(id);

  for (const l of rows.labels) {
    const issue = issueOf(l.issueId);
    if (issue && !issue.labels.includes(l.label)) issue.labels.push(l.label);
  }
  for (const d of rows.dependencies) {
    const issue = d.row.issue_id ? issueOf(d.row.issue_id) : undefined;
    const dependency = dependencyOf(d.row);
    if (issue && !issue.dependencies.some((x) => x.dependsOn === dependency.dependsOn && x.type === dependency.type)) issue.dependencies.push(dependency);
  }
  for (const c of rows.comments) {
    const issue = c.row.issue_id ? issueOf(c.row.issue_id) : undefined;
    const comment: BeadsComment = { id: shown(c.row.id), author: c.row.author ?? '', createdAt: c.row.created_at ?? '', text: capText(c.row.text, 8000) };
    if (issue && !issue.comments.some((x) => x.id !== '' && x.id === comment.id)) issue.comments.push(comment);
  }

  const replays = replayAll(entries);
  for (const [id, replay] of replays) {
    const issue = byId.get(id) as BeadsIssue;
    issue.history = replay.history;
    issue.replayedStatus = replay.status;
    issue.gaps = replay.gaps;
    if (issue.origin === 'events') issue.statusKnown = false;
    else issue.timeDisagreement = createdTimeDisagreement(issue.createdAt, issue.history);
  }

  const repeated = [...rowsOf.values()].filter((list) => list.length > 1).map((list) => ({ id: String((list[0] as (typeof list)[number]).row['id']), file: (list[0] as (typeof list)[number]).file, lines: list.map((r) => r.line), differing: differingFields(list.map((r) => r.row)) }));

  const issues = [...byId.values()];
  assignKeys(issues);
  const statusCounts = new Map<string, number>();
  for (const issue of issues) {
    const s = issue.status !== '' ? issue.status : '(not exported)';
    statusCounts.set(s, (statusCounts.get(s) ?? 0) + 1);
  }
  const typeCounts = new Map<string, number>();
  for (const e of rows.events) typeCounts.set(e.row.event_type, (typeCounts.get(e.row.event_type) ?? 0) + 1);
  for (const i of rows.interactions) typeCounts.set(i.row.kind, (typeCounts.get(i.row.kind) ?? 0) + 1);

  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const see = (t: number | null): void => {
    if (t === null) return;
    from = Math.min(from, t);
    to = Math.max(to, t);
  };
  for (const issue of issues) for (const ts of [issue.createdAt, issue.updatedAt, issue.closedAt]) see(ts === '' ? null : parseInstant(ts));
  for (const e of entries) see(e.time);

  return {
    issues,
    statusCounts: [...statusCounts.entries()].map(([status, count]) => ({ status, known: known.includes(status), count })).sort((a, b) => b.count - a.count || (a.status < b.status ? -1 : 1)),
    eventTypes: [...typeCounts.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || (a.type < b.type ? -1 : 1)),
    interactions: rows.interactions.map((i) => ({
      id: shown(i.row.id),
      kind: i.row.kind,
      actor: i.row.actor ?? '',
      issueId: i.row.issue_id ?? '',
      timestamp: i.row.created_at ?? '',
      summary: interactionSummary(i.row),
      file: i.file,
      line: i.line,
    })),
    memories: rows.memories.map((m) => ({ key: m.key, value: capText(shown(m.value), 2000), file: m.file, line: m.line })),
    config: rows.config.map((c) => ({ key: c.key, value: capText(shown(c.value), 500) })),
    customStatuses: customStatusesOf(rows.config),
    store,
    hasHistory: entries.some((e) => e.to !== undefined || e.recorded !== undefined),
    repeatedRows,
    ...(repeated.length > 0 ? { repeated } : {}),
    span: from <= to ? { from: isoOf(from), to: isoOf(to) } : null,
  };
}
