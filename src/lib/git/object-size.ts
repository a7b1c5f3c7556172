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

/** Reads a git varint (7 bits a byte, low bits first) at `i`; returns the value and the next index. */
function varint(bytes: Buffer, i: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (i >= bytes.length) throw new Error('size varint is cut');
    const byte = bytes[i++] as number;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return { value, next: i };
  }
}

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
  const head = await readAt(files, location.pack, location.offset, 96);
  let byte = head[0] as number;
  const type = (byte >> 4) & 7;
  let size = byte & 0x0f;
  let shift = 4;
  let i = 1;
  while (byte & 0x80) {
    if (i >= head.length) throw new Error('pack entry header is cut');
    byte = head[i++] as number;
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  }
  if (type >= 1 && type <= 4) return size;
  if (type === 6) {
    // OFS_DELTA: skip the base offset.
    do {
      if (i >= head.length) throw new Error('pack delta offset is cut');
      byte = head[i++] as number;
    } while (byte & 0x80);
  } else if (type === 7) i += 20;
  else throw new Error(`unknown pack entry type ${type}`);
  const delta = inflateStart(await readAt(files, location.pack, location.offset + i, 256));
  const base = varint(delta, 0);
  return varint(delta, base.next).value;
}
