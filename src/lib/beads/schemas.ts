/**
 * The beads record shapes met in real repositories (spec/input.md section 7, "beads (real
 * format)"): the issue export `.beads/issues.jsonl` (older rows with local-offset times and
 * `agent_state`; newer ones with `_type` `issue` / `memory`; comments with integer or string
 * ids), `bd audit` entries in `.beads/interactions.jsonl`, and the backup tables in
 * `.beads/backup/*.jsonl`. Schemas are loose (unknown fields kept) and lenient about `null`,
 * which real exports use for empty values. Types come from `z.infer`.
 *
 * Field names are the JSON tags of gastownhall/beads `internal/types/types.go` (`Issue`,
 * `Dependency`, `Comment`, `Event`) and of `cmd/bd/export.go`, which writes each issue as
 * `{"_type":"issue", ...Issue, "dependency_count", "dependent_count", "comment_count"}` and each
 * memory as `{"_type":"memory","key","value"}`; wisps (`ephemeral`) and templates
 * (`is_template`) are written only with `--all`.
 */
import { z } from 'zod';

const text = z.string().nullish();
const id = z.union([z.string(), z.number()]);
/** A flag: `true`/`false` in the export, `1`/`0` in the backup tables (Dolt's tinyint). */
const flag = z.union([z.boolean(), z.number()]).nullish();

/** An inline comment, or a row of `backup/comments.jsonl`. Ids are integers in older exports, UUIDs in newer ones. */
export const beadsCommentSchema = z.looseObject({ id: id.nullish(), issue_id: text, author: text, text, created_at: text });
export type BeadsCommentRow = z.infer<typeof beadsCommentSchema>;

/** An inline dependency, or a row of `backup/dependencies.jsonl` (`metadata` is JSON text, e.g. `{"gate":"all-children"}` on a `waits-for` edge). */
export const beadsDependencySchema = z.looseObject({ issue_id: text, depends_on_id: z.string(), type: text, created_at: text, created_by: text, metadata: z.unknown().optional() });
export type BeadsDependencyRow = z.infer<typeof beadsDependencySchema>;

/** A row of `backup/labels.jsonl`. */
export const beadsLabelSchema = z.looseObject({ issue_id: z.string(), label: z.string() });

/** A row of `backup/config.jsonl`. */
export const beadsConfigSchema = z.looseObject({ key: z.string(), value: z.unknown() });

/** A memory record (`"_type":"memory"`), exported beside issues by `bd export`. */
export const beadsMemorySchema = z.looseObject({ _type: z.literal('memory'), key: z.string().nullish(), value: z.unknown() });

/** One issue of the export (or of `backup/issues.jsonl`, whose 54-key rows fill empty fields with `""` or null). */
export const beadsIssueSchema = z.looseObject({
  _type: z.string().optional(),
  id: z.string().min(1),
  title: text,
  description: text,
  notes: text,
  design: text,
  acceptance_criteria: text,
  status: text,
  priority: z.union([z.number(), z.string()]).nullish(),
  issue_type: text,
  assignee: text,
  owner: text,
  created_by: text,
  created_at: text,
  updated_at: text,
  started_at: text,
  closed_at: text,
  close_reason: text,
  agent_state: text,
  ephemeral: flag,
  wisp_type: text,
  is_template: flag,
  labels: z.array(z.string()).nullish(),
  dependencies: z.array(beadsDependencySchema).nullish(),
  comments: z.array(beadsCommentSchema).nullish(),
  // Written by `bd export` beside each issue (IssueWithCounts); the lists above are what Trailbook shows.
  dependency_count: z.number().nullish(),
  dependent_count: z.number().nullish(),
  comment_count: z.number().nullish(),
});
export type BeadsIssueRow = z.infer<typeof beadsIssueSchema>;

/** The fields the issue schema names; other non-empty fields are kept as unknown fields. */
export const ISSUE_FIELDS: ReadonlySet<string> = new Set(Object.keys(beadsIssueSchema.shape));

/** A row of `backup/events.jsonl`: `old_value` / `new_value` are JSON text, plain text, `""` or null. */
export const beadsEventSchema = z.looseObject({
  id: id.nullish(),
  issue_id: z.string(),
  event_type: z.string(),
  actor: text,
  created_at: text,
  old_value: z.unknown(),
  new_value: z.unknown(),
  comment: text,
});
export type BeadsEventRow = z.infer<typeof beadsEventSchema>;

/** A `bd audit` entry of `.beads/interactions.jsonl` (`field_change`, `llm_call`, `tool_call`, `label`, ...). */
export const beadsInteractionSchema = z.looseObject({
  id: id.nullish(),
  kind: z.string(),
  created_at: text,
  actor: text,
  issue_id: text,
  extra: z.record(z.string(), z.unknown()).nullish(),
});
export type BeadsInteractionRow = z.infer<typeof beadsInteractionSchema>;
