/**
 * Which files are quality-control records, and which project folder they belong to
 * (spec/input.md section 1: "a bbs ticket home: tickets/<project>/decisions.jsonl, audit.json,
 * design/..."; sections 5–6): the design arena's and the verdicts' rules by name
 * (src/lib/formats/arena.ts, verdicts.ts). A folder holding only these records is a project too.
 */
import { dirname, sep } from 'node:path';
import { arena } from '../formats/arena.ts';
import { verdicts } from '../formats/verdicts.ts';

/** The project folder and format of a quality record, or null when the file is none. */
export function qualityRecordOf(parent: string, name: string): { dir: string; format: 'arena' | 'verdicts' } | null {
  const segments = [...parent.split(sep), name];
  for (const f of [arena, verdicts]) {
    const placement = f.byName?.(segments);
    if (!placement) continue;
    let dir = parent;
    for (let i = 1; i < placement.up; i++) dir = dirname(dir);
    return { dir, format: f.id as 'arena' | 'verdicts' };
  }
  return null;
}
