/**
 * A word's or a facet value's postings as the engine reads them (format.ts: a posting block):
 * documents, field codes (`1 << bestField | firstPosition << 4`, null for a facet term; a block
 * stores `bestField | firstPosition << 2`, format.ts) and facet code words, in typed arrays.
 */

/** One term's postings, in document order. */
export interface Postings {
  docs: Uint32Array;
  fields: Uint32Array | null;
  words: Float64Array;
}

/**
 * Decodes a term's posting blocks (format.ts; all numbers unsigned LEB128 varints), in order,
 * into `n` postings. Throws a RangeError when a block ends inside a varint.
 */
export function decodePostings(blocks: readonly Uint8Array[], n: number): Postings {
  const docs = new Uint32Array(n);
  let fields: Uint32Array | null = null;
  const words = new Float64Array(n);
  let at = 0;
  for (const block of blocks) {
    // Varints read inline (this loop runs once per posting of every word searched).
    let o = 0;
    const next = (): number => {
      let b = block[o++] as number;
      if (b < 0x80) return b;
      let result = b & 0x7f;
      let scale = 0x80;
      for (;;) {
        b = block[o++] as number;
        if (b === undefined) throw new RangeError('varint past the end of the block');
        result += (b & 0x7f) * scale;
        if (b < 0x80) return result;
        scale *= 0x80;
      }
    };
    const count = next();
    const flags = next();
    let doc = 0;
    for (let i = 0; i < count; i++) docs[at + i] = doc += next();
    if (flags & 1) {
      fields ??= new Uint32Array(n);
      // Stored `best | position << 2` (format.ts), read as `1 << best | position << 4`.
      for (let i = 0; i < count; i++) {
        const code = next();
        fields[at + i] = (1 << (code & 3)) | ((code >>> 2) << 4);
      }
    }
    for (let i = 0; i < count; i++) words[at + i] = next();
    at += count;
  }
  return { docs, fields, words };
}
