/**
 * The beads model: issues with their replayed lifecycle (spec/input.md section 7, "beads
 * (real format)"). Adapters read the rows; `buildBeadsModel` replays each issue's status from
 * its events; checks and pages only read it.
 */

/**
 * beads' built-in statuses (gastownhall/beads `internal/types/types.go`, `Status.IsValid`: open,
 * in_progress, blocked, deferred, closed, pinned, hooked). Any other status is a custom one
 * (`status.custom` in the beads config) or unknown: kept, shown as written and counted.
 */
export const KNOWN_BEADS_STATUSES = ['open', 'in_progress', 'blocked', 'deferred', 'closed', 'pinned', 'hooked'] as const;

/**
 * beads' well-known dependency types (`WellKnownDependencyTypes` in `internal/types/types.go`);
 * beads accepts any other non-empty type up to 50 characters, and so does Trailbook (shown as
 * written). The first four gate ready work; `conditional-blocks` (B runs only if A fails) and
 * `waits-for` (a fan-out gate, `metadata` `{"gate":"all-children"|"any-children"}`) are newer.
 */
export const KNOWN_DEPENDENCY_TYPES = [
  'blocks',
  'parent-child',
  'conditional-blocks',
  'waits-for',
  'related',
  'discovered-from',
  'replies-to',
  'relates-to',
  'duplicates',
  'supersedes',
  'authored-by',
  'assigned-to',
  'approved-by',
  'attests',
  'tracks',
  'until',
  'caused-by',
  'validates',
  'delegated-from',
] as const;

/** One dependency of an issue: the issue it depends on, the edge type as written, and the waits-for gate when given. */
export interface BeadsDependency {
  dependsOn: string;
  type: string;
  /** `metadata.gate` of a `waits-for` edge (`all-children`, the default, or `any-children`); `''` otherwise. */
  gate: string;
}

/**
 * An issue's `created_at` in the export and the log's first word on it (its `created` event,
 * else its earliest entry) more than {@link CREATED_TOLERANCE_MS} apart. With a `created` event
 * either direction disagrees; without one, only a log entry earlier than the creation does.
 */
export interface BeadsTimeDisagreement {
  /** `created_at` as exported. */
  exported: string;
  /** The log entry's time as written. */
  logged: string;
  /** `created`, or the kind of the earliest entry. */
  loggedKind: string;
  loggedAt: { file: string; line: number };
  /** logged − exported, in milliseconds. */
  differenceMs: number;
  /** The difference is a whole number of quarter hours within a zone's range (±14 h), give or take the tolerance: one clock wrote local time as UTC. */
  zoneOffset: boolean;
  /** `created_at` is 1970-01-01T00:00:00Z, which `bd export` writes for a missing creation time (`sanitizeZeroTime`, beads GH#2488). */
  missingCreation: boolean;
}

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
  /** `started_at`: when the issue went to in_progress (beads GH#2796); `''` when absent. */
  startedAt: string;
  closedAt: string;
  closeReason: string;
  /** `_type` of the row (`issue` when absent). */
  recordType: string;
  /** `ephemeral: true`: a wisp (`bd export --all` only), with its `wisp_type` in {@link wispType}. */
  wisp: boolean;
  /** `wisp_type` (heartbeat, ping, patrol, gc_report, recovery, error, escalation), `''` when absent. */
  wispType: string;
  /** `is_template: true`: a read-only template (`bd export --all` only). */
  template: boolean;
  /** `agent_state` of older rows, when not empty. */
  agentState: string;
  labels: string[];
  dependencies: BeadsDependency[];
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
  /** Set when the export's `created_at` and the log disagree ({@link BeadsTimeDisagreement}). */
  timeDisagreement: BeadsTimeDisagreement | null;
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
  /** Custom statuses the beads config declares (`status.custom`, `name[:category]` comma-separated), by name. */
  customStatuses: string[];
  /** What the `.beads/` folder keeps when it has no JSONL export (a Dolt store), or null when it has one. */
  store: BeadsStore | null;
  /** True when a lifecycle log (events or status field changes) was read, so replay can be compared. */
  hasHistory: boolean;
  /** Rows whose id appeared more than once in one file (the last row is used). */
  repeatedRows: number;
  span: { from: string; to: string } | null;
}

/** Margin between an issue's exported `created_at` and its `created` event before the two are said to disagree: one minute. */
export const CREATED_TOLERANCE_MS = 60_000;

/**
 * A `.beads/` folder without a JSONL export of its issues (issues.jsonl, beads.jsonl,
 * beads.base.jsonl): what kind of store it keeps, read from `metadata.json` and the folders
 * beside it (gastownhall/beads `internal/configfile/configfile.go`), and the command that
 * writes the export.
 */
export interface BeadsStore {
  /** The folder, relative to the project (`.beads`). */
  folder: string;
  /**
   * - `embedded`: Dolt run inside bd (`.beads/embeddeddolt/`, `dolt_mode` `embedded`, bd's default);
   * - `server`: a `dolt sql-server` (`.beads/dolt/` is its data folder, `dolt_mode` `server`);
   * - `proxied-server`: bd reaches the server through its proxy (`dolt_mode` `proxied-server`);
   * - `sqlite`: the SQLite database of bd before 1.0 (`*.db`);
   * - `none`: metadata only, the database is elsewhere (git-ignored, or on a server).
   */
  kind: 'embedded' | 'server' | 'proxied-server' | 'sqlite' | 'none';
  /** The database folder or file found, relative to the project (`.beads/embeddeddolt`), or `''`. */
  dataPath: string;
  /** `dolt_database` of metadata.json, else the databases found in the data folder; `''` when unknown. */
  database: string;
  /** `backend` of metadata.json (`dolt`), `''` when absent. */
  backend: string;
  /** The bd version the folder names (`last_bd_version` of older metadata.json, or `.local_version`), `''` when none. */
  version: string;
  /** Where {@link version} came from (`.beads/metadata.json` or `.beads/.local_version`), `''` when none. */
  versionSource: string;
  /** The command that writes the export, run in the project folder. */
  exportCommand: string;
  /** What the command includes, and how it differs by version. */
  exportNote: string;
  /** Problems reading metadata.json (not JSON, too large), `''` when none. */
  problem: string;
  /** Trailbook's own run of the export, when the configuration asked for it (null: not asked). */
  run: BeadsExportRun | null;
  /** The folder's JSONL files that were read all the same (the audit log, backup tables), with their records. */
  alsoRead: Array<{ file: string; records: number }>;
}

/** How Trailbook's run of `bd export` went (docs/security.md, "Running bd"). */
export type BeadsExportRun =
  | { ok: true; command: string; issues: number; lines: number }
  | { ok: false; command: string; reason: string };
