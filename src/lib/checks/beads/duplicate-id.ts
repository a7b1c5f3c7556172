/**
 * `beads/duplicate-id` and `beads/repeated-row`: an issue id is written once per beads JSONL
 * file (spec/input.md section 7: `issues.jsonl` is an issue export, one row per issue). Two rows
 * of one id that differ (a git merge of two exports keeps both sides: bd calls them collisions)
 * leave the issue's true state unknown; the archive shows the last and says so. The same
 * weakness as two trail rows or two coordination events sharing one id, so the same severity:
 * high. A row repeated exactly changes nothing the archive shows: low, said once per file.
 */
import { flagOf, quote, type Check, type FlagKind } from '../check.ts';
import type { Flag } from '../../model/types.ts';
import { countOf } from '../../site/words.ts';

const SOURCE = 'spec/input.md section 7 (beads)';

export const BEADS_DUPLICATE_ID: FlagKind = { kind: 'beads/duplicate-id', severity: 'high', layer: 'coordination', rule: 'an issue id is written once per beads JSONL file; rows of one id that differ leave its state unknown (the last is shown)', source: SOURCE };
export const BEADS_REPEATED_ROW: FlagKind = { kind: 'beads/repeated-row', severity: 'low', layer: 'coordination', rule: 'an issue row is not written twice, even identically', source: SOURCE };

export const duplicateId: Check = {
  id: 'beads/duplicate-id',
  kinds: [BEADS_DUPLICATE_ID, BEADS_REPEATED_ROW],
  run({ beads }) {
    const flags: Flag[] = [];
    const same = new Map<string, Array<{ id: string; lines: number[] }>>();
    for (const r of beads?.repeated ?? []) {
      const at = r.lines.map((line) => ({ file: r.file, line }));
      if (r.differing.length === 0) {
        const list = same.get(r.file);
        if (list) list.push(r);
        else same.set(r.file, [r]);
        continue;
      }
      const last = r.lines[r.lines.length - 1] as number;
      const title = beads?.issues.find((i) => i.id === r.id)?.title ?? '';
      flags.push(flagOf(BEADS_DUPLICATE_ID, `issue ${r.id}${title ? ` ${quote(title, 60)}` : ''} is written ${r.lines.length} times in ${r.file} (lines ${r.lines.join(', ')}) with different ${r.differing.slice(0, 6).join(', ')}${r.differing.length > 6 ? ', …' : ''}; which is true is unknown: the last (line ${last}) is shown`, [], at));
    }
    for (const [file, list] of same) {
      const first = list[0] as { id: string; lines: number[] };
      flags.push(flagOf(BEADS_REPEATED_ROW, `${countOf(list.length, 'issue is', 'issues are')} written more than once, identically, in ${file} (first: ${first.id}, lines ${first.lines.join(', ')})`, [], list.flatMap((r) => r.lines.map((line) => ({ file, line })))));
    }
    return flags;
  },
};
