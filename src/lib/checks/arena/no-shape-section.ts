/**
 * `arena/no-shape-section`: every candidate design opens with a `## Shape` section
 * (quality-and-design-controls.md, section 2, step 2: "Each writes design/candidates/<n>/
 * design.md with a ## Shape section first"; spec/input.md section 5).
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, type Check } from '../check.ts';
import { arenaKind } from './kinds.ts';

export const NO_SHAPE_SECTION = arenaKind('arena/no-shape-section', 'medium', 'each design/candidates/<n>/design.md opens with a `## Shape` section');

export const noShapeSection: Check = {
  id: 'arena/no-shape-section',
  kinds: [NO_SHAPE_SECTION],
  run({ arena }) {
    const flags: Flag[] = [];
    for (const c of arena?.candidates ?? []) {
      if (c.shape === null || c.shape === '') flags.push(flagOf(NO_SHAPE_SECTION, `candidate ${c.label} (${c.file}) has ${c.shape === null ? 'no' : 'an empty'} ## Shape section`, [], [{ file: c.file, line: c.shapeLine ?? 1 }]));
      else if (!c.shapeFirst) flags.push(flagOf(NO_SHAPE_SECTION, `candidate ${c.label} (${c.file}) has its ## Shape section after other sections; it must come first`, [], [{ file: c.file, line: c.shapeLine ?? 1 }]));
    }
    return flags;
  },
};
