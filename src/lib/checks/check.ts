/**
 * The shape of a check. Each check is one module with a stable id (its path under
 * src/lib/checks/, e.g. `trail/duplicate-id`), a severity and a one-line rule. Checks only
 * read the model and return flags; they never throw and never do I/O.
 */
import type { Flag, FlagLayer, InvalidRecord, Severity, TrailRow } from '../model/types.ts';
import type { AuditInfo, RepositoryInfo } from '../model/types.ts';
import type { ArenaModel } from '../model/arena.ts';
import type { VerdictsModel } from '../model/verdicts.ts';
import type { CoordinationModel } from '../model/coord.ts';
import type { BeadsModel } from '../model/beads.ts';
import type { RecordHistory } from '../trail/record-history.ts';
import type { FoundSecret } from '../secrets/found-secrets.ts';
import type { CommitTime } from '../evidence/commit-times.ts';
import { firstWords } from '../text/first-words.ts';

/** What layer-1 checks read: the project's rows (file order), invalid records and audit. */
export interface TrailCheckInput {
  rows: readonly TrailRow[];
  invalid: readonly InvalidRecord[];
  /** File-level warnings from the adapters (a missing TSV header). */
  warnings: ReadonlyArray<{ kind: string; file: string; line: number; message: string; rows?: ReadonlyArray<{ line: number; cells: number }> }>;
  audit: AuditInfo;
  /** Layer-2 flags read from audit.json. */
  reviewFlags: readonly Flag[];
  /** The design arena, when the project has one (quality-and-design-controls.md, section 2). */
  arena?: ArenaModel | null;
  /** QA verdicts, review findings and repair loops (quality-and-design-controls.md, sections 1, 3, 4). */
  verdicts?: VerdictsModel | null;
  /** coord.v1 events and projections (bd-audit-coordination-schema.md), when the project has any. */
  coordination?: CoordinationModel | null;
  /** beads issues with their replayed lifecycle (spec/input.md section 7), when the project has any. */
  beads?: BeadsModel | null;
  /** The canonical repository as resolved (spec/input.md section 1). */
  repository?: RepositoryInfo;
  /** The git history of the project's committed record files (src/lib/trail/record-history.ts). */
  recordHistory?: readonly RecordHistory[];
  /** When the commits rows cite by SHA were made (src/lib/evidence/commit-times.ts), by full SHA: for `evidence/commit-after-row`. */
  commitTimes?: ReadonlyMap<string, CommitTime>;
  /** The secrets found in the records and their cited evidence (src/lib/secrets/), and whether they are redacted. */
  secrets?: { found: readonly FoundSecret[]; redacted: boolean };
}

/** A documented kind a check can raise. */
export interface FlagKind {
  /** Stable id, `<area>/<name>`. */
  kind: string;
  severity: Severity;
  layer: FlagLayer;
  /** The rule, in one line, as docs/checks.md states it. */
  rule: string;
  /** Where the rule comes from (a seed part or spec section). */
  source: string;
}

/** A check: the kinds it can raise and the function that raises them. */
export interface Check {
  id: string;
  kinds: readonly FlagKind[];
  run(input: TrailCheckInput): Flag[];
}

/** Builds a flag of a documented kind. */
export function flagOf(kind: FlagKind, summary: string, rows: TrailRow[] | string[], at: Array<{ file: string; line: number }> = []): Flag {
  const ids = rows.map((r) => (typeof r === 'string' ? r : r.id));
  const locations = at.length > 0 ? at : rows.flatMap((r) => (typeof r === 'string' ? [] : [{ file: r.file, line: r.line }]));
  return { layer: kind.layer, severity: kind.severity, kind: kind.kind, rows: ids, summary, at: locations };
}

/**
 * `“decision text”` shortened for summaries: its words, whitespace collapsed to one space, cut
 * to `max` characters with `…`; reads only the words it shows ({@link firstWords}).
 */
export function quote(text: string, max = 60): string {
  return `“${firstWords(text, max)}”`;
}

/**
 * Names rows in flag summaries: `row 2aafcc90 “Ship the parser”`, and, when another row of the
 * trail has the same id (a `trail/duplicate-id`), its line too — `row 2aafcc90 (line 24) “…”` —
 * so two flags on two rows never read the same. `rows` is every row of the trail; the
 * duplicates are found once, in O(rows).
 */
export function rowNamer(rows: readonly TrailRow[]): (row: TrailRow, max?: number) => string {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.id)) shared.add(r.id);
    seen.add(r.id);
  }
  return (row, max = 50) => `row ${row.id}${shared.has(row.id) ? ` (line ${row.line})` : ''} ${quote(row.decision, max)}`;
}

