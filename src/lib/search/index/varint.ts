/**
 * Unsigned LEB128 varints for the search index's posting blocks (format.ts): 7 bits a byte,
 * low bits first, high bit set on every byte but the last. Values up to 2^53 (facet code
 * words can exceed 32 bits, so no bitwise operators above 2^31).
 */

/** A growing byte buffer. */
export class ByteWriter {
  private buf = new Uint8Array(1024);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** Appends one varint. Throws on a negative, fractional or unsafe number. */
  varint(value: number): void {
    if (this.length + 8 > this.buf.length) this.room(8);
    // Small numbers (most gaps, fields and codes) in bit operations; larger ones by division.
    if (value >>> 0 === value && value < 0x10000000) {
      let v = value;
      while (v >= 0x80) {
        this.buf[this.length++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.length++] = v;
      return;
    }
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint out of range: ${value}`);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.length++] = v;
  }

  bytes(data: Uint8Array): void {
    this.room(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
  }

  /** The bytes written (a copy). */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Reads varints from `data` starting at `offset`. */
export class ByteReader {
  private readonly data: Uint8Array;
  offset: number;
  constructor(data: Uint8Array, offset = 0) {
    this.data = data;
    this.offset = offset;
  }

  /** The next varint; throws at the end of the data. */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (this.offset >= this.data.length) throw new RangeError('varint past the end of the block');
      const b = this.data[this.offset++] as number;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
  }

  /** The next `n` bytes (a view, not a copy); throws when fewer are left. */
  bytes(n: number): Uint8Array {
    if (this.offset + n > this.data.length) throw new RangeError('bytes past the end of the block');
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
}
