/** The babysit lifecycle model: ticket history events and workflow timeline steps (spec/input.md section 7). */

/** One row of a `history.jsonl` or `timeline.jsonl`. */
export interface BabysitEntry {
  file: string;
  line: number;
  /** `history`: a ticket event; `timeline`: a workflow step. */
  kind: 'history' | 'timeline';
  ts: string;
  time: number | null;
  ticket: string;
  branch: string;
  actor: string;
  /** `event` of a history row, `step` of a timeline row. */
  what: string;
  /** `status` of a timeline row (any value, shown as written). */
  status: string;
  workflow: string;
  note: string;
  extra: Record<string, unknown>;
}

/** Every babysit lifecycle row of a project, by time then file order. */
export interface BabysitModel {
  entries: BabysitEntry[];
  tickets: string[];
}
