/**
 * Reads a whole small text record (a markdown document, a verdict file) for the quality
 * adapters, with a size cap and lenient UTF-8 decoding.
 */
import { MAX_JSON_FILE_BYTES, readCappedFile } from './json-file.ts';
import type { Confinement } from '../fs/confined.ts';
import type { InvalidRecord } from '../model/types.ts';
import { splitLines } from '../text/lines.ts';

/** A text file's content, or why it could not be read. */
export type TextFile =
  | {
      text: string;
      lines: number;
      encodingError: boolean;
      /** 1-based line of the first bytes that are not UTF-8, or null. */
      badLine: number | null;
      /** 1-based line of the first NUL byte (read as U+FFFD), or null. */
      nulLine: number | null;
    }
  | { error: string };

/** Physical lines of a text (a final line break does not open a new line). */
export function physicalLines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/**
 * Reads `path` as UTF-8 (a BOM is dropped; invalid bytes become U+FFFD and are reported),
 * through `within` when given (src/lib/fs/confined.ts).
 * Never throws: an unreadable or oversized file gives `{ error }` in plain words.
 */
export async function readTextFile(path: string, within?: Confinement): Promise<TextFile> {
  const read = await readCappedFile(path, MAX_JSON_FILE_BYTES, within);
  if ('error' in read) return read;
  const data = read.data;
  let encodingError = false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    encodingError = true;
    text = new TextDecoder('utf-8').decode(data);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const badLine = encodingError ? (splitLines(data).find((l) => l.encodingError)?.number ?? 1) : null;
  // A NUL is not text (docs/security.md): shown as U+FFFD, and reported.
  const nulLine = data.includes(0) ? (splitLines(data).find((l) => l.nulAt !== undefined)?.number ?? 1) : null;
  if (nulLine !== null) text = text.replaceAll('\u0000', '\ufffd');
  return { text, lines: physicalLines(text), encodingError, badLine, nulLine };
}

/**
 * What a whole text record holds that is not text, as invalid records of `rel`: bytes that are
 * not UTF-8 (`source/invalid-utf8`) and NUL bytes (`source/nul-byte`), each at its first line.
 * The text itself is still read, with U+FFFD in their place.
 */
export function textHazards(read: { badLine: number | null; nulLine: number | null }, rel: string): InvalidRecord[] {
  const out: InvalidRecord[] = [];
  if (read.badLine !== null) out.push({ file: rel, line: read.badLine, kind: 'source/invalid-utf8', error: `not valid UTF-8 from line ${read.badLine}; read with U+FFFD in place of the bad bytes`, raw: '' });
  if (read.nulLine !== null) out.push({ file: rel, line: read.nulLine, kind: 'source/nul-byte', error: `holds NUL bytes from line ${read.nulLine}; read with U+FFFD in place of each`, raw: '' });
  return out;
}
