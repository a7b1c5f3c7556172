/**
 * The quality-controls step of the per-project pipeline (quality-and-design-controls.md,
 * sections 1–4; spec/input.md sections 5–6): runs the arena and verdicts adapters over a
 * project's discovered `arena` and `verdicts` files, and lists the files that findings cite,
 * so they get file pages like trail evidence.
 */
import type { Confinement } from '../fs/confined.ts';
import type { DiscoveredFile } from '../model/discovered.ts';
import type { InvalidRecord, SourceFile, TrailRow } from '../model/types.ts';
import type { ArenaModel } from '../model/arena.ts';
import type { VerdictsModel } from '../model/verdicts.ts';
import type { EvidenceContext } from '../evidence/resolve.ts';
import { readArena } from '../arena/read-arena.ts';
import { readVerdicts } from '../verdicts/read-verdicts.ts';

/** Everything the quality adapters read for one project. */
export interface QualityResult {
  arena: ArenaModel | null;
  verdicts: VerdictsModel | null;
  invalid: InvalidRecord[];
  sources: SourceFile[];
}

/**
 * Reads the project's arena and verdict files. Never throws for bad input.
 *
 * @param files - The project's discovered files (only `arena` and `verdicts` ones are read).
 * @param rows - The project's trail rows (design rows join the arena).
 * @param projectName - The project folder's name (the ticket of a babysit text verdict).
 * @param ctx - The project's evidence context.
 * @param within - The confinement files are opened through (src/lib/fs/confined.ts).
 */
export async function readQuality(files: readonly DiscoveredFile[], rows: readonly TrailRow[], projectName: string, ctx: EvidenceContext, within?: Confinement): Promise<QualityResult> {
  const arena = await readArena(files.filter((f) => f.format === 'arena'), rows, within);
  const verdicts = await readVerdicts(files.filter((f) => f.format === 'verdicts'), projectName, ctx, within);
  return {
    arena: arena.arena,
    verdicts: verdicts.verdicts,
    invalid: [...arena.invalid, ...verdicts.invalid],
    sources: [...arena.sources, ...verdicts.sources],
  };
}
