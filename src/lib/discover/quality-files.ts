/**
 * Which files are quality-control records, and which project folder they belong to
 * (spec/input.md section 1: "a bbs ticket home: tickets/<project>/decisions.jsonl, audit.json,
 * design/..."; sections 5–6). A folder holding only these records is a project too.
 *
 * | file | project folder | format |
 * |---|---|---|
 * | `design/rubric.md`, `design/selection.md` | the folder holding `design/` | `arena` |
 * | `design/candidates/<n>/design.md` | the folder holding `design/` | `arena` |
 * | `qa/<ticket>.json` | the folder holding `qa/` | `verdicts` |
 * | `verdicts/qa.json`, `verdicts/<skill>.md` | the folder holding `verdicts/` | `verdicts` |
 * | `reviews/<name>.json` | the folder holding `reviews/` | `verdicts` |
 * | `premises.jsonl` | its folder | `verdicts` |
 */
import { basename, dirname } from 'node:path';

/** The quality records' paths as a person reads them (the table above), for the CLI's "nothing found" message. */
export const QUALITY_RECORD_PATHS: readonly string[] = ['design/rubric.md', 'design/selection.md', 'design/candidates/<n>/design.md', 'qa/<ticket>.json', 'verdicts/qa.json', 'verdicts/<skill>.md', 'reviews/<name>.json', 'premises.jsonl'];

/** The project folder and format of a quality record, or null when the file is none. */
export function qualityRecordOf(parent: string, name: string): { dir: string; format: 'arena' | 'verdicts' } | null {
  const parentName = basename(parent);
  if (parentName === 'design' && (name === 'rubric.md' || name === 'selection.md')) return { dir: dirname(parent), format: 'arena' };
  if (name === 'design.md' && basename(dirname(parent)) === 'candidates' && basename(dirname(dirname(parent))) === 'design') {
    return { dir: dirname(dirname(dirname(parent))), format: 'arena' };
  }
  if (parentName === 'qa' && name.endsWith('.json')) return { dir: dirname(parent), format: 'verdicts' };
  if (parentName === 'verdicts' && (name === 'qa.json' || name.endsWith('.md'))) return { dir: dirname(parent), format: 'verdicts' };
  if (parentName === 'reviews' && name.endsWith('.json')) return { dir: dirname(parent), format: 'verdicts' };
  if (name === 'premises.jsonl') return { dir: parent, format: 'verdicts' };
  return null;
}
