/**
 * The record readers, one per source format (spec/input.md sections 1–7; formats and where
 * each is found: docs/input-format.md). A new format is one reader module and one line here;
 * `analyseProject` calls the reader of each discovered file's format and never names formats
 * itself. The type makes the table exhaustive: a format added to `SourceFormat` without a
 * reader does not compile.
 */
import type { DiscoveredFile } from '../model/discovered.ts';
import type { SourceFormat } from '../model/types.ts';
import { readBbsTrail } from '../adapters/bbs-trail.ts';
import { readPstackTrail } from '../adapters/pstack-trail.ts';
import { readAuditFile } from '../adapters/audit-file.ts';
import { readHandover } from '../handover/read-handover.ts';
import type { ProjectRecords } from './project-records.ts';
import { RefusedRead, type Confinement } from '../fs/confined.ts';

/**
 * Reads one discovered file into the project's records. May reject only when the file cannot
 * be read at all (the caller records `source/unreadable`); bad content becomes invalid records.
 */
export type RecordReader = (file: DiscoveredFile, into: ProjectRecords, within: Confinement) => Promise<void>;

/** Formats that are not files of their own: telemetry rows come out of trails, the config is read before the records. */
type DerivedFormat = 'babysit-telemetry' | 'project-config';

const lifecycle: RecordReader = async (file, into, within) => {
  const result = await into.lifecycle.read(file, within);
  into.addSource(result.source, result.invalid);
};

/** Arena and verdict files link to trail rows, so they are read once every trail is (`readQuality`). */
const afterTrails: RecordReader = async (file, into) => {
  into.qualityFiles.push(file);
};

/** The reader of each discovered format. */
export const RECORD_READERS: Readonly<Record<Exclude<SourceFormat, DerivedFormat>, RecordReader>> = {
  'bbs-trail': async (file, into, within) => into.addTrail(file.rel, await readBbsTrail(file.path, file.rel, file.bytes, within)),
  'pstack-trail': async (file, into, within) => into.addTrail(file.rel, await readPstackTrail(file.path, file.rel, file.bytes, within)),
  audit: async (file, into, within) => {
    const result = await readAuditFile(file.path, file.rel, file.bytes, within);
    into.audit = result.audit;
    into.reviewFlags = result.flags;
    into.addSource(result.source, result.invalid);
  },
  handover: async (file, into, within) => {
    const result = await readHandover(file.path, file.rel, file.bytes, within);
    into.handover = result.handover;
    into.addSource(result.source, result.invalid);
  },
  coord: lifecycle,
  beads: lifecycle,
  'babysit-history': lifecycle,
  arena: afterTrails,
  verdicts: afterTrails,
};

/**
 * Formats whose files make claims (trails, the audit, the handover report): never evidence
 * for anything, not even through a link or a hard link (docs/security.md, "Claims that vouch
 * for themselves"; `claims` in src/lib/evidence/resolve.ts).
 */
export const CLAIM_FORMATS: ReadonlySet<SourceFormat> = new Set<SourceFormat>(['bbs-trail', 'pstack-trail', 'audit', 'handover']);

/**
 * Reads every file of a project into `into`, in discovery order, each opened through
 * `within` (the input folder: a file whose real path leaves it or is inside a `.git`, even
 * one swapped for a link after discovery, is refused: src/lib/fs/confined.ts). Never throws:
 * a file the walk refused (a link out of the input, a loop) or that cannot be read becomes a
 * `source/unreadable` invalid record at line 0 and is still listed among the sources.
 */
export async function readProjectFiles(files: readonly DiscoveredFile[], into: ProjectRecords, within: Confinement): Promise<void> {
  for (const file of files) {
    if (file.refused !== undefined) {
      into.addSource({ path: file.rel, format: file.format, bytes: 0, lines: 0, valid: 0, invalid: 1 }, [{ file: file.rel, line: 0, kind: 'source/unreadable', error: `${file.rel} was not read: ${file.refused}`, raw: '' }]);
      continue;
    }
    const reader = RECORD_READERS[file.format as Exclude<SourceFormat, DerivedFormat>];
    if (reader === undefined) continue;
    try {
      await reader(file, into, within);
    } catch (error) {
      const why = error instanceof RefusedRead ? `it ${error.why}` : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      into.addSource({ path: file.rel, format: file.format, bytes: file.bytes, lines: 0, valid: 0, invalid: 1 }, [{ file: file.rel, line: 0, kind: 'source/unreadable', error: `${file.rel} cannot be read: ${why}`, raw: '' }]);
    }
  }
}
