/**
 * Discovery of beads folders (spec/input.md sections 1 and 7): every `*.jsonl` inside a
 * `.beads/` folder (also `backup/`) is a beads file of the project holding the folder; a
 * `.beads/` folder without an issue export (issues.jsonl, beads.jsonl, beads.base.jsonl:
 * src/lib/beads/export-lookup.ts) is listed too, as its store (a Dolt database), beside
 * whatever JSONL it has (the audit log, backup tables). Coord streams and babysit history are
 * found by name or content like any format (src/lib/formats/coord.ts, babysit-history.ts).
 */
import { dirname, sep } from 'node:path';
import type { SourceFormat } from '../model/types.ts';
import type { WalkEntry } from '../fs/walk.ts';
import { BEADS_FOLDER } from '../formats/beads.ts';
import { BEADS_EXPORT_NAMES } from '../beads/export-lookup.ts';

const EXPORT_NAMES: ReadonlySet<string> = new Set(BEADS_EXPORT_NAMES);

/** Adds a record file to the project in `dir` (discovery's own `add`). */
export type AddRecord = (dir: string, slug: string | null, path: string, format: SourceFormat, bytes: number) => void;

/** The project folder holding the `.beads` folder `dir` is in (or is), or null. */
export function beadsProjectOf(dir: string): string | null {
  const parts = dir.split(sep);
  const at = parts.lastIndexOf(BEADS_FOLDER);
  return at > 0 ? parts.slice(0, at).join(sep) || sep : null;
}

/** Collects beads folders during one walk; `finish` adds the stores. */
export class LifecycleFiles {
  private readonly beadsFolders: string[] = [];
  /** Projects whose `.beads/` holds an issue export. */
  private readonly withExport = new Set<string>();

  /**
   * Notes a `.beads` folder; returns whether the walk descends into a folder. Inside `.beads`
   * only `backup/` is walked (a Dolt database folder can hold thousands of files).
   */
  folder(entry: WalkEntry): boolean {
    if (entry.name === BEADS_FOLDER) {
      this.beadsFolders.push(entry.path);
      return true;
    }
    const project = beadsProjectOf(entry.parent);
    return project === null || (entry.name === 'backup' && beadsProjectOf(dirname(entry.parent)) === null);
  }

  /** Takes a file inside a `.beads` folder (adding it when it is JSONL); returns false for any other file. */
  beadsFile(entry: WalkEntry, add: AddRecord): boolean {
    const project = beadsProjectOf(entry.parent);
    if (project === null) return false;
    if (entry.name.endsWith('.jsonl')) {
      add(project, null, entry.path, 'beads', entry.bytes);
      if (EXPORT_NAMES.has(entry.name) && beadsProjectOf(dirname(entry.parent)) === null) this.withExport.add(project);
    }
    return true;
  }

  /** Adds each `.beads` folder without an issue export, as its store. */
  async finish(add: AddRecord): Promise<void> {
    for (const folder of this.beadsFolders) {
      const project = dirname(folder);
      if (!this.withExport.has(project)) add(project, null, folder, 'beads', 0);
    }
  }
}
