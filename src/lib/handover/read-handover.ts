/**
 * The handover report (spec/archive.md, recap item 5: "Handover report, when present
 * (sanitised markdown)"; decision trail, Part 2 layer 2 names it among the reviewer's inputs).
 * The seeds give it no file name; Trailbook reads `handover.md` beside a project's records
 * (docs/input-format.md, "Handover report"). The text is untrusted markdown: it is rendered
 * by the sanitising pipeline (src/lib/markdown/render-markdown.ts) and never inserted raw.
 */
import type { InvalidRecord, SourceFile } from '../model/types.ts';
import type { HandoverReport } from '../model/handover.ts';
import { readTextFile, textHazards } from '../adapters/read-text-file.ts';
import type { Confinement } from '../fs/confined.ts';

import { renderMarkdown } from '../markdown/render-markdown.ts';

/** What {@link readHandover} read. */
export interface HandoverResult {
  handover: HandoverReport | null;
  invalid: InvalidRecord[];
  source: SourceFile;
}

/**
 * Reads and renders one handover report. Never throws: an unreadable or oversized file is an
 * invalid record (`source/unreadable`, line 0); bytes that are not UTF-8 are read as U+FFFD
 * and reported (`source/invalid-utf8` at the first bad line), the rest still shown.
 *
 * @param path - Absolute path of the file.
 * @param rel - Path relative to the project root (shown and used in messages).
 * @param bytes - Size in bytes, as discovered.
 * @param within - The confinement the file is opened through (src/lib/fs/confined.ts).
 */
export async function readHandover(path: string, rel: string, bytes: number, within?: Confinement): Promise<HandoverResult> {
  const read = await readTextFile(path, within);
  if ('error' in read) {
    return {
      handover: null,
      invalid: [{ file: rel, line: 0, kind: 'source/unreadable', error: `${rel} ${read.error}`, raw: '' }],
      source: { path: rel, format: 'handover', bytes, lines: 0, valid: 0, invalid: 1 },
    };
  }
  const invalid: InvalidRecord[] = textHazards(read, rel);
  return {
    handover: { file: rel, html: renderMarkdown(read.text, { headingOffset: 2 }), lines: read.lines },
    invalid,
    source: { path: rel, format: 'handover', bytes, lines: read.lines, valid: read.lines, invalid: 0 },
  };
}
