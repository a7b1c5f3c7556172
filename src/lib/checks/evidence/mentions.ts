/**
 * `evidence/mention-not-found`: a file, line, commit or rubric row named inside a command's
 * words, a pointer's note or a sentence of prose that does not resolve (issue 26, scope 5). It
 * is shown INCONCLUSIVE under the text it was named in (src/lib/evidence/cell-reading.ts); a
 * pointer standing as the cell or a list item that fails keeps its own flag (unresolved.ts).
 * One low notice per row or record, naming every such pointer.
 */
import type { EvidencePointer, Flag, TrailRow } from '../../model/types.ts';
import { flagOf, rowNamer, type Check, type FlagKind } from '../check.ts';
import { pointerReason } from './unresolved.ts';

export const MENTION_NOT_FOUND: FlagKind = {
  kind: 'evidence/mention-not-found',
  severity: 'low',
  layer: 'evidence',
  rule: "a file, line or commit named inside a command's words or a sentence resolves (if not, it is shown as not checked: only a pointer standing as the cell or a list item is evidence that fails)",
  source: 'decision trail, Part 2 layer 1; spec/input.md section 3; issue 26, scope 5',
};

const named = (pointers: readonly EvidencePointer[]): EvidencePointer[] => pointers.filter((p) => p.mentionFault !== undefined);

export const mentionNotFound: Check = {
  id: 'evidence/mentions',
  kinds: [MENTION_NOT_FOUND],
  run({ rows, invalid }) {
    const flags: Flag[] = [];
    const name = rowNamer(rows);
    const say = (pointers: readonly EvidencePointer[]): string => pointers.map((p) => pointerReason(p)).join('; ');
    for (const row of rows as TrailRow[]) {
      const found = named(row.evidence);
      if (found.length > 0) flags.push(flagOf(MENTION_NOT_FOUND, `${name(row)} — ${say(found)}`, [row]));
    }
    for (const record of invalid) {
      const found = named(record.evidence ?? []);
      if (found.length > 0) flags.push(flagOf(MENTION_NOT_FOUND, `invalid record ${record.file}:${record.line} — ${say(found)}`, [], [{ file: record.file, line: record.line }]));
    }
    return flags;
  },
};
