/**
 * Reads a whole small text record (a markdown document, a verdict file) for the quality
 * adapters, with a size cap and lenient UTF-8 decoding.
 */
import { MAX_JSON_FILE_BYTES, readCappedFile } from '../adapters/json-file.ts';
import type { Confinement } from '../fs/confined.ts';
import { splitLines } from '../text/lines.ts';

/** A text file's content, or why it could not be read. */
export type TextFile = { text: string; lines: number; encodingError: boolean; /** 1-based line of the first bytes that are not UTF-8, or null. */ badLine: number | null } | { error: string };

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
  return { text, lines: physicalLines(text), encodingError, badLine };
}
