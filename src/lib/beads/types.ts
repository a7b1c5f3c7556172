/**
 * The beads model: issues with their replayed lifecycle (spec/input.md section 7, "beads
 * (real format)"). Adapters read the rows; `buildBeadsModel` replays each issue's status from
 * its events; checks and pages only read it.
 */

/** Statuses beads documents; any other status is kept, shown as written and counted. */
export const KNOWN_BEADS_STATUSES = ['open', 'in_progress', 'blocked', 'deferred', 'closed'] as const;

/** A comment on an issue. Ids are integers in older exports and UUID strings in newer ones; shown as text. */
export interface BeadsComment {
  id: string;
  author: string;
  createdAt: string;
  text: string;
}

/** One step of an issue's history, from `backup/events.jsonl` or an `interactions.jsonl` entry. */
export interface BeadsHistoryEntry {
  file: string;
  line: number;
  timestamp: string;
  time: number | null;
  actor: string;
  /** `event_type` of an event (`created`, `closed`, ...), or the `kind` of an audit entry (`field_change`). */
  kind: string;
  source: 'event' | 'interaction';
  /** Status before and after, when the entry changes the status. */
  from?: string | null;
  to?: string;
  /** The status the entry itself records the issue had before it (an event's `old_value` snapshot, a field change's `old_value`). */
  recorded?: string;
  /** Set when `recorded` differs from the replayed status: a transition is missing from the log. */
  gap?: string;
  /** What the entry says, in short: a close reason, the label, the fields changed. */
  text: string;
}

/** One issue with its replayed lifecycle. */
export interface BeadsIssue {
  id: string;
  /** URL key of the issue's page (the id when URL-safe, else a digest). */
  key: string;
  /** Anchor of the issue in the recap's issue list. */
  anchor: string;
  title: string;
  /** Status as exported (`''` when the issue is known only from events). */
  status: string;
  statusKnown: boolean;
  priority: string;
  issueType: string;
  assignee: string;
  owner: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string;
  closeReason: string;
  /** `_type` of the row (`issue` when absent). */
  recordType: string;
  /** `agent_state` of older rows, when not empty. */
  agentState: string;
  labels: string[];
  dependencies: Array<{ dependsOn: string; type: string }>;
  comments: BeadsComment[];
  description: string;
  notes: string;
  acceptance: string;
  design: string;
  /** Where the issue's row is: the export, the backup table, or nowhere (known only from events). */
  origin: 'export' | 'backup' | 'events';
  at: { file: string; line: number } | null;
  /** Unknown, non-empty fields of the row, kept and shown raw. */
  extra: Record<string, unknown>;
  history: BeadsHistoryEntry[];
  /** Status after replaying the history; null when no entry sets one. */
  replayedStatus: string | null;
  gaps: number;
}

/** An audit entry of `interactions.jsonl` that is not a coord.v1 event. */
export interface BeadsInteraction {
  id: string;
  kind: string;
  actor: string;
  issueId: string;
  timestamp: string;
  summary: string;
  file: string;
  line: number;
}

/** Everything read from a project's `.beads/` folder. */
export interface BeadsModel {
  /** Issues in export order, then issues known only from the backup or from events. */
  issues: BeadsIssue[];
  statusCounts: Array<{ status: string; known: boolean; count: number }>;
  /** Event types met in `backup/events.jsonl` and audit-entry kinds in `interactions.jsonl`, with counts. */
  eventTypes: Array<{ type: string; count: number }>;
  interactions: BeadsInteraction[];
  memories: Array<{ key: string; value: string; file: string; line: number }>;
  config: Array<{ key: string; value: string }>;
  /** True when a lifecycle log (events or status field changes) was read, so replay can be compared. */
  hasHistory: boolean;
  /** Rows whose id appeared more than once in one file (the last row is used). */
  repeatedRows: number;
  span: { from: string; to: string } | null;
}
