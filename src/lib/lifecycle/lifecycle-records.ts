/**
 * The project pipeline's entry to coordination and lifecycle records (spec/input.md section
 * 7): reads every `coord`, `beads` and `babysit-history` file of a project, then builds the
 * coordination, beads and babysit models. One instance per project.
 */
import type { Confinement } from '../fs/confined.ts';
import { stat } from 'node:fs/promises';
import type { DiscoveredFile } from '../model/discovered.ts';
import type { InvalidRecord, SourceFile } from '../model/types.ts';
import { buildBeadsModel } from '../beads/build-beads-model.ts';
import { emptyBeadsRows, readBeadsFile } from '../beads/read-beads-file.ts';
import type { BeadsStore } from '../model/beads.ts';
import { beadsExportOf, isExportCandidate, supersededReason } from '../beads/export-lookup.ts';
import { readBeadsStore } from '../beads/read-beads-store.ts';
import type { BdExportOptions } from '../beads/run-export.ts';
import { readBabysitFile } from '../babysit/read-babysit-file.ts';
import type { BabysitEntry } from '../model/babysit.ts';
import { replayOrder } from '../beads/replay.ts';
import { orderCoordEvents } from '../coord/order.ts';
import { projectCoordination } from '../coord/project-coordination.ts';
import { readCoordFile } from '../coord/read-coord-file.ts';
import { isoOf } from '../text/time.ts';
import type { ReadCoordEvent } from '../coord/read-coord-event.ts';
import type { LifecycleModels } from './lifecycle-counts.ts';
import { formatsWith } from '../formats/format-lookup.ts';

/** The models built from a project's lifecycle records; null where the project has none. */
export type { LifecycleModels } from './lifecycle-counts.ts';

/** Formats this module reads: those with the `lifecycle` trait (src/lib/formats/). */
const LIFECYCLE_FORMATS = formatsWith('lifecycle');

/** What the lifecycle readers know of the project besides the file in hand. */
export interface LifecycleContext {
  /** Every discovered file of the project (the beads export is chosen among them). */
  files?: readonly DiscoveredFile[];
  /** Whether and how to run `bd export` for a `.beads/` folder without an export. */
  bdExport?: BdExportOptions;
}

/** Collects a project's lifecycle records file by file; `finish` builds the models. */
export class LifecycleRecords {
  private readonly coord: ReadCoordEvent[] = [];
  private readonly beads = emptyBeadsRows();
  private readonly babysit: BabysitEntry[] = [];
  private beadsSeen = false;
  private coordSeen = false;
  private store: BeadsStore | null = null;
  /** The `.beads/` JSONL files read, with their valid records (for a store's "read all the same"). */
  private readonly beadsRead: Array<{ file: string; records: number }> = [];
  private readonly exportRel: string | null;
  private readonly bdExport: BdExportOptions | undefined;

  constructor(context: LifecycleContext = {}) {
    this.exportRel = beadsExportOf((context.files ?? []).filter((f) => f.format === 'beads' && f.refused === undefined).map((f) => f.rel));
    this.bdExport = context.bdExport;
  }

  /** True when this module reads the file's format. */
  handles(file: DiscoveredFile): boolean {
    return LIFECYCLE_FORMATS.has(file.format);
  }

  /**
   * Reads one file. A `.beads` folder discovered without an export (a Dolt store) is described
   * (src/lib/beads/read-beads-store.ts), and its export read when bd was run for it; an export
   * name after the first present one (src/lib/beads/export-lookup.ts) is listed as not read.
   * `within`: the confinement files are opened through (src/lib/fs/confined.ts). Rejects only
   * when the file cannot be read at all.
   */
  async read(file: DiscoveredFile, within?: Confinement): Promise<{ source: SourceFile; invalid: InvalidRecord[] }> {
    if (file.format === 'beads') {
      this.beadsSeen = true;
      const info = await stat(file.path);
      if (info.isDirectory()) {
        const read = await readBeadsStore(file, this.bdExport, this.beads, this.coord);
        this.store = read.store;
        return read;
      }
      if (this.exportRel !== null && isExportCandidate(file.rel) && file.rel !== this.exportRel) {
        return { source: { path: file.rel, format: 'beads', bytes: file.bytes, lines: 0, valid: 0, invalid: 0, notRead: supersededReason(file.rel, this.exportRel) }, invalid: [] };
      }
      const result = await readBeadsFile(file.path, file.rel, file.bytes, this.beads, this.coord, within);
      this.beadsRead.push({ file: file.rel, records: result.source.valid });
      return result;
    }
    if (file.format === 'coord') {
      this.coordSeen = true;
      return readCoordFile(file.path, file.rel, file.bytes, this.coord, within);
    }
    return readBabysitFile(file.path, file.rel, file.bytes, this.babysit, within);
  }

  /** Builds the models. Pure over what was read. */
  finish(): LifecycleModels {
    const coordination = this.coord.length > 0 || this.coordSeen ? projectCoordination(orderCoordEvents(this.coord)) : null;
    const hasBeadsRows = Object.values(this.beads).some((list) => list.length > 0);
    const store = this.store ? { ...this.store, alsoRead: this.beadsRead } : null;
    const beads = this.beadsSeen && (hasBeadsRows || store !== null) ? buildBeadsModel(this.beads, store) : null;
    const entries = replayOrder(this.babysit);
    const babysit = entries.length > 0 ? { entries, tickets: [...new Set(entries.map((e) => e.ticket).filter((t) => t !== ''))].sort() } : null;
    return { coordination, beads, babysit };
  }
}

/** The earliest and latest times across the lifecycle models, merged with a trail span. */
export function mergeSpan(span: { from: string; to: string } | null, models: LifecycleModels): { from: string; to: string } | null {
  const spans = [span, models.coordination?.span ?? null, models.beads?.span ?? null];
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const e of models.babysit?.entries ?? []) {
    if (e.time === null) continue;
    from = Math.min(from, e.time);
    to = Math.max(to, e.time);
  }
  if (from <= to) spans.push({ from: isoOf(from), to: isoOf(to) });
  const present = spans.filter((s): s is { from: string; to: string } => s !== null);
  if (present.length === 0) return null;
  return { from: present.map((s) => s.from).sort()[0] as string, to: present.map((s) => s.to).sort().at(-1) as string };
}
