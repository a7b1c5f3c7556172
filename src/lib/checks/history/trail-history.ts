/**
 * `history/row-*` and `history/record-rewritten`: each change the trail's git history shows
 * (src/lib/trail/record-history.ts) becomes a flag on its row, naming the commits and keeping
 * the row's earlier text (decision trail, Part 1, "Append-only").
 */
import type { Flag, TrailRow } from '../../model/types.ts';
import type { CommitRef, LineChange } from '../../trail/line-history.ts';
import type { RecordHistory } from '../../trail/record-history.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { RECORD_REWRITTEN, ROW_DELETED, ROW_INSERTED, ROW_REWRITTEN } from './kinds.ts';
import { capRaw } from '../../text/lines.ts';
import { agree } from '../../text/agree.ts';

/** `1a2b3c4 “subject”`, or the work tree. */
export function commitWords(commit: CommitRef | null): string {
  if (commit === null) return 'the uncommitted work tree';
  return commit.subject ? `${commit.oid.slice(0, 7)} ${quote(commit.subject, 50)}` : commit.oid.slice(0, 7);
}

function rowWords(row: TrailRow | undefined, file: string, line: number): string {
  return row ? `row ${row.id} ${quote(row.decision, 50)}` : `${file} line ${line}`;
}

function rowFlags(history: RecordHistory, rowAt: (line: number) => TrailRow | undefined): Flag[] {
  const flags: Flag[] = [];
  const file = history.file;
  for (const c of history.changes) {
    if (c.type === 'rewritten') {
      const row = rowAt(c.line);
      const flag = flagOf(ROW_REWRITTEN, `${rowWords(row, file, c.line)} was rewritten after it was committed: committed in ${commitWords(c.committedIn)}, changed in ${commitWords(c.changedIn)}`, row ? [row] : [], [{ file, line: c.line }]);
      flags.push({ ...flag, earlierText: capRaw(c.earlier) });
    } else if (c.type === 'inserted') {
      const row = rowAt(c.line);
      const flag = flagOf(ROW_INSERTED, `${rowWords(row, file, c.line)} was inserted in ${commitWords(c.insertedIn)} above rows committed earlier (the row below it was committed in ${commitWords(c.above)})`, row ? [row] : [], [{ file, line: c.line }]);
      flags.push(flag);
    } else {
      const below = c.before === null ? undefined : rowAt(c.before);
      const where = c.before === null ? 'at the end of the trail' : below ? `above row ${below.id}` : `above line ${c.before}`;
      const id = c.rowId;
      const flag = flagOf(ROW_DELETED, `${id ? `row ${id}` : 'a row'} (line ${c.earlierLine} when committed in ${commitWords(c.committedIn)}) was deleted in ${commitWords(c.deletedIn)}; it stood ${where}`, id ? [id] : []);
      flags.push({ ...flag, earlierText: capRaw(c.earlier) });
    }
  }
  return flags;
}

/** One flag per document: which committed lines changed or went, and their earlier text. */
function documentFlag(history: RecordHistory): Flag[] {
  const changed = history.changes.filter((c): c is Exclude<LineChange, { type: 'inserted' }> => c.type !== 'inserted');
  if (changed.length === 0) return [];
  const rewritten = changed.filter((c) => c.type === 'rewritten');
  const deleted = changed.filter((c) => c.type === 'deleted');
  const commits = new Set<string>();
  for (const c of changed) {
    commits.add(`committed in ${commitWords(c.committedIn)}`);
    commits.add(`changed in ${commitWords(c.type === 'rewritten' ? c.changedIn : c.deletedIn)}`);
  }
  const parts = [
    rewritten.length > 0 ? `${rewritten.length} committed ${agree(rewritten.length, 'line', 'lines')} changed (${agree(rewritten.length, 'line', 'lines')} ${rewritten.map((c) => c.line).join(', ')})` : '',
    deleted.length > 0 ? `${deleted.length} committed ${agree(deleted.length, 'line', 'lines')} removed` : '',
  ].filter((p) => p !== '');
  const earlier = changed.map((c) => (c.type === 'rewritten' ? `line ${c.line}: ${c.earlier}` : `removed (was line ${c.earlierLine}): ${c.earlier}`)).join('\n');
  // No places: a document's lines have no anchors in the recap; the summary names them.
  const flag = flagOf(RECORD_REWRITTEN, `${history.file} was changed after it was committed: ${parts.join(' and ')}; ${[...commits].join(', ')}`, []);
  return [{ ...flag, earlierText: capRaw(earlier) }];
}

/**
 * Turns each project's record histories into flags: a trail's changes one flag per row (on the
 * row, with its earlier text), a document's changes one flag per file (decision trail, Part 1).
 */
export const trailHistory: Check = {
  id: 'history/trail-history',
  kinds: [ROW_REWRITTEN, ROW_DELETED, ROW_INSERTED, RECORD_REWRITTEN],
  run({ rows, recordHistory }) {
    if (!recordHistory || recordHistory.length === 0) return [];
    const byPlace = new Map(rows.map((r) => [`${r.file}:${r.line}`, r]));
    return recordHistory.flatMap((h) => (h.rule === 'append-only' ? rowFlags(h, (line) => byPlace.get(`${h.file}:${line}`)) : documentFlag(h)));
  },
};
