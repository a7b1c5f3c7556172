/**
 * Line accounting shared by the coordination, beads and babysit adapters: every physical line
 * of a JSONL file becomes a record handed to `onRecord`, or an invalid record kept with its
 * raw text, so `valid + invalid === lines` holds for every file (spec/input.md: "every line
 * accounted for"). Streams the file (beads files reach a megabyte).
 */
import { RAW_TEXT_LIMIT, type InvalidRecord, type SourceFile, type SourceFormat } from '../model/types.ts';
import { capRaw, nulMessage, readLines, tooLongMessage } from '../text/lines.ts';
import type { Confinement } from '../fs/confined.ts';
import { BoundedInvalid } from '../bounds/kind-bounds.ts';

import { cannotBeJson, describeHazard, jsonHazard } from '../text/json-hazards.ts';
import { jsonErrorMessage } from '../text/json-error.ts';

/** What one file gave: its accounting and its invalid lines. */
export interface JsonlFileResult {
  source: SourceFile;
  invalid: InvalidRecord[];
}

/** A record handler: returns nothing when the record was taken, or why it is invalid. */
export type RecordHandler = (record: Record<string, unknown>, line: number, text: string) => { kind: string; error: string } | void;

/**
 * Reads `absolutePath` line by line. Invalid kinds are `<area>/invalid-utf8`, `/blank-line`,
 * `/not-json`, `/not-an-object`, `source/line-too-long`, `source/duplicate-key`,
 * `source/too-deep`, or what `onRecord` returns. `within`: the confinement the file is opened
 * through (src/lib/fs/confined.ts). Rejects only when the file cannot be read at all.
 */
export async function readJsonlRecords(absolutePath: string, file: string, bytes: number, format: SourceFormat, area: string, onRecord: RecordHandler, within?: Confinement): Promise<JsonlFileResult> {
  const out: JsonlFileResult = { source: { path: file, format, bytes, lines: 0, valid: 0, invalid: 0 }, invalid: [] };
  // At most MAX_PER_KIND invalid lines of one kind are kept, the rest counted (src/lib/bounds/).
  const bounded = new BoundedInvalid();
  for await (const line of readLines(absolutePath, within)) {
    out.source.lines++;
    const invalid = (kind: string, error: string): void => {
      bounded.push({ file, line: line.number, kind, error, raw: capRaw(line.text, RAW_TEXT_LIMIT) });
      out.source.invalid++;
    };
    if (line.tooLong) {
      invalid('source/line-too-long', tooLongMessage(line));
      continue;
    }
    if (line.nulAt !== undefined) {
      invalid('source/nul-byte', nulMessage(line));
      continue;
    }
    if (line.encodingError) {
      invalid(`${area}/invalid-utf8`, `line ${line.number} is ${line.encodingError}`);
      continue;
    }
    if (line.text.trim() === '') {
      invalid(`${area}/blank-line`, 'blank line');
      continue;
    }
    // A line that is only counted (its kind already listed in full) is not described.
    if (!bounded.keeps(`${area}/not-json`) && cannotBeJson(line.text)) {
      invalid(`${area}/not-json`, 'not valid JSON');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (error) {
      invalid(`${area}/not-json`, `not valid JSON: ${jsonErrorMessage(error)}`);
      continue;
    }
    const hazard = jsonHazard(line.text);
    if (hazard) {
      invalid(`source/${hazard.kind}`, describeHazard(hazard));
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      invalid(`${area}/not-an-object`, `expected a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
      continue;
    }
    const problem = onRecord(value as Record<string, unknown>, line.number, line.text);
    if (problem) invalid(problem.kind, problem.error);
    else out.source.valid++;
  }
  out.invalid = bounded.list();
  return out;
}
