/**
 * Physical line splitting with full accounting: every byte of a file lands in exactly one
 * {@link PhysicalLine}, so "valid rows + invalid rows = lines read" can hold for every file.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Confinement } from '../fs/confined.ts';

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
  /**
   * 0-based byte offset of the first NUL byte, when the line holds one. A NUL is not text:
   * every line format refuses the line (`source/nul-byte`, {@link nulMessage}); tools that
   * stop at a NUL would show a different record than the one read.
   */
  nulAt?: number;
  /** Set on line 1 when the file begins with a UTF-16 byte-order mark (FF FE or FE FF): it is UTF-16, not UTF-8. */
  utf16?: true;
  /**
   * Set when the line is longer than {@link MAX_LINE_BYTES}: it is not read, `text` holds only
   * its first {@link LONG_LINE_KEPT_BYTES} bytes (decoded leniently) and `bytes` its full length.
   */
  tooLong?: true;
}

/** Longest line read, in bytes (without its line break). Longer lines are reported, not parsed. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;
/** Bytes of an over-long line kept as its text. */
export const LONG_LINE_KEPT_BYTES = 4096;

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function decodeLine(bytes: Uint8Array, number: number): PhysicalLine {
  let body = bytes;
  if (body.length > 0 && body[body.length - 1] === 0x0d) body = body.subarray(0, body.length - 1);
  if (number === 1 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  const nul = body.indexOf(0);
  const line: PhysicalLine = (() => {
    try {
      return { number, text: strictDecoder.decode(body), bytes: body.length };
    } catch {
      return { number, text: lenientDecoder.decode(body), bytes: body.length, encodingError: 'not valid UTF-8' };
    }
  })();
  if (nul !== -1) line.nulAt = nul;
  if (number === 1 && ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))) line.utf16 = true;
  return line;
}

/** Bytes of a file's start judged by {@link binaryReason} (git judges 8000 the same way). */
export const BINARY_SNIFF_BYTES = 8000;

/**
 * Why a line record file whose first bytes are `head` (up to {@link BINARY_SNIFF_BYTES}) is
 * binary, not text, or null when it reads as text: over a tenth of its characters are NUL or
 * other control characters (not tab, line break, form feed or escape) or bytes that are not
 * UTF-8. A text file with a stray NUL or byte is read line by line (each such line says what it
 * holds); a file beginning with a UTF-16 byte-order mark is not judged here: its first line
 * says it is UTF-16, with the fix ({@link nulMessage}).
 */
export function binaryReason(head: Uint8Array): string | null {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return null;
  // A multi-byte character cut by the end of the window is not counted against it.
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(head, { stream: true });
  let odd = 0;
  let all = 0;
  for (const ch of text) {
    all++;
    const c = ch.codePointAt(0) as number;
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f) odd++;
  }
  if (all === 0 || odd * 10 <= all) return null;
  const what = [head.includes(0) ? 'holds NUL bytes' : '', text.includes('\ufffd') ? 'is not UTF-8 text' : ''].filter((w) => w !== '');
  return `it ${what.length > 0 ? what.join(' and ') : 'is mostly control characters'}`;
}

/** Why a line holding a NUL byte was not read, in plain words. */
export function nulMessage(line: PhysicalLine): string {
  const why = line.utf16 ? 'the file is UTF-16 (it begins with a UTF-16 byte-order mark), not UTF-8, and is not read; save it as UTF-8' : 'it is not text, and is not read';
  return `line ${line.number} holds a NUL byte (at byte ${(line.nulAt ?? 0) + 1}): ${why}`;
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
      lines.push(lineOf(buffer.subarray(start, i), i - start, lines.length + 1));
      start = i + 1;
    }
  }
  if (start < buffer.length) lines.push(lineOf(buffer.subarray(start), buffer.length - start, lines.length + 1));
  return lines;
}

/** Bytes of a line body: without a final CR, and without a BOM on line 1. */
function bodyBytes(head: Uint8Array, total: number, lastByte: number, number: number): { skip: number; size: number } {
  const skip = number === 1 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return { skip, size: Math.max(0, total - skip - (lastByte === 0x0d ? 1 : 0)) };
}

/**
 * A line from its first bytes `head` (all of them when `total === head.length`), its length
 * `total` and its last byte. Lines over {@link MAX_LINE_BYTES} keep only their start.
 */
function lineOf(head: Uint8Array, total: number, number: number, lastByte = total > 0 ? (head[total - 1] as number) : -1): PhysicalLine {
  const { skip, size } = bodyBytes(head, total, lastByte, number);
  if (size <= MAX_LINE_BYTES && head.length === total) return decodeLine(head, number);
  // Its kept start ends before a run of token characters the cut went through (cutBeforeRun: a token's start would be published).
  // The line goes on past what is kept, so a run reaching the end is taken as going on (`x`).
  const kept = lenientDecoder.decode(head.subarray(skip, skip + LONG_LINE_KEPT_BYTES));
  return { number, text: kept.slice(0, cutBeforeRun(`${kept}x`, kept.length)), bytes: size, tooLong: true };
}

/** Why an over-long line was not read, in plain words. */
export function tooLongMessage(line: PhysicalLine): string {
  return `line ${line.number} is ${line.bytes} bytes, over the ${MAX_LINE_BYTES}-byte line limit: not read (its first ${LONG_LINE_KEPT_BYTES} bytes are kept)`;
}

/**
 * Streams a file's physical lines (same rules as {@link splitLines}) without holding the
 * whole file in memory. With `within`, the file is opened through that confinement (its real
 * path judged on the opened file: src/lib/fs/confined.ts); without, it is still opened only
 * when it is a regular file, non-blocking. Rejects with the fs error (or the
 * {@link RefusedRead}) when the file cannot be read.
 */
export async function* readLines(path: string, within?: Confinement): AsyncGenerator<PhysicalLine> {
  // The current line's pieces: at most KEEP bytes are held, however long the line is, and
  // they are joined once at its end (no quadratic re-copying of a long line).
  const KEEP = MAX_LINE_BYTES + 4;
  let parts: Buffer[] = [];
  let kept = 0;
  let total = 0;
  let lastByte = -1;
  let number = 0;
  /** `copy`: the piece outlives its chunk (the stream may reuse the chunk's memory). */
  const take = (piece: Buffer, copy: boolean): void => {
    if (piece.length === 0) return;
    total += piece.length;
    lastByte = piece[piece.length - 1] as number;
    if (kept >= KEEP) return;
    const part = piece.length <= KEEP - kept ? piece : piece.subarray(0, KEEP - kept);
    parts.push(copy ? Buffer.from(part) : part);
    kept += part.length;
  };
  const flush = (): PhysicalLine => {
    const head = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, kept);
    const line = lineOf(head, total, ++number, lastByte);
    parts = [];
    kept = 0;
    total = 0;
    lastByte = -1;
    return line;
  };
  const stream: Readable = within ? (await within.open(path)).handle.createReadStream({ highWaterMark: 1 << 20 }) : await openRegular(path);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      let nl = chunk.indexOf(0x0a, start);
      while (nl !== -1) {
        take(chunk.subarray(start, nl), false);
        yield flush();
        start = nl + 1;
        nl = chunk.indexOf(0x0a, start);
      }
      if (start < chunk.length) take(chunk.subarray(start), true);
    }
    if (total > 0) yield flush();
  } finally {
    stream.destroy();
  }
}

/** A read stream of a regular file, opened non-blocking (a FIFO never stalls the read). */
async function openRegular(path: string): Promise<Readable> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const info = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!info.isFile()) {
    await handle.close();
    if (info.isDirectory()) throw Object.assign(new Error('EISDIR: illegal operation on a directory'), { code: 'EISDIR' });
    throw Object.assign(new Error('not a regular file (a FIFO or device is never read)'), { code: 'EINVAL' });
  }
  return handle.createReadStream({ highWaterMark: 1 << 20 });
}

/** Characters a token is made of (base64, base64url): a cut is never made inside a run of them. */
const isRunChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 43 || c === 47 || c === 61;

/** The longest run a cut backs off over (a longer run is cut where it is). */
const MAX_RUN_BACKOFF = 512;

/**
 * Where to cut `text` at `at` or before: not inside a run of token characters that goes on past
 * `at` (a token cut there would keep its start, which no secret rule recognises, so it would be
 * published as written: sec10), but at the run's start, at most {@link MAX_RUN_BACKOFF} back.
 */
export function cutBeforeRun(text: string, at: number): number {
  if (at <= 0 || at >= text.length || !isRunChar(text.charCodeAt(at)) || !isRunChar(text.charCodeAt(at - 1))) return at;
  let s = at;
  while (s > 0 && at - s < MAX_RUN_BACKOFF && isRunChar(text.charCodeAt(s - 1))) s--;
  return at - s >= MAX_RUN_BACKOFF ? at : s;
}

/** Caps raw text kept for display, never inside a token ({@link cutBeforeRun}); appends a note with the original length when cut. */
export function capRaw(text: string, limit = 4096): string {
  if (text.length <= limit) return text;
  const cut = cutBeforeRun(text, limit);
  return `${text.slice(0, cut)}… [${text.length - cut} more characters]`;
}
