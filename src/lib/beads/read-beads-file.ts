/**
 * Adapter for the files of a `.beads/` folder (spec/input.md section 7). Record shapes are
 * keyed on their fields, not on file names ("real files mix shapes"): any line of any beads
 * JSONL file may be an issue, a memory, an event, an audit entry, a coord.v1 envelope, a
 * comment, a dependency, a label or a config row. A line of none of these shapes is an
 * invalid record (`beads/unknown-record`), kept with its raw text.
 */
import type { Confinement } from '../fs/confined.ts';
import { describeIssues } from '../schemas/describe-issues.ts';
import { isCoordRecord, readCoordEvent, type ReadCoordEvent } from '../coord/read-coord-event.ts';
import { readJsonlRecords, type JsonlFileResult } from '../adapters/jsonl-records.ts';
import {
  beadsCommentSchema,
  beadsConfigSchema,
  beadsDependencySchema,
  beadsEventSchema,
  beadsInteractionSchema,
  beadsIssueSchema,
  beadsLabelSchema,
  beadsMemorySchema,
  type BeadsCommentRow,
  type BeadsDependencyRow,
  type BeadsEventRow,
  type BeadsInteractionRow,
  type BeadsIssueRow,
} from './schemas.ts';

/** Where a row was read. */
export interface At {
  file: string;
  line: number;
}

/** Every row read from a project's beads files, in file order (files in discovery order). */
export interface BeadsRows {
  issues: Array<At & { row: BeadsIssueRow; origin: 'export' | 'backup' }>;
  events: Array<At & { row: BeadsEventRow }>;
  interactions: Array<At & { row: BeadsInteractionRow }>;
  comments: Array<At & { row: BeadsCommentRow }>;
  dependencies: Array<At & { row: BeadsDependencyRow }>;
  labels: Array<At & { issueId: string; label: string }>;
  config: Array<At & { key: string; value: unknown }>;
  memories: Array<At & { key: string; value: unknown }>;
}

/** An empty accumulator. */
export function emptyBeadsRows(): BeadsRows {
  return { issues: [], events: [], interactions: [], comments: [], dependencies: [], labels: [], config: [], memories: [] };
}

/** The shape a beads record has, from its fields, or null when it has none Trailbook knows. */
export type BeadsRecordShape = 'coord' | 'memory' | 'event' | 'interaction' | 'dependency' | 'label' | 'comment' | 'config' | 'issue';

/** Classifies a record by its fields (first match wins, in the order below). */
export function beadsRecordShape(r: Record<string, unknown>): BeadsRecordShape | null {
  const has = (k: string): boolean => k in r;
  if (isCoordRecord(r)) return 'coord';
  if (r['_type'] === 'memory') return 'memory';
  if (has('event_type') && has('issue_id')) return 'event';
  if (typeof r['kind'] === 'string' && has('created_at') && !has('title')) return 'interaction';
  if (has('depends_on_id')) return 'dependency';
  if (has('label') && has('issue_id') && !has('title')) return 'label';
  if (has('text') && has('issue_id') && !has('title')) return 'comment';
  if (has('key') && has('value') && !has('id')) return 'config';
  if (has('id') && (has('title') || has('status') || r['_type'] === 'issue')) return 'issue';
  return null;
}

const SCHEMA_NAME: Record<Exclude<BeadsRecordShape, 'coord'>, string> = {
  memory: 'memory record',
  event: 'event',
  interaction: 'audit entry',
  dependency: 'dependency',
  label: 'label',
  comment: 'comment',
  config: 'config row',
  issue: 'issue',
};

/**
 * Reads one beads JSONL file into `rows` (and coord.v1 envelopes into `coord`). `file` is the
 * path relative to the project root; rows of a file under `backup/` are backup rows.
 */
export async function readBeadsFile(absolutePath: string, file: string, bytes: number, rows: BeadsRows, coord: ReadCoordEvent[], within?: Confinement): Promise<JsonlFileResult> {
  const origin = /(^|\/)backup\//.test(file) ? 'backup' : 'export';
  return readJsonlRecords(absolutePath, file, bytes, 'beads', 'beads', (record, line) => {
    const shape = beadsRecordShape(record);
    if (shape === null) {
      const keys = Object.keys(record).slice(0, 8).map((k) => `“${k}”`).join(', ');
      return { kind: 'beads/unknown-record', error: `a record Trailbook does not know (fields ${keys || 'none'}): kept here, not read` };
    }
    if (shape === 'coord') {
      const read = readCoordEvent(record, file, line);
      if ('event' in read) coord.push(read.event);
      else return read;
      return;
    }
    const schema = {
      memory: beadsMemorySchema,
      event: beadsEventSchema,
      interaction: beadsInteractionSchema,
      dependency: beadsDependencySchema,
      label: beadsLabelSchema,
      comment: beadsCommentSchema,
      config: beadsConfigSchema,
      issue: beadsIssueSchema,
    }[shape];
    const parsed = schema.safeParse(record);
    if (!parsed.success) return { kind: 'beads/invalid-record', error: `${SCHEMA_NAME[shape]}: ${describeIssues(parsed.error, record)}` };
    const at = { file, line };
    const data = parsed.data as Record<string, unknown>;
    switch (shape) {
      case 'issue':
        rows.issues.push({ ...at, row: data as BeadsIssueRow, origin });
        break;
      case 'event':
        rows.events.push({ ...at, row: data as BeadsEventRow });
        break;
      case 'interaction':
        rows.interactions.push({ ...at, row: data as BeadsInteractionRow });
        break;
      case 'comment':
        rows.comments.push({ ...at, row: data as BeadsCommentRow });
        break;
      case 'dependency':
        rows.dependencies.push({ ...at, row: data as BeadsDependencyRow });
        break;
      case 'label':
        rows.labels.push({ ...at, issueId: String(data['issue_id']), label: String(data['label']) });
        break;
      case 'config':
        rows.config.push({ ...at, key: String(data['key']), value: data['value'] });
        break;
      case 'memory':
        rows.memories.push({ ...at, key: typeof data['key'] === 'string' ? data['key'] : '', value: data['value'] });
        break;
    }
    return;
  }, within);
}
