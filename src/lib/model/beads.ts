/**
 * The beads model: issues with their replayed lifecycle (spec/input.md section 7, "beads
 * (real format)"). Adapters read the rows; `buildBeadsModel` replays each issue's status from
 * its events; checks and pages only read it. Each type is inferred from its schema
 * (lifecycle-schema.ts, where each field's meaning is noted).
 */
import type { z } from 'zod';
import type { beadsIssueSchema, beadsSchema, beadsStoreSchema } from './lifecycle-schema.ts';

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

/** Everything read from a project's `.beads/` folder. */
export type BeadsModel = z.infer<typeof beadsSchema>;

/** One beads issue: its exported fields, where it was read, and its lifecycle replayed from the log. */
export type BeadsIssue = z.infer<typeof beadsIssueSchema>;

/** One dependency of an issue: the issue it depends on, the edge type as written, and the waits-for gate when given. */
export type BeadsDependency = BeadsIssue['dependencies'][number];

/** One comment of an issue. */
export type BeadsComment = BeadsIssue['comments'][number];

/** One entry of an issue's lifecycle, from the event log or the audit entries. */
export type BeadsHistoryEntry = BeadsIssue['history'][number];

/**
 * An issue's `created_at` in the export and the log's first word on it (its `created` event,
 * else its earliest entry) more than {@link CREATED_TOLERANCE_MS} apart. With a `created` event
 * either direction disagrees; without one, only a log entry earlier than the creation does.
 */
export type BeadsTimeDisagreement = NonNullable<BeadsIssue['timeDisagreement']>;

/** An audit entry of `interactions.jsonl` that is not a coord.v1 event. */
export type BeadsInteraction = BeadsModel['interactions'][number];

/** Margin between an issue's exported `created_at` and its `created` event before the two are said to disagree: one minute. */
export const CREATED_TOLERANCE_MS = 60_000;

/** A `.beads/` folder without a JSONL export of its issues, and the command that writes the export. */
export type BeadsStore = z.infer<typeof beadsStoreSchema>;

/** How Trailbook's run of `bd export` went (docs/security.md, "Running bd"). */
export type BeadsExportRun = NonNullable<BeadsStore['run']>;
