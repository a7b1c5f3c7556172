/**
 * `arena/identical-shapes`: two candidates whose `## Shape` sections are the same (after
 * normalising case, punctuation and spacing) need a recorded collapse
 * (quality-and-design-controls.md, section 2, step 2: "If it is still the same, the run
 * continues with the candidates it has, and selection.md records the collapse").
 */
import type { ArenaCandidate } from '../../model/arena.ts';
import type { Flag } from '../../model/types.ts';
import { normaliseShape } from '../../arena/candidate.ts';
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const IDENTICAL_SHAPES = arenaKind('arena/identical-shapes', 'medium', 'candidates with identical `## Shape` sections have their collapse recorded in selection.md (`collapsed: true`, or text that reports it)');

/** Groups of two or more candidates whose Shape sections are identical once normalised. */
export function identicalShapeGroups(candidates: readonly ArenaCandidate[]): ArenaCandidate[][] {
  const groups = new Map<string, ArenaCandidate[]>();
  for (const c of candidates) {
    if (c.shape === null || normaliseShape(c.shape) === '') continue;
    const key = normaliseShape(c.shape);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

export const identicalShapes: Check = {
  id: 'arena/identical-shapes',
  kinds: [IDENTICAL_SHAPES],
  run({ arena }) {
    if (!arena || arena.selection?.collapseRecorded === true) return [];
    const flags: Flag[] = [];
    for (const group of identicalShapeGroups(arena.candidates)) {
      const labels = group.map((c) => c.label).join(' and ');
      const where = arena.selection ? `${arena.selection.file} records no collapse` : 'there is no design/selection.md to record a collapse';
      flags.push(flagOf(IDENTICAL_SHAPES, `candidates ${labels} have the same Shape section, and ${where}`, [], group.map((c) => ({ file: c.file, line: c.shapeLine ?? 1 }))));
    }
    return flags;
  },
};
