/**
 * The shared model every adapter produces and every check, projection and page reads.
 *
 * Adapters (src/lib/adapters/) turn bytes into these shapes; checks (src/lib/checks/) only
 * read them and return {@link Flag}s; pages only render them. Nothing here does I/O.
 */
import type { ArenaModel } from './arena.ts';
import type { VerdictsModel } from './verdicts.ts';
import type { CoordinationModel } from './coord.ts';
import type { BeadsModel } from './beads.ts';
import type { BabysitModel } from './babysit.ts';
import type { HandoverReport } from './handover.ts';
import type { EvidencePointer, EvidenceStatus } from './evidence.ts';

export type { EvidenceKind, EvidencePointer, EvidenceStatus, EvidenceTarget, RangeEnd } from './evidence.ts';

/** Source formats Trailbook reads (`coord`, `beads` and `babysit-history`: spec/input.md section 7). */
export type SourceFormat =
  | 'bbs-trail'
  | 'pstack-trail'
  | 'babysit-telemetry'
  | 'audit'
  | 'project-config'
  | 'beads'
  | 'arena'
  | 'verdicts'
  | 'coord'
  | 'babysit-history'
  | 'handover';

/** Normalised class of a row's free-text `result` (decision trail, Part 1, `result`). */
export type ResultClass =
  | 'verified'
  | 'failed'
  | 'open'
  | 'inconclusive'
  | 'reverted'
  | 'skipped'
  | 'note';

/** One valid decision-trail row, from a bbs `decisions.jsonl` or a pstack TSV trail. */
export interface TrailRow {
  /** The row's id: the `id` field for bbs rows, the computed id for pstack rows. */
  id: string;
  /** first 8 hex of sha256(ts + ticket + decision) (decision trail, Part 1, row schema). */
  computedId: string;
  /** Unique, stable HTML anchor for this row inside its project recap (`row-<id>`). */
  anchor: string;
  format: 'bbs-trail' | 'pstack-trail';
  /** Path of the trail file relative to the project root, `/`-separated. */
  file: string;
  /** 1-based physical line number in `file`. */
  line: number;
  /** 0-based position among the file's valid rows (file order). */
  index: number;
  ts: string;
  /** Milliseconds since the epoch, or null when `ts` does not parse. */
  time: number | null;
  phase: string;
  ticket: string;
  actor: string;
  decision: string;
  why: string;
  /** The evidence cell as written. */
  evidenceText: string;
  evidence: EvidencePointer[];
  result: string;
  resultClass: ResultClass;
  supersedes?: string;
  /** Ids of later rows that supersede this one; a row with any is hidden by default. */
  supersededBy: string[];
  /** Size of the raw line in bytes (UTF-8, without the line break). */
  bytes: number;
  /** Fields the schema does not know, kept and shown raw. */
  extra: Record<string, unknown>;
}

/** A babysit analytics row: telemetry, not an evidenced decision (decision trail, Problem). */
export interface TelemetryRow {
  file: string;
  line: number;
  ts: string;
  kind: string;
  summary: string;
  fields: Record<string, unknown>;
}

/** A line or block that failed validation; kept with its raw text and shown in the recap. */
export interface InvalidRecord {
  /** Path relative to the project root. */
  file: string;
  /** 1-based line (or the first line of a block). 0 when the whole file is unreadable. */
  line: number;
  /** What is wrong, naming the field when one is at fault. */
  error: string;
  /** Stable id of the fault (`trail/not-json`, `trail/missing-field`, ...); becomes a flag kind. */
  kind: string;
  /** The raw text, possibly truncated to {@link RAW_TEXT_LIMIT} characters. */
  raw: string;
  /**
   * Cells of a malformed TSV row that its header still tells apart (`evidence`, `result`,
   * `ts`, `phase`), each as written (formula guard removed); absent when none can be placed.
   */
  fields?: Record<string, string>;
  /** The `evidence` field, classified and resolved like a row's (its faults are flagged too). */
  evidence?: EvidencePointer[];
  /**
   * Set on a summary: the number of further records of this kind it stands for, not listed one
   * by one (a project lists at most `MAX_PER_KIND` of one kind: src/lib/bounds/kind-bounds.ts).
   * `file` and `line` are the first of them.
   */
  omitted?: number;
}

/** Raw text kept for invalid records is capped at this many characters (UTF-16 units). */
export const RAW_TEXT_LIMIT = 4096;

export type Severity = 'high' | 'medium' | 'low';

/**
 * Which layer raised a flag. `evidence` and `trail` are Trailbook's deterministic layer 1
 * (decision trail, Part 2 layer 1); `review` is the layer-2 reviewer, read from `audit.json`.
 */
export type FlagLayer = 'evidence' | 'trail' | 'audit' | 'review' | 'arena' | 'verdicts' | 'coordination' | 'history';

/** A place in a source file a flag points at. */
export interface FlagLocation {
  file: string;
  line: number;
}

/**
 * A finding that needs a person (decision trail, Part 3). A flag is data, never an exception.
 * `kind` is the stable id of the check that raised it (`evidence/commit-not-found`) or, for
 * layer-2 flags, the reviewer's kind (`unsupported-claim`, ...).
 */
export interface Flag {
  layer: FlagLayer;
  severity: Severity;
  kind: string;
  /** Ids of the rows the flag is about (may be empty, e.g. a line that is not JSON). */
  rows: string[];
  summary: string;
  /** For layer-2 flags: the path, SHA or row id the flag rests on. */
  evidence?: string;
  /** Source locations (file:line) the flag is about, in file order. */
  at: FlagLocation[];
  /**
   * Set on a summary: the number of flags of this kind it stands for, not listed one by one
   * (src/lib/bounds/kind-bounds.ts). `at` is the first of them.
   */
  omitted?: number;
  /** For history flags (src/lib/trail/): the record's text as it was committed earlier, at most 4,096 characters. */
  earlierText?: string;
}

/** One source file read for a project, with its line accounting. */
export interface SourceFile {
  /** Path relative to the project root. */
  path: string;
  format: SourceFormat;
  bytes: number;
  /** Physical lines read (a final line break does not open a new line). */
  lines: number;
  /** Records accepted. For line formats: valid + invalid === lines (header counted as valid). */
  valid: number;
  invalid: number;
  /** Header lines among `valid` (a pstack TSV's column names); absent when none. */
  headers?: number;
  /** Set when the file is discovered but its reader has not landed yet ("not read yet"). */
  notRead?: string;
  /**
   * Set on a summary: the number of files of this format it stands for, not listed one by one
   * (src/lib/bounds/kind-bounds.ts); `bytes`, `lines`, `valid` and `invalid` are their sums.
   */
  files?: number;
}

/** The canonical repository of a project (spec/input.md section 1). */
export interface RepositoryInfo {
  /** Stable id used in archive URLs (`/r/<id>/...`), or null when there is none. */
  id: string | null;
  /** Display path of the repository (relative to the input root's parent), or null. */
  path: string | null;
  /** Full SHA of the landed head, or null when unknown. */
  head: string | null;
  /** Where the head came from: `config` (trailbook.json `head`), `HEAD`, or null. */
  headSource: 'config' | 'HEAD' | null;
  /** Why git-backed checks are inconclusive, when they are ("no repository"). */
  problem: string | null;
}

/** `audit.json`, read (decision trail, Part 2, Result file). */
export type AuditInfo =
  | { present: false }
  | {
      present: true;
      valid: boolean;
      file: string;
      status: 'ran' | 'not-run' | 'failed' | null;
      reason: string;
      reviewer: string;
      at: string;
      /** Layer-2 flag count as read from the file. */
      flagCount: number;
      error?: string;
    };

/**
 * A project's counts, as every surface shows them: computed once by `projectCounts`
 * (src/lib/projections/counts.ts, which says what each counts).
 */
export interface ProjectCounts {
  /** Valid decision rows, superseded ones included. */
  rows: number;
  /** Rows hidden because a later row supersedes them. */
  superseded: number;
  /** Invalid records of every source. */
  invalid: number;
  telemetry: number;
  /** Flags per severity, both layers. */
  flags: Record<Severity, number>;
  /** Flags per severity of each layer: `layer1` Trailbook's own checks, `layer2` the reviewer's (audit.json). */
  flagLayers: { layer1: Record<Severity, number>; layer2: Record<Severity, number> };
  /** Evidence pointers of decision rows per status. */
  evidence: Record<EvidenceStatus, number>;
  /** Evidence pointers of every record (decision rows, QA criteria, review-finding locations) by outcome. */
  pointers: { verified: number; failed: number; notCheckable: number };
  /** Rows whose result is not `verified`. */
  resultNotVerified: number;
  /** Rows listed under Check first. */
  checkFirst: number;
  /** Blockers still open when the records end (src/lib/projections/open-blockers.ts). */
  openBlockers: number;
  /** Rows per source format. */
  rowsByFormat: Partial<Record<SourceFormat, number>>;
}

/** A row that cites a commit or file, for the evidence pages' "cited by" lists. */
export interface Citation {
  rowId: string;
  anchor: string;
  /** The row's decision, cut to 120 characters. */
  decision: string;
}

/** A commit cited by evidence, with the rows citing it. */
export interface CitedCommit {
  oid: string;
  by: Citation[];
  /** Set when the commit is not an ancestor of the project's landed head (`evidence/commit-not-landed`). */
  notLanded?: true;
}

/** A file cited by evidence, with the line ranges cited and the rows citing it. */
export interface CitedFile {
  path: string;
  origin: 'repository' | 'artifact';
  ranges: Array<{ from: number; to: number }>;
  by: Citation[];
}

/** Everything Trailbook knows about one project after parse and check. */
export interface ProjectModel {
  /** Stable URL-safe id, unique in the archive. */
  id: string;
  title: string;
  /** Display path of the project folder (relative to the input root's parent). */
  root: string;
  /** Source kinds present (`bbs-trail`, `pstack-trail`, `audit`, ...). */
  sources: SourceFile[];
  repository: RepositoryInfo;
  rows: TrailRow[];
  /** True when file order and time order of the rows differ (pstack trails often do). */
  outOfTimeOrder: boolean;
  telemetry: TelemetryRow[];
  audit: AuditInfo;
  flags: Flag[];
  invalid: InvalidRecord[];
  /** Earliest and latest times (ISO strings) of the timed records: trail rows, premise rows, coord events, beads and babysit entries; null when none has a time. */
  span: { from: string; to: string } | null;
  cited: { commits: CitedCommit[]; files: CitedFile[] };
  counts: ProjectCounts;
  /** The design arena (quality-and-design-controls.md, section 2), or null when there is none. */
  arena?: ArenaModel | null;
  /** QA verdicts, review findings, repair loops (sections 1, 3, 4), or null when there are none. */
  verdicts?: VerdictsModel | null;
  /** coord.v1 events and their projections (bd-audit-coordination-schema.md), or null when there are none. */
  coordination?: CoordinationModel | null;
  /** beads issues with their replayed lifecycle (spec/input.md section 7), or null when there is no `.beads/`. */
  beads?: BeadsModel | null;
  /** The handover report (`handover.md`, sanitised), or null when there is none (spec/archive.md recap item 5). */
  handover?: HandoverReport | null;
  /** babysit ticket history and workflow timeline rows (spec/input.md section 7), or null when there are none. */
  babysit?: BabysitModel | null;
}
