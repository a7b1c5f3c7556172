/**
 * The reader of a `.beads/` folder discovered without a JSONL export (issue 18): describes
 * the store (`beads-store.ts`) and lists the folder as not read with the command that writes
 * the export; when the configuration asks for it and the store is one bd can open without a
 * server (embedded Dolt, SQLite), runs the export (`run-export.ts`) and reads its output as
 * the export, under the name {@link BD_EXPORT_LABEL}. The folder's JSONL files
 * (`interactions.jsonl` with its coord.v1 events and field changes, `backup/*.jsonl`) are
 * read by their own entries as always.
 */
import type { DiscoveredFile } from '../model/discovered.ts';
import type { InvalidRecord, SourceFile } from '../model/types.ts';
import type { ReadCoordEvent } from '../coord/read-coord-event.ts';
import { describeStore, readStoreFacts, storeSentence } from './beads-store.ts';
import { readBeadsFile, type BeadsRows } from './read-beads-file.ts';
import { EXPORT_ARGS, runBdExport, type BdExportOptions } from './run-export.ts';
import type { BeadsStore } from '../model/beads.ts';

/** The file name records read from Trailbook's own run of `bd export` carry (there is no such file in the input). */
export const BD_EXPORT_LABEL = '.beads (bd export)';

/** Stores bd opens without a database server. */
const RUNNABLE: ReadonlySet<BeadsStore['kind']> = new Set(['embedded', 'sqlite']);

/** Reads the folder `file` (format `beads`, a directory). Never rejects. */
export async function readBeadsStore(file: DiscoveredFile, bdExport: BdExportOptions | undefined, rows: BeadsRows, coord: ReadCoordEvent[]): Promise<{ source: SourceFile; invalid: InvalidRecord[]; store: BeadsStore }> {
  const facts = await readStoreFacts(file.path);
  let store = describeStore(file.rel, facts);
  const notRead = (s: BeadsStore): { source: SourceFile; invalid: InvalidRecord[]; store: BeadsStore } => ({ source: { path: file.rel, format: 'beads', bytes: 0, lines: 0, valid: 0, invalid: 0, notRead: storeSentence(s) }, invalid: [], store: s });
  if (!bdExport?.run) return notRead(store);
  const command = `bd ${EXPORT_ARGS.join(' ')}`;
  if (!RUNNABLE.has(store.kind)) {
    const reason = store.kind === 'none' ? 'the folder holds no database to export from' : 'the store is served by a Dolt server, and Trailbook starts no database server and connects to none';
    return notRead({ ...store, run: { ok: false, command, reason } });
  }
  const run = await runBdExport(file.path, bdExport);
  if (!run.ok) return notRead({ ...store, run: { ok: false, command: run.command, reason: run.reason } });
  try {
    const issuesBefore = rows.issues.length;
    const result = await readBeadsFile(run.file, BD_EXPORT_LABEL, run.bytes, rows, coord);
    store = { ...store, run: { ok: true, command: run.command, issues: rows.issues.length - issuesBefore, lines: result.source.lines } };
    return { ...result, store };
  } finally {
    await run.dispose();
  }
}
