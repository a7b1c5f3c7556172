/**
 * `coord/out-of-order`: the log is append-only (bd-audit-coordination-schema.md, "Dolt
 * Considerations" 1), so each event's timestamp is not earlier than the one above it in the
 * same file. Projections use time order anyway (spec/input.md section 7).
 */
import { flagOf, type Check } from '../check.ts';
import type { CoordEvent } from '../../model/coord.ts';
import { coordKind, describeEvent } from './describe.ts';
import { agree } from '../../text/agree.ts';
import { countOf } from '../../site/words.ts';

export const OUT_OF_ORDER = coordKind('coord/out-of-order', 'low', 'events are appended in timestamp order; an event earlier than one above it in its file is reported (projections use time order)', '"Dolt Considerations" 1; spec/input.md section 7');

export const outOfOrder: Check = {
  id: 'coord/out-of-order',
  kinds: [OUT_OF_ORDER],
  run({ coordination }) {
    if (!coordination) return [];
    const byFile = new Map<string, CoordEvent[]>();
    for (const e of coordination.events) {
      if (!e.outOfOrder) continue;
      const list = byFile.get(e.file);
      if (list) list.push(e);
      else byFile.set(e.file, [e]);
    }
    return [...byFile.values()].map((early) => {
      const sorted = early.sort((a, b) => a.line - b.line);
      const first = sorted[0] as CoordEvent;
      return flagOf(OUT_OF_ORDER, `${countOf(sorted.length, 'event')} ${agree(sorted.length, 'is', 'are')} earlier than an event above ${agree(sorted.length, 'it', 'them')} in ${first.file} (first: ${describeEvent(first)}); the timeline shows time order`, [], sorted.map((e) => ({ file: e.file, line: e.line })));
    });
  },
};
