/**
 * The few flags a recap names first (issue 12, the ten-second verdict; spec/archive.md
 * "Project recap" item 2, Attention): counts say how much is wrong, these say what. Taken
 * from the flags as Attention lists them (src/lib/projections/flags.ts `sortFlags`: severity,
 * then place in the trail), so each links to its place there, `#flag-<n>`. Low flags are
 * never named here: they are notices, and a recap whose worst is a notice has nothing to name.
 */
import type { Flag } from '../model/types.ts';

/** How many flags the verdict names at most. */
export const WORST_FLAGS_SHOWN = 3;

/** One named flag: the flag and its anchor in Attention (`flag-<n>`, 1-based). */
export interface WorstFlag {
  flag: Flag;
  anchor: string;
}

/**
 * The first high- and medium-severity flags of `flags` (already in Attention's order), at most
 * `limit`, with the number of further high- and medium-severity flags not named (`more`).
 */
export function worstFlags(flags: readonly Flag[], limit = WORST_FLAGS_SHOWN): { shown: WorstFlag[]; more: number } {
  const shown: WorstFlag[] = [];
  let more = 0;
  flags.forEach((flag, i) => {
    if (flag.severity === 'low') return;
    if (shown.length < limit) shown.push({ flag, anchor: `flag-${i + 1}` });
    else more += flag.omitted ?? 1;
  });
  return { shown, more };
}

/** The words after the named flags: "and 7 more high- or medium-severity flags", or null. */
export function worstFlagsMoreText(more: number): string | null {
  if (more === 0) return null;
  return `and ${more} more high- or medium-severity flag${more === 1 ? '' : 's'} in Attention`;
}
