/**
 * The few flags a recap names first (issue 12, the ten-second verdict; spec/archive.md
 * "Project recap" item 2, Attention): counts say how much is wrong, these say what. Taken
 * from the flags as Attention lists them (src/lib/projections/flags.ts `sortFlags`: severity,
 * then place in the trail), so each links to its place there, `#flag-<n>`. Low flags are
 * never named here: they are notices, and a recap whose worst is a notice has nothing to name.
 */
import type { Flag } from '../model/types.ts';
import { problems, type EvidenceRecord, type Problem } from './problems.ts';

/** How many flags the verdict names at most. */
export const WORST_FLAGS_SHOWN = 3;

/**
 * One named problem: its first flag, that flag's anchor in Attention (`flag-<n>`, 1-based,
 * the problem's card), and the problem (src/lib/projections/problems.ts: flags of one kind
 * and cause are named once, issue 27).
 */
export interface WorstFlag {
  flag: Flag;
  anchor: string;
  problem: Problem;
}

/**
 * The first high- and medium-severity problems of `flags` (already in Attention's order), at
 * most `limit`, each by its first flag, with the number of further high- and medium-severity
 * flags not named (`more`). `records` (the rows and invalid records): each evidence problem
 * counts its cells ({@link problems}).
 */
export function worstFlags(flags: readonly Flag[], limit = WORST_FLAGS_SHOWN, records: readonly EvidenceRecord[] = []): { shown: WorstFlag[]; more: number } {
  const shown: WorstFlag[] = [];
  let more = 0;
  for (const problem of problems(flags, records)) {
    if (problem.severity === 'low') continue;
    const first = problem.flags[0] as { flag: Flag; n: number };
    if (shown.length < limit) shown.push({ flag: first.flag, anchor: `flag-${first.n}`, problem });
    else more += problem.places;
  }
  return { shown, more };
}

/** The words after the named flags: "and 7 more high- or medium-severity flags", or null. */
export function worstFlagsMoreText(more: number): string | null {
  if (more === 0) return null;
  return `and ${more} more high- or medium-severity flag${more === 1 ? '' : 's'} in Attention`;
}
