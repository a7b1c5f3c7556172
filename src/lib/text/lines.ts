/**
 * Physical line splitting with full accounting: every byte of a file lands in exactly one
 * {@link PhysicalLine}, so "valid rows + invalid rows = lines read" can hold for every file.
 */
import { createReadStream } from 'node:fs';

/** One physical line of a file. */
export interface PhysicalLine {
  /** 1-based line number. */
  number: number;
  /** Decoded text without the line break (and without a leading BOM on line 1). */
  text: string;
  /** Length of the line in bytes, without the line break. */
  bytes: number;
  /** Set when the bytes are not valid UTF-8 (`text` then holds U+FFFD replacements). */
  encodingError?: string;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function decodeLine(bytes: Uint8Array, number: number): PhysicalLine {
  let body = bytes;
  if (body.length > 0 && body[body.length - 1] === 0x0d) body = body.subarray(0, body.length - 1);
  if (number === 1 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return { number, text: strictDecoder.decode(body), bytes: body.length };
  } catch {
    return {
      number,
      text: lenientDecoder.decode(body),
      bytes: body.length,
      encodingError: 'not valid UTF-8',
    };
  }
}

/**
 * Splits a whole buffer into physical lines. A final line break does not open a new line;
 * an empty buffer has no lines. CRLF and a UTF-8 BOM on line 1 are stripped.
 */
export function splitLines(buffer: Uint8Array): PhysicalLine[] {
  const lines: PhysicalLine[] = [];
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    if (buffer[i] === 0x0a) {
      lines.push(decodeLine(buffer.subarray(start, i), lines.length + 1));
      start = i + 1;
    }
  }
  if (start < buffer.length) lines.push(decodeLine(buffer.subarray(start), lines.length + 1));
  return lines;
}

/**
 * Streams a file's physical lines (same rules as {@link splitLines}) without holding the
 * whole file in memory. Rejects with the fs error when the file cannot be read.
 */
export async function* readLines(path: string): AsyncGenerator<PhysicalLine> {
  let carry: Buffer | null = null;
  let number = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    let nl = data.indexOf(0x0a, start);
    while (nl !== -1) {
      yield decodeLine(data.subarray(start, nl), ++number);
      start = nl + 1;
      nl = data.indexOf(0x0a, start);
    }
    carry = start < data.length ? Buffer.from(data.subarray(start)) : null;
  }
  if (carry && carry.length > 0) yield decodeLine(carry, ++number);
}

/** Caps raw text kept for display; appends a note with the original length when cut. */
export function capRaw(text: string, limit = 4096): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}
