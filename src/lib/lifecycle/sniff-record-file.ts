/**
 * Recognises lifecycle record files by their content during discovery (spec/input.md: "Record
 * shapes are keyed on their fields, not on file names"): any `*.jsonl` whose lines carry
 * `"version":"coord.v1"` is a coord stream; a `history.jsonl` or `timeline.jsonl` whose first
 * record has babysit's fields is babysit lifecycle history. Reads at most the first 64 KiB.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { isBabysitRecord } from '../babysit/schemas.ts';
import { COORD_VERSION_PATTERN } from '../coord/schema.ts';

const SNIFF_BYTES = 64 * 1024;

/** File names always read as coord streams, whatever their first lines hold. */
export const COORD_FILE_NAMES: ReadonlySet<string> = new Set(['coordination.jsonl']);

/** Names babysit uses for lifecycle history. */
export const BABYSIT_FILE_NAMES: ReadonlySet<string> = new Set(['history.jsonl', 'timeline.jsonl']);

/** Path segments of a beads folder: files below it belong to the project holding it. */
export const BEADS_FOLDER = '.beads';

async function head(path: string): Promise<string> {
  // Non-blocking, and only a regular file: one swapped for a FIFO after the walk never stalls discovery.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) return '';
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** The format of a `*.jsonl` file not claimed by name, or null when it holds no lifecycle records. Never throws. */
export async function sniffJsonl(path: string, name: string): Promise<'coord' | 'babysit-history' | null> {
  let text: string;
  try {
    text = await head(path);
  } catch {
    return null;
  }
  if (COORD_VERSION_PATTERN.test(text)) return 'coord';
  if (BABYSIT_FILE_NAMES.has(name)) {
    const first = text.replace(/^\uFEFF/, '').split('\n').find((l) => l.trim() !== '');
    try {
      const value: unknown = first === undefined ? null : JSON.parse(first);
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && isBabysitRecord(value as Record<string, unknown>)) return 'babysit-history';
    } catch {
      return null;
    }
  }
  return null;
}
