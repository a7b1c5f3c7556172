/**
 * Adapter for a file of coord.v1 envelopes: `coordination.jsonl` beside a trail, or any
 * `*.jsonl` whose lines carry `"version":"coord.v1"` (spec/input.md section 7). A line that is
 * an object but not a coord.v1 envelope is an invalid record (`coord/not-an-envelope`).
 */
import type { Confinement } from '../fs/confined.ts';
import { readJsonlRecords, type JsonlFileResult } from '../adapters/jsonl-records.ts';
import { isCoordRecord, readCoordEvent, type ReadCoordEvent } from './read-coord-event.ts';

/** Reads one coord file, appending its events to `out` in file order. */
export async function readCoordFile(absolutePath: string, file: string, bytes: number, out: ReadCoordEvent[], within?: Confinement): Promise<JsonlFileResult> {
  return readJsonlRecords(absolutePath, file, bytes, 'coord', 'coord', (record, line) => {
    if (!isCoordRecord(record)) {
      const version = record['version'];
      return { kind: 'coord/not-an-envelope', error: version !== undefined ? `not a coord.v1 envelope: version is ${JSON.stringify(version)}` : 'not a coord.v1 envelope: no `"version":"coord.v1"`' };
    }
    const read = readCoordEvent(record, file, line);
    if ('event' in read) out.push(read.event);
    else return read;
    return;
  }, within);
}
