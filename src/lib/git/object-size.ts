/**
 * An object's size in bytes without reading the object (issue 15: the records' git history
 * checks an append-only trail by hashing prefixes of its current text, not by inflating every
 * version). Read from the header of a loose object (its first inflated bytes) or of a pack
 * entry; a delta entry's size is the result size at the start of its delta data, as
 * `git cat-file --batch-check` reports it. Every read goes through the repository's
 * confinement (src/lib/git/git-directory.ts): regular files inside its git directory only.
 */
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import type { Confinement } from '../fs/confined.ts';
import type { ObjectIndex } from './object-index.ts';
import { deltaResultSize, readPackEntryHeader } from './pack-entry.ts';

/** Reads `length` bytes at `offset` of a file inside the confinement. */
async function readAt(files: Confinement, path: string, offset: number, length: number): Promise<Buffer> {
  const { handle } = await files.open(path);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Inflates the start of a zlib stream (as many bytes as `data` holds). */
const inflateStart = (data: Buffer): Buffer => inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH });

/**
 * The size of the object `oid` (a full id the index holds), read through `files` (the
 * repository's confinement). Throws with the reason when the bytes are not a valid object
 * header, or the file is refused.
 */
export async function objectSize(index: ObjectIndex, files: Confinement, oid: string): Promise<number> {
  const location = index.locate(oid);
  if (location === null) throw new Error(`object ${oid.slice(0, 12)} is not in the repository`);
  if ('loose' in location) {
    const header = inflateStart(await readAt(files, location.loose, 0, 512));
    const match = /^(?:blob|tree|commit|tag) (\d+)\0/.exec(header.toString('latin1', 0, Math.min(header.length, 64)));
    if (!match) throw new Error('loose object header is not valid');
    return Number(match[1]);
  }
  const entry = readPackEntryHeader(await readAt(files, location.pack, location.offset, 96), location.offset);
  if (entry.kind === 'object') return entry.size;
  return deltaResultSize(inflateStart(await readAt(files, location.pack, location.offset + entry.dataAt, 256)));
}
