/**
 * Reads a whole small JSON file (audit.json, trailbook.json) with errors that name the line.
 */
import { readFile } from 'node:fs/promises';
import { capRaw } from '../text/lines.ts';

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

/** Reads and parses a JSON file. Never throws. */
export async function readJsonFile(path: string): Promise<JsonFile> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (error) {
    return { error: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, line: 0, raw: '' };
  }
  if (data.length > MAX_JSON_FILE_BYTES) return { error: `is ${data.length} bytes; the limit is ${MAX_JSON_FILE_BYTES}`, line: 0, raw: '' };
  let text = data.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { value: JSON.parse(text), text };
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const lineMatch = /line (\d+)/.exec(message);
    const line = lineMatch ? Number(lineMatch[1]) : position ? lineOfOffset(text, Number(position[1])) : 1;
    return { error: `not valid JSON: ${message}`, line, raw: capRaw(text.split('\n')[line - 1] ?? text) };
  }
}
