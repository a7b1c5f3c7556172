/**
 * `arena/graft-without-source`: every graft names the candidate it comes from, and that
 * candidate exists (quality-and-design-controls.md, section 2, step 4: "Each graft is listed
 * in selection.md with its source candidate. Nothing is grafted silently").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const GRAFT_WITHOUT_SOURCE = arenaKind('arena/graft-without-source', 'high', 'every graft in design/selection.md names its source candidate, and that candidate exists');

export const graftWithoutSource: Check = {
  id: 'arena/graft-without-source',
  kinds: [GRAFT_WITHOUT_SOURCE],
  run({ arena }) {
    const s = arena?.selection;
    if (!arena || !s) return [];
    const known = new Set([...s.candidates, ...arena.candidates.map((c) => c.label)]);
    const flags: Flag[] = [];
    for (const g of s.grafts) {
      const at = [{ file: s.file, line: g.line }];
      if (g.from === null) flags.push(flagOf(GRAFT_WITHOUT_SOURCE, `graft ${quote(g.part, 50)} names no source candidate`, [], at));
      else if (!known.has(g.from)) flags.push(flagOf(GRAFT_WITHOUT_SOURCE, `graft ${quote(g.part, 50)} comes from candidate ${g.from}, which is not one of the candidates (${[...known].join(', ') || 'none'})`, [], at));
    }
    return flags;
  },
};
