/**
 * The header of one pack entry, read from its first bytes (git's pack format,
 * Documentation/gitformat-pack.txt): the entry's type, its inflated size (4 bits, then 7 a
 * byte), and for a delta where its base is (OFS_DELTA: an offset back from this entry, in
 * git's offset encoding; REF_DELTA: the base's id); then, at the start of a delta's inflated
 * data, the base's size and the result's size. The one reader of both, for the object index
 * (src/lib/git/object-index.ts) and the sizes of the records' history (object-size.ts).
 */

/** The entry types that are objects of their own. */
export const PACK_TYPES: Readonly<Record<number, string>> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };

/** A pack entry's header: an object of its own, or a delta on a base; `dataAt` is where its zlib data starts, from the entry's start. */
export type PackEntryHeader =
  | { kind: 'object'; type: string; size: number; dataAt: number }
  | { kind: 'ofs-delta'; size: number; dataAt: number; baseOffset: number }
  | { kind: 'ref-delta'; size: number; dataAt: number; baseOid: string };

/**
 * Reads the header at the start of `head` (the bytes of the pack from the entry at `offset`;
 * 64 hold any header). Throws with the reason when the bytes are cut or not a valid entry.
 */
export function readPackEntryHeader(head: Buffer, offset: number): PackEntryHeader {
  if (head.length === 0) throw new Error('pack entry past the end of the pack');
  let byte = head[0] as number;
  const type = (byte >> 4) & 7;
  let size = byte & 0x0f;
  let scale = 16;
  let i = 1;
  while (byte & 0x80) {
    if (i >= head.length) throw new Error('pack entry header is cut');
    byte = head[i++] as number;
    size += (byte & 0x7f) * scale;
    scale *= 128;
  }
  const own = PACK_TYPES[type];
  if (own) return { kind: 'object', type: own, size, dataAt: i };
  if (type === 6) {
    if (i >= head.length) throw new Error('pack delta offset is cut');
    byte = head[i++] as number;
    let rel = byte & 0x7f;
    while (byte & 0x80) {
      if (i >= head.length) throw new Error('pack delta offset is cut');
      byte = head[i++] as number;
      rel = (rel + 1) * 128 + (byte & 0x7f);
    }
    if (rel <= 0 || rel > offset) throw new Error('pack delta base out of range');
    return { kind: 'ofs-delta', size, dataAt: i, baseOffset: offset - rel };
  }
  if (type === 7) {
    if (head.length < i + 20) throw new Error('pack delta base id is cut');
    return { kind: 'ref-delta', size, dataAt: i + 20, baseOid: head.toString('hex', i, i + 20) };
  }
  throw new Error(`unknown pack entry type ${type}`);
}

/** Little-endian base-128 varint from `data` at `at` (as git's delta header writes sizes). */
function deltaVarint(data: Buffer, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < data.length; i++) {
    const byte = data[i] as number;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (!(byte & 0x80)) return { value, next: i + 1 };
    if (scale > 2 ** 56) break;
  }
  throw new Error('pack delta header is cut');
}

/** The result's size of a delta, from the start of its inflated data (the base's size comes first). */
export function deltaResultSize(delta: Buffer): number {
  return deltaVarint(delta, deltaVarint(delta, 0).next).value;
}

/**
 * Applies a git delta (the inflated data of an OFS_DELTA or REF_DELTA entry) to its base:
 * the base's and the result's sizes, then instructions, each a copy of a range of the base
 * (high bit set: which offset and size bytes follow in the low bits; a size of 0 is 65,536) or
 * an insert of the next 1-127 bytes. Throws when the delta does not fit its base or its result.
 */
export function applyDelta(delta: Buffer, base: Buffer): Buffer {
  const baseSize = deltaVarint(delta, 0);
  if (baseSize.value !== base.length) throw new Error('pack delta base size differs');
  const resultSize = deltaVarint(delta, baseSize.next);
  const out = Buffer.allocUnsafe(resultSize.value);
  let at = resultSize.next;
  let written = 0;
  while (at < delta.length) {
    const op = delta[at++] as number;
    if (op & 0x80) {
      let offset = 0;
      let size = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += (delta[at++] as number) * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) size += (delta[at++] as number) << (8 * bit);
      if (size === 0) size = 0x10000;
      if (at > delta.length || offset + size > base.length || written + size > out.length) throw new Error('pack delta copy out of range');
      base.copy(out, written, offset, offset + size);
      written += size;
    } else if (op !== 0) {
      if (at + op > delta.length || written + op > out.length) throw new Error('pack delta insert out of range');
      delta.copy(out, written, at, at + op);
      at += op;
      written += op;
    } else throw new Error('pack delta has a reserved instruction');
  }
  if (written !== out.length) throw new Error('pack delta result size differs');
  return out;
}
