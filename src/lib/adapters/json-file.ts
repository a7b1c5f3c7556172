/**
 * Reads a whole small JSON file (audit.json, trailbook.json) with errors that name the line.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { readOpened, RefusedRead, type Confinement } from '../fs/confined.ts';
import { capRaw, splitLines } from '../text/lines.ts';
import { describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { jsonErrorMessage } from '../text/json-error.ts';

/** Largest JSON document read whole, in bytes. */
export const MAX_JSON_FILE_BYTES = 8 * 1024 * 1024;

/** A parsed JSON file, or why it could not be read, with the 1-based line of the fault. */
export type JsonFile = { value: unknown; text: string } | { error: string; line: number; raw: string };

/** 1-based line of a character offset in `text`. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The 1-based line a JSON.parse error message points at (`(line 9 column 26)`, else `position
 * 141`); for `Unexpected end of JSON input` (a file cut off: a killed writer), the last line
 * holding text; 1 when it names none.
 */
export function lineOfJsonError(text: string, message: string): number {
  const lineMatch = /line (\d+)/.exec(message);
  if (lineMatch) return Number(lineMatch[1]);
  const position = /position (\d+)/.exec(message);
  if (position) return lineOfOffset(text, Number(position[1]));
  if (/end of JSON input/i.test(message)) return lineOfOffset(text, text.trimEnd().length);
  return 1;
}

/**
 * Reads a whole regular file of at most `limit` bytes; the size is checked before reading, so
 * an oversized file is never loaded. With `within`, the file is opened through that
 * confinement (its real path judged on the opened file: src/lib/fs/confined.ts). Never throws.
 */
export async function readCappedFile(path: string, limit: number, within?: Confinement): Promise<{ data: Buffer } | { error: string }> {
  try {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
    const handle: FileHandle = within ? (await within.open(path)).handle : await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (!info.isFile()) return { error: 'cannot be read: not a regular file' };
      if (info.size > limit) return { error: `is ${info.size} bytes; the limit is ${limit}` };
      return { data: await readOpened(handle, info.size) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof RefusedRead) return { error: `cannot be read: it ${error.why}` };
    return { error: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}

/** Reads and parses a JSON file (through `within` when given: see {@link readCappedFile}). Never throws. */
export async function readJsonFile(path: string, within?: Confinement): Promise<JsonFile> {
  const read = await readCappedFile(path, MAX_JSON_FILE_BYTES, within);
  if ('error' in read) return { error: read.error, line: 0, raw: '' };
  return parseJsonData(read.data);
}

/** Parses the bytes of a JSON file read whole (a BOM skipped; invalid UTF-8 and hazards said with their line). Never throws. */
export function parseJsonData(data: Buffer): JsonFile {
  let text = data.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const badLine = splitLines(data).find((l) => l.encodingError);
  if (badLine) return { error: `is not valid UTF-8 (line ${badLine.number})`, line: badLine.number, raw: capRaw(badLine.text) };
  try {
    const value: unknown = JSON.parse(text);
    const hazard = jsonHazard(text);
    if (hazard) {
      const line = lineOfOffset(text, hazard.offset);
      return { error: `is not read (line ${line}): ${describeHazard(hazard)}`, line, raw: capRaw(text.split('\n')[line - 1] ?? '') };
    }
    return { value, text };
  } catch (error) {
    const message = jsonErrorMessage(error);
    const line = lineOfJsonError(text, message);
    return { error: `not valid JSON: ${message}`, line, raw: capRaw(text.split('\n')[line - 1] ?? text) };
  }
}
