/**
 * `arena/pick-unknown-candidate`: the pick is one of the candidates (quality-and-design-controls.md,
 * section 2, steps 3–5: the judge scores the candidates "with labels A, B, C" and "names the
 * pick"; "The pick becomes design.md"). A pick naming a label no candidate has (no
 * `design/candidates/<n>/` folder, not in the front matter's `candidates`, no scores column)
 * records a design that was never written or judged: the same weakness as a graft from a
 * candidate that does not exist (`arena/graft-without-source`), so the same severity.
 */
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const PICK_UNKNOWN_CANDIDATE = arenaKind('arena/pick-unknown-candidate', 'high', 'the pick in design/selection.md is one of the candidates (a design/candidates/<n>/ folder, the front matter `candidates`, or a scores column)');

export const pickUnknownCandidate: Check = {
  id: 'arena/pick-unknown-candidate',
  kinds: [PICK_UNKNOWN_CANDIDATE],
  run({ arena }) {
    const s = arena?.selection;
    if (!arena || !s || s.pick === null) return [];
    const known = [...new Set([...s.candidates, ...arena.candidates.map((c) => c.label)])];
    if (known.includes(s.pick)) return [];
    return [flagOf(PICK_UNKNOWN_CANDIDATE, `${s.file} picks candidate ${s.pick}, which is not one of the candidates (${known.join(', ') || 'none'}): no design of that label was written or scored`, [], [{ file: s.file, line: s.pickLine || 1 }])];
  },
};
