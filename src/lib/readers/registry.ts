/**
 * The reader of each discovered file, by its format's descriptor (src/lib/formats/; formats
 * and where each is found: docs/input-format.md): the format's own `read` when it brings one;
 * the lifecycle records' reader for a `lifecycle` format, a later reading for a `quality` one
 * (design and verdict files link to trail rows); else the built-in reader bound to its id
 * below, which needs the file system (descriptors do not import it: the recap built in the
 * browser names formats through them). `analyseProject` calls the reader of each file and
 * never names formats itself.
 */
import type { DiscoveredFile } from '../model/discovered.ts';
import type { SourceFormat } from '../model/types.ts';
import { readBbsTrail } from '../adapters/bbs-trail.ts';
import { readPstackTrail } from '../adapters/pstack-trail.ts';
import { readAuditFile } from '../adapters/audit-file.ts';
import { readHandover } from '../handover/read-handover.ts';
import type { ProjectRecords } from './project-records.ts';
import { RefusedRead, type Confinement } from '../fs/confined.ts';
import { formatOf } from '../formats/format-lookup.ts';
import { BINARY_SNIFF_BYTES, binaryReason } from '../text/lines.ts';

/**
 * Reads one discovered file into the project's records. May reject only when the file cannot
 * be read at all (the caller records `source/unreadable`); bad content becomes invalid records.
 */
export type RecordReader = (file: DiscoveredFile, into: ProjectRecords, within: Confinement) => Promise<void>;

const lifecycle: RecordReader = async (file, into, within) => {
  const result = await into.lifecycle.read(file, within);
  into.addSource(result.source, result.invalid);
};

/** Arena and verdict files link to trail rows, so they are read once every trail is (`readQuality`). */
const afterTrails: RecordReader = async (file, into) => {
  into.qualityFiles.push(file);
};

/** The built-in readers of the formats that read files of their own (trails, the audit, the handover report). */
const BUILT_IN_READERS: Readonly<Partial<Record<SourceFormat, RecordReader>>> = {
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
};

/** The reader of a format, or undefined for one that is not a file of its own (telemetry, the config) or unknown. */
export function readerOf(format: string): RecordReader | undefined {
  const descriptor = formatOf(format);
  if (descriptor === undefined) return undefined;
  if (descriptor.read) return descriptor.read;
  if (descriptor.traits.lifecycle) return lifecycle;
  if (descriptor.traits.quality) return afterTrails;
  return BUILT_IN_READERS[descriptor.id];
}

/** Record files read line by line (JSON Lines, TSV): the ones a binary file would split into garbage lines. */
const LINE_FILE = /\.(?:jsonl|tsv)$/i;

/** The first {@link BINARY_SNIFF_BYTES} bytes of a file, opened through `within`. */
async function fileStart(path: string, within: Confinement): Promise<Uint8Array> {
  const { handle } = await within.open(path);
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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
    const reader = readerOf(file.format);
    if (reader === undefined) continue;
    try {
      // A binary file named like a line record file (random bytes, a PNG renamed) is one invalid
      // record, not one per line its bytes happen to hold.
      const binary = LINE_FILE.test(file.path) ? binaryReason(await fileStart(file.path, within)) : null;
      if (binary !== null) {
        into.addSource({ path: file.rel, format: file.format, bytes: file.bytes, lines: 0, valid: 0, invalid: 1 }, [{ file: file.rel, line: 0, kind: 'source/binary', error: `${file.rel} is binary (${binary}): not read as records`, raw: '' }]);
        continue;
      }
      await reader(file, into, within);
    } catch (error) {
      const why = error instanceof RefusedRead ? `it ${error.why}` : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      into.addSource({ path: file.rel, format: file.format, bytes: file.bytes, lines: 0, valid: 0, invalid: 1 }, [{ file: file.rel, line: 0, kind: 'source/unreadable', error: `${file.rel} cannot be read: ${why}`, raw: '' }]);
    }
  }
}
