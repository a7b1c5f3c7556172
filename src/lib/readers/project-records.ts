/**
 * What a project's record readers collect, file by file, before evidence is resolved and the
 * checks run (spec/input.md sections 1–7). One instance per project; each reader in
 * `registry.ts` adds what it read to it.
 */
import type { DiscoveredFile } from '../model/discovered.ts';
import type { AuditInfo, Flag, InvalidRecord, SourceFile, TelemetryRow } from '../model/types.ts';
import type { ParsedRow, TrailFileResult } from '../adapters/parsed-row.ts';
import type { HandoverReport } from '../model/handover.ts';
import { LifecycleRecords, type LifecycleContext } from '../lifecycle/lifecycle-records.ts';

/** A file-level finding that is not about one invalid line (a missing TSV header, an empty file). */
export interface SourceWarning {
  kind: string;
  /** Path relative to the project root. */
  file: string;
  /** 1-based line, or 0 for the whole file. */
  line: number;
  message: string;
  /** `trail/tsv-header-grew`: the rows read with trailing cells blank, and how many cells each has. */
  rows?: Array<{ line: number; cells: number }>;
}

/** The records of one project, as its readers hand them over. */
export class ProjectRecords {
  /** Every source file, in the order read, with its line accounting. */
  readonly sources: SourceFile[] = [];
  readonly invalid: InvalidRecord[] = [];
  /** Trail rows before evidence resolution; `index` is the row's position across the project's trails. */
  readonly rows: ParsedRow[] = [];
  readonly telemetry: TelemetryRow[] = [];
  readonly warnings: SourceWarning[] = [];
  /** Coordination and lifecycle records (coord.v1, beads, babysit), modelled by `lifecycle.finish()`. */
  readonly lifecycle: LifecycleRecords;
  /** Design-arena and verdict files: read after the trail rows, which they link to (`src/lib/quality/read-quality.ts`). */
  readonly qualityFiles: DiscoveredFile[] = [];
  audit: AuditInfo = { present: false };
  /** Layer-2 flags from `audit.json` (decision trail, Part 2). */
  reviewFlags: Flag[] = [];
  handover: HandoverReport | null = null;

  /** `context`: what the lifecycle readers need beyond each file (the project's files, the bd export setting). */
  constructor(context: LifecycleContext = {}) {
    this.lifecycle = new LifecycleRecords(context);
  }

  /** Adds one file's invalid records and its accounting. */
  addSource(source: SourceFile, invalid: readonly InvalidRecord[] = []): void {
    // Loops, not push(...list): a file of a million lines would overflow the call stack.
    for (const r of invalid) this.invalid.push(r);
    this.sources.push(source);
  }

  /** Adds everything read from one trail file (rows get their project-wide `index`). */
  addTrail(file: string, result: TrailFileResult): void {
    for (const row of result.rows) this.rows.push({ ...row, index: this.rows.length });
    for (const t of result.telemetry) this.telemetry.push(t);
    for (const w of result.warnings) this.warnings.push({ ...w, file });
    this.addSource(result.source, result.invalid);
  }
}
