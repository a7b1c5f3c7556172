/**
 * Recognises record files by their content during discovery (spec/input.md: "Record shapes
 * are keyed on their fields, not on file names"): a `*.jsonl` file no name claimed is read up
 * to its first 64 KiB and each format that knows its files by content is asked, in list order
 * (src/lib/formats/: a coord stream by `"version":"coord.v1"`, babysit history by its first
 * record's fields).
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { SourceFormat } from '../model/types.ts';
import { formatByContent } from '../formats/format-lookup.ts';

const SNIFF_BYTES = 64 * 1024;

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

/** The format of a `*.jsonl` file not claimed by name, or null when its content is no format's. Never throws. */
export async function formatOfContent(path: string, name: string): Promise<SourceFormat | null> {
  let text: string;
  try {
    text = await head(path);
  } catch {
    return null;
  }
  return formatByContent(text, name);
}
