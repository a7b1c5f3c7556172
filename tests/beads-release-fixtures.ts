/**
 * Lines as the current beads release writes them, made by hand from its source
 * (gastownhall/beads, read with the search tool; ../shared/stack-notes.md "Added 2026-12-01"):
 * - `cmd/bd/export.go`: one issue per line as `json.Marshal(exportIssueRecord)`, so `"_type":"issue"`
 *   first, then the `Issue` fields in struct order (`internal/types/types.go`, omitempty
 *   honoured), then `dependency_count`, `dependent_count`, `comment_count`; `<`, `>` and `&`
 *   escaped as `\u003c`…; a memory as `{"_type":"memory","key":…,"value":…}` (a Go map: keys
 *   sorted); wisps (`ephemeral`) and templates (`is_template`) only with `--all`; a missing
 *   creation time written as the Unix epoch (`sanitizeZeroTime`);
 * - `internal/types/types.go`: `Dependency` {issue_id, depends_on_id, type, created_at,
 *   created_by, metadata}, `Comment` {id (a UUID string since 1.0), issue_id, author, text,
 *   created_at}, statuses `pinned` and `hooked`, dependency types `conditional-blocks` and
 *   `waits-for` (metadata `{"gate":"all-children"}`);
 * - `internal/audit/audit.go`: `.beads/interactions.jsonl` entries {id `int-` + 32 hex, kind,
 *   created_at, actor, issue_id, extra} with HTML escaping off; `field_change` extras
 *   {field, new_value, old_value} (map keys sorted);
 * - `internal/configfile/configfile.go`: metadata.json {database, backend, dolt_mode,
 *   dolt_database, project_id}, written with two-space indentation.
 * Times are UTC with Go's RFC 3339 (fractions without trailing zeros).
 */

/** `bd export --all` of a small project: issues, a wisp, a template, a memory, an epoch creation time. */
export const EXPORT_ALL_LINES = [
  '{"_type":"issue","id":"demo-a1","title":"Gate the release on \\u003cQA\\u003e \\u0026 docs","description":"Ship only after QA.","status":"review","priority":1,"issue_type":"task","assignee":"amber-otter","owner":"owner@example.com","created_at":"2026-05-02T10:15:00Z","created_by":"amber-otter","updated_at":"2026-05-02T12:00:00.5Z","started_at":"2026-05-02T11:00:00Z","labels":["area:release"],"dependencies":[{"issue_id":"demo-a1","depends_on_id":"demo-a2","type":"conditional-blocks","created_at":"2026-05-02T10:16:00Z","created_by":"amber-otter"},{"issue_id":"demo-a1","depends_on_id":"demo-a3","type":"waits-for","created_at":"2026-05-02T10:17:00Z","created_by":"amber-otter","metadata":"{\\"gate\\":\\"all-children\\"}"}],"comments":[{"id":"0b9e6a52-8d1c-4c55-9f3e-2f64a1c7d9e0","issue_id":"demo-a1","author":"cobalt-harbor","text":"QA run 1 failed; retrying.","created_at":"2026-05-02T11:30:00Z"}],"dependency_count":2,"dependent_count":0,"comment_count":1}',
  '{"_type":"issue","id":"demo-a2","title":"Run QA","status":"hooked","priority":0,"issue_type":"task","assignee":"cobalt-harbor","created_at":"2026-05-02T10:15:30Z","created_by":"amber-otter","updated_at":"2026-05-02T11:00:00Z","dependency_count":0,"dependent_count":1,"comment_count":0}',
  '{"_type":"issue","id":"demo-a3","title":"Docs for the release","status":"pinned","priority":2,"issue_type":"epic","created_at":"1970-01-01T00:00:00Z","updated_at":"2026-05-02T10:20:00Z","dependency_count":0,"dependent_count":1,"comment_count":0}',
  '{"_type":"issue","id":"demo-w1","title":"heartbeat amber-otter","status":"open","priority":4,"issue_type":"task","created_at":"2026-05-02T10:30:00Z","updated_at":"2026-05-02T10:30:00Z","ephemeral":true,"wisp_type":"heartbeat","dependency_count":0,"dependent_count":0,"comment_count":0}',
  '{"_type":"issue","id":"demo-t1","title":"Release checklist","status":"open","priority":2,"issue_type":"molecule","created_at":"2026-05-01T09:00:00Z","updated_at":"2026-05-01T09:00:00Z","is_template":true,"dependency_count":0,"dependent_count":0,"comment_count":0}',
  '{"_type":"memory","key":"release-cmd","value":"npm run release"}',
];

/** `.beads/interactions.jsonl` of the same project: a status field change and a coord.v1 event recorded through `bd audit record`. */
export const INTERACTION_LINES = [
  '{"id":"int-5d2c0f7e9a4b41c38e6f0a1b2c3d4e5f","kind":"field_change","created_at":"2026-05-02T11:00:00.1234567Z","actor":"amber-otter","issue_id":"demo-a1","extra":{"field":"status","new_value":"in_progress","old_value":"open"}}',
  '{"id":"int-9f8e7d6c5b4a43210fedcba987654321","kind":"coord_event","created_at":"2026-05-02T11:05:00Z","actor":"amber-otter","issue_id":"demo-a1","extra":{"data":{"event_id":"evt_01","event_type":"RESERVE","payload":{"ttl_minutes":30},"project_root":"/repo/demo","scope":"src/release/*"},"version":"coord.v1"}}',
  '{"id":"int-0a1b2c3d4e5f46a7b8c9d0e1f2a3b4c5","kind":"field_change","created_at":"2026-05-02T12:00:00.5Z","actor":"amber-otter","issue_id":"demo-a1","extra":{"field":"status","new_value":"review","old_value":"in_progress"}}',
];

/** `.beads/metadata.json` of an embedded Dolt store, as `Config.Save` writes it (no trailing newline). */
export const EMBEDDED_METADATA = '{\n  "database": "dolt",\n  "backend": "dolt",\n  "dolt_mode": "embedded",\n  "dolt_database": "beads_demo",\n  "project_id": "7c1f0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b"\n}';

/** `.beads/metadata.json` of a server store. */
export const SERVER_METADATA = '{\n  "database": "dolt",\n  "backend": "dolt",\n  "dolt_mode": "server",\n  "dolt_database": "hq"\n}';
